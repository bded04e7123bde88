#!/usr/bin/env python3
"""Generates the live-TLS test root and its expired leaf (python3-cryptography). Run from this directory.

  live-root.pem, live-root.key   "TrustCheck Live Test Root", EC P-256, 2020-01-01 .. 2046-01-01. It is in the
                                 tests' system trust store (Tests/SecTrustCompatTests/Fixtures/system-anchors.pem),
                                 and LiveTLSFixtures issues the servers' certificates under it at test time, valid
                                 from the moment they are made, so the live tests never depend on a fixed date.
  expired-leaf.pem, .key         localhost and 127.0.0.1 under live-root, 2020-01-01 .. 2020-03-01: expired for ever.

The keys are test keys, committed on purpose; re-running keeps them and rewrites the certificates.
"""
import datetime, ipaddress, os
from cryptography import x509
from cryptography.x509.oid import NameOID, ExtendedKeyUsageOID
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec


def key(name):
    path = name + ".key"
    if os.path.exists(path):
        return serialization.load_pem_private_key(open(path, "rb").read(), None)
    k = ec.generate_private_key(ec.SECP256R1())
    open(path, "wb").write(k.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    return k


root_key = key("live-root")
root_name = x509.Name([x509.NameAttribute(NameOID.ORGANIZATION_NAME, "TrustCheck Tests"),
                       x509.NameAttribute(NameOID.COMMON_NAME, "TrustCheck Live Test Root")])
root = (x509.CertificateBuilder().subject_name(root_name).issuer_name(root_name).public_key(root_key.public_key())
        .serial_number(0x4C495645).not_valid_before(datetime.datetime(2020, 1, 1))
        .not_valid_after(datetime.datetime(2046, 1, 1))
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .add_extension(x509.KeyUsage(False, False, False, False, False, True, True, False, False), critical=True)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(root_key.public_key()), critical=False)
        .sign(root_key, hashes.SHA256()))
open("live-root.pem", "wb").write(root.public_bytes(serialization.Encoding.PEM))

leaf_key = key("expired-leaf")
leaf = (x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "localhost")]))
        .issuer_name(root_name).public_key(leaf_key.public_key()).serial_number(0x4558504952)
        .not_valid_before(datetime.datetime(2020, 1, 1)).not_valid_after(datetime.datetime(2020, 3, 1))
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.KeyUsage(True, False, False, False, False, False, False, False, False), critical=True)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .add_extension(x509.SubjectAlternativeName([x509.DNSName("localhost"),
                                                    x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), critical=False)
        .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(root_key.public_key()), critical=False)
        .sign(root_key, hashes.SHA256()))
open("expired-leaf.pem", "wb").write(leaf.public_bytes(serialization.Encoding.PEM))
