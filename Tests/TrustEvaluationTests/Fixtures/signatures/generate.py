#!/usr/bin/env python3
"""Fixtures for malformed signature values and unreadable CRLs.

A signature BIT STRING with unused bits is what x509-limbo's bad-signature cases use: such a
certificate or CRL must load and then fail its signature check. Here the signature octets are the
real, valid signature and only the unused-bits octet is changed, so a verifier that checked the octets
alone would accept them: the tests show the unused bits alone decide.

Root → Intermediate → leaf (P-256 keys from fixed secrets, fixed dates; re-running changes only the
ECDSA signatures). The tests evaluate at 2026-01-01T00:00:00Z. Run from this directory:
python3 generate.py"""
import base64
import datetime
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID


def utc(*args):
    return datetime.datetime(*args, tzinfo=datetime.timezone.utc)


def length(n):
    if n < 0x80:
        return bytes([n])
    body = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(body)]) + body


def tlv(tag, content):
    return bytes([tag]) + length(len(content)) + content


def content(encoded):
    first = encoded[1]
    return encoded[2 if first < 0x80 else 2 + (first & 0x7F):]


def children(value):
    result, i = [], 0
    while i < len(value):
        first = value[i + 1]
        header = 2 if first < 0x80 else 2 + (first & 0x7F)
        size = first if first < 0x80 else int.from_bytes(value[i + 2:i + header], "big")
        result.append(value[i:i + header + size])
        i += header + size
    return result


def with_unused_bits(der, unused):
    """The same signed object with its signature BIT STRING's unused-bits octet set to `unused`."""
    tbs, algorithm, signature = children(content(der))
    return tlv(0x30, tbs + algorithm + tlv(0x03, bytes([unused]) + content(signature)[1:]))


def name(cn):
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, cn)])


def key(n):
    return ec.derive_private_key(5000 + n, ec.SECP256R1())


def cert(subject, subject_key, issuer, issuer_key, serial, ca):
    builder = (x509.CertificateBuilder().subject_name(name(subject)).issuer_name(name(issuer))
               .public_key(subject_key.public_key()).serial_number(serial)
               .not_valid_before(utc(2025, 1, 1) if ca else utc(2025, 6, 1))
               .not_valid_after(utc(2030, 1, 1) if ca else utc(2026, 6, 1))
               .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True)
               .add_extension(x509.SubjectKeyIdentifier.from_public_key(subject_key.public_key()), critical=False)
               .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(issuer_key.public_key()),
                              critical=False))
    if ca:
        builder = builder.add_extension(x509.KeyUsage(
            digital_signature=False, content_commitment=False, key_encipherment=False, data_encipherment=False,
            key_agreement=False, key_cert_sign=True, crl_sign=True, encipher_only=False, decipher_only=False),
            critical=True)
    else:
        builder = (builder.add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
                   .add_extension(x509.SubjectAlternativeName([x509.DNSName(subject)]), critical=False))
    return builder.sign(issuer_key, hashes.SHA256()).public_bytes(serialization.Encoding.DER)


def crl(issuer, issuer_key, number, revoked_serials=()):
    builder = (x509.CertificateRevocationListBuilder().issuer_name(name(issuer))
               .last_update(utc(2025, 12, 1)).next_update(utc(2026, 3, 1))
               .add_extension(x509.CRLNumber(number), critical=False))
    for serial in revoked_serials:
        builder = builder.add_revoked_certificate(
            x509.RevokedCertificateBuilder().serial_number(serial).revocation_date(utc(2025, 11, 15)).build())
    return builder.sign(issuer_key, hashes.SHA256()).public_bytes(serialization.Encoding.DER)


def pem(label, der):
    body = base64.encodebytes(der).decode().replace("\n", "")
    lines = [body[i:i + 64] for i in range(0, len(body), 64)]
    return "-----BEGIN %s-----\n%s\n-----END %s-----\n" % (label, "\n".join(lines), label)


def write(filename, *blocks):
    with open(filename, "w") as f:
        f.write("".join(blocks))


root_key, inter_key, leaf_key = key(1), key(2), key(3)
root = cert("Signature Test Root", root_key, "Signature Test Root", root_key, 1, True)
inter = cert("Signature Test Intermediate", inter_key, "Signature Test Root", root_key, 2, True)
leaf = cert("leaf.example.test", leaf_key, "Signature Test Intermediate", inter_key, 3, False)
write("root.pem", pem("CERTIFICATE", root))
write("intermediate.pem", pem("CERTIFICATE", inter))
write("leaf.pem", pem("CERTIFICATE", leaf))
# The same certificates, their valid signatures marked as having unused bits.
write("unused-bits-leaf.pem", pem("CERTIFICATE", with_unused_bits(leaf, 1)))
write("unused-bits-intermediate.pem", pem("CERTIFICATE", with_unused_bits(inter, 7)))

# CRLs: the root's and the intermediate's (nothing revoked), and the intermediate's revoking the leaf
# with 3 unused bits in its otherwise valid signature.
root_crl = crl("Signature Test Root", root_key, 1)
inter_crl = crl("Signature Test Intermediate", inter_key, 1)
write("root.crl.pem", pem("X509 CRL", root_crl))
write("intermediate.crl.pem", pem("X509 CRL", inter_crl))
write("unused-bits.crl.pem", pem("X509 CRL", with_unused_bits(crl("Signature Test Intermediate", inter_key, 2, [3]), 3)))

# CRLs that do not parse. The first names its issuer (only its thisUpdate is broken: month 13); the
# second is a SEQUENCE whose TBSCertList is an INTEGER, so its issuer cannot be told.
revoking = crl("Signature Test Intermediate", inter_key, 3, [3])
assert revoking.count(b"251201000000Z") == 1
bad_time = revoking.replace(b"251201000000Z", b"251301000000Z")
no_tbs = tlv(0x30, tlv(0x02, b"\x01") + tlv(0x30, b"") + tlv(0x03, b"\x00"))
write("bad-time.crl.pem", pem("X509 CRL", bad_time))
write("no-tbs.crl.pem", pem("X509 CRL", no_tbs))
# One file of three CRLs, the middle one unreadable: the other two are still used.
write("several.crl.pem", "Revocation lists\r\n", pem("X509 CRL", root_crl), pem("X509 CRL", no_tbs),
      pem("X509 CRL", inter_crl))
