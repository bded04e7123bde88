#!/usr/bin/env python3
"""Writes revocation inputs that try to game the order of answers, into the directory given as argument
(run by the tests at test time; nothing is checked in). A root (EC P-256) issues two leaves; every CRL
and OCSP response is signed by the root and meant to be judged at 2026-06-01T00:00:00Z.

    root.pem, leaf.pem           leaf serial 0x7F0102030405 (minimal: 7F 01 02 03 04 05)
    other-leaf.pem               serial 0x0A0B0C, never revoked
    ocsp-good-then-revoked.der   two SingleResponses for the leaf: good, then revoked (keyCompromise)
    ocsp-revoked-then-good.der   the same, revoked first
    ocsp-nonminimal-revoked.der  one SingleResponse, revoked, its CertID serial written 00 7F 01 02 03 04 05
    crl-nonminimal.der           CRLNumber 1, one entry for the leaf written 00 7F 01 02 03 04 05
    crl-duplicate-remove-first.der  CRLNumber 1, the leaf listed twice: removeFromCRL, then keyCompromise
    crl-duplicate-dates.der      CRLNumber 1, the leaf listed twice with different dates, no reason
    crl-twin-empty.der           CRLNumber 5, no entries, thisUpdate 2026-05-02 (the newer: tried first)
    crl-twin-listing.der         CRLNumber 5, lists the leaf (superseded), thisUpdate 2026-05-01
    crl-clean.der                CRLNumber 1, lists only other serials

Uses python3-cryptography for keys, certificates and signatures; the CRL and OCSP DER is written by hand
so that it can hold what builders refuse (duplicates, non-minimal INTEGERs).
"""
import datetime
import hashlib
import os
import sys

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

OUT = sys.argv[1]
UTC = datetime.timezone.utc


def tlv(tag, content):
    n = len(content)
    if n < 0x80:
        length = bytes([n])
    else:
        raw = n.to_bytes((n.bit_length() + 7) // 8, "big")
        length = bytes([0x80 | len(raw)]) + raw
    return bytes([tag]) + length + content


def seq(*parts):
    return tlv(0x30, b"".join(parts))


def integer_raw(content):
    return tlv(0x02, content)


def integer(value):
    raw = value.to_bytes(max(1, (value.bit_length() + 8) // 8), "big")
    return integer_raw(raw)


def oid(dotted):
    parts = [int(p) for p in dotted.split(".")]
    body = bytes([parts[0] * 40 + parts[1]])
    for part in parts[2:]:
        chunk = [part & 0x7F]
        part >>= 7
        while part:
            chunk.insert(0, 0x80 | (part & 0x7F))
            part >>= 7
        body += bytes(chunk)
    return tlv(0x06, body)


def utc(text):
    return tlv(0x17, text.encode())


def gtime(text):
    return tlv(0x18, text.encode())


ECDSA_SHA256 = seq(oid("1.2.840.10045.4.3.2"))
root_key = ec.generate_private_key(ec.SECP256R1())
leaf_key = ec.generate_private_key(ec.SECP256R1())


def name(cn):
    return x509.Name([x509.NameAttribute(NameOID.ORGANIZATION_NAME, "TrustCheck Hostile"),
                      x509.NameAttribute(NameOID.COMMON_NAME, cn)])


def certificate(subject, key, serial, ca):
    builder = (x509.CertificateBuilder().subject_name(name(subject)).issuer_name(name("Hostile Root"))
               .public_key(key.public_key()).serial_number(serial)
               .not_valid_before(datetime.datetime(2025, 1, 1, tzinfo=UTC))
               .not_valid_after(datetime.datetime(2027, 1, 1, tzinfo=UTC) if not ca else
                                datetime.datetime(2035, 1, 1, tzinfo=UTC))
               .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True)
               .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False))
    if ca:
        builder = builder.add_extension(x509.KeyUsage(
            digital_signature=True, content_commitment=False, key_encipherment=False, data_encipherment=False,
            key_agreement=False, key_cert_sign=True, crl_sign=True, encipher_only=False, decipher_only=False),
            critical=True)
    else:
        builder = builder.add_extension(x509.SubjectAlternativeName([x509.DNSName("leaf.example")]), critical=False)
    return builder.sign(root_key, hashes.SHA256())


root = certificate("Hostile Root", root_key, 1, True)
LEAF_SERIAL = 0x7F0102030405
leaf = certificate("Hostile Leaf", leaf_key, LEAF_SERIAL, False)
other = certificate("Hostile Other Leaf", leaf_key, 0x0A0B0C, False)
ISSUER = root.subject.public_bytes(serialization.Encoding.DER)
LEAF_MINIMAL = LEAF_SERIAL.to_bytes(6, "big")


def write(filename, data):
    with open(os.path.join(OUT, filename), "wb") as handle:
        handle.write(data)


def sign(tbs):
    signature = root_key.sign(tbs, ec.ECDSA(hashes.SHA256()))
    return seq(tbs, ECDSA_SHA256, tlv(0x03, b"\x00" + signature))


def extension(dotted, value, critical=False):
    return seq(oid(dotted), *( [tlv(0x01, b"\xff")] if critical else []), tlv(0x04, value))


def entry(serial_content, date, reason=None):
    parts = [integer_raw(serial_content), utc(date)]
    if reason is not None:
        parts.append(seq(extension("2.5.29.21", tlv(0x0A, bytes([reason])))))
    return seq(*parts)


def crl(number, entries, this_update="260501000000Z"):
    fields = [integer(1), ECDSA_SHA256, ISSUER, utc(this_update), utc("260701000000Z")]
    if entries:
        fields.append(seq(*entries))
    fields.append(tlv(0xA0, seq(extension("2.5.29.20", integer(number)))))
    return sign(seq(*fields))


def ocsp(singles):
    spki = root.public_key().public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
    # The subjectPublicKey BIT STRING's octets: the last TLV of the SPKI, without its unused-bits byte.
    key_bits = spki[-65:]
    name_hash = hashlib.sha1(ISSUER).digest()
    key_hash = hashlib.sha1(key_bits).digest()
    responses = []
    for serial_content, status in singles:
        cert_id = seq(seq(oid("1.3.14.3.2.26"), tlv(0x05, b"")), tlv(0x04, name_hash), tlv(0x04, key_hash),
                      integer_raw(serial_content))
        if status == "good":
            cert_status = tlv(0x80, b"")
        else:
            cert_status = tlv(0xA1, gtime("20260520120000Z") + tlv(0xA0, tlv(0x0A, b"\x01")))
        responses.append(seq(cert_id, cert_status, gtime("20260531000000Z"), tlv(0xA0, gtime("20260607000000Z"))))
    data = seq(tlv(0xA1, ISSUER), gtime("20260531000000Z"), seq(*responses))
    signature = root_key.sign(data, ec.ECDSA(hashes.SHA256()))
    basic = seq(data, ECDSA_SHA256, tlv(0x03, b"\x00" + signature))
    return seq(tlv(0x0A, b"\x00"), tlv(0xA0, seq(oid("1.3.6.1.5.5.7.48.1.1"), tlv(0x04, basic))))


write("root.pem", root.public_bytes(serialization.Encoding.PEM))
write("leaf.pem", leaf.public_bytes(serialization.Encoding.PEM))
write("other-leaf.pem", other.public_bytes(serialization.Encoding.PEM))
write("ocsp-good-then-revoked.der", ocsp([(LEAF_MINIMAL, "good"), (LEAF_MINIMAL, "revoked")]))
write("ocsp-revoked-then-good.der", ocsp([(LEAF_MINIMAL, "revoked"), (LEAF_MINIMAL, "good")]))
write("ocsp-nonminimal-revoked.der", ocsp([(b"\x00" + LEAF_MINIMAL, "revoked")]))
write("crl-nonminimal.der", crl(1, [entry(b"\x00" + LEAF_MINIMAL, "260401000000Z")]))
write("crl-duplicate-remove-first.der", crl(1, [entry(LEAF_MINIMAL, "260401000000Z", 8),
                                                entry(LEAF_MINIMAL, "260402000000Z", 1)]))
write("crl-duplicate-dates.der", crl(1, [entry(LEAF_MINIMAL, "260401000000Z"), entry(LEAF_MINIMAL, "260402000000Z")]))
write("crl-twin-empty.der", crl(5, [], this_update="260502000000Z"))
write("crl-twin-listing.der", crl(5, [entry(LEAF_MINIMAL, "260401000000Z", 4)]))
write("crl-clean.der", crl(1, [entry(b"\x01\x02", "260401000000Z")]))
