#!/usr/bin/env python3
"""Fixtures for the path-builder tests: cross-signed roots and a certificate mesh that exhausts the
search budget. Keys are derived deterministically (EC P-256 from fixed secrets), dates are fixed, so
re-running changes only the ECDSA signatures. Run from this directory: python3 generate.py"""
import datetime
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID, ExtendedKeyUsageOID

NOT_BEFORE = datetime.datetime(2025, 1, 1, tzinfo=datetime.timezone.utc)
NOT_AFTER = datetime.datetime(2030, 1, 1, tzinfo=datetime.timezone.utc)


def key(n):
    return ec.derive_private_key(1000 + n, ec.SECP256R1())


def name(cn):
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, cn)])


# Leaves live one year: under Apple's rules longer ones fail the 398/825-day limits.
LEAF_NOT_BEFORE = datetime.datetime(2025, 6, 1, tzinfo=datetime.timezone.utc)
LEAF_NOT_AFTER = datetime.datetime(2026, 6, 1, tzinfo=datetime.timezone.utc)


def cert(subject, subject_key, issuer, issuer_key, ca, serial, not_after=NOT_AFTER, san=None):
    builder = (x509.CertificateBuilder().subject_name(name(subject)).issuer_name(name(issuer))
               .public_key(subject_key.public_key()).serial_number(serial)
               .not_valid_before(NOT_BEFORE if ca else LEAF_NOT_BEFORE)
               .not_valid_after(not_after if ca else LEAF_NOT_AFTER)
               .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True)
               .add_extension(x509.SubjectKeyIdentifier.from_public_key(subject_key.public_key()), critical=False)
               .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(issuer_key.public_key()), critical=False))
    if ca:
        builder = builder.add_extension(x509.KeyUsage(False, False, False, False, False, True, True, False, False), critical=True)
    else:
        builder = builder.add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        builder = builder.add_extension(x509.SubjectAlternativeName([x509.DNSName(san)]), critical=False)
    return builder.sign(issuer_key, hashes.SHA256())


def write(filename, *certs):
    with open(filename, "wb") as f:
        for c in certs:
            f.write(c.public_bytes(serialization.Encoding.PEM))


# Cross-signing: Old Root signs New Root; New Root signs the intermediate, which signs the leaf.
old_root_key, new_root_key, inter_key, leaf_key = key(1), key(2), key(3), key(4)
old_root = cert("Old Root", old_root_key, "Old Root", old_root_key, True, 1)
new_root = cert("New Root", new_root_key, "New Root", new_root_key, True, 2)
new_by_old = cert("New Root", new_root_key, "Old Root", old_root_key, True, 3)
expired_new_by_old = cert("New Root", new_root_key, "Old Root", old_root_key, True, 4,
                          not_after=datetime.datetime(2025, 6, 1, tzinfo=datetime.timezone.utc))
inter = cert("Cross Intermediate", inter_key, "New Root", new_root_key, True, 5)
leaf = cert("cross.example.test", leaf_key, "Cross Intermediate", inter_key, False, 6, san="cross.example.test")
write("old-root.pem", old_root)
write("new-root.pem", new_root)
write("new-by-old.pem", new_by_old)
write("expired-new-by-old.pem", expired_new_by_old)
write("cross-intermediate.pem", inter)
write("cross-leaf.pem", leaf)

# A mesh: eight CAs that all share one name and cross-sign each other, with no anchor above them.
# Every ordering is a candidate path, so only the budget ends the search.
mesh_keys = [key(100 + i) for i in range(8)]
mesh = [cert("Mesh CA", mesh_keys[j], "Mesh CA", mesh_keys[i], True, 1000 + i * 10 + j)
        for i in range(8) for j in range(8) if i != j]
mesh_leaf = cert("mesh.example.test", key(99), "Mesh CA", mesh_keys[0], False, 999, san="mesh.example.test")
write("mesh-leaf.pem", mesh_leaf)
write("mesh-intermediates.pem", *mesh)
