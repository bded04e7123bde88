#!/usr/bin/env python3
"""Generate TrustCheck's recorded trust-engine vectors (vectors/*.json, vectors/readme-chain/,
anchors/example-root.pem).

    python3 vectors/generator/generate.py          # (re)write everything
    python3 vectors/generator/generate.py --check  # regenerate in memory, fail if anything differs

Deterministic: keys come from vectors/generator/keys/ (created on first run, committed), serials are
derived from certificate names, dates are fixed, ECDSA uses RFC 6979 nonces.  See vectors/README.md.

Every vector's expected_failures list is written by hand from docs/specs (apple-sectrust.md); the
status / message / SecTrustResultType are derived mechanically from it (apple.py, spec §2.4).
A pinning vector's expected_pin_result / expected_pin_matches are derived the same way from its chain,
its failures and cryptography's SPKI hashes (pin_expectations), and must agree with the verdict stated
by hand.
"""

from __future__ import annotations

import argparse
import datetime as dt
import ipaddress
import json
import sys
import types
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, padding, rsa

import apple
from pki import (ANY_EKU, CLIENT_AUTH, SERVER_AUTH, Cert, cn, key, ku, make_ca, make_leaf, name,
                 spki_pin, t, unknown_critical_extension)

GEN_DIR = Path(__file__).resolve().parent
VECTORS_DIR = GEN_DIR.parent
REPO_DIR = VECTORS_DIR.parent

T = "2026-01-15T12:00:00Z"          # default verification time
T_2019 = "2019-09-01T00:00:00Z"     # for leaves issued before the iOS 13 rules
D = 86400                           # one day in seconds


def plus(start: str, seconds: int) -> str:
    return (t(start) + dt.timedelta(seconds=seconds)).strftime("%Y-%m-%dT%H:%M:%SZ")


# ----------------------------------------------------------------------------------------
# Test case collection
# ----------------------------------------------------------------------------------------

CT_NOTE = """  (Certificate Transparency is not modelled: like trustd without a current CT log list, these
vectors never raise SystemTrustedCTRequired for system-anchored chains; see vectors/README.md.)"""


class Vectors:
    def __init__(self):
        self.groups: dict[str, list[dict]] = {}
        self.group = None

    def start(self, group: str):
        self.group = group
        self.groups.setdefault(group, [])

    def case(self, name_: str, *, description: str, leaf: Cert, chain: list[Cert],
             anchors=(), intermediates=(), system_anchors=(), anchors_only=None,
             time: str = T, host: str | None = "www.example.test", kind: str = "SERVER",
             policy: str = "ssl", failures=(), importance: str = "high", features=(),
             other_profiles: dict | None = None, pins=None, pin_result: str | None = None,
             profile: str = "apple", extra_fields: dict | None = None, crls=(), revocation: str | None = None):
        """extra_fields: further TrustCheck fields (the policy inputs and expected policy sets)."""
        assert self.group
        assert profile in ("apple", "webpki", "rfc5280"), profile
        anchors, intermediates, system_anchors = list(anchors), list(intermediates), list(system_anchors)
        if anchors_only is None:
            anchors_only = len(anchors) > 0
        failures = sorted(failures)
        if policy == "basic" or kind == "CLIENT":
            host = None
        features = list(features)
        if system_anchors and "trustcheck-system-anchors" not in features:
            features.append("trustcheck-system-anchors")
        if policy == "basic":
            features.append("trustcheck-basic-policy")
        self._sanity(name_, leaf, chain, anchors, intermediates, system_anchors, anchors_only,
                     failures)
        effective = [c.der for c in anchors] + ([] if anchors_only else [c.der for c in system_anchors])
        if chain[-1].der in effective and chain[-1].der in {c.der for c in system_anchors}:
            description = description.rstrip() + CT_NOTE
        crls = list(crls)
        if crls and "has-crl" not in features:
            features.append("has-crl")
        if revocation == "require":
            features.append("trustcheck-revocation-require")
        derived = apple.derive(chain, failures)
        trusted = not failures
        tc = {
            "id": f"trustcheck::{self.group}::{name_}",
            "conflicts_with": [],
            "features": features,
            "importance": importance,
            "description": unwrap(description),
            "validation_kind": kind,
            "trusted_certs": [c.pem for c in anchors],
            "untrusted_intermediates": [c.pem for c in intermediates],
            "peer_certificate": leaf.pem,
            "peer_certificate_key": None,
            "validation_time": apple.rfc3339(t(time)),
            "signature_algorithms": [],
            "key_usage": [],
            "extended_key_usage": ([] if policy == "basic" else
                                   ["clientAuth"] if kind == "CLIENT" else ["serverAuth"]),
            "expected_result": "SUCCESS" if trusted else "FAILURE",
            "expected_peer_name": apple.peer_name(host),
            "expected_peer_names": [],
            "max_chain_depth": None,
            "crls": crls,
            "profile": profile,
            "policy": policy,
            "system_anchors": [c.pem for c in system_anchors],
            "anchors_only": anchors_only,
            **derived,
            "expected_chain": [c.sha256 for c in chain],
            "expected_failures": [{"index": ix, "check": check} for ix, check in failures],
        }
        if revocation is not None:
            assert revocation in ("soft", "require"), f"{name_}: revocation {revocation!r}"
            tc["revocation"] = revocation
        if extra_fields:
            assert not set(extra_fields) & set(tc), f"{name_}: extra_fields override {set(extra_fields) & set(tc)}"
            tc.update(extra_fields)
        if other_profiles:
            tc["other_profiles"] = other_profiles
        assert (pins is None) == (pin_result is None), f"{name_}: pins and pin_result go together"
        if pins is not None:
            tc.update(pin_expectations(name_, chain, trusted, list(pins), pin_result))
        self.groups[self.group].append(tc)

    @staticmethod
    def _sanity(name_, leaf, chain, anchors, intermediates, system_anchors, anchors_only, failures):
        """Structural checks on what a vector claims (catches typos in hand-written expectations)."""
        where = f"{name_}:"
        assert chain and chain[0] is leaf, where
        pool = {c.der for c in [leaf] + anchors + intermediates + system_anchors}
        for c in chain:
            assert c.der in pool, f"{where} chain cert {c.name} not supplied"
        assert len({c.der for c in chain}) == len(chain), f"{where} repeated cert in chain"
        # Each link: issuer name matches, and the signature verifies (Apple discards bad-signature paths).
        for child, parent in zip(chain, chain[1:]):
            assert child.cert.issuer == parent.cert.subject, f"{where} {child.name} !<- {parent.name}"
            verify_signature(child.cert, parent.cert.public_key())
        effective = {c.der for c in anchors} | (set() if anchors_only else {c.der for c in system_anchors})
        # the path stops at the first anchor
        for c in chain[:-1]:
            assert c.der not in effective, f"{where} anchor {c.name} inside chain"
        top = chain[-1]
        top_self_signed = top.cert.issuer == top.cert.subject and _verifies(top.cert, top.cert.public_key())
        checks = {c for _, c in failures}
        last = len(chain) - 1
        if top.der in effective:
            assert "AnchorTrusted" not in checks and "MissingIntermediate" not in checks, where
        elif top_self_signed:
            assert (last, "AnchorTrusted") in failures, f"{where} unanchored self-signed top needs AnchorTrusted"
        else:
            assert (last, "MissingIntermediate") in failures, f"{where} unanchored top needs MissingIntermediate"

    def write(self, check_only: bool) -> bool:
        ok = True
        for group, cases in self.groups.items():
            ids = [c["id"] for c in cases]
            assert len(ids) == len(set(ids)), f"duplicate ids in {group}"
            text = json.dumps({"version": 1, "testcases": cases}, indent=2, ensure_ascii=False) + "\n"
            ok &= emit(VECTORS_DIR / f"{group}.json", text, check_only)
        return ok


PIN_RESULTS = ("pinned", "no-matching-pin", "chain-not-trusted")


def pin_expectations(name_: str, chain: list[Cert], trusted: bool, pins: list[str], stated: str) -> dict:
    """The pin fields of a vector.  The rule is TrustKit's and Alamofire's (pinning-libraries.md §6): pins
    are looked at only after default validation succeeded, and only on the evaluated chain, anchor
    included; one pin anywhere on it is enough.  `stated` is the verdict written by hand for the case;
    the one computed here from the chain and cryptography's SPKI hashes must agree with it (catches a
    case that does not test what its description says)."""
    assert stated in PIN_RESULTS, f"{name_}: pin_result {stated!r}"
    matches = [ix for ix, c in enumerate(chain) if c.spki_pin in pins] if trusted else []
    computed = "chain-not-trusted" if not trusted else "pinned" if matches else "no-matching-pin"
    assert computed == stated, f"{name_}: pin_result is {stated} by hand but {computed} by the chain"
    return {"pins": pins, "expected_pin_result": computed, "expected_pin_matches": matches}


def unwrap(text: str) -> str:
    """Join hard-wrapped source lines; blank lines separate paragraphs."""
    paras = [" ".join(line.strip() for line in p.splitlines()) for p in text.strip().split("\n\n")]
    return "\n\n".join(paras)


def _verifies(c: x509.Certificate, pub) -> bool:
    try:
        verify_signature(c, pub)
        return True
    except Exception:
        return False


def verify_signature(c: x509.Certificate, pub):
    """Verify c's signature with pub, allowing SHA-1/MD5 (cryptography's helpers may refuse them)."""
    h = c.signature_hash_algorithm
    if isinstance(pub, rsa.RSAPublicKey):
        pub.verify(c.signature, c.tbs_certificate_bytes, padding.PKCS1v15(), h)
    elif isinstance(pub, ec.EllipticCurvePublicKey):
        pub.verify(c.signature, c.tbs_certificate_bytes, ec.ECDSA(h))
    elif isinstance(pub, ed25519.Ed25519PublicKey):
        pub.verify(c.signature, c.tbs_certificate_bytes)
    else:
        raise TypeError(pub)


def emit(path: Path, text: str, check_only: bool) -> bool:
    if check_only:
        if not path.exists() or path.read_text() != text:
            print(f"DIFFERS: {path.relative_to(REPO_DIR)}")
            return False
        return True
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return True


def issuer_stub(subject: str, k):
    """Something usable as the `issuer` of pki.build() before the issuer's own cert exists."""
    return types.SimpleNamespace(subject=cn(subject), key=k)


def webpki(result: str, reason: str) -> dict:
    return {"webpki": {"expected_result": result, "reason": reason}}


NO_LIFETIME_LIMIT = webpki("SUCCESS", "x509-limbo's webpki profile has no maximum-lifetime check (the CABF "
                           "BR 6.3.2 limits are issuance rules that webpki path validators do not "
                           "enforce); Apple's SSL policy rejects the leaf (validity-period maximums).")


# ----------------------------------------------------------------------------------------
# Shared PKI
# ----------------------------------------------------------------------------------------

ROOT = make_ca("root", "TrustCheck Test Root", key("root"))
INT = make_ca("intermediate", "TrustCheck Test Intermediate", key("intermediate"), ROOT)
LEAF = make_leaf("leaf", INT)
OTHER_ROOT = make_ca("other-root", "TrustCheck Unrelated Root", key("other-root"))
OTHER_INT = make_ca("other-intermediate", "TrustCheck Unrelated Intermediate", key("other-intermediate"), OTHER_ROOT)

SYS_ROOT = make_ca("system-root", "TrustCheck System Root", key("system-root"))
SYS_INT = make_ca("system-intermediate", "TrustCheck System Intermediate", key("system-intermediate"), SYS_ROOT)
SYS_LEAF = make_leaf("system-leaf", SYS_INT)

V = Vectors()

# ----------------------------------------------------------------------------------------
# chain: plain valid chains
# ----------------------------------------------------------------------------------------

V.start("chain")

V.case("leaf-intermediate-root", leaf=LEAF, anchors=[ROOT], intermediates=[INT],
       chain=[LEAF, INT, ROOT], description="""
The reference valid chain: leaf (www.example.test, RSA-2048, SHA-256, serverAuth, 394-day validity)
<- intermediate <- root, the root passed with SecTrustSetAnchorCertificates, SSL server policy for
www.example.test.  Every check passes, so SecTrustEvaluateWithError returns true with
kSecTrustResultUnspecified (app anchors never produce Proceed, spec §2.1).""")

LEAF_DIRECT = make_leaf("leaf-direct", ROOT)
V.case("leaf-root", leaf=LEAF_DIRECT, anchors=[ROOT], chain=[LEAF_DIRECT, ROOT], description="""
Two-certificate chain: the leaf is issued directly by the anchored root.  Trusted.""")

V.case("unordered-pool-with-extras", leaf=LEAF, anchors=[OTHER_ROOT, ROOT],
       intermediates=[OTHER_INT, OTHER_ROOT, INT, SYS_INT, INT, LEAF],
       chain=[LEAF, INT, ROOT], importance="medium", description="""
The untrusted pool is unordered and contains unrelated CAs, a duplicate of the intermediate, the
leaf itself and an unrelated anchor.  Apple treats certificates after the leaf as unordered hints
and looks parents up by issuer name (spec §1.1, §3.1); the chain must be leaf <- intermediate <- root.""")

V.case("leaf-root-basic-policy", leaf=LEAF, anchors=[ROOT], intermediates=[INT], policy="basic",
       chain=[LEAF, INT, ROOT], description="""
Same chain as leaf-intermediate-root evaluated with SecPolicyCreateBasicX509 (no hostname, no EKU).
Trusted.""")

# ----------------------------------------------------------------------------------------
# hostname
# ----------------------------------------------------------------------------------------

V.start("hostname")

V.case("mismatch", leaf=LEAF, anchors=[ROOT], intermediates=[INT], host="other.example.test",
       chain=[LEAF, INT, ROOT], failures=[(0, "SSLHostname")], description="""
Valid chain, but the reference hostname other.example.test is not among the leaf's SAN dNSNames
(www.example.test).  SSLHostname on the leaf: errSecHostNameMismatch (-67602),
“www.example.test” certificate name does not match input.""")

LEAF_CN_ONLY = make_leaf("hostname-cn-only", INT, san=None)
V.case("cn-only-leaf", leaf=LEAF_CN_ONLY, anchors=[ROOT], intermediates=[INT],
       chain=[LEAF_CN_ONLY, INT, ROOT], failures=[(0, "SSLHostname")], description="""
The leaf has CN=www.example.test and no subjectAltName.  Since Security-59306 (iOS 13 / macOS 10.15)
only SAN dNSNames are candidates (spec §4.1, HT210176), so the name does not match (-67602).
(iOS 12 and earlier fell back to the CN; x509-limbo's webpki profile agrees with current Apple:
webpki::san::no-san is FAILURE.)""")

LEAF_CN_DIFFERS = make_leaf("hostname-san-matches-cn-differs", INT, subject="Example Web Server")
V.case("san-matches-cn-differs", leaf=LEAF_CN_DIFFERS, anchors=[ROOT], intermediates=[INT],
       chain=[LEAF_CN_DIFFERS, INT, ROOT], importance="medium", description="""
CN is "Example Web Server", SAN is www.example.test: the SAN match is all that counts (Apple's
SSLTrustPolicyTest Test4).  Trusted.""")

LEAF_MULTI_SAN = make_leaf("hostname-multiple-san", INT, san=("a.example.test", "b.example.test", "www.example.test"))
V.case("multiple-san-last-matches", leaf=LEAF_MULTI_SAN, anchors=[ROOT], intermediates=[INT],
       chain=[LEAF_MULTI_SAN, INT, ROOT], importance="medium", description="""
Three SAN dNSNames, the third matches the reference hostname.  Trusted.""")

V.case("case-insensitive", leaf=LEAF, anchors=[ROOT], intermediates=[INT], host="WWW.Example.TEST",
       chain=[LEAF, INT, ROOT], importance="medium", description="""
Reference hostname in mixed case; labels compare case-insensitively (CFStringCompare with
kCFCompareCaseInsensitive, spec §4.1).  Trusted.""")

V.case("reference-trailing-dot", leaf=LEAF, anchors=[ROOT], intermediates=[INT], host="www.example.test.",
       chain=[LEAF, INT, ROOT], importance="medium", description="""
Reference hostname with one trailing dot: Apple strips it before splitting labels (spec §4.1,
SSLTrustPolicyTest Test19).  Trusted.""")

LEAF_SAN_DOT = make_leaf("hostname-san-trailing-dot", INT, san=("www.example.test.",))
V.case("san-trailing-dot", leaf=LEAF_SAN_DOT, anchors=[ROOT], intermediates=[INT],
       chain=[LEAF_SAN_DOT, INT, ROOT], failures=[(0, "SSLHostname")], importance="medium", description="""
The SAN dNSName is "www.example.test." (trailing dot).  SecFrameworkIsDNSName rejects names ending
in '.', so the SAN is dropped and nothing matches (-67602).""")

V.case("no-hostname-requested", leaf=LEAF, anchors=[ROOT], intermediates=[INT], host=None,
       chain=[LEAF, INT, ROOT], importance="medium", description="""
SecPolicyCreateSSL(true, NULL): without a hostname the SSLHostname check is not part of the policy
(spec §1.2), so the chain is trusted whatever names the leaf carries.  expected_peer_name is null.""")

LEAF_WILD = make_leaf("hostname-wildcard", INT, subject="*.example.test", san=("*.example.test",))
V.case("wildcard-match", leaf=LEAF_WILD, anchors=[ROOT], intermediates=[INT], host="foo.example.test",
       chain=[LEAF_WILD, INT, ROOT], description="""
SAN *.example.test matches foo.example.test (left-most label wildcard, 3 labels).  Trusted.""")
V.case("wildcard-no-apex", leaf=LEAF_WILD, anchors=[ROOT], intermediates=[INT], host="example.test",
       chain=[LEAF_WILD, INT, ROOT], failures=[(0, "SSLHostname")], description="""
SAN *.example.test does not match example.test: label counts differ (spec §4.1).  -67602 with the
leaf summary “*.example.test”.""")
V.case("wildcard-one-label-only", leaf=LEAF_WILD, anchors=[ROOT], intermediates=[INT], host="a.b.example.test",
       chain=[LEAF_WILD, INT, ROOT], failures=[(0, "SSLHostname")], description="""
A wildcard matches exactly one label: *.example.test does not match a.b.example.test.""")

LEAF_WILD_TLD = make_leaf("hostname-wildcard-tld", INT, subject="*.test", san=("*.test",))
V.case("wildcard-single-label-tld", leaf=LEAF_WILD_TLD, anchors=[ROOT], intermediates=[INT], host="foo.test",
       chain=[LEAF_WILD_TLD, INT, ROOT], failures=[(0, "SSLHostname")], importance="medium", description="""
SAN *.test: a wildcard is only allowed when the name has more than two labels (and not directly
before a single-label TLD), so foo.test does not match.""")

LEAF_WILD_PSL = make_leaf("hostname-wildcard-public-suffix", INT, subject="*.co.uk", san=("*.co.uk",))
V.case("wildcard-public-suffix", leaf=LEAF_WILD_PSL, anchors=[ROOT], intermediates=[INT], host="www.co.uk",
       chain=[LEAF_WILD_PSL, INT, ROOT], failures=[(0, "SSLHostname")], importance="medium",
       features=["pedantic-public-suffix-wildcard"], description="""
SAN *.co.uk has three labels, but co.uk is a public suffix: Apple asks CFNetwork's
_CFHostIsDomainTopLevelForCertificatePolicy and refuses the wildcard (SSLTrustPolicyTest, spec §4.1).
A re-implementation needs the Public Suffix List.  -67602.""")

LEAF_WILD_PARTIAL = make_leaf("hostname-wildcard-partial", INT, subject="f*.example.test", san=("f*.example.test",))
V.case("wildcard-partial-label", leaf=LEAF_WILD_PARTIAL, anchors=[ROOT], intermediates=[INT],
       host="foo.example.test", chain=[LEAF_WILD_PARTIAL, INT, ROOT], failures=[(0, "SSLHostname")],
       importance="medium", description="""
Partial-label wildcard f*.example.test never matches on Apple (RFC 6125 rule 3 not implemented).
OpenSSL accepts it by default (expected disagreement).""")

LEAF_WILD_MID = make_leaf("hostname-wildcard-not-leftmost", INT, subject="www.*.example.test", san=("www.*.example.test",))
V.case("wildcard-not-leftmost", leaf=LEAF_WILD_MID, anchors=[ROOT], intermediates=[INT],
       host="www.foo.example.test", chain=[LEAF_WILD_MID, INT, ROOT], failures=[(0, "SSLHostname")],
       importance="medium", description="""
A wildcard in a non-left-most label (www.*.example.test) never matches.""")

LEAF_UNDERSCORE = make_leaf("hostname-underscore", INT, subject="_service.example.test", san=("_service.example.test",))
V.case("underscore-label", leaf=LEAF_UNDERSCORE, anchors=[ROOT], intermediates=[INT],
       host="_service.example.test", chain=[LEAF_UNDERSCORE, INT, ROOT], importance="low", description="""
SecFrameworkIsDNSName allows '_' in labels (spec §4.1), so _service.example.test matches itself.
Trusted.""")

LEAF_IPV4 = make_leaf("hostname-ipv4", INT, subject="192.0.2.10", san=("ip:192.0.2.10",))
V.case("ipv4-san", leaf=LEAF_IPV4, anchors=[ROOT], intermediates=[INT], host="192.0.2.10",
       chain=[LEAF_IPV4, INT, ROOT], description="""
The reference is an IPv4 address and the leaf has a SAN iPAddress 192.0.2.10: binary comparison
matches (spec §4.1 step 3).  Trusted.""")
V.case("ipv4-san-mismatch", leaf=LEAF_IPV4, anchors=[ROOT], intermediates=[INT], host="192.0.2.11",
       chain=[LEAF_IPV4, INT, ROOT], failures=[(0, "SSLHostname")], description="""
SAN iPAddress 192.0.2.10, reference 192.0.2.11: -67602 with the leaf summary “192.0.2.10” (its CN).""")

LEAF_IPV6 = make_leaf("hostname-ipv6", INT, subject="2001:db8::10", san=("ip:2001:db8::10",))
V.case("ipv6-san", leaf=LEAF_IPV6, anchors=[ROOT], intermediates=[INT], host="2001:db8::10",
       chain=[LEAF_IPV6, INT, ROOT], importance="medium", description="""
IPv6 reference 2001:db8::10 against SAN iPAddress 2001:db8::10 (16-byte comparison).  Trusted.""")

LEAF_IP_IN_DNS = make_leaf("hostname-ip-in-dns-san", INT, subject="ip-in-dns.example.test", san=("192.0.2.10",))
V.case("ip-in-dns-san", leaf=LEAF_IP_IN_DNS, anchors=[ROOT], intermediates=[INT], host="192.0.2.10",
       chain=[LEAF_IP_IN_DNS, INT, ROOT], failures=[(0, "SSLHostname")], importance="medium", description="""
The IP address is written as a SAN dNSName.  Apple drops DNS names that parse as IP addresses (its
last label has no letter) and only compares IP references with SAN iPAddress entries
(testIPAddressInDNSField), so this fails (-67602).""")

LEAF_IP_IN_CN = make_leaf("hostname-ip-in-cn", INT, subject="192.0.2.10", san=("www.example.test",))
V.case("ip-in-cn-only", leaf=LEAF_IP_IN_CN, anchors=[ROOT], intermediates=[INT], host="192.0.2.10",
       chain=[LEAF_IP_IN_CN, INT, ROOT], failures=[(0, "SSLHostname")], importance="medium", description="""
The IP address appears only in the CN (the SAN holds a DNS name).  The CN is never used
(testIPAddressInCN): -67602, summary “192.0.2.10”.""")

V.case("dns-reference-ip-only-san", leaf=LEAF_IPV4, anchors=[ROOT], intermediates=[INT], host="www.example.test",
       chain=[LEAF_IPV4, INT, ROOT], failures=[(0, "SSLHostname")], importance="low", description="""
DNS reference against a leaf that only has a SAN iPAddress: no candidate DNS name, and the
reference is not an IP address, so -67602.""")

LEAF_MULTI_CN = make_leaf("hostname-two-cns", INT,
                          subject=name(("CN", "first.example.test"), ("CN", "second.example.test")),
                          san=("first.example.test", "second.example.test"))
V.case("summary-two-common-names", leaf=LEAF_MULTI_CN, anchors=[ROOT], intermediates=[INT],
       host="other.example.test", chain=[LEAF_MULTI_CN, INT, ROOT], failures=[(0, "SSLHostname")],
       importance="low", description="""
Checks the subject summary used in the message: with two CN attributes
SecCertificateCopySubjectSummary joins all CN values newest-first ("<later>, <earlier>", spec §5.3),
so the message is “second.example.test, first.example.test” certificate name does not match input.""")

LEAF_DESC = make_leaf("hostname-cn-with-description", INT,
                      subject=name(("DESCRIPTION", "Example description"), ("CN", "www.example.test")))
V.case("summary-cn-with-description", leaf=LEAF_DESC, anchors=[ROOT], intermediates=[INT],
       host="other.example.test", chain=[LEAF_DESC, INT, ROOT], failures=[(0, "SSLHostname")],
       importance="low", description="""
Subject summary with a description attribute (2.5.4.13): "CN (description)", so the message is
“www.example.test (Example description)” certificate name does not match input (spec §5.3 rule 3).""")

LEAF_ORG_ONLY = make_leaf("hostname-org-only-subject", INT, subject=name(("O", "TrustCheck Example Org")))
V.case("summary-no-cn-uses-san", leaf=LEAF_ORG_ONLY, anchors=[ROOT], intermediates=[INT],
       host="other.example.test", chain=[LEAF_ORG_ONLY, INT, ROOT], failures=[(0, "SSLHostname")],
       importance="low", description="""
Subject has only O=TrustCheck Example Org.  Without a CN the summary prefers the first RFC822 name,
then the first DNS name over the O value (spec §5.3 rule 4): “www.example.test” certificate name
does not match input.""")

# ----------------------------------------------------------------------------------------
# validity (temporal)
# ----------------------------------------------------------------------------------------

V.start("validity")

LEAF_EXPIRED = make_leaf("validity-leaf-expired", INT, not_before="2024-06-01", not_after="2025-06-30")
V.case("expired-leaf", leaf=LEAF_EXPIRED, anchors=[ROOT], intermediates=[INT],
       chain=[LEAF_EXPIRED, INT, ROOT], failures=[(0, "TemporalValidity")], description="""
Leaf valid 2024-06-01..2025-06-30, verified 2026-01-15.  TemporalValidity on the leaf:
errSecCertificateExpired (-67818), “www.example.test” certificate is expired.""")

LEAF_NYV = make_leaf("validity-leaf-not-yet-valid", INT, not_before="2026-03-01", not_after="2027-03-01")
V.case("not-yet-valid-leaf", leaf=LEAF_NYV, anchors=[ROOT], intermediates=[INT],
       chain=[LEAF_NYV, INT, ROOT], failures=[(0, "TemporalValidity")], description="""
Leaf not valid before 2026-03-01, verified 2026-01-15.  Apple reports not-yet-valid with the same
TemporalValidity key: -67818 and the "is expired" wording (spec §2.4).""")

INT_EXPIRED = make_ca("intermediate-expired", "TrustCheck Expired Intermediate", key("intermediate-expired"), ROOT,
                      not_after="2025-12-31")
LEAF_UNDER_INT_EXPIRED = make_leaf("validity-leaf-under-expired-intermediate", INT_EXPIRED)
V.case("expired-intermediate", leaf=LEAF_UNDER_INT_EXPIRED, anchors=[ROOT], intermediates=[INT_EXPIRED],
       chain=[LEAF_UNDER_INT_EXPIRED, INT_EXPIRED, ROOT], failures=[(1, "TemporalValidity")], description="""
The only intermediate expired 2025-12-31.  The path is rejected by the parent checks, then
reconsidered as the best path (spec §4.7): TemporalValidity at index 1,
“TrustCheck Expired Intermediate” certificate is expired (-67818).""")

INT_NYV = make_ca("intermediate-not-yet-valid", "TrustCheck Future Intermediate", key("intermediate-not-yet-valid"),
                  ROOT, not_before="2026-02-01")
LEAF_UNDER_INT_NYV = make_leaf("validity-leaf-under-future-intermediate", INT_NYV)
V.case("not-yet-valid-intermediate", leaf=LEAF_UNDER_INT_NYV, anchors=[ROOT], intermediates=[INT_NYV],
       chain=[LEAF_UNDER_INT_NYV, INT_NYV, ROOT], failures=[(1, "TemporalValidity")], importance="medium",
       description="""
Intermediate not valid before 2026-02-01: TemporalValidity at index 1, “TrustCheck Future
Intermediate” certificate is expired (-67818).""")

ROOT_EXPIRED = make_ca("root-expired", "TrustCheck Expired Root", key("root-expired"),
                       not_before="2010-01-01", not_after="2025-12-31")
INT_UNDER_EXPIRED_ROOT = make_ca("intermediate-under-expired-root", "TrustCheck Intermediate Under Expired Root",
                                 key("intermediate-under-expired-root"), ROOT_EXPIRED)
LEAF_UNDER_EXPIRED_ROOT = make_leaf("validity-leaf-under-expired-root", INT_UNDER_EXPIRED_ROOT)
V.case("expired-anchor", leaf=LEAF_UNDER_EXPIRED_ROOT, anchors=[ROOT_EXPIRED], intermediates=[INT_UNDER_EXPIRED_ROOT],
       chain=[LEAF_UNDER_EXPIRED_ROOT, INT_UNDER_EXPIRED_ROOT, ROOT_EXPIRED], failures=[(2, "TemporalValidity")],
       description="""
The app anchor itself expired 2025-12-31.  Apple checks the validity of custom anchors (only Apple's
own roots are exempt, spec §3.2): TemporalValidity at index 2, “TrustCheck Expired Root” certificate
is expired (-67818).""")

V.case("not-after-inclusive", leaf=LEAF, anchors=[ROOT], intermediates=[INT], time="2026-09-30T00:00:00Z",
       chain=[LEAF, INT, ROOT], importance="medium", description="""
Verification time equals the leaf's notAfter (2026-09-30T00:00:00Z): notBefore <= t <= notAfter is
inclusive to the second (spec §4.8).  Trusted.""")
V.case("one-second-after-not-after", leaf=LEAF, anchors=[ROOT], intermediates=[INT], time="2026-09-30T00:00:01Z",
       chain=[LEAF, INT, ROOT], failures=[(0, "TemporalValidity")], importance="medium", description="""
One second after the leaf's notAfter: expired (-67818), no leeway.""")
V.case("not-before-inclusive", leaf=LEAF, anchors=[ROOT], intermediates=[INT], time="2025-09-01T00:00:00Z",
       chain=[LEAF, INT, ROOT], importance="medium", description="""
Verification time equals the leaf's notBefore (2025-09-01T00:00:00Z).  Trusted.""")
V.case("one-second-before-not-before", leaf=LEAF, anchors=[ROOT], intermediates=[INT], time="2025-08-31T23:59:59Z",
       chain=[LEAF, INT, ROOT], failures=[(0, "TemporalValidity")], importance="medium", description="""
One second before the leaf's notBefore: not yet valid, reported as TemporalValidity (-67818).""")

INT_EXPIRED_UNDER_EXPIRED_ROOT = make_ca("intermediate-expired-under-expired-root",
                                         "TrustCheck Expired Intermediate Under Expired Root",
                                         key("intermediate-expired-under-expired-root"), ROOT_EXPIRED,
                                         not_before="2010-01-01", not_after="2025-11-30")
LEAF_UNDER_ALL_EXPIRED = make_leaf("validity-leaf-under-expired-intermediate-and-root", INT_EXPIRED_UNDER_EXPIRED_ROOT)
V.case("expired-intermediate-and-anchor", leaf=LEAF_UNDER_ALL_EXPIRED, anchors=[ROOT_EXPIRED],
       intermediates=[INT_EXPIRED_UNDER_EXPIRED_ROOT],
       chain=[LEAF_UNDER_ALL_EXPIRED, INT_EXPIRED_UNDER_EXPIRED_ROOT, ROOT_EXPIRED],
       failures=[(1, "TemporalValidity"), (2, "TemporalValidity")], importance="medium", description="""
Both the intermediate and the anchor are expired.  Same subtype on two certificates: the lowest
index wins (strict comparison in SecTrustCopyError, spec §2.4), so the message names the
intermediate: “TrustCheck Expired Intermediate Under Expired Root” certificate is expired.""")

# ----------------------------------------------------------------------------------------
# anchors
# ----------------------------------------------------------------------------------------

V.start("anchors")

V.case("untrusted-root", leaf=LEAF, anchors=[OTHER_ROOT], intermediates=[INT, ROOT],
       chain=[LEAF, INT, ROOT], failures=[(2, "AnchorTrusted")], description="""
The chain reaches the self-signed TrustCheck Test Root (supplied in the untrusted pool) but only an
unrelated root is anchored.  The complete self-signed path scores best (spec §4.7) and gets
AnchorTrusted on the root: errSecNotTrusted (-67843), “TrustCheck Test Root” certificate is not
trusted.""")

ROOT_ORG_ONLY = make_ca("root-org-only", name(("C", "US"), ("O", "TrustCheck Org Root")), key("root-org-only"))
INT_UNDER_ORG_ROOT = make_ca("intermediate-under-org-root", "TrustCheck Intermediate Under Org Root",
                             key("intermediate-under-org-root"), ROOT_ORG_ONLY)
LEAF_UNDER_ORG_ROOT = make_leaf("anchors-leaf-under-org-root", INT_UNDER_ORG_ROOT)
V.case("untrusted-root-without-cn", leaf=LEAF_UNDER_ORG_ROOT, anchors=[OTHER_ROOT],
       intermediates=[INT_UNDER_ORG_ROOT, ROOT_ORG_ONLY],
       chain=[LEAF_UNDER_ORG_ROOT, INT_UNDER_ORG_ROOT, ROOT_ORG_ONLY], failures=[(2, "AnchorTrusted")],
       importance="low", description="""
Like untrusted-root, but the root's subject is C=US, O=TrustCheck Org Root (no CN, no SAN).  The
summary ranks O above C: “TrustCheck Org Root” certificate is not trusted (spec §5.3).""")

V.case("missing-intermediate", leaf=LEAF, anchors=[ROOT], intermediates=[],
       chain=[LEAF], failures=[(0, "MissingIntermediate")], description="""
The intermediate is not supplied (and the leaf has no AIA, so there is nothing to fetch).  The best
path is the leaf alone, which is not self-signed: MissingIntermediate on index 0,
errSecCreateChainFailed (-25318), “www.example.test” certificate is not trusted.""")

INT2_UNDER_INT = make_ca("second-level-intermediate", "TrustCheck Second-Level Intermediate",
                         key("second-level-intermediate"), INT)
LEAF_UNDER_INT2 = make_leaf("anchors-leaf-under-second-level-intermediate", INT2_UNDER_INT)
V.case("missing-upper-intermediate", leaf=LEAF_UNDER_INT2, anchors=[ROOT], intermediates=[INT2_UNDER_INT],
       chain=[LEAF_UNDER_INT2, INT2_UNDER_INT], failures=[(1, "MissingIntermediate")], description="""
Chain leaf <- second-level intermediate <- intermediate <- root with the middle CA missing.  The
longest partial path wins among non-self-signed partials (score +length, spec §4.7), so the chain is
[leaf, second-level intermediate] and MissingIntermediate is on index 1: -25318,
“TrustCheck Second-Level Intermediate” certificate is not trusted.""")

V.case("full-four-cert-chain", leaf=LEAF_UNDER_INT2, anchors=[ROOT], intermediates=[INT2_UNDER_INT, INT],
       chain=[LEAF_UNDER_INT2, INT2_UNDER_INT, INT, ROOT], importance="medium", description="""
The same four-certificate chain with both intermediates supplied.  Trusted.""")

SELF_SIGNED = make_leaf("anchors-self-signed-leaf", None, key("self-signed-leaf"),
                        subject="selfsigned.example.test", san=("selfsigned.example.test",))
V.case("self-signed-leaf-not-anchored", leaf=SELF_SIGNED, anchors=[ROOT], host="selfsigned.example.test",
       chain=[SELF_SIGNED], failures=[(0, "AnchorTrusted")], description="""
A self-signed leaf (394 days, serverAuth, SAN matches) that is not among the anchors: AnchorTrusted on
index 0, -67843, “selfsigned.example.test” certificate is not trusted.""")

V.case("self-signed-leaf-anchored", leaf=SELF_SIGNED, anchors=[SELF_SIGNED], host="selfsigned.example.test",
       chain=[SELF_SIGNED], description="""
The self-signed leaf itself is the app anchor: the 1-certificate path is anchored immediately
(SecPathBuilderProcessLeaf).  Leaf checks still run and pass.  Trusted, chain length 1.""")

V.case("leaf-itself-anchor", leaf=LEAF, anchors=[LEAF], intermediates=[INT, ROOT],
       chain=[LEAF], description="""
A CA-issued leaf pinned as the only anchor: app anchors are unrestricted, any certificate can be an
anchor (spec §3.1).  The path stops at the leaf (chain length 1, no signature check needed) even
though its issuer is available.  Trusted.""")

V.case("leaf-itself-anchor-expired", leaf=LEAF_EXPIRED, anchors=[LEAF_EXPIRED], intermediates=[INT],
       chain=[LEAF_EXPIRED], failures=[(0, "TemporalValidity")], importance="medium", description="""
The pinned leaf is expired: being an anchor does not exempt it from TemporalValidity (spec §3.2).
-67818.""")

V.case("leaf-itself-anchor-hostname-mismatch", leaf=LEAF, anchors=[LEAF], host="other.example.test",
       chain=[LEAF], failures=[(0, "SSLHostname")], importance="medium", description="""
A pinned leaf still goes through every leaf policy check: hostname mismatch gives -67602.""")

V.case("intermediate-as-anchor", leaf=LEAF, anchors=[INT], intermediates=[ROOT],
       chain=[LEAF, INT], description="""
The intermediate is the app anchor; the root is available in the pool but the path stops at the
first anchored parent because anchor sources are searched first (spec §3.2).  Chain [leaf,
intermediate], trusted.""")

V.case("empty-anchor-set", leaf=SYS_LEAF, anchors=[], anchors_only=True, intermediates=[SYS_INT],
       system_anchors=[SYS_ROOT], chain=[SYS_LEAF, SYS_INT, SYS_ROOT], failures=[(2, "AnchorTrusted")],
       description="""
SecTrustSetAnchorCertificates(empty array): anchorsOnly = true and nothing is trusted.  The system
root is not in the pool but system roots are still used as ordinary (untrusted) parents when
anchorsOnly is set (spec §3.1), so the path ends at TrustCheck System Root with AnchorTrusted:
-67843, “TrustCheck System Root” certificate is not trusted.""")

V.case("system-anchors-only", leaf=SYS_LEAF, anchors=[], anchors_only=False, intermediates=[SYS_INT],
       system_anchors=[SYS_ROOT], chain=[SYS_LEAF, SYS_INT, SYS_ROOT], description="""
No custom anchors at all (SecTrustSetAnchorCertificates never called): the system store decides.
The leaf complies with the system-root rules (explicit serverAuth, <= 398 days).  Trusted,
kSecTrustResultUnspecified.""")

V.case("custom-anchors-disable-system", leaf=SYS_LEAF, anchors=[ROOT], intermediates=[SYS_INT],
       system_anchors=[SYS_ROOT], chain=[SYS_LEAF, SYS_INT, SYS_ROOT], failures=[(2, "AnchorTrusted")],
       description="""
Custom anchors set (anchors_only defaults to true): system roots are no longer trusted but still
used to build the path, so a chain to a system root fails with AnchorTrusted on it (-67843,
“TrustCheck System Root” certificate is not trusted; spec §3.2).""")

V.case("custom-plus-system-anchors-system-chain", leaf=SYS_LEAF, anchors=[ROOT], anchors_only=False,
       intermediates=[SYS_INT], system_anchors=[SYS_ROOT], chain=[SYS_LEAF, SYS_INT, SYS_ROOT], description="""
SecTrustSetAnchorCertificates(custom) then SecTrustSetAnchorCertificatesOnly(false): custom anchors
plus the system store.  A chain to the system root is trusted.""")

V.case("custom-plus-system-anchors-custom-chain", leaf=LEAF, anchors=[ROOT], anchors_only=False,
       intermediates=[INT], system_anchors=[SYS_ROOT], chain=[LEAF, INT, ROOT], description="""
Custom plus system anchors; this chain ends at the custom anchor.  Trusted.""")

V.case("system-root-supplied-but-custom-anchors", leaf=SYS_LEAF, anchors=[OTHER_ROOT],
       intermediates=[SYS_INT, SYS_ROOT], system_anchors=[SYS_ROOT],
       chain=[SYS_LEAF, SYS_INT, SYS_ROOT], failures=[(2, "AnchorTrusted")], importance="medium", description="""
Same as custom-anchors-disable-system with the system root also present in the untrusted pool.""")

V.case("untrusted-root-basic-policy", leaf=LEAF, anchors=[OTHER_ROOT], intermediates=[INT, ROOT],
       policy="basic", chain=[LEAF, INT, ROOT], failures=[(2, "AnchorTrusted")], importance="medium",
       description="""
AnchorTrusted is forced for every policy, including SecPolicyCreateBasicX509: -67843.""")

# ----------------------------------------------------------------------------------------
# path-building
# ----------------------------------------------------------------------------------------

V.start("path-building")

ROOT_A = make_ca("root-a-expired", "TrustCheck Root A", key("root-a"), not_before="2010-01-01", not_after="2025-12-31")
ROOT_B = make_ca("root-b", "TrustCheck Root B", key("root-b"))
XS_A_BY_B = make_ca("root-a-cross-signed-by-root-b", "TrustCheck Root A", key("root-a"), ROOT_B,
                    not_before="2020-01-01", not_after="2035-01-01")
INT_UNDER_A = make_ca("intermediate-under-root-a", "TrustCheck Intermediate Under Root A",
                      key("intermediate-under-root-a"), ROOT_A, not_before="2020-01-01", not_after="2035-01-01")
LEAF_UNDER_A = make_leaf("path-leaf-under-root-a", INT_UNDER_A)
V.case("expired-root-valid-cross-sign", leaf=LEAF_UNDER_A, anchors=[ROOT_A, ROOT_B],
       intermediates=[INT_UNDER_A, XS_A_BY_B], chain=[LEAF_UNDER_A, INT_UNDER_A, XS_A_BY_B, ROOT_B],
       description="""
"Chain of pain": the intermediate is issued by Root A, whose self-signed anchor expired 2025-12-31;
Root A's key is also cross-signed by Root B (valid anchor).  Apple tries the anchored path to the
expired Root A first, rejects it on the parent checks (validity), keeps searching, and accepts
leaf <- intermediate <- Root A (cross-sign) <- Root B (spec §4.7).  Trusted with a 4-certificate
chain.  OpenSSL 3.0 picks the expired trusted Root A and fails (expected disagreement).""")

V.case("expired-root-no-alternative", leaf=LEAF_UNDER_A, anchors=[ROOT_A, ROOT_B], intermediates=[INT_UNDER_A],
       chain=[LEAF_UNDER_A, INT_UNDER_A, ROOT_A], failures=[(2, "TemporalValidity")], importance="medium",
       description="""
Same, without the cross-sign: the only anchored path ends at the expired Root A, which is reported
(TemporalValidity at index 2, “TrustCheck Root A” certificate is expired).""")

ROOT_R_OLD = make_ca("reissued-root-old", "TrustCheck Reissued Root", key("reissued-root"),
                     not_before="2010-01-01", not_after="2025-12-31")
ROOT_R_NEW = make_ca("reissued-root-new", "TrustCheck Reissued Root", key("reissued-root"),
                     not_before="2025-06-01", not_after="2040-01-01")
INT_UNDER_R = make_ca("intermediate-under-reissued-root", "TrustCheck Intermediate Under Reissued Root",
                      key("intermediate-under-reissued-root"), ROOT_R_NEW)
LEAF_UNDER_R = make_leaf("path-leaf-under-reissued-root", INT_UNDER_R)
V.case("two-anchors-same-name-expired-first", leaf=LEAF_UNDER_R, anchors=[ROOT_R_OLD, ROOT_R_NEW],
       intermediates=[INT_UNDER_R], chain=[LEAF_UNDER_R, INT_UNDER_R, ROOT_R_NEW], description="""
Two anchors with the same subject and key (a re-issued root): the old one expired, the new one is
valid.  Whichever is found first, the expired one fails the parent checks and the path through the
valid one is accepted.  Trusted, chain ends at the new root.""")
V.case("two-anchors-same-name-valid-first", leaf=LEAF_UNDER_R, anchors=[ROOT_R_NEW, ROOT_R_OLD],
       intermediates=[INT_UNDER_R], chain=[LEAF_UNDER_R, INT_UNDER_R, ROOT_R_NEW], description="""
Same as two-anchors-same-name-expired-first with the anchor order reversed.""")

INT_RE_OLD = make_ca("reissued-intermediate-expired", "TrustCheck Reissued Intermediate", key("reissued-intermediate"),
                     ROOT, not_before="2018-01-01", not_after="2025-12-31")
INT_RE_NEW = make_ca("reissued-intermediate-valid", "TrustCheck Reissued Intermediate", key("reissued-intermediate"),
                     ROOT, not_before="2025-06-01", not_after="2035-01-01")
LEAF_UNDER_RE = make_leaf("path-leaf-under-reissued-intermediate", INT_RE_NEW)
V.case("two-intermediates-same-name-expired-first", leaf=LEAF_UNDER_RE, anchors=[ROOT],
       intermediates=[INT_RE_OLD, INT_RE_NEW], chain=[LEAF_UNDER_RE, INT_RE_NEW, ROOT], description="""
Two intermediates with the same subject and key, one expired, one valid, expired one first in the
pool.  The expired candidate is rejected by the parent checks (deprioritised, spec §4.7); the valid
one is used.  Trusted.""")
V.case("two-intermediates-same-name-valid-first", leaf=LEAF_UNDER_RE, anchors=[ROOT],
       intermediates=[INT_RE_NEW, INT_RE_OLD], chain=[LEAF_UNDER_RE, INT_RE_NEW, ROOT], description="""
Same with the valid intermediate first in the pool.  Trusted.""")
V.case("only-expired-reissued-intermediate", leaf=LEAF_UNDER_RE, anchors=[ROOT],
       intermediates=[INT_RE_OLD], chain=[LEAF_UNDER_RE, INT_RE_OLD, ROOT], failures=[(1, "TemporalValidity")],
       importance="medium", description="""
Only the expired copy is available: it is used and reported (TemporalValidity at index 1).""")

LOOP_A = make_ca("loop-a-by-b", "TrustCheck Loop A", key("loop-a"), issuer_stub("TrustCheck Loop B", key("loop-b")))
LOOP_B = make_ca("loop-b-by-a", "TrustCheck Loop B", key("loop-b"), issuer_stub("TrustCheck Loop A", key("loop-a")))
LOOP_A_BY_ROOT = make_ca("loop-a-by-root", "TrustCheck Loop A", key("loop-a"), ROOT)
LEAF_LOOP = make_leaf("path-leaf-under-loop-a", LOOP_A)
V.case("loop-without-exit", leaf=LEAF_LOOP, anchors=[ROOT],
       intermediates=[LOOP_A, LOOP_B, OTHER_INT, LOOP_B, LOOP_A, INT, OTHER_ROOT],
       chain=[LEAF_LOOP, LOOP_A, LOOP_B], failures=[(2, "MissingIntermediate")], description="""
Loop A signs B and B signs A (plus unrelated CAs and duplicates in the pool); nothing leads to the
anchor.  Building must terminate: [leaf, A, B] is not extended because B's issuer (Loop A) is
already a subject in the path (SecCertificatePathVCIsCycleInGraph).  Among the unanchored,
non-self-signed candidates the longest scores best (+length, spec §4.7), so the reported path is
[leaf, A, B] with MissingIntermediate at index 2: -25318, “TrustCheck Loop B” certificate is not
trusted.  (Spec ambiguity resolved from trustd's scoring: a cycle-terminated path counts as a
non-self-signed partial.)""")

V.case("loop-with-exit", leaf=LEAF_LOOP, anchors=[ROOT],
       intermediates=[LOOP_A, LOOP_B, OTHER_INT, LOOP_B, LOOP_A_BY_ROOT, LOOP_A, INT, OTHER_ROOT],
       chain=[LEAF_LOOP, LOOP_A_BY_ROOT, ROOT], description="""
The loop of loop-without-exit plus a second certificate for Loop A's key issued by the anchored
root, with duplicates and unrelated extras.  The builder must escape the loop and find
leaf <- Loop A (by root) <- root.  Trusted.""")

INT_BAD_SIG = make_ca("intermediate-bad-signature", "TrustCheck Test Intermediate", key("intermediate"), ROOT,
                      tamper_signature=True)
V.case("bad-signature-intermediate", leaf=LEAF, anchors=[ROOT], intermediates=[INT_BAD_SIG],
       chain=[LEAF, INT_BAD_SIG], failures=[(1, "MissingIntermediate")], description="""
The only intermediate has the right name and key (so it verifies the leaf) but its own signature
is corrupted.  The anchored path [leaf, intermediate, root] fails signature verification and is
silently discarded (spec §4.7); the best remaining path is the partial [leaf, intermediate]
(longer partials score higher), so MissingIntermediate lands on index 1: -25318,
“TrustCheck Test Intermediate” certificate is not trusted.""")

V.case("bad-signature-intermediate-with-good-copy", leaf=LEAF, anchors=[ROOT], intermediates=[INT_BAD_SIG, INT],
       chain=[LEAF, INT, ROOT], importance="medium", description="""
The corrupted intermediate plus the good one: the bad-signature path is discarded and the good
chain is trusted.""")

INT_SHA1 = make_ca("intermediate-sha1-signed", "TrustCheck Test Intermediate", key("intermediate"), ROOT,
                   hash_name="sha1")
V.case("prefer-sha2-intermediate-ssl", leaf=LEAF, anchors=[ROOT], intermediates=[INT_SHA1, INT],
       chain=[LEAF, INT, ROOT], importance="medium", description="""
Two intermediates with the same subject and key, one signed by the root with SHA-1, one with
SHA-256.  Under SSL the SHA-1 path fails SignatureHashAlgorithms, so the SHA-256 path is accepted.
Trusted.""")
V.case("prefer-sha2-intermediate-basic", leaf=LEAF, anchors=[ROOT], intermediates=[INT_SHA1, INT],
       policy="basic", chain=[LEAF, INT, ROOT], importance="medium", description="""
Same pool under BasicX509, where both paths are acceptable: when an accepted path has a SHA-1
certificate below the anchor but the leaf is SHA-2, trustd keeps looking and prefers the all-SHA-2
path (+10 score, SecPathBuilderAccept; PathScoringTests "prefer SHA-2").""")

# ----------------------------------------------------------------------------------------
# constraints: basic constraints, key usage, critical extensions, AKI/SKI, subject
# ----------------------------------------------------------------------------------------

V.start("constraints")

INT_NO_BC = make_ca("intermediate-no-basic-constraints", "TrustCheck No-BC Intermediate",
                    key("intermediate-no-bc"), ROOT, bc="missing")
LEAF_NO_BC = make_leaf("constraints-leaf-under-no-bc", INT_NO_BC)
V.case("intermediate-missing-basic-constraints", leaf=LEAF_NO_BC, anchors=[ROOT], intermediates=[INT_NO_BC],
       chain=[LEAF_NO_BC, INT_NO_BC, ROOT], failures=[(1, "BasicConstraints")], description="""
A v3 intermediate without basicConstraints: forced BasicConstraints at index 1
(errSecNoBasicConstraints -67604, “TrustCheck No-BC Intermediate” certificate is not standards
compliant).""")

INT_NOT_CA = make_ca("intermediate-not-ca", "TrustCheck Non-CA Intermediate", key("intermediate-not-ca"), ROOT,
                     bc="not-ca")
LEAF_NOT_CA = make_leaf("constraints-leaf-under-not-ca", INT_NOT_CA)
V.case("intermediate-ca-false", leaf=LEAF_NOT_CA, anchors=[ROOT], intermediates=[INT_NOT_CA],
       chain=[LEAF_NOT_CA, INT_NOT_CA, ROOT], failures=[(1, "BasicConstraintsCA")], description="""
Intermediate with basicConstraints cA=FALSE: forced BasicConstraintsCA at index 1
(errSecNoBasicConstraintsCA -67605).""")

INT_PL0 = make_ca("intermediate-pathlen-0", "TrustCheck PathLen0 Intermediate", key("intermediate-pathlen-0"), ROOT,
                  path_len=0)
INT_UNDER_PL0 = make_ca("intermediate-under-pathlen-0", "TrustCheck Sub Intermediate",
                        key("intermediate-under-pathlen-0"), INT_PL0)
LEAF_PL_EXCEEDED = make_leaf("constraints-leaf-pathlen-exceeded", INT_UNDER_PL0)
V.case("pathlen-exceeded", leaf=LEAF_PL_EXCEEDED, anchors=[ROOT], intermediates=[INT_PL0, INT_UNDER_PL0],
       chain=[LEAF_PL_EXCEEDED, INT_UNDER_PL0, INT_PL0, ROOT], failures=[(1, "BasicConstraintsPathLen")],
       description="""
root <- PathLen0 Intermediate (pathLenConstraint 0) <- Sub Intermediate <- leaf.  RFC 5280 §6.1.4
(l): max_path_length reaches 0 at the pathLen-0 CA, so processing the next non-self-issued CA (the
Sub Intermediate, index 1) fails: BasicConstraintsPathLen at index 1,
errSecPathLengthConstraintExceeded (-67611), “TrustCheck Sub Intermediate” certificate is not
standards compliant.""")

LEAF_PL_OK = make_leaf("constraints-leaf-pathlen-0-ok", INT_PL0)
V.case("pathlen-0-respected", leaf=LEAF_PL_OK, anchors=[ROOT], intermediates=[INT_PL0],
       chain=[LEAF_PL_OK, INT_PL0, ROOT], importance="medium", description="""
pathLenConstraint 0 on the last CA before the leaf is fine.  Trusted.""")

ROOT_PL0 = make_ca("root-pathlen-0", "TrustCheck PathLen0 Root", key("root-pathlen-0"), path_len=0)
INT_UNDER_ROOT_PL0 = make_ca("intermediate-under-pathlen-0-root", "TrustCheck Intermediate Under PathLen0 Root",
                             key("intermediate-under-pathlen-0-root"), ROOT_PL0)
LEAF_UNDER_ROOT_PL0 = make_leaf("constraints-leaf-under-pathlen-0-root", INT_UNDER_ROOT_PL0)
V.case("anchor-pathlen-honoured", leaf=LEAF_UNDER_ROOT_PL0, anchors=[ROOT_PL0], intermediates=[INT_UNDER_ROOT_PL0],
       chain=[LEAF_UNDER_ROOT_PL0, INT_UNDER_ROOT_PL0, ROOT_PL0], failures=[(1, "BasicConstraintsPathLen")],
       importance="medium", description="""
The trusted anchor has pathLenConstraint 0 and there is an intermediate below it.  Spec §3.2/§4.6:
a trusted anchor's pathLenConstraint caps max_path_length, so the intermediate (index 1) exceeds
it: BasicConstraintsPathLen at index 1 (-67611).  Ambiguity: older trustd sources only seed name
constraints from the anchor and never process its basicConstraints; we follow the spec (and RFC
5280 with the anchor treated as a certificate).""")

INT_KU_NO_CERTSIGN = make_ca("intermediate-ku-no-keycertsign", "TrustCheck DigitalSignature-only Intermediate",
                             key("intermediate-ku-no-keycertsign"), ROOT, key_usage=ku("digital_signature"))
LEAF_KU = make_leaf("constraints-leaf-under-ku-no-keycertsign", INT_KU_NO_CERTSIGN)
V.case("intermediate-keyusage-without-keycertsign", leaf=LEAF_KU, anchors=[ROOT], intermediates=[INT_KU_NO_CERTSIGN],
       chain=[LEAF_KU, INT_KU_NO_CERTSIGN, ROOT], failures=[(1, "KeyUsage")], description="""
The intermediate has keyUsage = digitalSignature only.  A CA keyUsage without keyCertSign is a
forced KeyUsage failure on the CA's index (1): errSecInvalidKeyUsageForPolicy (-67608),
“TrustCheck DigitalSignature-only Intermediate” certificate is not permitted for this usage.""")

ROOT_KU_NO_CERTSIGN = make_ca("root-ku-no-keycertsign", "TrustCheck No-KeyCertSign Root",
                              key("root-ku-no-keycertsign"), key_usage=ku("digital_signature", "crl_sign"))
INT_UNDER_ROOT_KU = make_ca("intermediate-under-no-keycertsign-root", "TrustCheck Intermediate Under No-KeyCertSign Root",
                            key("intermediate-under-no-keycertsign-root"), ROOT_KU_NO_CERTSIGN)
LEAF_UNDER_ROOT_KU = make_leaf("constraints-leaf-under-no-keycertsign-root", INT_UNDER_ROOT_KU)
V.case("anchor-keyusage-without-keycertsign", leaf=LEAF_UNDER_ROOT_KU, anchors=[ROOT_KU_NO_CERTSIGN],
       intermediates=[INT_UNDER_ROOT_KU], chain=[LEAF_UNDER_ROOT_KU, INT_UNDER_ROOT_KU, ROOT_KU_NO_CERTSIGN],
       failures=[(2, "KeyUsage")], importance="medium", description="""
The CA parent checks also run on the anchor (spec §3.2): its keyUsage lacks keyCertSign, so KeyUsage
at index 2 (-67608, “TrustCheck No-KeyCertSign Root” certificate is not permitted for this usage).""")

ROOT_NO_BC = make_ca("root-no-basic-constraints", "TrustCheck No-BC Root", key("root-no-bc"), bc="missing")
INT_UNDER_ROOT_NO_BC = make_ca("intermediate-under-no-bc-root", "TrustCheck Intermediate Under No-BC Root",
                               key("intermediate-under-no-bc-root"), ROOT_NO_BC)
LEAF_UNDER_ROOT_NO_BC = make_leaf("constraints-leaf-under-no-bc-root", INT_UNDER_ROOT_NO_BC)
V.case("anchor-missing-basic-constraints", leaf=LEAF_UNDER_ROOT_NO_BC, anchors=[ROOT_NO_BC],
       intermediates=[INT_UNDER_ROOT_NO_BC], chain=[LEAF_UNDER_ROOT_NO_BC, INT_UNDER_ROOT_NO_BC, ROOT_NO_BC],
       failures=[(2, "BasicConstraints")], importance="medium", description="""
A v3 anchor without basicConstraints: the anchor is checked like any CA (spec §3.2), forced
BasicConstraints at index 2 (-67604).""")

LEAF_CRIT = make_leaf("constraints-leaf-unknown-critical-extension", INT, extra=[unknown_critical_extension()])
V.case("unknown-critical-extension-leaf", leaf=LEAF_CRIT, anchors=[ROOT], intermediates=[INT],
       chain=[LEAF_CRIT, INT, ROOT], failures=[(0, "CriticalExtensions")], description="""
The leaf carries a critical extension with an unknown OID (1.3.6.1.4.1.55555.1.1):
CriticalExtensions at index 0, errSecUnknownCriticalExtensionFlag (-67603), “www.example.test”
certificate is not standards compliant.""")

INT_CRIT = make_ca("intermediate-unknown-critical-extension", "TrustCheck Critical-Extension Intermediate",
                   key("intermediate-unknown-critical"), ROOT, extra=[unknown_critical_extension()])
LEAF_UNDER_INT_CRIT = make_leaf("constraints-leaf-under-critical-extension-intermediate", INT_CRIT)
V.case("unknown-critical-extension-intermediate", leaf=LEAF_UNDER_INT_CRIT, anchors=[ROOT], intermediates=[INT_CRIT],
       chain=[LEAF_UNDER_INT_CRIT, INT_CRIT, ROOT], failures=[(1, "CriticalExtensions")], description="""
Unknown critical extension in the intermediate: CriticalExtensions at index 1 (-67603).""")

ROOT_CRIT = make_ca("root-unknown-critical-extension", "TrustCheck Critical-Extension Root",
                    key("root-unknown-critical"), extra=[unknown_critical_extension()])
INT_UNDER_ROOT_CRIT = make_ca("intermediate-under-critical-extension-root",
                              "TrustCheck Intermediate Under Critical-Extension Root",
                              key("intermediate-under-critical-root"), ROOT_CRIT)
LEAF_UNDER_ROOT_CRIT = make_leaf("constraints-leaf-under-critical-extension-root", INT_UNDER_ROOT_CRIT)
V.case("unknown-critical-extension-anchor", leaf=LEAF_UNDER_ROOT_CRIT, anchors=[ROOT_CRIT],
       intermediates=[INT_UNDER_ROOT_CRIT], chain=[LEAF_UNDER_ROOT_CRIT, INT_UNDER_ROOT_CRIT, ROOT_CRIT],
       description="""
Unknown critical extension in the trusted anchor: a trusted anchor is not processed by the RFC 5280
loop (only its validity, key, BC/KU parent checks and constraints are used), so the extension is
ignored and the chain is trusted (spec §3.2, §4.6).""",
       other_profiles={"webpki": {"expected_result": "FAILURE", "reason":
                                  "x509-limbo (rfc5280::unknown-critical-extension-root) rejects an "
                                  "anchor with an unknown critical extension; Apple does not process "
                                  "the anchor's extensions."},
                       "rfc5280": {"expected_result": "FAILURE", "reason":
                                   "Same as x509-limbo rfc5280::unknown-critical-extension-root."}})

LEAF_AKI_MISMATCH = make_leaf("constraints-leaf-aki-mismatch", INT, aki=bytes(range(1, 21)))
V.case("aki-ski-mismatch-leaf", leaf=LEAF_AKI_MISMATCH, anchors=[ROOT], intermediates=[INT],
       chain=[LEAF_AKI_MISMATCH, INT, ROOT], failures=[(0, "IdLinkage")], description="""
The leaf's authorityKeyIdentifier.keyIdentifier (01..14) differs from the intermediate's
subjectKeyIdentifier.  Apple finds parents by name only (no AKID filtering) and verifies the
signature, then flags IdLinkage on the child: index 0, errSecInvalidIDLinkage (-67610),
“www.example.test” certificate is not standards compliant.  OpenSSL refuses the issuer instead
(both fail).""")

INT_AKI_MISMATCH = make_ca("intermediate-aki-mismatch", "TrustCheck AKI-Mismatch Intermediate",
                           key("intermediate-aki-mismatch"), ROOT, aki=False,
                           extra=[(x509.AuthorityKeyIdentifier(key_identifier=bytes(range(21, 41)),
                                                               authority_cert_issuer=None,
                                                               authority_cert_serial_number=None), False)])
LEAF_UNDER_INT_AKI = make_leaf("constraints-leaf-under-aki-mismatch-intermediate", INT_AKI_MISMATCH)
V.case("aki-ski-mismatch-intermediate", leaf=LEAF_UNDER_INT_AKI, anchors=[ROOT], intermediates=[INT_AKI_MISMATCH],
       chain=[LEAF_UNDER_INT_AKI, INT_AKI_MISMATCH, ROOT], failures=[(1, "IdLinkage")], importance="medium",
       description="""
The intermediate's AKI does not match the root's SKI: IdLinkage at index 1 (-67610).""")

INT_EMPTY_SUBJECT = make_ca("intermediate-empty-subject", x509.Name([]), key("intermediate-empty-subject"), ROOT,
                            san=("email:ca@example.test",), san_critical=True)
LEAF_UNDER_EMPTY = make_leaf("constraints-leaf-under-empty-subject-ca", INT_EMPTY_SUBJECT)
V.case("empty-subject-ca", leaf=LEAF_UNDER_EMPTY, anchors=[ROOT], intermediates=[INT_EMPTY_SUBJECT],
       chain=[LEAF_UNDER_EMPTY, INT_EMPTY_SUBJECT, ROOT], failures=[(1, "NonEmptySubject")], description="""
A CA with an empty subject (and a critical SAN rfc822Name ca@example.test; the leaf's issuer is the
empty name).  NonEmptySubject fails for CA certificates with an empty subject regardless of SAN:
index 1, errSecInvalidSubjectName (-67655).  The subject summary of a certificate without subject
attributes is its first RFC822 name (spec §5.3), hence “ca@example.test” certificate is not
standards compliant.  Assumes the builder matches the leaf's empty issuer against the CA's empty
subject (normalized-name equality, which holds for two empty names).""")

LEAF_EMPTY_SUBJECT = make_leaf("constraints-leaf-empty-subject-noncritical-san", INT, subject=x509.Name([]))
V.case("empty-subject-leaf-noncritical-san", leaf=LEAF_EMPTY_SUBJECT, anchors=[ROOT], intermediates=[INT],
       chain=[LEAF_EMPTY_SUBJECT, INT, ROOT], failures=[(0, "NonEmptySubject")], importance="medium",
       description="""
Leaf with an empty subject and a non-critical SAN: a non-CA with an empty subject needs a critical
SAN (SecPolicyCheckCertNonEmptySubject), so NonEmptySubject at index 0 (-67655); the summary is the
first SAN DNS name, “www.example.test”.""")

LEAF_EMPTY_SUBJECT_CRIT = make_leaf("constraints-leaf-empty-subject-critical-san", INT, subject=x509.Name([]),
                                    san_critical=True)
V.case("empty-subject-leaf-critical-san", leaf=LEAF_EMPTY_SUBJECT_CRIT, anchors=[ROOT], intermediates=[INT],
       chain=[LEAF_EMPTY_SUBJECT_CRIT, INT, ROOT], importance="medium", description="""
Leaf with an empty subject and a critical SAN: allowed.  Trusted.""")

V.case("intermediate-missing-basic-constraints-basic-policy", leaf=LEAF_NO_BC, anchors=[ROOT],
       intermediates=[INT_NO_BC], policy="basic", chain=[LEAF_NO_BC, INT_NO_BC, ROOT],
       failures=[(1, "BasicConstraints")], importance="medium", description="""
CA-structure checks are forced for every policy: BasicConstraints at index 1 also under
SecPolicyCreateBasicX509.""")

# ----------------------------------------------------------------------------------------
# name-constraints
# ----------------------------------------------------------------------------------------

V.start("name-constraints")


def nc(permitted=None, excluded=None):
    return x509.NameConstraints(permitted_subtrees=permitted, excluded_subtrees=excluded)


NC_DNS = make_ca("nc-permitted-dns", "TrustCheck NC Permitted DNS Intermediate", key("nc-permitted-dns"), ROOT,
                 name_constraints=nc(permitted=[x509.DNSName("example.test")]))
L = make_leaf("nc-leaf-permitted-dns-ok", NC_DNS)
V.case("permitted-dns-satisfied", leaf=L, anchors=[ROOT], intermediates=[NC_DNS], chain=[L, NC_DNS, ROOT],
       description="""
Intermediate permits dNSName example.test; the leaf's SAN www.example.test is a subdomain.  Trusted.""")
L = make_leaf("nc-leaf-permitted-dns-violated", NC_DNS, subject="www.example.org", san=("www.example.org",))
V.case("permitted-dns-violated", leaf=L, anchors=[ROOT], intermediates=[NC_DNS], host="www.example.org",
       chain=[L, NC_DNS, ROOT], failures=[(0, "NameConstraints")], description="""
Intermediate permits only example.test; the leaf's SAN is www.example.org: NameConstraints at index 0,
errSecInvalidName (-67689), “www.example.org” certificate is not standards compliant.""")
L = make_leaf("nc-leaf-permitted-dns-label-boundary", NC_DNS, subject="www.notexample.test",
              san=("www.notexample.test",))
V.case("permitted-dns-label-boundary", leaf=L, anchors=[ROOT], intermediates=[NC_DNS], host="www.notexample.test",
       chain=[L, NC_DNS, ROOT], failures=[(0, "NameConstraints")], importance="medium", description="""
notexample.test ends with the characters "example.test" but not on a label boundary, so it is
outside the permitted subtree (SecDNSNameConstraintsMatch): -67689.""")
L = make_leaf("nc-leaf-cn-outside-san-inside", NC_DNS, subject="www.example.org", san=("www.example.test",))
V.case("permitted-dns-cn-not-checked", leaf=L, anchors=[ROOT], intermediates=[NC_DNS],
       chain=[L, NC_DNS, ROOT], importance="medium", description="""
The CN (www.example.org) is outside the permitted DNS subtree but the SAN is inside.  Apple never
treats the CN as a DNS name for name constraints (spec §4.6).  Trusted.""")

NC_DNS_EX = make_ca("nc-excluded-dns", "TrustCheck NC Excluded DNS Intermediate", key("nc-excluded-dns"), ROOT,
                    name_constraints=nc(excluded=[x509.DNSName("bad.example.test")]))
L = make_leaf("nc-leaf-excluded-dns-violated", NC_DNS_EX, subject="www.bad.example.test", san=("www.bad.example.test",))
V.case("excluded-dns-violated", leaf=L, anchors=[ROOT], intermediates=[NC_DNS_EX], host="www.bad.example.test",
       chain=[L, NC_DNS_EX, ROOT], failures=[(0, "NameConstraints")], description="""
Intermediate excludes bad.example.test; the leaf is www.bad.example.test: -67689.""")
L = make_leaf("nc-leaf-excluded-dns-ok", NC_DNS_EX)
V.case("excluded-dns-satisfied", leaf=L, anchors=[ROOT], intermediates=[NC_DNS_EX],
       chain=[L, NC_DNS_EX, ROOT], description="""
Intermediate excludes bad.example.test; the leaf is www.example.test.  Trusted.""")

NC_IP = make_ca("nc-permitted-ip", "TrustCheck NC Permitted IP Intermediate", key("nc-permitted-ip"), ROOT,
                name_constraints=nc(permitted=[x509.IPAddress(ipaddress.ip_network("192.0.2.0/24"))]))
L = make_leaf("nc-leaf-permitted-ip-ok", NC_IP, subject="192.0.2.10", san=("ip:192.0.2.10",))
V.case("permitted-ip-satisfied", leaf=L, anchors=[ROOT], intermediates=[NC_IP], host="192.0.2.10",
       chain=[L, NC_IP, ROOT], description="""
Intermediate permits iPAddress 192.0.2.0/24; the leaf's SAN IP is 192.0.2.10.  Trusted.""")
L = make_leaf("nc-leaf-permitted-ip-violated", NC_IP, subject="198.51.100.10", san=("ip:198.51.100.10",))
V.case("permitted-ip-violated", leaf=L, anchors=[ROOT], intermediates=[NC_IP], host="198.51.100.10",
       chain=[L, NC_IP, ROOT], failures=[(0, "NameConstraints")], description="""
Intermediate permits 192.0.2.0/24; the leaf's SAN IP is 198.51.100.10: -67689,
“198.51.100.10” certificate is not standards compliant.""")

NC_IP_EX = make_ca("nc-excluded-ip", "TrustCheck NC Excluded IP Intermediate", key("nc-excluded-ip"), ROOT,
                   name_constraints=nc(excluded=[x509.IPAddress(ipaddress.ip_network("198.51.100.0/24"))]))
L = make_leaf("nc-leaf-excluded-ip-violated", NC_IP_EX, subject="198.51.100.10", san=("ip:198.51.100.10",))
V.case("excluded-ip-violated", leaf=L, anchors=[ROOT], intermediates=[NC_IP_EX], host="198.51.100.10",
       chain=[L, NC_IP_EX, ROOT], failures=[(0, "NameConstraints")], description="""
Intermediate excludes 198.51.100.0/24; the leaf's SAN IP is inside it: -67689.""")

NC_EMAIL = make_ca("nc-permitted-email", "TrustCheck NC Permitted Email Intermediate", key("nc-permitted-email"), ROOT,
                   name_constraints=nc(permitted=[x509.RFC822Name("example.test")]))
L = make_leaf("nc-leaf-permitted-email-ok", NC_EMAIL, san=("www.example.test", "email:alice@example.test"))
V.case("permitted-email-satisfied", leaf=L, anchors=[ROOT], intermediates=[NC_EMAIL],
       chain=[L, NC_EMAIL, ROOT], importance="medium", description="""
Intermediate permits rfc822Name host example.test; the leaf's SAN has alice@example.test (and a DNS
name, which is unconstrained because no DNS subtree exists).  Trusted.""")
L = make_leaf("nc-leaf-permitted-email-violated", NC_EMAIL, san=("www.example.test", "email:alice@other.test"))
V.case("permitted-email-violated", leaf=L, anchors=[ROOT], intermediates=[NC_EMAIL],
       chain=[L, NC_EMAIL, ROOT], failures=[(0, "NameConstraints")], description="""
Intermediate permits rfc822Name example.test; the leaf's SAN has alice@other.test: -67689.""")

ALLOWED = name(("O", "TrustCheck Allowed"))
NC_DN = make_ca("nc-permitted-dn", "TrustCheck NC Permitted DN Intermediate", key("nc-permitted-dn"), ROOT,
                name_constraints=nc(permitted=[x509.DirectoryName(ALLOWED)]))
L = make_leaf("nc-leaf-permitted-dn-ok", NC_DN, subject=name(("O", "TrustCheck Allowed"), ("CN", "www.example.test")))
V.case("permitted-dn-satisfied", leaf=L, anchors=[ROOT], intermediates=[NC_DN], chain=[L, NC_DN, ROOT],
       features=["name-constraint-dn"], description="""
Intermediate permits directoryName O=TrustCheck Allowed; the leaf's subject is
O=TrustCheck Allowed, CN=www.example.test (the constraint's RDNs are a prefix).  Trusted.""")
L = make_leaf("nc-leaf-permitted-dn-violated", NC_DN, subject=name(("O", "TrustCheck Other"), ("CN", "www.example.test")))
V.case("permitted-dn-violated", leaf=L, anchors=[ROOT], intermediates=[NC_DN], chain=[L, NC_DN, ROOT],
       failures=[(0, "NameConstraints")], features=["name-constraint-dn"], description="""
Intermediate permits directoryName O=TrustCheck Allowed; the leaf's subject is O=TrustCheck Other,
CN=www.example.test: -67689, “www.example.test” certificate is not standards compliant.""")

EXCLUDED = name(("O", "TrustCheck Excluded"))
NC_DN_EX = make_ca("nc-excluded-dn", "TrustCheck NC Excluded DN Intermediate", key("nc-excluded-dn"), ROOT,
                   name_constraints=nc(excluded=[x509.DirectoryName(EXCLUDED)]))
L = make_leaf("nc-leaf-excluded-dn-violated", NC_DN_EX,
              subject=name(("O", "TrustCheck Excluded"), ("CN", "www.example.test")))
V.case("excluded-dn-violated", leaf=L, anchors=[ROOT], intermediates=[NC_DN_EX], chain=[L, NC_DN_EX, ROOT],
       failures=[(0, "NameConstraints")], features=["name-constraint-dn"], description="""
Intermediate excludes directoryName O=TrustCheck Excluded; the leaf's subject starts with it: -67689.""")

ROOT_NC = make_ca("root-name-constraints", "TrustCheck NC Root", key("root-nc"),
                  name_constraints=nc(permitted=[x509.DNSName("example.test")]))
INT_UNDER_ROOT_NC = make_ca("intermediate-under-nc-root", "TrustCheck Intermediate Under NC Root",
                            key("intermediate-under-nc-root"), ROOT_NC)
L = make_leaf("nc-leaf-under-nc-root-violated", INT_UNDER_ROOT_NC, subject="www.example.org", san=("www.example.org",))
V.case("anchor-constraints-violated", leaf=L, anchors=[ROOT_NC], intermediates=[INT_UNDER_ROOT_NC],
       host="www.example.org", chain=[L, INT_UNDER_ROOT_NC, ROOT_NC], failures=[(0, "NameConstraints")],
       description="""
The trusted anchor itself carries permitted dNSName example.test; its subtrees seed the state
(spec §3.2), so www.example.org two levels below violates it: NameConstraints at index 0 (-67689).
The intermediate has no DNS names and a DN-only subject, which DNS subtrees do not constrain.""")
L = make_leaf("nc-leaf-under-nc-root-ok", INT_UNDER_ROOT_NC)
V.case("anchor-constraints-satisfied", leaf=L, anchors=[ROOT_NC], intermediates=[INT_UNDER_ROOT_NC],
       chain=[L, INT_UNDER_ROOT_NC, ROOT_NC], importance="medium", description="""
Same anchor constraint, leaf www.example.test inside it.  Trusted.""")

# ----------------------------------------------------------------------------------------
# eku
# ----------------------------------------------------------------------------------------

V.start("eku")

L = make_leaf("eku-leaf-client-auth-only", INT, eku=(CLIENT_AUTH,))
V.case("leaf-client-auth-only", leaf=L, anchors=[ROOT], intermediates=[INT], chain=[L, INT, ROOT],
       failures=[(0, "ExtendedKeyUsage"), (0, "ServerAuthEKU")], description="""
Leaf EKU = clientAuth only under the SSL server policy: ExtendedKeyUsage fails (no anyEKU /
serverAuth / SGC OID) and, since the leaf was issued after 2019-06-30T23:00Z, the stricter
ServerAuthEKU fails too.  Both are Usage/-67609: “www.example.test” certificate is not permitted for
this usage.""")
LEAF_CLIENT = L

L = make_leaf("eku-leaf-no-eku-2025", INT, eku=None)
LEAF_NO_EKU = L
V.case("leaf-no-eku-after-2019", leaf=L, anchors=[ROOT], intermediates=[INT], chain=[L, INT, ROOT],
       failures=[(0, "ServerAuthEKU")], description="""
Leaf without an EKU extension, issued 2025, app anchor: ExtendedKeyUsage passes (absent EKU is
allowed) but ServerAuthEKU requires an explicit serverAuth for leaves issued after
2019-06-30T23:00Z (testAppTrustRoot_MissingEKU_AfterJul2019): -67609.""")

L = make_leaf("eku-leaf-any-eku-2025", INT, eku=(ANY_EKU,))
V.case("leaf-any-eku-after-2019", leaf=L, anchors=[ROOT], intermediates=[INT], chain=[L, INT, ROOT],
       failures=[(0, "ServerAuthEKU")], description="""
Leaf with only anyExtendedKeyUsage, issued 2025: ServerAuthEKU fails (testAppTrustRoot_AnyEKU_AfterJul2019),
-67609.""")

L = make_leaf("eku-leaf-no-eku-2019", INT, eku=None, not_before="2019-03-01", not_after="2020-02-01")
V.case("leaf-no-eku-before-jul-2019", leaf=L, anchors=[ROOT], intermediates=[INT], time=T_2019,
       chain=[L, INT, ROOT], description="""
Leaf without EKU issued 2019-03-01 (before the 2019-06-30T23:00Z cut-off), verified 2019-09-01:
ServerAuthEKU does not apply to app-anchored chains for older leaves.  Trusted.""",
       other_profiles=webpki("FAILURE", "CABF BR 7.1.2.7.6 requires an EKU with serverAuth in "
                             "subscriber certificates (x509-limbo webpki::eku::ee-without-eku, feature "
                             "pedantic-webpki-eku); Apple only requires it for leaves issued after "
                             "2019-06-30T23:00Z or chaining to a system root."))

L = make_leaf("eku-leaf-any-eku-2019", INT, eku=(ANY_EKU,), not_before="2019-03-01", not_after="2020-02-01")
V.case("leaf-any-eku-before-jul-2019", leaf=L, anchors=[ROOT], intermediates=[INT], time=T_2019,
       chain=[L, INT, ROOT], importance="medium", description="""
Leaf with anyExtendedKeyUsage issued before July 2019: passes (ExtendedKeyUsage accepts anyEKU,
ServerAuthEKU does not apply).  Trusted.""",
       other_profiles=webpki("FAILURE", "CABF BR 7.1.2.7.10 forbids anyExtendedKeyUsage in subscriber "
                             "certificates (x509-limbo webpki::eku::ee-anyeku); Apple accepts it for "
                             "app-anchored leaves issued before 2019-06-30T23:00Z."))

L = make_leaf("eku-leaf-no-eku-at-cutoff", INT, eku=None, not_before="2019-06-30T23:00:00Z",
              not_after="2020-06-30T23:00:00Z")
V.case("leaf-no-eku-issued-exactly-at-cutoff", leaf=L, anchors=[ROOT], intermediates=[INT], time="2019-09-01T00:00:00Z",
       chain=[L, INT, ROOT], importance="medium", description="""
notBefore is exactly 583628400 (2019-06-30T23:00:00Z).  ServerAuthEKU uses a strict comparison
(notBefore > 583628400, spec §7), so the rule does not apply.  Trusted.""",
       other_profiles=webpki("FAILURE", "CABF requires serverAuth in subscriber certificates."))

L = make_leaf("eku-leaf-no-eku-after-cutoff", INT, eku=None, not_before="2019-06-30T23:00:01Z",
              not_after="2020-06-30T23:00:01Z")
V.case("leaf-no-eku-issued-one-second-after-cutoff", leaf=L, anchors=[ROOT], intermediates=[INT],
       time="2019-09-01T00:00:00Z", chain=[L, INT, ROOT], failures=[(0, "ServerAuthEKU")], importance="medium",
       description="""
notBefore one second after the cut-off: ServerAuthEKU applies and fails (-67609).""")

SELF_SIGNED_NO_EKU = make_leaf("eku-self-signed-no-eku", None, key("self-signed-no-eku"),
                               subject="selfsigned-noeku.example.test", san=("selfsigned-noeku.example.test",), eku=None)
V.case("pinned-self-signed-leaf-no-eku", leaf=SELF_SIGNED_NO_EKU, anchors=[SELF_SIGNED_NO_EKU],
       host="selfsigned-noeku.example.test", chain=[SELF_SIGNED_NO_EKU], failures=[(0, "ServerAuthEKU")],
       description="""
A self-signed leaf without EKU, issued 2025, pinned as the app anchor: ServerAuthEKU still applies
(testAppTrustLeaf_MissingEKU_AfterJul2019), -67609,
“selfsigned-noeku.example.test” certificate is not permitted for this usage.""")

INT_EKU_CLIENT = make_ca("intermediate-eku-client-auth", "TrustCheck ClientAuth-only Intermediate",
                         key("intermediate-eku-client"), ROOT, eku=[CLIENT_AUTH])
L = make_leaf("eku-leaf-under-client-auth-intermediate", INT_EKU_CLIENT)
V.case("intermediate-eku-without-server-auth", leaf=L, anchors=[ROOT], intermediates=[INT_EKU_CLIENT],
       chain=[L, INT_EKU_CLIENT, ROOT], failures=[(1, "ExtendedKeyUsage")], description="""
Three-certificate chain whose intermediate has EKU = clientAuth only.  Spec §4.2: for chains longer
than two certificates every intermediate that has an EKU extension must contain anyEKU or one of
the policy's EKUs, else ExtendedKeyUsage at that index: index 1, -67609,
“TrustCheck ClientAuth-only Intermediate” certificate is not permitted for this usage.
Ambiguity: some older trustd releases only recorded this in analytics; we follow the spec.""",
       other_profiles={"rfc5280": {"expected_result": "SUCCESS", "reason":
                                   "RFC 5280 does not constrain EKU on CA certificates."}})

INT_EKU_SERVER = make_ca("intermediate-eku-server-auth", "TrustCheck ServerAuth Intermediate",
                         key("intermediate-eku-server"), ROOT, eku=[SERVER_AUTH, CLIENT_AUTH])
L = make_leaf("eku-leaf-under-server-auth-intermediate", INT_EKU_SERVER)
V.case("intermediate-eku-with-server-auth", leaf=L, anchors=[ROOT], intermediates=[INT_EKU_SERVER],
       chain=[L, INT_EKU_SERVER, ROOT], importance="medium", description="""
Intermediate EKU = serverAuth, clientAuth: fine.  Trusted.""")

INT_EKU_ANY = make_ca("intermediate-eku-any", "TrustCheck AnyEKU Intermediate", key("intermediate-eku-any"), ROOT,
                      eku=[ANY_EKU])
L = make_leaf("eku-leaf-under-any-eku-intermediate", INT_EKU_ANY)
V.case("intermediate-eku-any", leaf=L, anchors=[ROOT], intermediates=[INT_EKU_ANY],
       chain=[L, INT_EKU_ANY, ROOT], importance="medium", description="""
Intermediate EKU = anyExtendedKeyUsage: accepted for sub-CAs.  Trusted.""")

SYS_INT_EKU_CLIENT = make_ca("system-intermediate-eku-client-auth", "TrustCheck System ClientAuth Intermediate",
                             key("system-intermediate-eku-client"), SYS_ROOT, eku=[CLIENT_AUTH])
L = make_leaf("eku-system-leaf-under-client-auth-intermediate", SYS_INT_EKU_CLIENT)
V.case("system-chain-intermediate-eku-without-server-auth", leaf=L, anchors=[], intermediates=[SYS_INT_EKU_CLIENT],
       system_anchors=[SYS_ROOT], chain=[L, SYS_INT_EKU_CLIENT, SYS_ROOT],
       failures=[(0, "ServerAuthEKU"), (1, "ExtendedKeyUsage")], importance="medium", description="""
System-anchored chain whose sub-CA has an EKU without serverAuth/anyEKU: ServerAuthEKU records its
failure on index 0 (trustd's SecPolicyCheckServerAuthEKU sets the sub-CA result on the leaf) and
ExtendedKeyUsage fails at index 1 (spec §4.2).  Same subtype (Usage), lowest index wins:
-67609, “www.example.test” certificate is not permitted for this usage.""")

L = make_leaf("eku-system-leaf-any-eku", SYS_INT, eku=(ANY_EKU,))
V.case("system-chain-leaf-any-eku", leaf=L, anchors=[], intermediates=[SYS_INT], system_anchors=[SYS_ROOT],
       chain=[L, SYS_INT, SYS_ROOT], failures=[(0, "ServerAuthEKU")], importance="medium", description="""
System-anchored chain, leaf EKU = anyEKU: system roots always require an explicit serverAuth
(ServerAuthEKU, -67609).""")

L = make_leaf("eku-system-leaf-no-eku-2019", SYS_INT, eku=None, not_before="2019-03-01", not_after="2020-02-01")
V.case("system-chain-leaf-no-eku-before-jul-2019", leaf=L, anchors=[], intermediates=[SYS_INT],
       system_anchors=[SYS_ROOT], time=T_2019, chain=[L, SYS_INT, SYS_ROOT], failures=[(0, "ServerAuthEKU")],
       importance="medium", description="""
System-anchored chain, leaf without EKU issued before July 2019: the system-root branch of
ServerAuthEKU has no date cut-off, so it fails (-67609) even though an app-anchored chain would
pass (compare leaf-no-eku-before-jul-2019).""")

L = make_leaf("eku-leaf-server-and-client", INT, eku=(SERVER_AUTH, CLIENT_AUTH))
V.case("leaf-server-and-client-auth", leaf=L, anchors=[ROOT], intermediates=[INT], chain=[L, INT, ROOT],
       importance="medium", description="""
Leaf EKU = serverAuth, clientAuth.  Trusted.""")

V.case("client-policy-client-auth-leaf", leaf=LEAF_CLIENT, anchors=[ROOT], intermediates=[INT], kind="CLIENT",
       chain=[LEAF_CLIENT, INT, ROOT], importance="medium", description="""
SecPolicyCreateSSL(false, NULL) (validation_kind CLIENT, no name): the leaf EKU must allow
clientAuth, which it does.  The client policy has no ServerAuthEKU/KeySize/validity-period checks.
Trusted.""")
V.case("client-policy-server-auth-leaf", leaf=LEAF, anchors=[ROOT], intermediates=[INT], kind="CLIENT",
       chain=[LEAF, INT, ROOT], failures=[(0, "ExtendedKeyUsage")], importance="medium", description="""
Client policy with a serverAuth-only leaf: ExtendedKeyUsage at index 0 (-67609).""")

# ----------------------------------------------------------------------------------------
# validity-period (825 / 398 days)
# ----------------------------------------------------------------------------------------

V.start("validity-period")

L = make_leaf("period-826-days", INT, not_before="2025-01-01", not_after=plus("2025-01-01", 826 * D))
V.case("leaf-826-days-app-anchor", leaf=L, anchors=[ROOT], intermediates=[INT], chain=[L, INT, ROOT],
       failures=[(0, "OtherTrustValidityPeriod")], description="""
App-anchored leaf issued 2025-01-01 with an 826-day validity: OtherTrustValidityPeriod (825 days +
1 h for leaves issued on/after 2019-06-30T23:00Z, HT210176) at index 0,
errSecCertificateValidityPeriodTooLong (-67901), “www.example.test” certificate is not standards
compliant.""",
       other_profiles=NO_LIFETIME_LIMIT)

L = make_leaf("period-825-days-plus-1h", INT, not_before="2025-01-01", not_after=plus("2025-01-01", 825 * D + 3600))
V.case("leaf-825-days-plus-one-hour", leaf=L, anchors=[ROOT], intermediates=[INT], chain=[L, INT, ROOT],
       description="""
Exactly 825 days + 3600 s: the check is notAfter - notBefore > 825 d + 1 h, so this passes.""")

L = make_leaf("period-825-days-plus-1h-1s", INT, not_before="2025-01-01", not_after=plus("2025-01-01", 825 * D + 3601))
V.case("leaf-825-days-plus-one-hour-one-second", leaf=L, anchors=[ROOT], intermediates=[INT], chain=[L, INT, ROOT],
       failures=[(0, "OtherTrustValidityPeriod")], importance="medium", description="""
825 days + 3601 s: one second too long, -67901.""",
       other_profiles=NO_LIFETIME_LIMIT)

L = make_leaf("period-900-days-at-cutoff", INT, not_before="2019-06-30T23:00:00Z",
              not_after=plus("2019-06-30T23:00:00Z", 900 * D))
V.case("leaf-900-days-issued-exactly-at-cutoff", leaf=L, anchors=[ROOT], intermediates=[INT],
       time="2020-01-01T00:00:00Z", chain=[L, INT, ROOT], failures=[(0, "OtherTrustValidityPeriod")],
       importance="medium", description="""
notBefore exactly 2019-06-30T23:00:00Z (583628400).  Spec §4.3/§7: the validity-period rule uses
notBefore >= effective date (unlike ServerAuthEKU's strict >), so the 825-day limit applies: -67901.
Ambiguity: older trustd code (SecPolicyCheckOtherTrustValidityPeriodMaximums) compared with >, which
would pass this leaf; we follow the spec.""",
       other_profiles=NO_LIFETIME_LIMIT)

L = make_leaf("period-900-days-before-cutoff", INT, not_before="2019-06-30T22:59:59Z",
              not_after=plus("2019-06-30T22:59:59Z", 900 * D))
V.case("leaf-900-days-issued-before-cutoff", leaf=L, anchors=[ROOT], intermediates=[INT],
       time="2020-01-01T00:00:00Z", chain=[L, INT, ROOT], importance="medium", description="""
900-day leaf issued one second before 2019-06-30T23:00Z: no limit for app-anchored chains.
Trusted.""")

L = make_leaf("period-system-398-days-plus-1s", SYS_INT, not_before="2025-09-01",
              not_after=plus("2025-09-01", 398 * D + 1))
V.case("system-leaf-398-days-plus-one-second", leaf=L, anchors=[], intermediates=[SYS_INT],
       system_anchors=[SYS_ROOT], chain=[L, SYS_INT, SYS_ROOT], failures=[(0, "SystemTrustValidityPeriod")],
       description="""
System-anchored leaf issued 2025-09-01 valid 398 days + 1 s: SystemTrustValidityPeriod (398 days,
no slip, for leaves issued on/after 2020-09-01, HT211025) at index 0, -67901.""",
       other_profiles=NO_LIFETIME_LIMIT)

L = make_leaf("period-system-398-days", SYS_INT, not_before="2025-09-01", not_after=plus("2025-09-01", 398 * D))
V.case("system-leaf-398-days", leaf=L, anchors=[], intermediates=[SYS_INT], system_anchors=[SYS_ROOT],
       chain=[L, SYS_INT, SYS_ROOT], description="""
System-anchored leaf valid exactly 398 days: passes.""")

L = make_leaf("period-system-399-days-sep-2020", SYS_INT, not_before="2020-09-01",
              not_after=plus("2020-09-01", 399 * D))
V.case("system-leaf-399-days-issued-2020-09-01", leaf=L, anchors=[], intermediates=[SYS_INT],
       system_anchors=[SYS_ROOT], time="2021-01-01T00:00:00Z", chain=[L, SYS_INT, SYS_ROOT],
       failures=[(0, "SystemTrustValidityPeriod")], importance="medium", description="""
Issued exactly 2020-09-01T00:00:00Z (620611200, inclusive) with 399 days: the 398-day rule applies,
-67901.""",
       other_profiles=NO_LIFETIME_LIMIT)

L = make_leaf("period-system-500-days-aug-2020", SYS_INT, not_before="2020-08-31T23:59:59Z",
              not_after=plus("2020-08-31T23:59:59Z", 500 * D))
V.case("system-leaf-500-days-issued-before-sep-2020", leaf=L, anchors=[], intermediates=[SYS_INT],
       system_anchors=[SYS_ROOT], time="2021-01-01T00:00:00Z", chain=[L, SYS_INT, SYS_ROOT], importance="medium",
       description="""
Issued one second before 2020-09-01 with 500 days: only the older 825-day system rule applies.
Trusted.""")

L400 = make_leaf("period-400-days", SYS_INT, not_before="2025-09-01", not_after=plus("2025-09-01", 400 * D))
V.case("pinned-system-root-400-days", leaf=L400, anchors=[SYS_ROOT], intermediates=[SYS_INT],
       system_anchors=[SYS_ROOT], chain=[L400, SYS_INT, SYS_ROOT], failures=[(0, "SystemTrustValidityPeriod")],
       description="""
The app pins a root that is also in the system store via SecTrustSetAnchorCertificates: the system
rules depend on the root's bytes, not on how it was anchored (spec §3.2), so the 400-day leaf fails
SystemTrustValidityPeriod (-67901).""",
       other_profiles=NO_LIFETIME_LIMIT)

L400_APP = make_leaf("period-400-days-app", INT, not_before="2025-09-01", not_after=plus("2025-09-01", 400 * D))
V.case("app-root-400-days", leaf=L400_APP, anchors=[ROOT], intermediates=[INT], chain=[L400_APP, INT, ROOT],
       description="""
A 400-day leaf under a private app anchor: only the 825-day rule applies.  Trusted.""",
       )

V.case("system-and-custom-anchors-400-days", leaf=L400, anchors=[ROOT], anchors_only=False, intermediates=[SYS_INT],
       system_anchors=[SYS_ROOT], chain=[L400, SYS_INT, SYS_ROOT], failures=[(0, "SystemTrustValidityPeriod")],
       importance="medium", description="""
Custom plus system anchors; the 400-day leaf chains to the system root: -67901.""",
       other_profiles=NO_LIFETIME_LIMIT)

DEV_PINNED = make_leaf("period-dev-cert-900-days-pinned", None, key("dev-cert"), subject="dev.example.test",
                       san=("dev.example.test",), not_before="2025-06-01", not_after=plus("2025-06-01", 900 * D))
V.case("self-signed-900-days-pinned", leaf=DEV_PINNED, anchors=[DEV_PINNED], host="dev.example.test",
       chain=[DEV_PINNED], failures=[(0, "OtherTrustValidityPeriod")], description="""
A self-signed 900-day development certificate pinned with SecTrustSetAnchorCertificates: app
anchoring does not exempt it (only a user/admin trust-settings leaf is exempt, spec §4.3): -67901,
“dev.example.test” certificate is not standards compliant.""")

# ----------------------------------------------------------------------------------------
# keys-and-signatures
# ----------------------------------------------------------------------------------------

V.start("keys-and-signatures")

L = make_leaf("keys-leaf-rsa1024", INT, key("leaf-rsa1024", "rsa1024"))
LEAF_RSA1024 = L
V.case("rsa-1024-leaf-ssl", leaf=L, anchors=[ROOT], intermediates=[INT], chain=[L, INT, ROOT],
       failures=[(0, "KeySize")], description="""
RSA-1024 leaf under SSL: KeySize (RSA >= 2048) at index 0, recoverable, errSecUnsupportedKeySize
(-67735), “www.example.test” certificate is using a broken key size.  1024 bits is not below the
WeakKeySize threshold (< 1024), so no fatal failure.""")
V.case("rsa-1024-leaf-basic", leaf=L, anchors=[ROOT], intermediates=[INT], policy="basic", chain=[L, INT, ROOT],
       description="""
Same RSA-1024 leaf under BasicX509 (no KeySize check): trusted.""")

INT_RSA1024 = make_ca("intermediate-rsa1024", "TrustCheck RSA-1024 Intermediate", key("intermediate-rsa1024", "rsa1024"),
                      ROOT)
L = make_leaf("keys-leaf-under-rsa1024-intermediate", INT_RSA1024)
V.case("rsa-1024-intermediate-ssl", leaf=L, anchors=[ROOT], intermediates=[INT_RSA1024], chain=[L, INT_RSA1024, ROOT],
       failures=[(1, "KeySize")], description="""
RSA-1024 intermediate under SSL: KeySize at index 1 (-67735).""")

ROOT_RSA1024 = make_ca("root-rsa1024", "TrustCheck RSA-1024 Root", key("root-rsa1024", "rsa1024"))
INT_UNDER_ROOT_RSA1024 = make_ca("intermediate-under-rsa1024-root", "TrustCheck Intermediate Under RSA-1024 Root",
                                 key("intermediate-under-rsa1024-root"), ROOT_RSA1024)
L = make_leaf("keys-leaf-under-rsa1024-root", INT_UNDER_ROOT_RSA1024)
V.case("rsa-1024-anchor-ssl", leaf=L, anchors=[ROOT_RSA1024], intermediates=[INT_UNDER_ROOT_RSA1024],
       chain=[L, INT_UNDER_ROOT_RSA1024, ROOT_RSA1024], failures=[(2, "KeySize")], importance="medium",
       description="""
The KeySize check covers every certificate including an app anchor (spec §4.4): index 2, -67735.""")

L = make_leaf("keys-leaf-rsa512", INT, key("leaf-rsa512", "rsa512"))
V.case("rsa-512-leaf-ssl", leaf=L, anchors=[ROOT], intermediates=[INT], chain=[L, INT, ROOT],
       failures=[(0, "KeySize"), (0, "WeakKeySize")], description="""
RSA-512 leaf under SSL: WeakKeySize (RSA < 1024, fatal) and KeySize at index 0.  Result
kSecTrustResultFatalTrustFailure, -67735.""")
V.case("rsa-512-leaf-basic", leaf=L, anchors=[ROOT], intermediates=[INT], policy="basic", chain=[L, INT, ROOT],
       failures=[(0, "WeakKeySize")], description="""
RSA-512 leaf under BasicX509: WeakKeySize only, still fatal (-67735).""")

L = make_leaf("keys-leaf-rsa2047", INT, key("leaf-rsa2047", "rsa2047"))
V.case("rsa-2047-leaf-ssl", leaf=L, anchors=[ROOT], intermediates=[INT], chain=[L, INT, ROOT], importance="low",
       description="""
RSA key with a 2047-bit modulus: SecCertificateIsAtLeastMinKeySize compares the block size in bytes
(256 >= (2048+7)/8), so it passes KeySize (spec §4.4).  Trusted.""",
       other_profiles=webpki("FAILURE", "CABF 6.1.5 requires RSA modulus sizes divisible by 8 "
                             "(x509-limbo webpki::forbidden-rsa-key-not-divisible-by-8-in-leaf, "
                             "feature pedantic-webpki-subscriber-key)."))

ROOT_P256 = make_ca("root-p256", "TrustCheck P-256 Root", key("root-p256", "p256"))
INT_P256 = make_ca("intermediate-p256", "TrustCheck P-256 Intermediate", key("intermediate-p256", "p256"), ROOT_P256)
L = make_leaf("keys-leaf-p256", INT_P256, key("leaf-p256", "p256"))
V.case("ec-p256-chain", leaf=L, anchors=[ROOT_P256], intermediates=[INT_P256], chain=[L, INT_P256, ROOT_P256],
       description="""
All-ECDSA P-256 chain (ecdsa-with-SHA256).  Trusted.""")

ROOT_P384 = make_ca("root-p384", "TrustCheck P-384 Root", key("root-p384", "p384"))
INT_P384 = make_ca("intermediate-p384", "TrustCheck P-384 Intermediate", key("intermediate-p384", "p384"), ROOT_P384)
L = make_leaf("keys-leaf-p384", INT_P384, key("leaf-p384", "p384"))
V.case("ec-p384-chain", leaf=L, anchors=[ROOT_P384], intermediates=[INT_P384], chain=[L, INT_P384, ROOT_P384],
       description="""
All-ECDSA P-384 chain (ecdsa-with-SHA384).  Trusted.""")

L = make_leaf("keys-leaf-p256-under-rsa", INT, key("leaf-p256", "p256"))
V.case("ec-p256-leaf-under-rsa-chain", leaf=L, anchors=[ROOT], intermediates=[INT], chain=[L, INT, ROOT],
       importance="medium", description="""
P-256 leaf issued by the RSA intermediate.  Trusted.""")

L = make_leaf("keys-leaf-p521-under-rsa", INT, key("leaf-p521", "p521"))
V.case("ec-p521-leaf", leaf=L, anchors=[ROOT], intermediates=[INT], chain=[L, INT, ROOT], importance="low",
       description="""
P-521 leaf (>= 256 bits): passes KeySize.  Trusted.""")

L = make_leaf("keys-leaf-ed25519", INT, key("leaf-ed25519", "ed25519"))
V.case("ed25519-leaf-ssl", leaf=L, anchors=[ROOT], intermediates=[INT], chain=[L, INT, ROOT],
       failures=[(0, "KeySize")], description="""
Ed25519 leaf under SSL: the SSL KeySize dictionary only has RSA and EC entries, so an Ed25519 key
fails KeySize (spec §4.4): index 0, recoverable, -67735.  Ed25519 is never a WeakKeySize.""")
V.case("ed25519-leaf-basic", leaf=L, anchors=[ROOT], intermediates=[INT], policy="basic", chain=[L, INT, ROOT],
       description="""
Same Ed25519 leaf under BasicX509: trusted.""")

L = make_leaf("keys-leaf-sha1", INT, hash_name="sha1")
LEAF_SHA1 = L
V.case("sha1-leaf-ssl", leaf=L, anchors=[ROOT], intermediates=[INT], chain=[L, INT, ROOT],
       failures=[(0, "SignatureHashAlgorithms")], description="""
Leaf signed with sha1WithRSAEncryption under SSL: SignatureHashAlgorithms at index 0, recoverable,
errSecInvalidDigestAlgorithm (-67815), “www.example.test” certificate is using a broken signature
algorithm (HT210176).""")
V.case("sha1-leaf-basic", leaf=L, anchors=[ROOT], intermediates=[INT], policy="basic", chain=[L, INT, ROOT],
       description="""
SHA-1 leaf under BasicX509: no SignatureHashAlgorithms check.  Trusted.""")

V.case("sha1-intermediate-ssl", leaf=LEAF, anchors=[ROOT], intermediates=[INT_SHA1], chain=[LEAF, INT_SHA1, ROOT],
       failures=[(1, "SignatureHashAlgorithms")], importance="medium", description="""
The intermediate is signed by the root with SHA-1: SignatureHashAlgorithms at index 1 (an
app-anchored SHA-1 intermediate still fails, spec §4.4), -67815.""")

ROOT_SHA1 = make_ca("root-sha1-self-signed", "TrustCheck SHA-1 Root", key("root-sha1"), hash_name="sha1")
INT_UNDER_ROOT_SHA1 = make_ca("intermediate-under-sha1-root", "TrustCheck Intermediate Under SHA-1 Root",
                              key("intermediate-under-sha1-root"), ROOT_SHA1)
L = make_leaf("keys-leaf-under-sha1-root", INT_UNDER_ROOT_SHA1)
V.case("sha1-self-signed-anchor-ssl", leaf=L, anchors=[ROOT_SHA1], intermediates=[INT_UNDER_ROOT_SHA1],
       chain=[L, INT_UNDER_ROOT_SHA1, ROOT_SHA1], importance="medium", description="""
The self-signed anchor's own signature uses SHA-1: SignatureHashAlgorithms skips self-signed
certificates and the anchor's self-signature is never verified.  Trusted.""")

L = make_leaf("keys-leaf-md5", INT, hash_name="md5")
V.case("md5-leaf-ssl", leaf=L, anchors=[ROOT], intermediates=[INT], chain=[L, INT, ROOT],
       failures=[(0, "SignatureHashAlgorithms"), (0, "WeakSignature")], description="""
Leaf signed with md5WithRSAEncryption under SSL: WeakSignature (MD2/MD4/MD5 on a non-self-signed
certificate, fatal) and SignatureHashAlgorithms at index 0.  kSecTrustResultFatalTrustFailure,
-67815.""")
V.case("md5-leaf-basic", leaf=L, anchors=[ROOT], intermediates=[INT], policy="basic", chain=[L, INT, ROOT],
       failures=[(0, "WeakSignature")], description="""
MD5 leaf under BasicX509: WeakSignature is part of every policy; fatal, -67815.""")

# ----------------------------------------------------------------------------------------
# priority (which error wins)
# ----------------------------------------------------------------------------------------

V.start("priority")

V.case("expired-and-hostname-mismatch", leaf=LEAF_EXPIRED, anchors=[ROOT], intermediates=[INT],
       host="other.example.test", chain=[LEAF_EXPIRED, INT, ROOT],
       failures=[(0, "SSLHostname"), (0, "TemporalValidity")], description="""
Expired leaf and hostname mismatch: Name (9) beats Expired (10), so -67602, “www.example.test”
certificate name does not match input (TrustInterfaceTests: "hostname mismatch must be a higher
priority").""")

V.case("empty-anchors-expired-and-hostname-mismatch", leaf=LEAF_EXPIRED, anchors=[], anchors_only=True,
       intermediates=[INT, ROOT], host="other.example.test", chain=[LEAF_EXPIRED, INT, ROOT],
       failures=[(0, "SSLHostname"), (0, "TemporalValidity"), (2, "AnchorTrusted")], description="""
Empty anchor array, expired leaf, hostname mismatch: Trust (7) beats Name and Expired, so -67843
and the message names the untrusted root: “TrustCheck Test Root” certificate is not trusted
(TrustInterfaceTests: "trust errors higher priority than hostname mismatch").""")

DEV = make_leaf("priority-dev-cert-900-days", None, key("dev-cert"), subject="dev.example.test",
                san=("dev.example.test",), not_before="2025-06-01", not_after=plus("2025-06-01", 900 * D))
V.case("self-signed-900-day-dev-cert-untrusted", leaf=DEV, anchors=[ROOT], host="dev.example.test",
       chain=[DEV], failures=[(0, "AnchorTrusted"), (0, "OtherTrustValidityPeriod")], description="""
Untrusted self-signed development certificate with a 900-day validity issued 2025: AnchorTrusted and
OtherTrustValidityPeriod on index 0.  Compliance (5) beats Trust (7): -67901,
“dev.example.test” certificate is not standards compliant — the well-known iOS 13+ symptom.""")

V.case("expired-intermediate-and-hostname-mismatch", leaf=LEAF_UNDER_INT_EXPIRED, anchors=[ROOT],
       intermediates=[INT_EXPIRED], host="other.example.test", chain=[LEAF_UNDER_INT_EXPIRED, INT_EXPIRED, ROOT],
       failures=[(0, "SSLHostname"), (1, "TemporalValidity")], importance="medium", description="""
Hostname mismatch on the leaf, expired intermediate: Name beats Expired although they are on
different certificates: -67602 naming the leaf.""")

V.case("weak-key-beats-trust-and-name", leaf=LEAF_RSA1024, anchors=[OTHER_ROOT], intermediates=[INT, ROOT],
       host="other.example.test", chain=[LEAF_RSA1024, INT, ROOT],
       failures=[(0, "KeySize"), (0, "SSLHostname"), (2, "AnchorTrusted")], importance="medium", description="""
RSA-1024 leaf, hostname mismatch, untrusted root: KeySize (2) beats Trust (7) and Name (9): -67735,
“www.example.test” certificate is using a broken key size (still recoverable).""")

V.case("compliance-on-intermediate-beats-trust-on-root", leaf=LEAF_NO_BC, anchors=[OTHER_ROOT],
       intermediates=[INT_NO_BC, ROOT], chain=[LEAF_NO_BC, INT_NO_BC, ROOT],
       failures=[(1, "BasicConstraints"), (2, "AnchorTrusted")], importance="medium", description="""
Intermediate without basicConstraints in an untrusted chain: Compliance (5) on index 1 beats Trust (7)
on index 2: -67604 naming “TrustCheck No-BC Intermediate”.""")

V.case("weak-hash-beats-missing-intermediate", leaf=LEAF_SHA1, anchors=[ROOT], intermediates=[],
       chain=[LEAF_SHA1], failures=[(0, "MissingIntermediate"), (0, "SignatureHashAlgorithms")], importance="medium",
       description="""
SHA-1 leaf without its intermediate: SignatureHashAlgorithms (WeakHash, 3) beats MissingIntermediate
(Trust, 7): -67815.""")

L = make_leaf("priority-rsa512-mismatch", INT, key("leaf-rsa512", "rsa512"))
V.case("fatal-weak-key-and-hostname-mismatch", leaf=L, anchors=[ROOT], intermediates=[INT],
       host="other.example.test", chain=[L, INT, ROOT],
       failures=[(0, "KeySize"), (0, "SSLHostname"), (0, "WeakKeySize")], importance="medium", description="""
RSA-512 leaf with a hostname mismatch: fatal result (WeakKeySize), code -67735 (KeySize subtype wins).""")

V.case("usage-beats-name", leaf=LEAF_CLIENT, anchors=[ROOT], intermediates=[INT], host="other.example.test",
       chain=[LEAF_CLIENT, INT, ROOT],
       failures=[(0, "ExtendedKeyUsage"), (0, "SSLHostname"), (0, "ServerAuthEKU")], importance="medium",
       description="""
clientAuth-only leaf with a hostname mismatch: Usage (8) beats Name (9): -67609.""")

# ----------------------------------------------------------------------------------------
# basic-policy: SecPolicyCreateBasicX509 passes where SSL fails
# ----------------------------------------------------------------------------------------

V.start("basic-policy")

L = make_leaf("basic-leaf-other-name", INT, subject="other.example.test", san=("other.example.test",))
V.case("hostname-irrelevant", leaf=L, anchors=[ROOT], intermediates=[INT], policy="basic", chain=[L, INT, ROOT],
       description="""
BasicX509 has no SSLHostname check: a leaf for other.example.test is trusted.""")
V.case("cn-only-leaf", leaf=LEAF_CN_ONLY, anchors=[ROOT], intermediates=[INT], policy="basic",
       chain=[LEAF_CN_ONLY, INT, ROOT], description="""
CN-only leaf (no SAN) under BasicX509: trusted.""")
V.case("client-auth-only-leaf", leaf=LEAF_CLIENT, anchors=[ROOT], intermediates=[INT], policy="basic",
       chain=[LEAF_CLIENT, INT, ROOT], description="""
clientAuth-only leaf under BasicX509 (no EKU checks): trusted.""")
V.case("no-eku-leaf-after-2019", leaf=LEAF_NO_EKU, anchors=[ROOT], intermediates=[INT], policy="basic",
       chain=[LEAF_NO_EKU, INT, ROOT], description="""
Leaf without EKU issued 2025 under BasicX509 (no ServerAuthEKU): trusted.""")
L = make_leaf("basic-leaf-900-days", INT, not_before="2025-01-01", not_after=plus("2025-01-01", 900 * D))
V.case("900-day-leaf", leaf=L, anchors=[ROOT], intermediates=[INT], policy="basic", chain=[L, INT, ROOT],
       description="""
900-day leaf under BasicX509 (no validity-period maximums): trusted.""")
L = make_leaf("basic-leaf-under-client-auth-intermediate", INT_EKU_CLIENT)
V.case("intermediate-eku-without-server-auth", leaf=L, anchors=[ROOT], intermediates=[INT_EKU_CLIENT],
       policy="basic", chain=[L, INT_EKU_CLIENT, ROOT], importance="medium", description="""
Intermediate with a clientAuth-only EKU under BasicX509: trusted.""")
V.case("expired-leaf", leaf=LEAF_EXPIRED, anchors=[ROOT], intermediates=[INT], policy="basic",
       chain=[LEAF_EXPIRED, INT, ROOT], failures=[(0, "TemporalValidity")], description="""
BasicX509 still checks temporal validity: -67818.""")
V.case("unknown-critical-extension-leaf", leaf=LEAF_CRIT, anchors=[ROOT], intermediates=[INT], policy="basic",
       chain=[LEAF_CRIT, INT, ROOT], failures=[(0, "CriticalExtensions")], importance="medium", description="""
CriticalExtensions is part of BasicX509: -67603.""")
V.case("aki-ski-mismatch", leaf=LEAF_AKI_MISMATCH, anchors=[ROOT], intermediates=[INT], policy="basic",
       chain=[LEAF_AKI_MISMATCH, INT, ROOT], failures=[(0, "IdLinkage")], importance="medium", description="""
IdLinkage is part of BasicX509: -67610.""")
V.case("missing-intermediate", leaf=LEAF, anchors=[ROOT], intermediates=[], policy="basic",
       chain=[LEAF], failures=[(0, "MissingIntermediate")], importance="medium", description="""
BasicX509 never fetches missing intermediates (NoNetworkAccess): -25318.""")


# ----------------------------------------------------------------------------------------
# anchors-encoding: encoding rules a trust anchor is (not) held to, under every profile
# ----------------------------------------------------------------------------------------

V.start("anchors-encoding")

ZERO_SERIAL_NOTE = ("A trust anchor is trusted by configuration: serial number 0 on the anchor is tolerated, as "
                    "pyca/cryptography, Chromium and Go tolerate it on roots (Go Daddy, Starfield, HARICA 2015 and "
                    "SECOM RootCA2 in Debian's store have it).")
ROOT_ZERO = make_ca("root-zero-serial", "TrustCheck Zero-Serial Root", key("root-zero-serial"), zero_serial=True)
INT_UNDER_ROOT_ZERO = make_ca("intermediate-under-zero-serial-root", "TrustCheck Intermediate Under Zero-Serial Root",
                              key("intermediate-under-zero-serial-root"), ROOT_ZERO)
LEAF_UNDER_ROOT_ZERO = make_leaf("anchors-encoding-leaf-under-zero-serial-root", INT_UNDER_ROOT_ZERO)
V.case("zero-serial-root-ssl", leaf=LEAF_UNDER_ROOT_ZERO, anchors=[ROOT_ZERO], intermediates=[INT_UNDER_ROOT_ZERO],
       chain=[LEAF_UNDER_ROOT_ZERO, INT_UNDER_ROOT_ZERO, ROOT_ZERO], description="""
The anchor's serialNumber is 0 (RFC 5280 §4.1.2.2 wants a positive one; real roots such as Go Daddy
Class 2 and Starfield Class 2 have 0).  Apple accepts any serial of 1 to 37 octets.  Trusted under
every profile.""",
       other_profiles={"webpki": {"expected_result": "SUCCESS", "reason": ZERO_SERIAL_NOTE},
                       "rfc5280": {"expected_result": "SUCCESS", "reason": ZERO_SERIAL_NOTE}})
V.case("zero-serial-root-basic", leaf=LEAF_UNDER_ROOT_ZERO, anchors=[ROOT_ZERO], intermediates=[INT_UNDER_ROOT_ZERO],
       policy="basic", chain=[LEAF_UNDER_ROOT_ZERO, INT_UNDER_ROOT_ZERO, ROOT_ZERO], importance="medium",
       description="""
The zero-serial root under BasicX509.  Trusted under every profile.""",
       other_profiles={"webpki": {"expected_result": "SUCCESS", "reason": ZERO_SERIAL_NOTE},
                       "rfc5280": {"expected_result": "SUCCESS", "reason": ZERO_SERIAL_NOTE}})
V.case("zero-serial-root-as-its-own-leaf", leaf=ROOT_ZERO, anchors=[ROOT_ZERO], policy="basic", chain=[ROOT_ZERO],
       importance="medium", description="""
The zero-serial root evaluated as its own leaf and anchor under BasicX509 (what walking a trust
store does): trusted under apple and rfc5280.""",
       other_profiles={"rfc5280": {"expected_result": "SUCCESS", "reason": ZERO_SERIAL_NOTE},
                       "webpki": {"expected_result": "FAILURE", "reason":
                                  "The web PKI validates the leaf as a subscriber certificate (CABF BR 7.1.2.7, "
                                  "pyca/cryptography permits_ee): a CA certificate with cA=TRUE, keyCertSign and "
                                  "no subjectAltName is not one, whatever its serial number."}})
INT_ZERO = make_ca("intermediate-zero-serial", "TrustCheck Zero-Serial Intermediate", key("intermediate-zero-serial"),
                   ROOT, zero_serial=True)
LEAF_UNDER_INT_ZERO = make_leaf("anchors-encoding-leaf-under-zero-serial-intermediate", INT_ZERO)
V.case("zero-serial-intermediate", leaf=LEAF_UNDER_INT_ZERO, anchors=[ROOT], intermediates=[INT_ZERO],
       chain=[LEAF_UNDER_INT_ZERO, INT_ZERO, ROOT], importance="medium", description="""
Serial number 0 on an intermediate: Apple accepts it (trusted), but the anchor's exemption does not
extend below it.""",
       other_profiles={reason_profile: {"expected_result": "FAILURE", "reason":
                                        "RFC 5280 §4.1.2.2: serialNumber must be positive; only the trust "
                                        "anchor is exempt (x509-limbo rfc5280::serial::zero)."}
                       for reason_profile in ("webpki", "rfc5280")})


# ----------------------------------------------------------------------------------------
# pinning: SPKI pins checked after default validation, on the evaluated chain
# ----------------------------------------------------------------------------------------

V.start("pinning")

# A backup pin: a key kept offline that no certificate carries yet (TrustKit requires one).
BACKUP_PIN = spki_pin(key("pinning-backup").public_key())

V.case("leaf-pin", leaf=LEAF, anchors=[ROOT], intermediates=[INT], chain=[LEAF, INT, ROOT],
       pins=[LEAF.spki_pin], pin_result="pinned", description="""
The reference chain with a pin on the leaf's key.  Default validation succeeds, then the pin is
found at index 0 of the evaluated chain: pinned.""")

V.case("intermediate-pin", leaf=LEAF, anchors=[ROOT], intermediates=[INT], chain=[LEAF, INT, ROOT],
       pins=[INT.spki_pin], pin_result="pinned", description="""
A pin on the intermediate's key (the usual choice: it survives leaf renewals).  Found at index 1:
pinned.""")

V.case("anchor-pin-anchor-not-presented", leaf=LEAF, anchors=[ROOT], intermediates=[INT],
       chain=[LEAF, INT, ROOT], pins=[ROOT.spki_pin], pin_result="pinned", description="""
A pin on the root's key; the server sends only leaf and intermediate.  Pins are checked on the
evaluated chain (SecTrustCopyCertificateChain after evaluation), which ends at the anchor whether or
not the server sent it, so the pin is found at index 2: pinned (TrustKit, Alamofire and
AFNetworking all hash the evaluated chain, pinning-libraries.md §6).""")

V.case("system-anchor-pin", leaf=SYS_LEAF, anchors=[], anchors_only=False, intermediates=[SYS_INT],
       system_anchors=[SYS_ROOT], chain=[SYS_LEAF, SYS_INT, SYS_ROOT], pins=[SYS_ROOT.spki_pin],
       pin_result="pinned", importance="medium", description="""
A pin on a root of the system trust store (the server does not send it): the evaluated chain ends at
the system anchor, which carries the pin at index 2: pinned.""")

V.case("backup-pin-only", leaf=LEAF, anchors=[ROOT], intermediates=[INT], chain=[LEAF, INT, ROOT],
       pins=[BACKUP_PIN], pin_result="no-matching-pin", description="""
Only the backup pin (a key no certificate carries yet) is configured.  The chain is trusted but no
certificate on it has the pin: no-matching-pin.  expected_result stays SUCCESS: it is the default
validation's verdict; the pin verdict is separate.""")

V.case("empty-pin-set", leaf=LEAF, anchors=[ROOT], intermediates=[INT], chain=[LEAF, INT, ROOT],
       pins=[], pin_result="no-matching-pin", importance="low", description="""
An empty pin set: nothing can match, so a trusted chain is still no-matching-pin (fails closed;
TrustKit refuses such a configuration before it gets here).""")

V.case("pin-on-presented-unused-certificate", leaf=LEAF, anchors=[ROOT],
       intermediates=[INT, OTHER_INT, OTHER_ROOT], chain=[LEAF, INT, ROOT],
       pins=[OTHER_INT.spki_pin, OTHER_ROOT.spki_pin], pin_result="no-matching-pin", description="""
The server also sends an unrelated intermediate and root, and those two are pinned.  They are not on
the evaluated path leaf <- intermediate <- root, so they are never hashed: no-matching-pin.  (A pin
checked on the presented certificates would match here; that is the mistake that lets an attacker
send the pinned certificate beside a chain of its own.)""")

V.case("untrusted-chain-pin-matches", leaf=LEAF, anchors=[OTHER_ROOT], intermediates=[INT, ROOT],
       chain=[LEAF, INT, ROOT], failures=[(2, "AnchorTrusted")],
       pins=[LEAF.spki_pin, INT.spki_pin, ROOT.spki_pin], pin_result="chain-not-trusted", description="""
anchors::untrusted-root with every certificate of the chain pinned: default validation fails
(AnchorTrusted on the unanchored root), so pins are not looked at and the verdict is
chain-not-trusted.  A pin never rescues an untrusted chain.""")

V.case("multiple-pins-one-matching", leaf=LEAF, anchors=[ROOT], intermediates=[INT], chain=[LEAF, INT, ROOT],
       pins=[BACKUP_PIN, OTHER_ROOT.spki_pin, INT.spki_pin], pin_result="pinned", description="""
Three pins: the backup, an unrelated root and the intermediate.  One pin anywhere on the chain is
enough (the libraries' "at least one" rule): pinned, matching index 1 only.""")

V.case("every-chain-certificate-pinned", leaf=LEAF, anchors=[ROOT], intermediates=[INT],
       chain=[LEAF, INT, ROOT], pins=[ROOT.spki_pin, INT.spki_pin, LEAF.spki_pin], pin_result="pinned",
       importance="medium", description="""
Leaf, intermediate and root all pinned (given root first): every match is reported, in chain order
0, 1, 2.""")

V.case("cross-signed-pin-on-chosen-root", leaf=LEAF_UNDER_A, anchors=[ROOT_A, ROOT_B],
       intermediates=[INT_UNDER_A, XS_A_BY_B], chain=[LEAF_UNDER_A, INT_UNDER_A, XS_A_BY_B, ROOT_B],
       pins=[ROOT_B.spki_pin], pin_result="pinned", description="""
path-building::expired-root-valid-cross-sign with a pin on Root B.  The expired self-signed Root A is
rejected and the path leaf <- intermediate <- Root A (cross-signed by B) <- Root B is chosen, so
Root B is the anchor of the evaluated chain and carries the pin at index 3: pinned.""")

V.case("cross-signed-pin-on-expired-root-key", leaf=LEAF_UNDER_A, anchors=[ROOT_A, ROOT_B],
       intermediates=[INT_UNDER_A, XS_A_BY_B], chain=[LEAF_UNDER_A, INT_UNDER_A, XS_A_BY_B, ROOT_B],
       pins=[ROOT_A.spki_pin], pin_result="pinned", importance="medium", description="""
The same chain with a pin on the expired self-signed Root A.  That certificate is not on the chosen
path, but its key is: the cross-signed Root A at index 2 has the same SubjectPublicKeyInfo.  SPKI
pins name keys, not certificates, so the pin matches at index 2: pinned.""")

V.case("expired-leaf-pin-matches", leaf=LEAF_EXPIRED, anchors=[ROOT], intermediates=[INT],
       chain=[LEAF_EXPIRED, INT, ROOT], failures=[(0, "TemporalValidity")], pins=[LEAF_EXPIRED.spki_pin],
       pin_result="chain-not-trusted", description="""
validity::expired-leaf with a pin on the leaf's key: the pin would match, but default validation
fails (TemporalValidity on the leaf), so the verdict is chain-not-trusted.""")

V.case("hostname-mismatch-pin-matches", leaf=LEAF, anchors=[ROOT], intermediates=[INT],
       host="other.example.test", chain=[LEAF, INT, ROOT], failures=[(0, "SSLHostname")],
       pins=[LEAF.spki_pin], pin_result="chain-not-trusted", importance="medium", description="""
hostname::mismatch with a pin on the leaf's key: a pin does not replace the hostname check.  Default
validation fails (SSLHostname), so the verdict is chain-not-trusted.""")


# ----------------------------------------------------------------------------------------
# readme: the example chain used in the top-level README
# ----------------------------------------------------------------------------------------

V.start("readme")

EX_ROOT = make_ca("example-root", "TrustCheck Example Root", key("example-root"),
                  not_before="2025-01-01", not_after="2035-01-01")
EX_INT = make_ca("example-intermediate", "TrustCheck Example Intermediate", key("example-intermediate"), EX_ROOT,
                 not_before="2025-01-01", not_after="2035-01-01")
EX_LEAF = make_leaf("example-leaf", EX_INT, key("example-leaf"), not_before="2026-11-01", not_after="2027-12-03")
README_TIME = "2026-12-01T00:00:00Z"
V.case("example-chain", leaf=EX_LEAF, anchors=[EX_ROOT], intermediates=[EX_INT], time=README_TIME,
       chain=[EX_LEAF, EX_INT, EX_ROOT], description="""
The chain shipped in vectors/readme-chain/ and anchors/example-root.pem: leaf www.example.test
(2026-11-01..2027-12-03, 397 days) <- TrustCheck Example Intermediate <- TrustCheck Example Root
(both 2025-01-01..2035-01-01).  Trusted at 2026-12-01 (and at any time within the leaf's validity).""")
V.case("example-chain-system-store", leaf=EX_LEAF, anchors=[], intermediates=[EX_INT], system_anchors=[EX_ROOT],
       time=README_TIME, chain=[EX_LEAF, EX_INT, EX_ROOT], importance="medium", description="""
The README chain with its root in the system store instead of passed as an anchor: the leaf also
satisfies the system-root rules (serverAuth EKU, <= 398 days).  Trusted.""")


# ----------------------------------------------------------------------------------------
# policy-tree: RFC 5280 certificate policies (its own module: policy_tree.py)
# ----------------------------------------------------------------------------------------

import policy_tree  # noqa: E402  (needs V and ROOT from above)

policy_tree.add(V, ROOT)


# ----------------------------------------------------------------------------------------
# crl-*: revocation by CRL (RFC 5280 §6.3), in crl_vectors.py
# ----------------------------------------------------------------------------------------

import crl_vectors  # noqa: E402  (needs V and the helpers above)

crl_vectors.add(V)


def write_readme_chain(check_only: bool) -> bool:
    ok = True
    ok &= emit(VECTORS_DIR / "readme-chain" / "leaf.pem", EX_LEAF.pem, check_only)
    ok &= emit(VECTORS_DIR / "readme-chain" / "intermediate.pem", EX_INT.pem, check_only)
    ok &= emit(VECTORS_DIR / "readme-chain" / "root.pem", EX_ROOT.pem, check_only)
    ok &= emit(REPO_DIR / "anchors" / "example-root.pem", EX_ROOT.pem, check_only)
    return ok


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true", help="do not write; fail if the committed files differ")
    args = ap.parse_args()
    ok = V.write(args.check) & write_readme_chain(args.check)
    total = sum(len(c) for c in V.groups.values())
    for g, cases in V.groups.items():
        print(f"{g}.json: {len(cases)} testcases")
    print(f"total: {total}")
    if args.check:
        print("up to date" if ok else "OUT OF DATE")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
