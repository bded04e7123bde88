#!/usr/bin/env python3
"""Writes an EC P-256 root and an Ed25519 leaf for ed25519.example below it (the root valid 2025-2035, the leaf
2026-01-01 to 2026-12-01, within the SSL policy's 398 days; serverAuth). The SSL policy takes RSA and EC keys
only (Apple's SecPolicyAddStrongKeySizeOptions): the leaf's key fails KeySize at any size, while the basic
X.509 policy takes it.

    root.pem   the root
    leaf.pem   the Ed25519 leaf

Run with python3-cryptography (38 or later): python3 generate.py (writes next to itself).
"""
import datetime
import os

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

HERE = os.path.dirname(os.path.abspath(__file__))
UTC = datetime.timezone.utc


def name(cn):
    return x509.Name([x509.NameAttribute(NameOID.ORGANIZATION_NAME, "TrustCheck Ed25519"),
                      x509.NameAttribute(NameOID.COMMON_NAME, cn)])


def main():
    root_key = ec.generate_private_key(ec.SECP256R1())
    leaf_key = ed25519.Ed25519PrivateKey.generate()
    root = (x509.CertificateBuilder().subject_name(name("Ed25519 Test Root")).issuer_name(name("Ed25519 Test Root"))
            .public_key(root_key.public_key()).serial_number(1)
            .not_valid_before(datetime.datetime(2025, 1, 1, tzinfo=UTC))
            .not_valid_after(datetime.datetime(2035, 1, 1, tzinfo=UTC))
            .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
            .add_extension(x509.KeyUsage(digital_signature=False, content_commitment=False, key_encipherment=False,
                                         data_encipherment=False, key_agreement=False, key_cert_sign=True,
                                         crl_sign=True, encipher_only=False, decipher_only=False), critical=True)
            .add_extension(x509.SubjectKeyIdentifier.from_public_key(root_key.public_key()), critical=False)
            .sign(root_key, hashes.SHA256()))
    leaf = (x509.CertificateBuilder().subject_name(name("ed25519.example")).issuer_name(root.subject)
            .public_key(leaf_key.public_key()).serial_number(2)
            .not_valid_before(datetime.datetime(2026, 1, 1, tzinfo=UTC))
            .not_valid_after(datetime.datetime(2026, 12, 1, tzinfo=UTC))
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .add_extension(x509.KeyUsage(digital_signature=True, content_commitment=False, key_encipherment=False,
                                         data_encipherment=False, key_agreement=False, key_cert_sign=False,
                                         crl_sign=False, encipher_only=False, decipher_only=False), critical=True)
            .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
            .add_extension(x509.SubjectAlternativeName([x509.DNSName("ed25519.example")]), critical=False)
            .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(root_key.public_key()), critical=False)
            .sign(root_key, hashes.SHA256()))
    for file, certificate in [("root.pem", root), ("leaf.pem", leaf)]:
        with open(os.path.join(HERE, file), "wb") as f:
            f.write(certificate.public_bytes(serialization.Encoding.PEM))


if __name__ == "__main__":
    main()
