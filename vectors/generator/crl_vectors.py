"""Revocation-by-CRL vectors (vectors/crl-*.json): RFC 5280 §6.3 as TrustCheck implements it.

Apple's trustd has no CRL input (SecTrust takes stapled OCSP only; CRL checking is gated off in its
build), so these vectors record TrustCheck's §6.3 processing of the CRLs a caller supplies, with
Apple's result types, codes and messages for the checks it reports: Revocation (fatal, -67820) and
RevocationResponseRequired (recoverable, -67635, Apple's Pinning subtype whose message names the whole
chain).  `revocation` is "soft" (the default: an undetermined status fails only when every CRL that
applies is unusable, as x509-limbo's crl:: cases expect) or "require" (kSecRevocationRequirePositiveResponse:
every certificate below the anchor needs an answer).

Every CRL is built here with cryptography's CertificateRevocationListBuilder and signed with PKCS#1 v1.5
(deterministic), so re-running gives the same bytes.  Each expected_failures list is written by hand
from RFC 5280 §6.3.3; the description says which step decides.
"""

from __future__ import annotations


from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.x509.oid import ObjectIdentifier

from pki import build, cn, key, ku, make_ca, make_leaf, ski_ext, aki_ext, t

T = "2026-01-15T12:00:00Z"
THIS_UPDATE = "2026-01-01"
NEXT_UPDATE = "2026-02-01"
REVOKED_AT = "2025-12-01"

R = x509.ReasonFlags
ALL_REASONS = frozenset({R.key_compromise, R.ca_compromise, R.affiliation_changed, R.superseded,
                         R.cessation_of_operation, R.certificate_hold, R.privilege_withdrawn, R.aa_compromise})


def uri(path: str) -> x509.UniformResourceIdentifier:
    return x509.UniformResourceIdentifier(f"http://crl.example.test/{path}")


def crl(issuer, *, signer_key=None, number: int | None = 1, entries=(), extensions=(),
        this_update=THIS_UPDATE, next_update=NEXT_UPDATE) -> str:
    """A PEM CRL of `issuer` (a Cert or an x509.Name) signed by `signer_key` (default: the issuer's key).
    entries: (serial or Cert, reason or None, [extra entry extensions]); extensions: (ext, critical)."""
    name = issuer if isinstance(issuer, x509.Name) else issuer.subject
    signer_key = signer_key if signer_key is not None else issuer.key
    b = (x509.CertificateRevocationListBuilder()
         .issuer_name(name)
         .last_update(t(this_update))
         .next_update(t(next_update)))
    for serial, reason, extra in entries:
        serial = serial if isinstance(serial, int) else serial.cert.serial_number
        rb = x509.RevokedCertificateBuilder().serial_number(serial).revocation_date(t(REVOKED_AT))
        if reason is not None:
            rb = rb.add_extension(x509.CRLReason(reason), critical=False)
        for ext, critical in extra:
            rb = rb.add_extension(ext, critical=critical)
        b = b.add_revoked_certificate(rb.build())
    if number is not None:
        b = b.add_extension(x509.CRLNumber(number), critical=False)
    for ext, critical in extensions:
        b = b.add_extension(ext, critical=critical)
    return b.sign(signer_key, hashes.SHA256()).public_bytes(serialization.Encoding.PEM).decode()


def tampered(pem: str) -> str:
    """The CRL with the last bit of its signature flipped (still well-formed DER)."""
    der = bytearray(x509.load_pem_x509_crl(pem.encode()).public_bytes(serialization.Encoding.DER))
    der[-1] ^= 0x01
    return x509.load_der_x509_crl(bytes(der)).public_bytes(serialization.Encoding.PEM).decode()


def idp(*, names=None, user=False, ca=False, attribute=False, reasons=None, indirect=False):
    return (x509.IssuingDistributionPoint(full_name=names, relative_name=None, only_contains_user_certs=user,
                                          only_contains_ca_certs=ca, only_some_reasons=reasons, indirect_crl=indirect,
                                          only_contains_attribute_certs=attribute), True)


def crldp(*points) -> tuple:
    """cRLDistributionPoints of (names, reasons, crl_issuer) triples."""
    return (x509.CRLDistributionPoints([x509.DistributionPoint(full_name=n, relative_name=None, reasons=r,
                                                               crl_issuer=i) for n, r, i in points]), False)


def self_issued(cert_name: str, ca, subject_key, *, key_usage, not_after="2030-01-01", ca_cert=False):
    """A certificate whose subject and issuer are both `ca`'s name, signed by `ca`'s key: a CA's separate
    CRL-signing certificate, or (with ca_cert) the link certificate of a key rollover (RFC 4210 §4.4)."""
    exts = []
    if ca_cert:
        exts.append((x509.BasicConstraints(ca=True, path_length=None), True))
    exts += [(key_usage, True), ski_ext(subject_key), aki_ext(ca)]
    return build(cert_name, subject=ca.subject, subject_key=subject_key, issuer=ca, not_before=t("2025-01-01"),
                 not_after=t(not_after), extensions=exts)


def add(V) -> None:
    signers(V)
    scope(V)
    delta(V)
    indirect(V)
    modes(V)


# ----------------------------------------------------------------------------------------
# crl-signers: CRLs signed by another key than the one that issued the certificate
# ----------------------------------------------------------------------------------------

def signers(V) -> None:
    V.start("crl-signers")
    root = make_ca("crl-signers-root", "CRL Signers Root", key("crl-signers-root"))
    # The CA's own key signs certificates only; CRLs come from a separate key (RFC 5280 §6.3.3 (f)).
    ca = make_ca("crl-signers-ca", "CRL Signers CA", key("crl-signers-ca"), root, key_usage=ku("key_cert_sign"))
    leaf = make_leaf("crl-signers-leaf", ca)
    signer = self_issued("crl-signers-signer", ca, key("crl-signers-signer"), key_usage=ku("crl_sign"))
    signer_no_crlsign = self_issued("crl-signers-signer-no-crlsign", ca, key("crl-signers-signer"),
                                    key_usage=ku("digital_signature"))
    signer_expired = self_issued("crl-signers-signer-expired", ca, key("crl-signers-signer"),
                                 key_usage=ku("crl_sign"), not_after="2025-12-31")
    revokes = crl(ca, signer_key=signer.key, entries=[(leaf, R.key_compromise, [])])
    clean = crl(ca, signer_key=signer.key, number=2)
    root_clean = crl(root)
    chain = [leaf, ca, root]

    V.case("separate-signing-key-revokes", leaf=leaf, anchors=[root], intermediates=[ca, signer], chain=chain,
           crls=[revokes], failures=[(0, "Revocation")], description="""
The CA's certificate has keyUsage keyCertSign only; its CRLs are signed by a separate key, certified by
the CA in a self-issued certificate (subject and issuer both CN=CRL Signers CA) with keyUsage cRLSign.
§6.3.3 (f): the CRL signer is found among the presented certificates, validated to the same anchor
(CRL signer <- CA <- root) and has cRLSign; (g) its key verifies the CRL, which lists the leaf
(keyCompromise): Revocation, fatal.""")
    V.case("separate-signing-key-clean", leaf=leaf, anchors=[root], intermediates=[ca, signer], chain=chain,
           crls=[clean], description="""
The same PKI with a CRL from the separate signing key that lists nothing: the leaf is not revoked and the
CA (no CRL of the root given) is not checked, which soft-fail allows.  Trusted.  (The signer's own status
is not established either: the only CRL naming its issuer is the one it signed, which cannot vouch for
its own signer.)""")
    V.case("separate-signing-key-not-presented", leaf=leaf, anchors=[root], intermediates=[ca], chain=chain,
           crls=[revokes], importance="medium", description="""
The revoking CRL without the signer's certificate: no certificate named CN=CRL Signers CA among the path,
the presented certificates and the anchors has the key that signed it, so it is some other CA's CRL under
the same name and is ignored (not unusable).  Soft-fail: trusted.""")
    V.case("separate-signing-key-without-crlsign", leaf=leaf, anchors=[root], intermediates=[ca, signer_no_crlsign],
           chain=chain, crls=[revokes], failures=[(0, "RevocationResponseRequired")], description="""
The signing certificate has keyUsage digitalSignature only: §6.3.3 (f) refuses a CRL issuer whose keyUsage
lacks cRLSign.  The CRL applies to the leaf but may not be used, and it is the only one, so the status
cannot be established: RevocationResponseRequired (x509-limbo's answer for an unusable CRL, as
crl::issuer-missing-crlsign).""")
    V.case("separate-signing-key-expired", leaf=leaf, anchors=[root], intermediates=[ca, signer_expired],
           chain=chain, crls=[revokes], failures=[(0, "RevocationResponseRequired")], importance="medium",
           description="""
The signing certificate expired on 2025-12-31, before the evaluation time: its nested validation (a path
to the same anchor under the basic X.509 policy) fails, so the CRL it signed may not be used and the
leaf's status is unknown: RevocationResponseRequired.""")
    V.case("separate-signing-key-require", leaf=leaf, anchors=[root], intermediates=[ca, signer], chain=chain,
           crls=[clean, root_clean], revocation="require", failures=[(0, "RevocationResponseRequired")],
           importance="medium", description="""
separate-signing-key-clean with revocation required and the root's CRL for the CA.  The CA is answered by
the root's CRL, but the CRL signer's own status must be established too (§6.3.3 (f): the CRL issuer's path
is validated, revocation included), and the only CRL naming its issuer is the one it signed itself.  The
signer cannot be validated, so the leaf's CRL may not be used: RevocationResponseRequired on the leaf.""")

    # Key rollover (RFC 4210 §4.4): the root's old key issued the leaf; after the rollover the CRL is
    # signed by the new key, certified by the old one in a self-issued link certificate.
    old = make_ca("crl-rollover-old", "CRL Rollover Root", key("crl-rollover-old"))
    new_with_old = self_issued("crl-rollover-new-with-old", old, key("crl-rollover-new"),
                               key_usage=ku("key_cert_sign", "crl_sign"), ca_cert=True)
    rollover_leaf = make_leaf("crl-rollover-leaf", old)
    new_key = key("crl-rollover-new")
    rollover_revokes = crl(old, signer_key=new_key, entries=[(rollover_leaf, R.superseded, [])])
    rollover_clean = crl(old, signer_key=new_key, number=2)
    V.case("key-rollover-new-key-crl-revokes", leaf=rollover_leaf, anchors=[old], intermediates=[new_with_old],
           chain=[rollover_leaf, old], crls=[rollover_revokes], failures=[(0, "Revocation")], description="""
Root key rollover: the leaf was issued by the old key (the anchor), the CRL is signed by the new key, and
the self-issued NewWithOld link certificate (new key, signed by the old one) is presented.  §6.3.3 (f):
the link certificate is the CRL signer, validated to the same anchor; the CRL lists the leaf: Revocation.""")
    V.case("key-rollover-new-key-crl-clean", leaf=rollover_leaf, anchors=[old], intermediates=[new_with_old],
           chain=[rollover_leaf, old], crls=[rollover_clean], description="""
The same rollover with a CRL from the new key that lists nothing: not revoked.  Trusted.""")
    V.case("key-rollover-without-link-certificate", leaf=rollover_leaf, anchors=[old], chain=[rollover_leaf, old],
           crls=[rollover_revokes], importance="medium", description="""
The new key's revoking CRL without the link certificate: nothing certifies the new key, so the CRL is not
the root's as far as can be told, and is ignored.  Soft-fail: trusted.""")


# ----------------------------------------------------------------------------------------
# crl-scope: issuingDistributionPoint, distribution points and reasons
# ----------------------------------------------------------------------------------------

def scope(V) -> None:
    V.start("crl-scope")
    root = make_ca("crl-scope-root", "CRL Scope Root", key("crl-scope-root"))
    ca = make_ca("crl-scope-ca", "CRL Scope CA", key("crl-scope-ca"), root)
    dp1, dp2 = uri("scope/1.crl"), uri("scope/2.crl")
    leaf = make_leaf("crl-scope-leaf", ca, extra=[crldp(([dp1], None, None))])
    chain = [leaf, ca, root]
    listed = [(leaf, R.key_compromise, [])]
    root_clean = crl(root)

    def case(name_, crls, failures=(), **kw):
        V.case(name_, leaf=leaf, anchors=[root], intermediates=[ca], chain=chain, crls=crls, failures=failures, **kw)

    case("idp-matching-distribution-point-revokes", [crl(ca, entries=listed, extensions=[idp(names=[dp1], user=True)])],
         [(0, "Revocation")], description="""
A partitioned CRL: its issuingDistributionPoint (critical) names http://crl.example.test/scope/1.crl and
onlyContainsUserCerts, the leaf's cRLDistributionPoints names the same URI.  §6.3.3 (b)(2)(i)-(ii): the CRL
is the one for that point and covers end-entity certificates; it lists the leaf: Revocation.""")
    case("idp-matching-distribution-point-clean", [crl(ca, extensions=[idp(names=[dp1], user=True)])],
         description="""
The same partitioned CRL listing nothing: not revoked.  Trusted (a CRL with an issuingDistributionPoint is
processed, not refused as an unknown critical extension).""")
    case("idp-other-distribution-point", [crl(ca, entries=listed, extensions=[idp(names=[dp2])])],
         importance="medium", description="""
A CRL for another distribution point (scope/2.crl) that lists the leaf's serial: §6.3.3 (b)(2)(i) — its
names do not match the leaf's point, so it does not apply (not an unusable CRL).  No CRL applies;
soft-fail: trusted.""")
    case("idp-other-distribution-point-require", [crl(ca, entries=listed, extensions=[idp(names=[dp2])]), root_clean],
         [(0, "RevocationResponseRequired")], revocation="require", importance="medium", description="""
idp-other-distribution-point with revocation required (the root's CRL answers for the CA): nothing
establishes the leaf's status, so RevocationResponseRequired on the leaf.""")
    case("idp-only-ca-certificates", [crl(ca, entries=listed, extensions=[idp(names=[dp1], ca=True)])],
         description="""
A CRL scoped to CA certificates only (onlyContainsCACerts) listing the leaf's serial: §6.3.3 (b)(2)(iii)
— the leaf is no CA, the CRL does not apply to it.  Trusted under soft-fail.""")
    case("idp-only-user-certificates-for-ca", [crl(root, entries=[(ca, R.ca_compromise, [])], extensions=[idp(user=True)]),
                                               crl(ca)], description="""
The root's CRL, scoped to end-entity certificates (onlyContainsUserCerts, no name), lists the CA's serial:
§6.3.3 (b)(2)(ii) — the CA certificate asserts cA, the CRL does not apply to it.  The leaf's CRL is
clean.  Trusted.""")
    case("idp-only-attribute-certificates", [crl(ca, entries=listed, extensions=[idp(attribute=True)])],
         importance="medium", description="""
A CRL of attribute certificates only (onlyContainsAttributeCerts) listing the leaf's serial: §6.3.3
(b)(2)(iv) — it never applies to a public-key certificate.  Trusted under soft-fail.""")

    # onlySomeReasons partitions: two distribution points, each CRL covering some of the reasons.
    p1 = frozenset({R.key_compromise, R.ca_compromise})
    p2 = ALL_REASONS - p1
    part_leaf = make_leaf("crl-scope-partition-leaf", ca, extra=[crldp(([dp1], None, None), ([dp2], None, None))])
    part_chain = [part_leaf, ca, root]
    key_part_revokes = crl(ca, entries=[(part_leaf, R.key_compromise, [])], extensions=[idp(names=[dp1], reasons=p1)])
    key_part_clean = crl(ca, number=2, extensions=[idp(names=[dp1], reasons=p1)])
    rest_part_clean = crl(ca, number=3, extensions=[idp(names=[dp2], reasons=p2)])

    def part(name_, crls, failures=(), **kw):
        V.case(name_, leaf=part_leaf, anchors=[root], intermediates=[ca], chain=part_chain, crls=crls,
               failures=failures, **kw)

    part("only-some-reasons-partition-revokes", [key_part_revokes, rest_part_clean], [(0, "Revocation")],
         description="""
Reason partitions: the leaf names two distribution points; scope/1.crl's CRL covers keyCompromise and
cACompromise (onlySomeReasons), scope/2.crl's the other reasons.  The first lists the leaf for
keyCompromise: Revocation.""")
    part("only-some-reasons-both-partitions-require", [key_part_clean, rest_part_clean, root_clean],
         revocation="require", description="""
Both partitions clean, revocation required, the root's CRL for the CA: §6.3.3 (d), (l) — the two CRLs'
interim reasons together make all-reasons, so the leaf is not revoked; the CA is answered by the root's
CRL.  Trusted.""")
    part("only-some-reasons-one-partition-require", [key_part_clean, root_clean],
         [(0, "RevocationResponseRequired")], revocation="require", description="""
Only the keyCompromise/cACompromise partition is given: the leaf's reasons_mask stays short of
all-reasons, so its status is UNDETERMINED (§6.3.3, end); with revocation required that is
RevocationResponseRequired.""")
    part("only-some-reasons-one-partition-soft", [key_part_clean], importance="medium", description="""
The same single partition under soft-fail: a usable CRL was used, the status is undetermined for the
reasons it does not cover, which soft-fail reports without failing.  Trusted.""")


# ----------------------------------------------------------------------------------------
# crl-delta: delta CRLs (RFC 5280 §5.2.4, §6.3.3 (c), (h), (i), (k))
# ----------------------------------------------------------------------------------------

def delta(V) -> None:
    V.start("crl-delta")
    root = make_ca("crl-delta-root", "CRL Delta Root", key("crl-delta-root"))
    ca = make_ca("crl-delta-ca", "CRL Delta CA", key("crl-delta-ca"), root)
    fresh = (x509.FreshestCRL([x509.DistributionPoint(full_name=[uri("delta/delta.crl")], relative_name=None,
                                                      reasons=None, crl_issuer=None)]), False)
    leaf = make_leaf("crl-delta-leaf", ca, extra=[fresh])
    chain = [leaf, ca, root]

    def delta_crl(base: int, number: int, entries=(), **kw):
        return crl(ca, number=number, entries=entries, extensions=[(x509.DeltaCRLIndicator(base), True)], **kw)

    clean_base = crl(ca, number=10, extensions=[fresh])
    held_base = crl(ca, number=10, entries=[(leaf, R.certificate_hold, [])], extensions=[fresh])

    def case(name_, crls, failures=(), **kw):
        V.case(name_, leaf=leaf, anchors=[root], intermediates=[ca], chain=chain, crls=crls, failures=failures, **kw)

    case("delta-revokes-on-clean-base", [clean_base, delta_crl(10, 11, [(leaf, R.key_compromise, [])])],
         [(0, "Revocation")], description="""
A complete CRL (number 10) that lists nothing and a delta CRL (deltaCRLIndicator, critical, base 10;
number 11) listing the leaf for keyCompromise.  §6.3.3 (c), (h), (i): the delta's issuer, scope and key
match the complete CRL's, base 10 <= 10 < 11, so it is used and its entry decides: Revocation.""")
    case("delta-remove-from-crl-unrevokes", [held_base, delta_crl(10, 11, [(leaf, R.remove_from_crl, [])])],
         description="""
The complete CRL has the leaf on hold (certificateHold); the delta lists it with removeFromCRL.  §6.3.3
(i): the delta's entry sets cert_status to removeFromCRL, (j) is skipped, (k) turns it to UNREVOKED.
Trusted.""")
    case("hold-without-delta-revokes", [held_base], [(0, "Revocation")], importance="medium", description="""
The complete CRL with the leaf on hold and no delta: certificateHold is a revocation status (§6.3.3 (j)):
Revocation.""")
    case("delta-for-a-later-base-is-not-used", [clean_base, delta_crl(12, 13, [(leaf, R.key_compromise, [])])],
         importance="medium", description="""
A delta whose BaseCRLNumber (12) is above the complete CRL's number (10): §5.2.4 — it may only be combined
with a complete CRL numbered at least 12, so it is not used; the complete CRL alone says not revoked.
Trusted (the unused delta is reported).""")
    case("delta-alone-is-not-a-complete-crl", [delta_crl(10, 11, [(leaf, R.key_compromise, [])])],
         importance="medium", description="""
Only the delta CRL: a delta CRL is never a complete CRL (§6.3.3 uses it only beside one), so no CRL
applies to the leaf.  Soft-fail: trusted.""")
    case("stale-delta-is-not-used", [clean_base, delta_crl(10, 11, [(leaf, R.key_compromise, [])],
                                                           this_update="2025-12-01", next_update="2026-01-01")],
         importance="low", description="""
A delta whose nextUpdate (2026-01-01) has passed: §6.3.3 (a) takes only a current delta, so it is not used
and the complete CRL decides: trusted.""")


# ----------------------------------------------------------------------------------------
# crl-indirect: indirect CRLs from another CA (cRLIssuer, indirectCRL, certificateIssuer)
# ----------------------------------------------------------------------------------------

def indirect(V) -> None:
    V.start("crl-indirect")
    root = make_ca("crl-indirect-root", "CRL Indirect Root", key("crl-indirect-root"))
    ca = make_ca("crl-indirect-ca", "CRL Indirect CA", key("crl-indirect-ca"), root, key_usage=ku("key_cert_sign"))
    authority = make_ca("crl-indirect-authority", "CRL Indirect Authority", key("crl-indirect-authority"), root,
                        key_usage=ku("crl_sign"))
    point = uri("indirect/authority.crl")
    authority_name = x509.DirectoryName(authority.subject)
    leaf = make_leaf("crl-indirect-leaf", ca, extra=[crldp(([point], None, [authority_name]))])
    chain = [leaf, ca, root]
    other_ca = cn("Some Other CA")
    for_ca = (x509.CertificateIssuer([x509.DirectoryName(ca.subject)]), True)
    for_other = (x509.CertificateIssuer([x509.DirectoryName(other_ca)]), True)
    scope = idp(names=[point], indirect=True)

    def case(name_, crls, failures=(), intermediates=(ca, authority), **kw):
        V.case(name_, leaf=leaf, anchors=[root], intermediates=list(intermediates), chain=chain, crls=crls,
               failures=failures, **kw)

    case("indirect-crl-revokes", [crl(authority, entries=[(leaf, R.key_compromise, [for_ca])], extensions=[scope])],
         [(0, "Revocation")], description="""
The leaf's distribution point names a cRLIssuer, CN=CRL Indirect Authority (another CA under the same root,
keyUsage cRLSign).  Its CRL is indirect (issuingDistributionPoint indirectCRL) and its entry for the
leaf's serial carries certificateIssuer CN=CRL Indirect CA.  §6.3.3 (b)(1), (f): the authority is
validated to the same anchor; §5.3.3: the entry names the leaf's issuer and serial: Revocation.""")
    case("indirect-crl-issuer-carries-over", [crl(authority, entries=[(12345, R.key_compromise, [for_other]),
                                                                      (leaf, R.key_compromise, [])],
                                                  extensions=[scope])], description="""
The indirect CRL's first entry names certificateIssuer CN=Some Other CA; the next entry, with the leaf's
serial and no certificateIssuer of its own, inherits Some Other CA (§5.3.3: the issuer carries over to
the following entries), so it revokes another CA's certificate, not the leaf.  Trusted.""")
    case("indirect-crl-not-marked-indirect", [crl(authority, entries=[(leaf, R.key_compromise, [for_ca])],
                                                  extensions=[idp(names=[point])])], importance="medium",
         description="""
The authority's CRL without indirectCRL: §6.3.3 (b)(1) — a distribution point with a cRLIssuer needs an
indirect CRL, so this one does not apply.  No CRL applies; soft-fail: trusted.""")
    case("indirect-crl-authority-not-presented", [crl(authority, entries=[(leaf, R.key_compromise, [for_ca])],
                                                      extensions=[scope])], intermediates=[ca],
         importance="medium", description="""
The indirect CRL without the authority's certificate: nothing with its name and key is known, so the CRL
is ignored as some other issuer's.  Soft-fail: trusted.""")
    case("indirect-crl-authority-revoked", [crl(authority, entries=[(leaf, R.key_compromise, [for_ca])],
                                                extensions=[scope]),
                                            crl(root, entries=[(authority, R.ca_compromise, [])])],
         [(0, "RevocationResponseRequired")], description="""
The root's CRL revokes the CRL authority (cACompromise).  §6.3.3 (f): the authority's own path fails
(Revocation), so its indirect CRL may not be used; it is the only CRL for the leaf:
RevocationResponseRequired.  (The CA itself is not listed.)""")


# ----------------------------------------------------------------------------------------
# crl-modes: soft-fail and required revocation answers
# ----------------------------------------------------------------------------------------

def modes(V) -> None:
    V.start("crl-modes")
    root = make_ca("crl-modes-root", "CRL Modes Root", key("crl-modes-root"))
    ca = make_ca("crl-modes-ca", "CRL Modes CA", key("crl-modes-ca"), root)
    leaf = make_leaf("crl-modes-leaf", ca)
    chain = [leaf, ca, root]

    def case(name_, crls, failures=(), **kw):
        V.case(name_, leaf=leaf, anchors=[root], intermediates=[ca], chain=chain, crls=crls, failures=failures, **kw)

    case("require-every-certificate-answered", [crl(ca), crl(root)], revocation="require", description="""
Revocation required; the CA's CRL answers for the leaf and the root's for the CA, each covering every
reason.  The anchor is not checked.  Trusted.""")
    case("require-intermediate-unanswered", [crl(ca)], [(1, "RevocationResponseRequired")], revocation="require",
         description="""
Revocation required with only the CA's CRL: nothing answers for the CA certificate:
RevocationResponseRequired on it (index 1).""")
    case("require-without-crls", [], [(0, "RevocationResponseRequired"), (1, "RevocationResponseRequired")],
         revocation="require", description="""
Revocation required and no CRL at all (kSecRevocationRequirePositiveResponse with nothing to answer):
every certificate below the anchor fails RevocationResponseRequired.""")
    case("soft-without-crls", [], revocation="soft", importance="medium", description="""
Soft-fail and no CRL: nothing is checked, as Apple soft-fails missing revocation data.  Trusted.""")
    case("soft-stale-crl-fails", [crl(ca, this_update="2025-11-01", next_update="2025-12-01")],
         [(0, "RevocationResponseRequired")], description="""
Soft-fail with only a stale CRL of the CA (nextUpdate 2025-12-01 has passed): §6.3.3 (a) — not usable.
Every CRL that applies is unusable, which fails closed (x509-limbo's and OpenSSL's answer; RFC 5280 only
says UNDETERMINED, see RevocationPolicy.unusableCRLsFail): RevocationResponseRequired.""")
    unknown = (x509.UnrecognizedExtension(ObjectIdentifier("1.3.6.1.4.1.55555.2.1"), b"\x05\x00"), True)
    case("unknown-critical-extension-crl", [crl(ca, entries=[(leaf, R.key_compromise, [])], extensions=[unknown])],
         [(0, "RevocationResponseRequired")], description="""
The CA's CRL carries a critical extension TrustCheck does not process (1.3.6.1.4.1.55555.2.1): RFC 5280
§5.2 forbids using it, so its entry for the leaf neither revokes nor clears.  It is the only CRL that
applies, and unusable: RevocationResponseRequired (a verdict, not an input error).""")
    case("bad-signature-crl-is-ignored", [tampered(crl(ca, entries=[(leaf, R.key_compromise, [])]))],
         description="""
The CA's CRL with one bit of its signature flipped: no certificate with its issuer's name has the key that
made it, so it is some other issuer's CRL under the same name (the RFC 5280 §6.3.3 (g) check fails) and
is ignored, never an input error and never a revocation.  Soft-fail: trusted.""")
    case("soft-stale-beside-current", [crl(ca, this_update="2025-11-01", next_update="2025-12-01"), crl(ca, number=2)],
         importance="medium", description="""
The stale CRL beside a current one: the current one decides, the stale one is only reported.  Trusted.""")
