#!/usr/bin/env python3
"""Generates the certificates of the diagnostics tests (python3-cryptography 38).

Run from this directory: python3 generate.py. Keys are derived from fixed numbers, so only the
ECDSA signatures differ between runs; the tests depend on names, dates and extensions only.

- root.pem: "Diagnostics Root", a CA, 2020-01-01 to 2040-01-01.
- san-leaf.pem: SANs www.a.test, a.test, 192.0.2.1; 2026-01-01 to 2026-12-31.
- cn-only-leaf.pem: CN www.x.test and no subjectAltName; 2026-01-01 to 2026-12-31.
- long-leaf.pem: SAN www.long.test, issued 2021-01-01, valid 1095 days (past Apple's 825).
- future-leaf.pem: SAN www.future.test, valid from 2030-01-01.
"""
import datetime
import ipaddress
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID


def key(number):
    return ec.derive_private_key(number, ec.SECP256R1())


def day(text):
    return datetime.datetime.fromisoformat(text)


root_key = key(0x1001)
root_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Diagnostics Root")])


def write(name, certificate):
    with open(name, "wb") as out:
        out.write(certificate.public_bytes(serialization.Encoding.PEM))


def ski(public_key):
    return x509.SubjectKeyIdentifier.from_public_key(public_key)


root = (x509.CertificateBuilder().subject_name(root_name).issuer_name(root_name)
        .public_key(root_key.public_key()).serial_number(1)
        .not_valid_before(day("2020-01-01")).not_valid_after(day("2040-01-01"))
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .add_extension(x509.KeyUsage(False, False, False, False, False, True, True, False, False), critical=True)
        .add_extension(ski(root_key.public_key()), critical=False)
        .sign(root_key, hashes.SHA256()))
write("root.pem", root)


def leaf(file, number, common_name, sans, not_before, not_after):
    leaf_key = key(number)
    builder = (x509.CertificateBuilder()
               .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common_name)]))
               .issuer_name(root_name).public_key(leaf_key.public_key()).serial_number(number)
               .not_valid_before(day(not_before)).not_valid_after(day(not_after))
               .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
               .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
               .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(root_key.public_key()),
                              critical=False))
    if sans:
        builder = builder.add_extension(x509.SubjectAlternativeName(sans), critical=False)
    write(file, builder.sign(root_key, hashes.SHA256()))


leaf("san-leaf.pem", 0x2001, "www.a.test",
     [x509.DNSName("www.a.test"), x509.DNSName("a.test"), x509.IPAddress(ipaddress.ip_address("192.0.2.1"))],
     "2026-01-01", "2026-12-31")
leaf("cn-only-leaf.pem", 0x2002, "www.x.test", None, "2026-01-01", "2026-12-31")
leaf("long-leaf.pem", 0x2003, "www.long.test", [x509.DNSName("www.long.test")], "2021-01-01", "2023-12-31")
leaf("future-leaf.pem", 0x2004, "www.future.test", [x509.DNSName("www.future.test")], "2030-01-01", "2030-12-31")
