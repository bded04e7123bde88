#!/usr/bin/env python3
"""Writes a 49-certificate chain (EC P-256, valid 2025-2035; the leaf 2026-01-01 to 2026-12-01, within the SSL
policy's 398 days): a root, 47 intermediates below it one under the other ("Intermediate 01" under the root,
"Intermediate 47" issuing the leaf), and a leaf for long-chain.example. Every certificate is well formed and
every signature verifies: only the path's length can refuse it.

    root.pem            the root
    intermediates.pem   the 47 intermediates, leaf side first (Intermediate 47 ... Intermediate 01)
    leaf.pem            the leaf

Run with python3-cryptography (38 or later): python3 generate.py (writes next to itself).
"""
import datetime
import os

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

HERE = os.path.dirname(os.path.abspath(__file__))
UTC = datetime.timezone.utc
INTERMEDIATES = 47


def name(cn):
    return x509.Name([x509.NameAttribute(NameOID.ORGANIZATION_NAME, "TrustCheck Long Chain"),
                      x509.NameAttribute(NameOID.COMMON_NAME, cn)])


def certificate(subject, key, issuer, issuer_key, serial, ca):
    leaf = not ca
    builder = (x509.CertificateBuilder().subject_name(name(subject)).issuer_name(name(issuer))
               .public_key(key.public_key()).serial_number(serial)
               .not_valid_before(datetime.datetime(2026 if leaf else 2025, 1, 1, tzinfo=UTC))
               .not_valid_after(datetime.datetime(2026, 12, 1, tzinfo=UTC) if leaf else datetime.datetime(2035, 1, 1, tzinfo=UTC))
               .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True)
               .add_extension(x509.KeyUsage(
                   digital_signature=leaf, content_commitment=False, key_encipherment=False, data_encipherment=False,
                   key_agreement=False, key_cert_sign=ca, crl_sign=ca, encipher_only=False, decipher_only=False),
                   critical=True)
               .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
               .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(issuer_key.public_key()),
                              critical=False))
    if leaf:
        builder = (builder.add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
                   .add_extension(x509.SubjectAlternativeName([x509.DNSName("long-chain.example")]), critical=False))
    return builder.sign(issuer_key, hashes.SHA256())


def pem(certificate):
    return certificate.public_bytes(serialization.Encoding.PEM)


def main():
    root_key = ec.generate_private_key(ec.SECP256R1())
    root = certificate("Long Chain Root", root_key, "Long Chain Root", root_key, 1, True)
    issuer, issuer_key = "Long Chain Root", root_key
    intermediates = []
    for number in range(1, INTERMEDIATES + 1):
        key = ec.generate_private_key(ec.SECP256R1())
        subject = "Intermediate %02d" % number
        intermediates.append(certificate(subject, key, issuer, issuer_key, number + 1, True))
        issuer, issuer_key = subject, key
    leaf = certificate("long-chain.example", ec.generate_private_key(ec.SECP256R1()), issuer, issuer_key,
                       INTERMEDIATES + 2, False)
    with open(os.path.join(HERE, "root.pem"), "wb") as f:
        f.write(pem(root))
    with open(os.path.join(HERE, "intermediates.pem"), "wb") as f:
        f.write(b"".join(pem(c) for c in reversed(intermediates)))
    with open(os.path.join(HERE, "leaf.pem"), "wb") as f:
        f.write(pem(leaf))


if __name__ == "__main__":
    main()
