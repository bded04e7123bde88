#!/usr/bin/env python3
"""Regenerates the critical-extension fixtures of the SecTrustCompat tests (DER .cer files) in this directory.

    python3 Tests/SecTrustCompatTests/Fixtures/generate-critical-extensions.py

Needs python3-cryptography (>= 38). Dates and serial numbers are fixed (the tests evaluate at
2025-06-01T00:00:00Z); keys are fresh on every run, so the bytes change but every property the tests
assert stays the same.

  critical-root.cer              TrustCheck Critical Extensions Root   EC P-256, self-signed, 2020-01-01 .. 2045-01-01
  critical-<name>.cer            <name>.trustcheck.test leaves issued by that root, EC P-256, SHA-256,
                                 2025-01-01 .. 2026-01-01, SAN <name>.trustcheck.test, serverAuth, and one
                                 extra *critical* extension:
    critical-ocsp-nocheck.cer      id-pkix-ocsp-nocheck 1.3.6.1.5.5.7.48.1.5 (NULL): Apple's parser knows it
    critical-apple-arc.cer         1.2.840.113635.100.6.99 (NULL), under Apple's 1.2.840.113635.100.6 arc
    critical-unknown.cer           1.3.6.1.4.1.55555.1 (NULL), known to nobody
    critical-inhibit-any-policy.cer  inhibitAnyPolicy 2.5.29.54 (INTEGER 0): Apple knows it, TrustCheck
                                   does not run the policy tree that enforces it
"""
import datetime
import os

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

OUT = os.path.dirname(os.path.abspath(__file__))
NULL = b"\x05\x00"


def when(year):
    return datetime.datetime(year, 1, 1, tzinfo=datetime.timezone.utc)


def name(common_name):
    return x509.Name([
        x509.NameAttribute(NameOID.ORGANIZATION_NAME, "TrustCheck Tests"),
        x509.NameAttribute(NameOID.COMMON_NAME, common_name),
    ])


def write(file, certificate):
    with open(os.path.join(OUT, file), "wb") as handle:
        handle.write(certificate.public_bytes(serialization.Encoding.DER))


root_key = ec.generate_private_key(ec.SECP256R1())
root_name = name("TrustCheck Critical Extensions Root")
root = (
    x509.CertificateBuilder()
    .subject_name(root_name).issuer_name(root_name)
    .public_key(root_key.public_key()).serial_number(0x2001)
    .not_valid_before(when(2020)).not_valid_after(when(2045))
    .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
    .add_extension(x509.KeyUsage(False, False, False, False, False, True, True, False, False), critical=True)
    .add_extension(x509.SubjectKeyIdentifier.from_public_key(root_key.public_key()), critical=False)
    .sign(root_key, hashes.SHA256())
)
write("critical-root.cer", root)

leaves = [
    ("ocsp-nocheck", "1.3.6.1.5.5.7.48.1.5", NULL),
    ("apple-arc", "1.2.840.113635.100.6.99", NULL),
    ("unknown", "1.3.6.1.4.1.55555.1", NULL),
    ("inhibit-any-policy", "2.5.29.54", b"\x02\x01\x00"),
]
for serial, (label, oid, value) in enumerate(leaves, start=0x2002):
    key = ec.generate_private_key(ec.SECP256R1())
    host = f"{label}.trustcheck.test"
    leaf = (
        x509.CertificateBuilder()
        .subject_name(name(host)).issuer_name(root_name)
        .public_key(key.public_key()).serial_number(serial)
        .not_valid_before(when(2025)).not_valid_after(when(2026))
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.KeyUsage(True, False, False, False, False, False, False, False, False), critical=True)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
        .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(root_key.public_key()), critical=False)
        .add_extension(x509.SubjectAlternativeName([x509.DNSName(host)]), critical=False)
        .add_extension(x509.UnrecognizedExtension(x509.ObjectIdentifier(oid), value), critical=True)
        .sign(root_key, hashes.SHA256())
    )
    write(f"critical-{label}.cer", leaf)
print(f"fixtures written to {OUT}")
