#!/usr/bin/env python3
"""Fixtures for the Pinning tests. Run from this directory: python3 generate.py

A chain Pinning Test Root (RSA-4096) > Pinning Test Intermediate (RSA-2048) > leaves, a backup key,
a rogue root that issues a look-alike leaf, an expired leaf, and leaves with every key kind TrustKit
hashes (P-256, P-384, RSA-3072, RSA-2048 with e=3) and one it cannot (P-521). Dates are fixed;
tests evaluate at 2025-01-01.

expected.json holds, per file, hashes computed here with pyca/cryptography, independently of
TrustCheck: the SPKI SHA-256, the SHA-256 of Apple's SecKeyCopyExternalRepresentation bytes, and
TrustKit's hash (its fixed ASN.1 header for the key kind + those bytes; null when TrustKit has no
header). The TrustKit configurations (JSON, XML and binary property lists, an Info.plist) pin those
hashes. EC keys are derived from fixed secrets; RSA keys are random, so re-running changes them
and every derived file together."""
import base64
import datetime
import hashlib
import json
import plistlib
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa
from cryptography.x509.oid import NameOID, ExtendedKeyUsageOID

UTC = datetime.timezone.utc
CA_NOT_BEFORE, CA_NOT_AFTER = datetime.datetime(2024, 1, 1, tzinfo=UTC), datetime.datetime(2034, 1, 1, tzinfo=UTC)
# One year, inside Apple's 825-day limit for leaves under custom anchors.
LEAF_NOT_BEFORE, LEAF_NOT_AFTER = datetime.datetime(2024, 6, 1, tzinfo=UTC), datetime.datetime(2025, 6, 1, tzinfo=UTC)
LEAF_NAMES = ["example.com", "www.example.com", "api.example.com", "unsecured.example.com",
              "x.unsecured.example.com", "foo.www.example.com", "other.example.net"]

# TSKSPKIHashCache's headers (pinning-libraries.md 1.5), keyed by (kind, size).
TRUSTKIT_HEADERS = {
    ("rsa", 2048): "30820122300d06092a864886f70d01010105000382010f00",
    ("rsa", 3072): "308201a2300d06092a864886f70d01010105000382018f00",
    ("rsa", 4096): "30820222300d06092a864886f70d01010105000382020f00",
    ("ec", "secp256r1"): "3059301306072a8648ce3d020106082a8648ce3d030107034200",
    ("ec", "secp384r1"): "3076301006072a8648ce3d020106052b81040022036200",
}


def ec_key(n, curve=ec.SECP256R1()):
    return ec.derive_private_key(7000 + n, curve)


def name(cn):
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, cn)])


def cert(subject, key, issuer, issuer_key, ca, serial, names=None, not_before=None, not_after=None):
    builder = (x509.CertificateBuilder().subject_name(name(subject)).issuer_name(name(issuer))
               .public_key(key.public_key()).serial_number(serial)
               .not_valid_before(not_before or (CA_NOT_BEFORE if ca else LEAF_NOT_BEFORE))
               .not_valid_after(not_after or (CA_NOT_AFTER if ca else LEAF_NOT_AFTER))
               .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True)
               .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
               .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(issuer_key.public_key()), critical=False))
    if ca:
        builder = builder.add_extension(x509.KeyUsage(False, False, False, False, False, True, True, False, False), critical=True)
    else:
        builder = builder.add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        builder = builder.add_extension(x509.SubjectAlternativeName([x509.DNSName(n) for n in names or LEAF_NAMES]), critical=False)
    return builder.sign(issuer_key, hashes.SHA256())


def b64(data):
    return base64.b64encode(data).decode()


def hashes_of(certificate):
    key = certificate.public_key()
    spki = key.public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
    if isinstance(key, rsa.RSAPublicKey):
        external = key.public_bytes(serialization.Encoding.DER, serialization.PublicFormat.PKCS1)
        header = TRUSTKIT_HEADERS.get(("rsa", key.key_size))
    else:
        external = key.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        header = TRUSTKIT_HEADERS.get(("ec", key.curve.name))
    trustkit = hashlib.sha256(bytes.fromhex(header) + external).digest() if header else None
    return {
        "spki_sha256": b64(hashlib.sha256(spki).digest()),
        "external_representation_sha256": b64(hashlib.sha256(external).digest()),
        "trustkit_sha256": b64(trustkit) if trustkit else None,
    }


root_key = rsa.generate_private_key(public_exponent=65537, key_size=4096)
inter_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
root = cert("Pinning Test Root", root_key, "Pinning Test Root", root_key, True, 1)
inter = cert("Pinning Test Intermediate", inter_key, "Pinning Test Root", root_key, True, 2)
files = {
    "root.pem": root,
    "intermediate.pem": inter,
    "leaf.pem": cert("example.com", ec_key(1), "Pinning Test Intermediate", inter_key, False, 10),
    # Only its key matters: the backup pin of every configuration.
    "backup.pem": cert("Pinning Backup Key", ec_key(2), "Pinning Backup Key", ec_key(2), True, 11),
    "expired-leaf.pem": cert("example.com", ec_key(3), "Pinning Test Intermediate", inter_key, False, 12,
                             not_before=datetime.datetime(2023, 1, 1, tzinfo=UTC),
                             not_after=datetime.datetime(2024, 1, 1, tzinfo=UTC)),
    "p384-leaf.pem": cert("example.com", ec_key(4, ec.SECP384R1()), "Pinning Test Intermediate", inter_key, False, 13),
    "p521-leaf.pem": cert("example.com", ec_key(5, ec.SECP521R1()), "Pinning Test Intermediate", inter_key, False, 14),
    "rsa3072-leaf.pem": cert("example.com", rsa.generate_private_key(public_exponent=65537, key_size=3072),
                             "Pinning Test Intermediate", inter_key, False, 15),
    # e=3: TrustKit's header assumes a 3-byte exponent, so its hash differs from the SPKI pin.
    "rsa-e3-leaf.pem": cert("example.com", rsa.generate_private_key(public_exponent=3, key_size=2048),
                            "Pinning Test Intermediate", inter_key, False, 16),
}
rogue_root_key = ec_key(6)
files["rogue-root.pem"] = cert("Rogue Root", rogue_root_key, "Rogue Root", rogue_root_key, True, 20)
files["rogue-leaf.pem"] = cert("example.com", ec_key(7), "Rogue Root", rogue_root_key, False, 21)

expected = {}
for filename, certificate in files.items():
    with open(filename, "wb") as f:
        f.write(certificate.public_bytes(serialization.Encoding.PEM))
    expected[filename] = hashes_of(certificate)
with open("expected.json", "w") as f:
    json.dump(expected, f, indent=2, sort_keys=True)
    f.write("\n")

# One policy set, in every container TrustKit reads: example.com and its subdomains pinned to the
# intermediate (backup: the backup key), unsecured.example.com excluded, api.example.com report-only
# on the root key with pins that expire.
configuration = {
    "TSKSwizzleNetworkDelegates": False,
    "TSKPinnedDomains": {
        "example.com": {
            "TSKIncludeSubdomains": True,
            "TSKPublicKeyHashes": [expected["intermediate.pem"]["spki_sha256"], expected["backup.pem"]["spki_sha256"]],
            "TSKReportUris": ["https://reports.example.com/pins"],
        },
        "unsecured.example.com": {"kSKExcludeSubdomainFromParentPolicy": True},
        "api.example.com": {
            "TSKEnforcePinning": False,
            "TSKDisableDefaultReportUri": True,
            "TSKExpirationDate": "2026-01-01",
            "TSKPublicKeyHashes": [expected["root.pem"]["spki_sha256"]],
        },
    },
}
with open("trustkit.json", "w") as f:
    json.dump(configuration, f, indent=2, sort_keys=True)
    f.write("\n")
with open("trustkit.plist", "wb") as f:
    plistlib.dump(configuration, f, fmt=plistlib.FMT_XML)
with open("trustkit-binary.plist", "wb") as f:
    plistlib.dump(configuration, f, fmt=plistlib.FMT_BINARY)
with open("Info.plist", "wb") as f:
    plistlib.dump({"CFBundleIdentifier": "com.example.pinned", "CFBundleShortVersionString": "1.2.3",
                   "TSKConfiguration": configuration}, f, fmt=plistlib.FMT_BINARY)
