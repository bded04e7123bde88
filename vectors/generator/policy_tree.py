"""policy-tree.json: RFC 5280 certificate policy processing (§6.1.2-6.1.5) — certificatePolicies,
policyMappings, policyConstraints, inhibitAnyPolicy, self-issued intermediates and the four policy
inputs — under the rfc5280 profile (where the inputs can be set) and Apple's profile (Apple's trustd runs
the same tree with the default inputs and records a failure as PolicyConstraints on the leaf).

Called by generate.py (add(V, ROOT)).  Every expectation (verdict, failing check and certificate, the
authorities- and user-constrained policy sets) is worked out by hand from the RFC's steps; the
description of each case gives the steps that decide it.  check_with_openssl.py replays the policy
inputs with `openssl verify -policy_check` as an independent cross-check.

Vector fields added for this group (TrustCheck extensions, see vectors/README.md):
  user_initial_policy_set, initial_explicit_policy, initial_policy_mapping_inhibit,
  initial_any_policy_inhibit, accept_noncritical_policy_constraints (inputs), and
  expected_authorities_constrained_policy_set, expected_user_constrained_policy_set (expectations).
"""

from __future__ import annotations

from cryptography import x509
from cryptography.x509.oid import ObjectIdentifier

from pki import der_tlv, key, make_ca, make_leaf

ANY = "2.5.29.32.0"
P1 = "1.3.6.1.4.1.55555.7.1"
P2 = "1.3.6.1.4.1.55555.7.2"
Q1 = "1.3.6.1.4.1.55555.8.1"
POLICY_MAPPINGS = ObjectIdentifier("2.5.29.33")
INPUTS_FEATURE = "trustcheck-policy-inputs"


def oid_der(dotted: str) -> bytes:
    arcs = [int(a) for a in dotted.split(".")]
    body = bytearray()
    for arc in [40 * arcs[0] + arcs[1]] + arcs[2:]:
        chunk = [arc & 0x7F]
        arc >>= 7
        while arc:
            chunk.insert(0, 0x80 | (arc & 0x7F))
            arc >>= 7
        body += bytes(chunk)
    return der_tlv(0x06, bytes(body))


def policies(*oids: str):
    return (x509.CertificatePolicies([x509.PolicyInformation(ObjectIdentifier(o), None) for o in oids]), False)


def mappings(*pairs: tuple[str, str], critical: bool = True):
    """policyMappings (cryptography has no builder for it): SEQUENCE OF SEQUENCE {issuer OID, subject OID}."""
    der = der_tlv(0x30, b"".join(der_tlv(0x30, oid_der(i) + oid_der(s)) for i, s in pairs))
    return (x509.UnrecognizedExtension(POLICY_MAPPINGS, der), critical)


def constraints(require=None, inhibit_mapping=None, critical: bool = True):
    return (x509.PolicyConstraints(require_explicit_policy=require, inhibit_policy_mapping=inhibit_mapping), critical)


def inhibit_any(skip_certs: int):
    return (x509.InhibitAnyPolicy(skip_certs), True)


def fields(*, user=None, explicit=False, no_mapping=False, no_any=False, accept_noncritical=False,
           authorities=None, user_constrained=None) -> dict:
    """The policy inputs a case sets and the policy sets it expects (only those given)."""
    out = {}
    if user is not None:
        out["user_initial_policy_set"] = sorted(user)
    if explicit:
        out["initial_explicit_policy"] = True
    if no_mapping:
        out["initial_policy_mapping_inhibit"] = True
    if no_any:
        out["initial_any_policy_inhibit"] = True
    if accept_noncritical:
        out["accept_noncritical_policy_constraints"] = True
    if authorities is not None:
        out["expected_authorities_constrained_policy_set"] = sorted(authorities)
    if user_constrained is not None:
        out["expected_user_constrained_policy_set"] = sorted(user_constrained)
    return out


def webpki_refuses(extension: str) -> dict:
    return {"webpki": {"expected_result": "FAILURE",
                       "reason": f"webpki runs no policy tree, so a critical {extension} is an unknown critical "
                                 "extension (CriticalExtensions)"}}


def add(V, ROOT):
    V.start("policy-tree")

    def chain(name: str, specs: list[dict], leaf_policies=(P1,), leaf_extra=()):
        """specs: the CAs from the top down, each {"extra": [...], "rollover": bool}; returns [leaf, ..., ROOT].
        A "rollover" CA is self-issued: the same name as the CA above it, a new key, signed by the old one."""
        issuer, cas = ROOT, []
        for number, spec in enumerate(specs, start=1):
            if spec.get("rollover"):
                subject, k = issuer.cert.subject, key("policy-int1-rollover")
            else:
                subject, k = f"Policy {name} CA {number}", key(f"policy-int{number}")
            ca = make_ca(f"policy-{name}-ca{number}", subject, k, issuer, extra=spec.get("extra", ()))
            cas.append(ca)
            issuer = ca
        extra = ([policies(*leaf_policies)] if leaf_policies is not None else []) + list(leaf_extra)
        leaf = make_leaf(f"policy-{name}-leaf", issuer, extra=extra)
        return [leaf] + cas[::-1] + [ROOT]

    def case(name: str, path: list, *, description: str, failures=(), profile="rfc5280", extra=None, **kw):
        features = [INPUTS_FEATURE] if extra and any(k in extra for k in (
            "user_initial_policy_set", "initial_explicit_policy", "initial_policy_mapping_inhibit",
            "initial_any_policy_inhibit", "accept_noncritical_policy_constraints")) else []
        V.case(name, leaf=path[0], chain=path, anchors=[ROOT], intermediates=path[1:-1], description=description,
               failures=failures, profile=profile, extra_fields=extra, features=features, **kw)

    # -- Apple's tree (default inputs, failure on the leaf) -------------------------------------

    path = chain("apple-mapping", [{"extra": [policies(P1), mappings((P1, Q1))]}], leaf_policies=(Q1,))
    case("apple-critical-mapping-known", path, profile="apple",
         extra=fields(authorities=[P1], user_constrained=[P1]),
         other_profiles={**webpki_refuses("policyMappings"),
                         "rfc5280": {"expected_result": "SUCCESS", "reason": "the rfc5280 profile runs the tree too"}},
         description="""
CA 1 asserts P1 and maps P1 to Q1 in a critical policyMappings; the leaf asserts Q1.  Apple knows
policyMappings (its certificate parser and policy tree handle it, apple-sectrust.md §4.6), so the
critical extension is no CriticalExtensions failure; the tree is anyPolicy -> P1 (expected {Q1}) -> Q1,
valid for P1 in the anchor's domain.  Trusted.""")

    path = chain("apple-explicit", [{"extra": [policies(P1), constraints(require=0)]}], leaf_policies=(P2,))
    case("apple-require-explicit-policy-disjoint", path, profile="apple", failures=[(0, "PolicyConstraints")],
         other_profiles={**webpki_refuses("policyConstraints"),
                         "rfc5280": {"expected_result": "FAILURE", "reason": "the same tree fails under rfc5280"}},
         description="""
CA 1 asserts P1 with policyConstraints requireExplicitPolicy 0 (critical); the leaf asserts only P2.
§6.1.4 (i) sets explicit_policy to 0 after CA 1; the leaf's P2 matches no node (§6.1.3 d), the tree
becomes NULL, and (f) fails.  Apple records the policy tree failure as PolicyConstraints on the leaf
(SecPVCSetResultForced(..., kSecPolicyCheckPolicyConstraints, 0, ...)): -67835, recoverable.""")

    path = chain("apple-no-policies", [{"extra": [policies(P1), constraints(require=0)]}, {}])
    case("apple-require-explicit-policy-ca-without-policies", path, profile="apple",
         failures=[(0, "PolicyConstraints")], description="""
CA 1 asserts P1 and requires an explicit policy from the next certificate on (requireExplicitPolicy 0);
CA 2 has no certificatePolicies, so §6.1.3 (e) makes the tree NULL at CA 2 and (f) fails there.  Apple
reports PolicyConstraints on the leaf whatever the certificate (the rfc5280 vector
require-explicit-policy-ca-without-policies puts it on CA 2).""")

    path = chain("apple-any-mapping", [{"extra": [policies(ANY), mappings((ANY, P1))]}])
    case("apple-mapping-from-anypolicy", path, profile="apple", failures=[(0, "PolicyConstraints")],
         other_profiles=webpki_refuses("policyMappings"), description="""
CA 1 maps anyPolicy to P1.  §6.1.4 (a): anyPolicy must not appear as an issuerDomainPolicy or a
subjectDomainPolicy; Apple's tree fails the path ("policy mapping anyPolicy failure") and reports
PolicyConstraints on the leaf.""")

    path = chain("apple-inhibit-any", [{"extra": [policies(ANY), constraints(require=0), inhibit_any(0)]},
                                       {"extra": [policies(ANY)]}])
    case("apple-inhibit-any-policy-zero", path, profile="apple", failures=[(0, "PolicyConstraints")],
         other_profiles=webpki_refuses("inhibitAnyPolicy"), description="""
CA 1 asserts anyPolicy with inhibitAnyPolicy 0 and requireExplicitPolicy 0; CA 2 asserts only
anyPolicy.  After CA 1, inhibit_anyPolicy is 0 (§6.1.4 j), so CA 2's anyPolicy expands nothing
(§6.1.3 d 2; CA 2 is not self-issued), the tree becomes NULL and, explicit_policy being 0, processing
fails.  Apple: PolicyConstraints on the leaf.""")

    # -- rfc5280: the rules one by one ---------------------------------------------------------

    path = chain("same", [{"extra": [policies(P1)]}])
    case("same-policy", path, extra=fields(explicit=True, authorities=[P1], user_constrained=[P1]), description="""
CA 1 and the leaf assert P1; initial-explicit-policy is set.  Tree: anyPolicy -> P1 -> P1.  Valid for P1
(authorities- and user-constrained sets {P1}).  Trusted.""")

    path = chain("disjoint", [{"extra": [policies(P1)]}], leaf_policies=(P2,))
    case("disjoint-not-required", path, extra=fields(authorities=[], user_constrained=[]), description="""
CA 1 asserts P1, the leaf P2: the tree becomes NULL at the leaf (§6.1.3 d), but no explicit policy is
required (explicit_policy ends at 1), so path processing succeeds with empty policy sets (§6.1.5).""")
    case("disjoint-explicit-required", path, failures=[(0, "PolicyConstraints")], extra=fields(explicit=True),
         description="""
As disjoint-not-required with initial-explicit-policy: explicit_policy is 0 from the start, so the NULL
tree fails §6.1.3 (f) at the leaf ("valid for P1, not P2").""")

    path = chain("any-ca", [{"extra": [policies(ANY)]}])
    case("anypolicy-ca", path, extra=fields(user=[P1], explicit=True, authorities=[P1], user_constrained=[P1]),
         description="""
CA 1 asserts anyPolicy, the leaf P1; user-initial-policy-set {P1}, explicit policy required.  The leaf's
P1 matches no expected set but hangs under the anyPolicy node (§6.1.3 d 1 ii).  Valid for P1.""")
    case("anypolicy-ca-input-inhibits-it", path, failures=[(1, "PolicyConstraints")],
         extra=fields(explicit=True, no_any=True), description="""
As anypolicy-ca with initial-any-policy-inhibit: inhibit_anyPolicy is 0, CA 1 (not self-issued) gets no
node for its anyPolicy (§6.1.3 d 2), the tree becomes NULL at CA 1 and (f) fails there (index 1).""")

    path = chain("user-set", [{"extra": [policies(P1)]}])
    case("user-initial-policy-set-miss", path, failures=[(0, "PolicyConstraints")],
         extra=fields(user=[P2], explicit=True), description="""
The path is valid for P1 only; the user-initial-policy-set is {P2} and an explicit policy is required.
§6.1.5 (g) deletes the P1 branch, the tree is NULL and explicit_policy is 0: fails at the leaf.""")
    case("user-initial-policy-set-hit", path,
         extra=fields(user=[P1, P2], explicit=True, authorities=[P1], user_constrained=[P1]), description="""
As user-initial-policy-set-miss with {P1, P2} accepted: the intersection is {P1}.  Trusted.""")
    case("user-initial-policy-set-not-required", path, extra=fields(user=[P2], authorities=[P1], user_constrained=[]),
         description="""
User-initial-policy-set {P2} without initial-explicit-policy: §6.1.5 (g) empties the tree but
explicit_policy is still above 0, so the path succeeds (RFC 5280: the set is checked only when an
explicit policy is required); the user-constrained policy set reported is empty.""")

    path = chain("mapping", [{"extra": [policies(P1), mappings((P1, Q1))]}], leaf_policies=(Q1,))
    case("mapping", path, extra=fields(user=[P1], explicit=True, authorities=[P1], user_constrained=[P1]),
         description="""
CA 1 asserts P1 and maps P1 to Q1; the leaf asserts Q1.  §6.1.4 (b)(1) sets the expected_policy_set of
CA 1's P1 node to {Q1}; the leaf's Q1 matches it.  The sets are in the anchor's domain: {P1}.  Trusted
for the user-initial-policy-set {P1}.""")
    case("mapping-user-set-in-subject-domain", path, failures=[(0, "PolicyConstraints")],
         extra=fields(user=[Q1], explicit=True), description="""
As mapping, but the user asks for Q1, the subject-domain policy: §6.1.5 (g) compares the user set with
the nodes under anyPolicy (P1), deletes that branch, and the explicit policy requirement fails.""")

    path = chain("mapping-inhibited", [{"extra": [policies(P1), mappings((P1, Q1))]}, {"extra": [policies(Q1)]}],
                 leaf_policies=(Q1,))
    case("mapping-inhibited-by-input", path, failures=[(1, "PolicyConstraints")],
         extra=fields(explicit=True, no_mapping=True), description="""
CA 1 maps P1 to Q1, CA 2 and the leaf assert Q1; initial-policy-mapping-inhibit and
initial-explicit-policy are set.  policy_mapping is 0, so §6.1.4 (b)(2) deletes CA 1's P1 node and the
tree becomes NULL; CA 2 fails (f) (index 1).""")
    case("mapping-allowed", path, extra=fields(explicit=True, authorities=[P1], user_constrained=[P1]),
         description="""
The mapping-inhibited-by-input chain without the inhibit: P1 -> Q1 -> Q1.  Trusted, valid for P1.""")

    def mapping_chain(name, skip_certs, middle=None):
        specs = [{"extra": [policies(P1), constraints(require=0, inhibit_mapping=skip_certs)]}]
        if middle is not None:
            specs.append(middle)
        specs.append({"extra": [policies(P1), mappings((P1, Q1))]})
        return chain(name, specs, leaf_policies=(Q1,))

    case("inhibit-policy-mapping-zero", mapping_chain("inhibit-map-0", 0), failures=[(0, "PolicyConstraints")],
         description="""
CA 1: P1, requireExplicitPolicy 0, inhibitPolicyMapping 0.  CA 2 asserts P1 and maps it to Q1; the leaf
asserts Q1.  policy_mapping is 0 at CA 2, so its mapping deletes P1 (§6.1.4 b 2) and the tree becomes
NULL; the leaf fails (f).""")
    case("inhibit-policy-mapping-one", mapping_chain("inhibit-map-1", 1),
         extra=fields(authorities=[P1], user_constrained=[P1]), description="""
As inhibit-policy-mapping-zero with inhibitPolicyMapping 1: mapping is still allowed in the next
certificate (CA 2), so P1 maps to Q1 and the leaf's Q1 matches.  Trusted.""")
    case("inhibit-policy-mapping-one-counted-by-ca", mapping_chain("inhibit-map-1-ca", 1, {"extra": [policies(P1)]}),
         failures=[(0, "PolicyConstraints")], description="""
inhibitPolicyMapping 1 in CA 1, then an ordinary CA asserting P1, then the mapping CA: the ordinary CA
counts (§6.1.4 h), policy_mapping is 0 at the mapping CA, the mapping deletes P1 and the leaf fails.""")
    case("inhibit-policy-mapping-one-self-issued-not-counted",
         mapping_chain("inhibit-map-1-rollover", 1, {"rollover": True, "extra": [policies(P1)]}),
         extra=fields(authorities=[P1], user_constrained=[P1]), description="""
As inhibit-policy-mapping-one-counted-by-ca, but the CA in between is a key-rollover certificate of CA 1
(self-issued: the same name, a new key signed by the old one).  §6.1.4 (h) does not count self-issued
certificates, so mapping is still allowed at the mapping CA.  Trusted.""")

    path = chain("require-0", [{"extra": [policies(P1), constraints(require=0)]}, {}])
    case("require-explicit-policy-ca-without-policies", path, failures=[(1, "PolicyConstraints")], description="""
CA 1 asserts P1 with requireExplicitPolicy 0; CA 2 has no certificatePolicies.  §6.1.3 (e) makes the tree
NULL at CA 2, where explicit_policy is already 0: (f) fails on CA 2 (index 1), "valid for P1, but CA 2 has
no certificatePolicies".  (Apple puts the same failure on the leaf: apple-require-explicit-policy-ca-without-policies.)""")
    path = chain("require-2", [{"extra": [policies(P1), constraints(require=2)]}, {}])
    case("require-explicit-policy-two", path, failures=[(0, "PolicyConstraints")], description="""
requireExplicitPolicy 2 in CA 1, CA 2 without policies: explicit_policy is 2 after CA 1, 1 after CA 2
(§6.1.4 h), 0 after the wrap-up's decrement (§6.1.5 a); the tree went NULL at CA 2, so the path fails at
the leaf.""")
    path = chain("require-3", [{"extra": [policies(P1), constraints(require=3)]}, {}])
    case("require-explicit-policy-three", path, extra=fields(authorities=[], user_constrained=[]), description="""
requireExplicitPolicy 3: explicit_policy ends at 1, so the NULL tree does not fail the path.  Trusted, with
empty policy sets.""")

    path = chain("leaf-require", [{"extra": [policies(P1)]}], leaf_policies=(P2,), leaf_extra=[constraints(require=0)])
    case("leaf-require-explicit-policy-zero", path, failures=[(0, "PolicyConstraints")], description="""
The leaf's own policyConstraints requireExplicitPolicy 0 (§6.1.5 b) sets explicit_policy to 0 at wrap-up;
the tree is NULL (P1 above, P2 in the leaf), so the path fails at the leaf.""")

    path = chain("inhibit-any-0", [{"extra": [policies(ANY), constraints(require=0), inhibit_any(0)]},
                                   {"extra": [policies(ANY)]}])
    case("inhibit-any-policy-zero", path, failures=[(1, "PolicyConstraints")], description="""
CA 1: anyPolicy, inhibitAnyPolicy 0, requireExplicitPolicy 0.  CA 2 asserts only anyPolicy, which no
longer expands (§6.1.3 d 2): the tree becomes NULL at CA 2, which fails (f) (index 1; Apple:
apple-inhibit-any-policy-zero).""")
    path = chain("inhibit-any-0-rollover", [{"extra": [policies(ANY), constraints(require=0), inhibit_any(0)]},
                                            {"rollover": True, "extra": [policies(ANY)]}])
    case("inhibit-any-policy-zero-self-issued", path, extra=fields(authorities=[P1], user_constrained=[P1]),
         description="""
As inhibit-any-policy-zero, but CA 2 is a self-issued key-rollover certificate of CA 1: §6.1.3 (d)(2)(b)
lets a self-issued intermediate's anyPolicy expand even with inhibit_anyPolicy 0, so the leaf's P1
hangs under it.  Trusted, valid for P1.""")
    path = chain("inhibit-any-1", [{"extra": [policies(ANY), constraints(require=0), inhibit_any(1)]},
                                   {"extra": [policies(ANY)]}])
    case("inhibit-any-policy-one", path, extra=fields(authorities=[P1], user_constrained=[P1]), description="""
inhibitAnyPolicy 1 in CA 1: inhibit_anyPolicy is 1 at CA 2, whose anyPolicy still expands.  Trusted.""")

    path = chain("any-mapping-issuer", [{"extra": [policies(ANY), mappings((ANY, P1))]}])
    case("mapping-from-anypolicy", path, failures=[(1, "PolicyConstraints")], description="""
CA 1 maps anyPolicy to P1: refused by §6.1.4 (a) on CA 1 (index 1), whatever the inputs.""")
    path = chain("any-mapping-subject", [{"extra": [policies(P1), mappings((P1, ANY))]}])
    case("mapping-to-anypolicy", path, failures=[(1, "PolicyConstraints")], description="""
CA 1 maps P1 to anyPolicy: refused by §6.1.4 (a) on CA 1.""")

    path = chain("noncritical-pc", [{"extra": [policies(P1), constraints(require=0, critical=False)]}])
    case("noncritical-policy-constraints", path, failures=[(1, "PolicyConstraints")], description="""
CA 1 carries a valid policyConstraints (requireExplicitPolicy 0) marked non-critical.  RFC 5280 §4.2.1.11
says conforming CAs MUST mark it critical, and x509-limbo (rfc5280::pc::ica-noncritical-pc) expects a
validator to refuse it, so the rfc5280 profile does (PolicyConstraints on CA 1), although §6.1 itself
would process it either way (noncritical-policy-constraints-accepted).""")
    case("noncritical-policy-constraints-accepted", path,
         extra=fields(accept_noncritical=True, authorities=[P1], user_constrained=[P1]), description="""
The noncritical-policy-constraints chain with accept_noncritical_policy_constraints (the CLI's
--accept-noncritical-policy-constraints): plain §6.1, which processes the extension whatever its
criticality.  The path is valid for P1, so requireExplicitPolicy 0 is met.  Trusted.""")

    leaf_any = (x509.CertificatePolicies([x509.PolicyInformation(
        ObjectIdentifier(ANY), ["https://leaf.example.test/cps", x509.UserNotice(None, "leaf notice")])]), False)
    ca_any = (x509.CertificatePolicies([x509.PolicyInformation(ObjectIdentifier(ANY), ["https://ca.example.test/cps"])]),
              False)
    path = chain("qualifiers", [{"extra": [ca_any]}], leaf_policies=None, leaf_extra=[leaf_any])
    case("user-policy-under-anypolicy-keeps-qualifiers", path,
         extra=fields(user=[P1], explicit=True, authorities=[ANY], user_constrained=[P1]), description="""
CA 1 and the leaf assert only anyPolicy, each with a CPS pointer (the leaf also a user notice); the user
accepts P1 and requires an explicit policy.  anyPolicy runs unbroken to the leaf, so the
authorities-constrained set is {anyPolicy}; §6.1.5 (g)(iii)(3) replaces the leaf-level anyPolicy node by
a P1 node carrying that node's qualifiers (the leaf's CPS and notice), so the path is valid for P1.""")

    constrained_root = make_ca("policy-constrained-root", "Policy Constrained Root", key("policy-root"),
                               extra=[constraints(require=0)])
    ca = make_ca("policy-anchor-constraints-ca1", "Policy anchor-constraints CA 1", key("policy-int1"), constrained_root)
    leaf = make_leaf("policy-anchor-constraints-leaf", ca)
    V.case("anchor-policy-constraints-not-applied", leaf=leaf, chain=[leaf, ca, constrained_root],
           anchors=[constrained_root], intermediates=[ca], profile="rfc5280",
           extra_fields=fields(authorities=[], user_constrained=[]),
           other_profiles={"webpki": {"expected_result": "FAILURE", "reason": "webpki holds its anchors to its "
                                      "extension rules, and a critical policyConstraints is unknown there"},
                           "apple": {"expected_result": "SUCCESS", "reason": "Apple does not process its anchors"}},
           description="""
The trust anchor carries a critical policyConstraints with requireExplicitPolicy 0; neither CA 1 nor the
leaf has certificatePolicies.  RFC 5280 takes the anchor as trust anchor information (§6.1.1 d) and
leaves using a self-signed anchor's extensions as inputs optional (§6.2); TrustCheck, like Apple,
OpenSSL and Go, does not apply them, so explicit_policy stays above 0 and the NULL tree does not fail
the path.  The extension is known to the rfc5280 profile (it runs the tree), so it is no
CriticalExtensions failure on the anchor either.  Trusted.""")

    oids = [f"1.3.6.1.4.1.55555.9.{n}" for n in range(1, 11)]
    all_to_all = [(a, b) for a in oids for b in oids]
    specs = [{"extra": [policies(*oids), mappings(*all_to_all)]} for _ in range(3)]
    path = chain("dos", specs, leaf_policies=tuple(oids))
    case("exponential-tree-refused", path, failures=[(1, "PolicyConstraints")], importance="medium", description="""
Three CAs each assert the same 10 policies and map every one to all 10; the leaf asserts them too.
Every policy then matches every node above it, so level i of the tree holds 10^i nodes (the
CVE-2023-0464 shape).  TrustCheck caps the tree at 1000 nodes (OpenSSL's default): CA 3 would bring it
to 1111, so the path is refused there (PolicyConstraints on CA 3, index 1) instead of growing.  Apple has
no such cap; this case runs under rfc5280 only.""")
