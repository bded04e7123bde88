#!/usr/bin/env python3
"""Fixtures for the Alamofire, AFNetworking and NSPinnedDomains tests. Run from this directory:
python3 generate-evaluators.py (generate.py writes the other Pinning fixtures; the two share nothing).

Every key is EC, derived from a fixed secret, and every date is fixed, so re-running rewrites the same
certificates (signatures aside, ECDSA being randomised). Tests evaluate at 2025-01-01.

* af-root.pem > af-intermediate.pem > af-leaf.pem (the hosts of LEAF_NAMES), af-revoked-leaf.pem
  (serial 31, listed by af-intermediate.crl), af-expired-leaf.pem (2023); af-rogue.pem, a self-signed CA
  nobody trusts; af-self-signed.pem, a self-signed server certificate for selfsigned.example.net;
  af-ed25519.pem, a self-signed Ed25519 certificate (a key no SecKey of Alamofire's holds).
* af-intermediate.crl revokes serial 31; af-root.crl revokes nothing (both current on 2025-01-01).
* af-directory/: what Alamofire's Bundle.af.certificates and AFNetworking's certificatesInBundle read
  and skip (see DIRECTORY).
* af-ats-info.plist: an Info.plist with NSAppTransportSecurity / NSPinnedDomains (see PINNED_DOMAINS)."""
import base64
import datetime
import hashlib
import os
import plistlib
import shutil
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519
from cryptography.x509.oid import NameOID, ExtendedKeyUsageOID

UTC = datetime.timezone.utc
def day(y, m, d):
    return datetime.datetime(y, m, d, tzinfo=UTC)

LEAF_NAMES = ["api.example.com", "www.example.com", "example.com", "notpinned.example.com",
              "deep.www.example.com", "www.example.net", "sub.www.example.net", "empty.example.net", "bad.example.net"]


def key(n):
    return ec.derive_private_key(9000 + n, ec.SECP256R1())


def name(cn):
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, cn)])


def cert(subject, subject_key, issuer, issuer_key, ca, serial, names=None, not_before=None, not_after=None):
    public = subject_key.public_key()
    builder = (x509.CertificateBuilder().subject_name(name(subject)).issuer_name(name(issuer))
               .public_key(public).serial_number(serial)
               .not_valid_before(not_before or (day(2024, 1, 1) if ca else day(2024, 6, 1)))
               .not_valid_after(not_after or (day(2034, 1, 1) if ca else day(2025, 6, 1)))
               .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True)
               .add_extension(x509.SubjectKeyIdentifier.from_public_key(public), critical=False)
               .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(issuer_key.public_key()), critical=False))
    if ca:
        builder = builder.add_extension(x509.KeyUsage(False, False, False, False, False, True, True, False, False), critical=True)
    else:
        builder = builder.add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        builder = builder.add_extension(x509.SubjectAlternativeName([x509.DNSName(n) for n in names or LEAF_NAMES]), critical=False)
    algorithm = None if isinstance(issuer_key, ed25519.Ed25519PrivateKey) else hashes.SHA256()
    return builder.sign(issuer_key, algorithm)


def crl(issuer, issuer_key, revoked_serials, number):
    builder = (x509.CertificateRevocationListBuilder().issuer_name(issuer.subject)
               .last_update(day(2024, 12, 1)).next_update(day(2025, 2, 1))
               .add_extension(x509.CRLNumber(number), critical=False)
               .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(issuer_key.public_key()), critical=False))
    for serial in revoked_serials:
        builder = builder.add_revoked_certificate(
            x509.RevokedCertificateBuilder().serial_number(serial).revocation_date(day(2024, 11, 1)).build())
    return builder.sign(issuer_key, hashes.SHA256())


def pem(c):
    return c.public_bytes(serialization.Encoding.PEM)


def der(c):
    return c.public_bytes(serialization.Encoding.DER)


def spki_pin(c):
    spki = c.public_key().public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
    return base64.b64encode(hashlib.sha256(spki).digest()).decode()


root_key, inter_key = key(1), key(2)
root = cert("Evaluator Test Root", root_key, "Evaluator Test Root", root_key, True, 1)
inter = cert("Evaluator Test Intermediate", inter_key, "Evaluator Test Root", root_key, True, 2)
rogue_key, self_key = key(5), key(6)
ed_key = ed25519.Ed25519PrivateKey.from_private_bytes(bytes(range(32)))
files = {
    "af-root.pem": root,
    "af-intermediate.pem": inter,
    "af-leaf.pem": cert("api.example.com", key(3), "Evaluator Test Intermediate", inter_key, False, 30),
    "af-revoked-leaf.pem": cert("api.example.com", key(4), "Evaluator Test Intermediate", inter_key, False, 31),
    "af-expired-leaf.pem": cert("api.example.com", key(7), "Evaluator Test Intermediate", inter_key, False, 32,
                                not_before=day(2023, 1, 1), not_after=day(2024, 1, 1)),
    "af-rogue.pem": cert("Rogue Evaluator CA", rogue_key, "Rogue Evaluator CA", rogue_key, True, 40),
    "af-self-signed.pem": cert("selfsigned.example.net", self_key, "selfsigned.example.net", self_key, False, 41,
                               names=["selfsigned.example.net"]),
    "af-ed25519.pem": cert("Ed25519 Key", ed_key, "Ed25519 Key", ed_key, True, 42),
}
for filename, certificate in files.items():
    with open(filename, "wb") as f:
        f.write(pem(certificate))
with open("af-intermediate.crl", "wb") as f:
    f.write(crl(inter, inter_key, [31], 1).public_bytes(serialization.Encoding.PEM))
with open("af-root.crl", "wb") as f:
    f.write(crl(root, root_key, [], 1).public_bytes(serialization.Encoding.PEM))

# Alamofire scans .cer .CER .crt .CRT .der .DER at the top level and keeps what is one DER certificate;
# AFNetworking takes every .cer file's bytes unchecked.
DIRECTORY = {
    "root.cer": der(root),                 # both
    "intermediate.CRT": der(inter),        # Alamofire
    "leaf.der": der(files["af-leaf.pem"]), # Alamofire
    "root-copy.DER": der(root),            # Alamofire, a duplicate
    "pem-inside.cer": pem(inter),          # Alamofire drops (not DER); AFNetworking keeps the bytes
    "garbage.crt": b"not a certificate",   # Alamofire drops
    "rogue.pem": pem(files["af-rogue.pem"]),  # not scanned by either
    "rogue.Cer": der(files["af-rogue.pem"]),  # not scanned: the extension's spelling counts
    "README.txt": b"fixtures",             # not scanned
    "nested/rogue.cer": der(files["af-rogue.pem"]),  # not scanned: top level only
}
shutil.rmtree("af-directory", ignore_errors=True)
for path, data in DIRECTORY.items():
    full = os.path.join("af-directory", path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "wb") as f:
        f.write(data)


def identities(*certificates):
    return [{"SPKI-SHA256-BASE64": spki_pin(c)} for c in certificates]


PINNED_DOMAINS = {
    # Both kinds; the CA identity is the root, an anchor the server never needs to send.
    "api.example.com": {"NSPinnedLeafIdentities": identities(files["af-leaf.pem"]),
                        "NSPinnedCAIdentities": identities(root)},
    # The hosts one label below example.com, pinned to a CA that is not on the chain.
    "example.com": {"NSIncludesSubdomains": True, "NSPinnedCAIdentities": identities(files["af-rogue.pem"])},
    # The key's case does not matter; an integer 1 is not a boolean true, so no subdomains.
    "WWW.Example.NET": {"NSIncludesSubdomains": 1, "NSPinnedLeafIdentities": identities(files["af-rogue.pem"])},
    # An empty array still pins: nothing can match.
    "empty.example.net": {"NSPinnedCAIdentities": []},
    # Nothing usable in it: still pinned.
    "bad.example.net": {"NSPinnedLeafIdentities": [{"SPKI-SHA256-BASE64": "not base64!"}, {"Other": "x"}, "x"]},
    # The CA identities exclude the leaf: a chain of the leaf alone cannot meet them.
    "selfsigned.example.net": {"NSPinnedCAIdentities": identities(files["af-self-signed.pem"])},
    "skipped.example.net": "not a dictionary",
}
with open("af-ats-info.plist", "wb") as f:
    plistlib.dump({"CFBundleIdentifier": "com.example.ats",
                   "NSAppTransportSecurity": {"NSPinnedDomains": PINNED_DOMAINS}}, f, fmt=plistlib.FMT_XML)
