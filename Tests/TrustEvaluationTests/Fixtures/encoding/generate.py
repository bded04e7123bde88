#!/usr/bin/env python3
"""Certificates that break an RFC 5280 encoding rule which Apple or GnuTLS load them despite: they must
load, and then fail the rule under the profiles that enforce it (EncodingDefectCheck).

Encoding Test Root (RSA-2048) signs every leaf; each variant is re-signed over its altered TBSCertificate,
so its signature is valid and only the encoding rule is at fault:

* absent-parameters-root.pem: the root again (same name and key), its TBS signature field without
  parameters and its outer signatureAlgorithm with NULL, as Alamofire's and AFNetworking's test
  certificates are; absent-parameters-leaf.pem the same on a leaf.
* null-inner-parameters-leaf.pem: the other way round (TBS NULL, outer absent).
* other-parameters-leaf.pem: the same OID, the outer one with an INTEGER for parameters.
* ecdsa-null-parameters-leaf.pem: both fields ecdsa-with-SHA256, the outer with NULL parameters (RFC 5758
  wants them absent; only RSA PKCS #1 v1.5 takes absent and NULL alike). Its signature is the root's RSA
  one, so it verifies under no key: it is read for its recorded defect only.
* other-algorithm-leaf.pem: the TBS says sha256WithRSAEncryption (which signed it), the outer
  sha512WithRSAEncryption (x509-limbo's rfc5280::mismatching-signature-algorithm).
* version4-leaf.pem: explicit version 4 (INTEGER 3).
* utctime-without-seconds-leaf.pem: notBefore 2506010000Z; utctime-offset-leaf.pem: notAfter
  260601010000+0100 (2026-06-01T00:00:00Z).
* key-unused-bits-leaf.pem: the subjectPublicKey BIT STRING with 1 unused bit.

Leaves are for leaf.example.test, valid 2025-06-01 to 2026-06-01 (the root 2025 to 2030); the tests
evaluate at 2026-01-01.
RSA keys are generated on each run, so re-running changes keys and signatures, nothing the tests read.
Run from this directory: python3 generate.py"""
import base64
import datetime
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding, rsa
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

SHA256_RSA = bytes.fromhex("06092a864886f70d01010b")
SHA512_RSA = bytes.fromhex("06092a864886f70d01010d")
ECDSA_SHA256 = bytes.fromhex("06082a8648ce3d040302")
NULL = bytes.fromhex("0500")


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


def name(cn):
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, cn)])


def cert(subject, subject_key, issuer_key, serial, ca):
    builder = (x509.CertificateBuilder().subject_name(name(subject)).issuer_name(name("Encoding Test Root"))
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


def resigned(der, issuer_key, inner=None, outer=None, tbs_fields=None):
    """`der` with its TBS signature field's content `inner`, its outer signatureAlgorithm's content
    `outer` (each None: unchanged) and `tbs_fields` applied to the list of TBS fields, signed again
    with SHA-256 over the new TBS."""
    tbs, algorithm, _ = children(content(der))
    fields = children(content(tbs))
    if inner is not None:
        fields[2] = tlv(0x30, inner)
    if tbs_fields is not None:
        fields = tbs_fields(fields)
    new_tbs = tlv(0x30, b"".join(fields))
    signature = issuer_key.sign(new_tbs, padding.PKCS1v15(), hashes.SHA256())
    new_algorithm = tlv(0x30, outer) if outer is not None else algorithm
    return tlv(0x30, new_tbs + new_algorithm + tlv(0x03, b"\x00" + signature))


def with_version(number):
    return lambda fields: [tlv(0xA0, tlv(0x02, bytes([number])))] + fields[1:]


def with_validity(not_before=None, not_after=None):
    def change(fields):
        start, end = children(content(fields[4]))
        start = tlv(0x17, not_before) if not_before else start
        end = tlv(0x17, not_after) if not_after else end
        return fields[:4] + [tlv(0x30, start + end)] + fields[5:]
    return change


def with_key_unused_bits(unused):
    def change(fields):
        algorithm, key = children(content(fields[6]))
        key = tlv(0x03, bytes([unused]) + content(key)[1:])
        return fields[:6] + [tlv(0x30, algorithm + key)] + fields[7:]
    return change


def pem(der):
    body = base64.encodebytes(der).decode().replace("\n", "")
    lines = [body[i:i + 64] for i in range(0, len(body), 64)]
    return "-----BEGIN CERTIFICATE-----\n%s\n-----END CERTIFICATE-----\n" % "\n".join(lines)


def write(filename, der):
    with open(filename, "w") as f:
        f.write(pem(der))


root_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
leaf_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
root = cert("Encoding Test Root", root_key, root_key, 1, True)
leaf = cert("leaf.example.test", leaf_key, root_key, 2, False)
write("root.pem", root)
write("leaf.pem", leaf)
write("absent-parameters-root.pem", resigned(root, root_key, inner=SHA256_RSA, outer=SHA256_RSA + NULL))
write("absent-parameters-leaf.pem", resigned(leaf, root_key, inner=SHA256_RSA, outer=SHA256_RSA + NULL))
write("null-inner-parameters-leaf.pem", resigned(leaf, root_key, inner=SHA256_RSA + NULL, outer=SHA256_RSA))
write("other-parameters-leaf.pem", resigned(leaf, root_key, outer=SHA256_RSA + bytes.fromhex("020100")))
write("ecdsa-null-parameters-leaf.pem", resigned(leaf, root_key, inner=ECDSA_SHA256, outer=ECDSA_SHA256 + NULL))
write("other-algorithm-leaf.pem", resigned(leaf, root_key, outer=SHA512_RSA + NULL))
write("version4-leaf.pem", resigned(leaf, root_key, tbs_fields=with_version(3)))
write("utctime-without-seconds-leaf.pem", resigned(leaf, root_key, tbs_fields=with_validity(not_before=b"2506010000Z")))
write("utctime-offset-leaf.pem", resigned(leaf, root_key, tbs_fields=with_validity(not_after=b"260601010000+0100")))
write("key-unused-bits-leaf.pem", resigned(leaf, root_key, tbs_fields=with_key_unused_bits(1)))
