#!/usr/bin/env python3
"""Fixtures for the CRL tests: a root, an intermediate and leaves, the CRLs that revoke (or do not
revoke) them, CRLs a verifier must not use, and bad inputs. expected.json records what python
`cryptography` reads from each CRL, so the Swift parser is checked against an independent reader.
EC keys are derived deterministically (P-256 from fixed secrets) and dates are fixed, so re-running
changes only the signatures and the one RSA key, which signs an MD5 CRL through `openssl ca` since
`cryptography` refuses MD5. Run from this directory: python3 generate.py"""
import base64
import datetime
import hashlib
import json
import os
import subprocess
import tempfile
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa
from cryptography.x509.oid import NameOID, ExtendedKeyUsageOID


def utc(*args):
    return datetime.datetime(*args, tzinfo=datetime.timezone.utc)


# The tests evaluate at 2026-01-01T00:00:00Z: inside every certificate and every current CRL.
CA_NOT_BEFORE, CA_NOT_AFTER = utc(2025, 1, 1), utc(2030, 1, 1)
LEAF_NOT_BEFORE, LEAF_NOT_AFTER = utc(2025, 6, 1), utc(2026, 6, 1)
THIS_UPDATE, NEXT_UPDATE = utc(2025, 12, 1), utc(2026, 3, 1)


def key(n):
    return ec.derive_private_key(2000 + n, ec.SECP256R1())


def name(cn):
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, cn)])


def ca_usage(crl_sign=True):
    return x509.KeyUsage(digital_signature=False, content_commitment=False, key_encipherment=False,
                         data_encipherment=False, key_agreement=False, key_cert_sign=True, crl_sign=crl_sign,
                         encipher_only=False, decipher_only=False)


def cert(subject, subject_key, issuer, issuer_key, serial, ca, crl_sign=True, san=None):
    builder = (x509.CertificateBuilder().subject_name(name(subject)).issuer_name(name(issuer))
               .public_key(subject_key.public_key()).serial_number(serial)
               .not_valid_before(CA_NOT_BEFORE if ca else LEAF_NOT_BEFORE)
               .not_valid_after(CA_NOT_AFTER if ca else LEAF_NOT_AFTER)
               .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True)
               .add_extension(x509.SubjectKeyIdentifier.from_public_key(subject_key.public_key()), critical=False)
               .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(issuer_key.public_key()), critical=False))
    if ca:
        builder = builder.add_extension(ca_usage(crl_sign), critical=True)
    else:
        builder = builder.add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        builder = builder.add_extension(x509.SubjectAlternativeName([x509.DNSName(san)]), critical=False)
    return builder.sign(issuer_key, hashes.SHA256())


def revoked(serial, date, reason=None, invalidity=None):
    builder = x509.RevokedCertificateBuilder().serial_number(serial).revocation_date(date)
    if reason is not None:
        builder = builder.add_extension(x509.CRLReason(reason), critical=False)
    if invalidity is not None:
        builder = builder.add_extension(x509.InvalidityDate(invalidity), critical=False)
    return builder.build()


def crl(issuer, signing_key, entries=(), number=1, number_critical=False, this_update=THIS_UPDATE,
        next_update=NEXT_UPDATE, extra=()):
    builder = (x509.CertificateRevocationListBuilder().issuer_name(name(issuer))
               .last_update(this_update).next_update(next_update))
    if number is not None:
        builder = builder.add_extension(x509.CRLNumber(number), critical=number_critical)
    for extension, critical in extra:
        builder = builder.add_extension(extension, critical=critical)
    for entry in entries:
        builder = builder.add_revoked_certificate(entry)
    return builder.sign(signing_key, hashes.SHA256())


def write_pem(filename, *objects):
    with open(filename, "wb") as f:
        for o in objects:
            f.write(o.public_bytes(serialization.Encoding.PEM))


expected = {}


def write_crl(filename, *crls, der=False):
    if der:
        with open(filename, "wb") as f:
            for c in crls:
                f.write(c.public_bytes(serialization.Encoding.DER))
    else:
        write_pem(filename, *crls)
    expected[filename] = [describe(c) for c in crls]


RFC_REASON_NAMES = {
    x509.ReasonFlags.unspecified: "unspecified", x509.ReasonFlags.key_compromise: "keyCompromise",
    x509.ReasonFlags.ca_compromise: "cACompromise", x509.ReasonFlags.affiliation_changed: "affiliationChanged",
    x509.ReasonFlags.superseded: "superseded", x509.ReasonFlags.cessation_of_operation: "cessationOfOperation",
    x509.ReasonFlags.certificate_hold: "certificateHold", x509.ReasonFlags.remove_from_crl: "removeFromCRL",
    x509.ReasonFlags.privilege_withdrawn: "privilegeWithdrawn", x509.ReasonFlags.aa_compromise: "aACompromise",
}


def describe(c):
    def extensions(exts):
        return [{"oid": e.oid.dotted_string, "critical": e.critical} for e in exts]

    def entry(r):
        try:
            reason = RFC_REASON_NAMES[r.extensions.get_extension_for_class(x509.CRLReason).value.reason]
        except x509.ExtensionNotFound:
            reason = None
        return {"serial_hex": "%x" % r.serial_number, "revocation_date": int(r.revocation_date_utc.timestamp()),
                "reason": reason, "extensions": extensions(r.extensions)}

    try:
        number = c.extensions.get_extension_for_class(x509.CRLNumber)
        number_hex, number_critical = "%x" % number.value.crl_number, number.critical
    except x509.ExtensionNotFound:
        number_hex, number_critical = None, False
    return {
        "issuer_rfc4514": c.issuer.rfc4514_string(),
        "this_update": int(c.last_update_utc.timestamp()),
        "next_update": int(c.next_update_utc.timestamp()) if c.next_update_utc else None,
        "crl_number_hex": number_hex,
        "crl_number_critical": number_critical,
        "signature_algorithm_oid": c.signature_algorithm_oid.dotted_string,
        "tbs_sha256": hashlib.sha256(c.tbs_certlist_bytes).hexdigest(),
        "signature_hex": c.signature.hex(),
        "extensions": extensions(c.extensions),
        "entries": [entry(r) for r in c],
    }


# The chain: Root CA → CRL Intermediate → leaves. Leaf serials are large, as CAs make them; the revoked
# leaf's has its top bit set, so its DER INTEGER starts with a 00 octet in the certificate and the CRL.
root_key, inter_key, other_key, impostor_key = key(1), key(2), key(3), key(4)
root = cert("CRL Test Root", root_key, "CRL Test Root", root_key, 0x01, ca=True)
inter = cert("CRL Test Intermediate", inter_key, "CRL Test Root", root_key, 0x0A, ca=True)
revoked_leaf = cert("revoked.example.test", key(10), "CRL Test Intermediate", inter_key, 0xDE57C0DE01, ca=False,
                    san="revoked.example.test")
good_leaf = cert("good.example.test", key(11), "CRL Test Intermediate", inter_key, 0x7E57C0DE02, ca=False,
                 san="good.example.test")
write_pem("root.pem", root)
write_pem("intermediate.pem", inter)
write_pem("revoked-leaf.pem", revoked_leaf)
write_pem("good-leaf.pem", good_leaf)

leaf_entry = revoked(revoked_leaf.serial_number, utc(2025, 11, 15), x509.ReasonFlags.key_compromise,
                     invalidity=utc(2025, 11, 1))
# The intermediate's CRL: revokes revoked-leaf (keyCompromise), lists an unrelated serial without a reason.
write_crl("intermediate.crl.pem", crl("CRL Test Intermediate", inter_key,
                                      [revoked(0x99, utc(2025, 10, 1)), leaf_entry], number=0x1001))
write_crl("intermediate.crl.der", crl("CRL Test Intermediate", inter_key, [leaf_entry], number=0x1001), der=True)
write_crl("intermediate-empty.crl.pem", crl("CRL Test Intermediate", inter_key, [], number=0x1002))
write_crl("root.crl.pem", crl("CRL Test Root", root_key, [], number=7))
write_crl("root-revokes-intermediate.crl.pem", crl(
    "CRL Test Root", root_key, [revoked(inter.serial_number, utc(2025, 11, 20), x509.ReasonFlags.ca_compromise)], number=8))
# The root listing itself: an anchor is trusted by configuration, so this must change nothing.
write_crl("root-revokes-itself.crl.pem", crl(
    "CRL Test Root", root_key, [revoked(root.serial_number, utc(2025, 11, 20), x509.ReasonFlags.key_compromise)], number=9))
# Two CRLs in one PEM file.
write_crl("bundle.crl.pem", crl("CRL Test Intermediate", inter_key, [leaf_entry], number=0x1001),
          crl("CRL Test Root", root_key, [], number=7))

# CRLs that must not count against revoked-leaf or good-leaf.
other_entries = [revoked(revoked_leaf.serial_number, utc(2025, 11, 15)), revoked(good_leaf.serial_number, utc(2025, 11, 15))]
write_crl("other-issuer.crl.pem", crl("Some Other CA", other_key, other_entries))
write_crl("bad-signature.crl.pem", crl("CRL Test Intermediate", impostor_key, other_entries))

# CRLs of the right issuer that a verifier may not use (RFC 5280 §5.2.3, §5.2.5, §6.3.3).
write_crl("expired.crl.pem", crl("CRL Test Intermediate", inter_key, [leaf_entry],
                                 this_update=utc(2025, 10, 1), next_update=utc(2025, 11, 1)))
write_crl("no-crlnumber.crl.pem", crl("CRL Test Intermediate", inter_key, [], number=None))
write_crl("critical-crlnumber.crl.pem", crl("CRL Test Intermediate", inter_key, [], number_critical=True))
# partitioned: a CRL for the distribution point http://crl.example.test/1.crl (§5.2.5), which the leaves
# (no cRLDistributionPoints) are not in: it does not apply to them (§6.3.3 (b)(2)(i)).
write_crl("partitioned.crl.pem", crl("CRL Test Intermediate", inter_key, [], extra=[(
    x509.IssuingDistributionPoint(full_name=[x509.UniformResourceIdentifier("http://crl.example.test/1.crl")],
                                  relative_name=None, only_contains_user_certs=True, only_contains_ca_certs=False,
                                  only_some_reasons=None, indirect_crl=False, only_contains_attribute_certs=False),
    True)]))

# A root whose keyUsage lacks cRLSign, and a CRL it signed anyway.
no_crlsign_key = key(5)
no_crlsign_root = cert("No cRLSign Root", no_crlsign_key, "No cRLSign Root", no_crlsign_key, 0x02, ca=True, crl_sign=False)
no_crlsign_leaf = cert("no-crlsign.example.test", key(12), "No cRLSign Root", no_crlsign_key, 0x7E57C0DE03, ca=False,
                       san="no-crlsign.example.test")
write_pem("no-crlsign-root.pem", no_crlsign_root)
write_pem("no-crlsign-leaf.pem", no_crlsign_leaf)
write_crl("no-crlsign.crl.pem", crl("No cRLSign Root", no_crlsign_key, []))

# An RSA root whose CRL is signed with MD5: authentic, but too weak to trust as "nothing is revoked".
md5_root_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
md5_root = cert("MD5 CRL Root", md5_root_key, "MD5 CRL Root", md5_root_key, 0x03, ca=True)
md5_leaf = cert("md5-crl.example.test", key(13), "MD5 CRL Root", md5_root_key, 0x7E57C0DE04, ca=False,
                san="md5-crl.example.test")
write_pem("md5-root.pem", md5_root)
write_pem("md5-leaf.pem", md5_leaf)
with tempfile.TemporaryDirectory() as ca:
    def there(name):
        return os.path.join(ca, name)
    write_pem(there("ca.pem"), md5_root)
    with open(there("ca.key"), "wb") as f:
        f.write(md5_root_key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    open(there("index.txt"), "w").close()
    with open(there("crlnumber"), "w") as f:
        f.write("01\n")
    with open(there("ca.cnf"), "w") as f:
        f.write(f"[ca]\ndefault_ca = d\n[d]\ndatabase = {there('index.txt')}\ncrlnumber = {there('crlnumber')}\n")
    subprocess.run(["openssl", "ca", "-batch", "-config", there("ca.cnf"), "-gencrl", "-cert", there("ca.pem"),
                    "-keyfile", there("ca.key"), "-md", "md5", "-crl_lastupdate", "20251201000000Z",
                    "-crl_nextupdate", "20260301000000Z", "-out", "md5.crl.pem"], check=True, capture_output=True)
with open("md5.crl.pem", "rb") as f:
    expected["md5.crl.pem"] = [describe(x509.load_pem_x509_crl(f.read()))]

# Bad inputs for the loader.
good_der = open("intermediate.crl.der", "rb").read()
with open("bad-truncated.crl.der", "wb") as f:
    f.write(good_der[:-10])
with open("bad-garbage.crl", "wb") as f:
    f.write(b"this is not a CRL\n")
write_pem("bad-certificate-not-crl.pem", root)
with open("bad-tbs.crl.pem", "w") as f:
    # A CertificateList whose TBSCertList is an INTEGER.
    body = bytes([0x30, 0x0B, 0x02, 0x01, 0x01, 0x30, 0x03, 0x06, 0x01, 0x00, 0x03, 0x01, 0x00])
    f.write("-----BEGIN X509 CRL-----\n" + base64.b64encode(body).decode() + "\n-----END X509 CRL-----\n")

with open("expected.json", "w") as f:
    json.dump(expected, f, indent=1, sort_keys=True)
    f.write("\n")
