#!/usr/bin/env python3
"""Fixtures for `trustcheck audit`. Run from this directory: python3 generate.py

A chain Audit Test Root > Audit Test Intermediate > leaf (example.com, www.example.com), all EC P-256
from fixed secrets; a backup key that is on no chain; a leaf with an RSA-2048 key of exponent 3, whose
TrustKit hash differs from its SPKI pin. Dates are fixed (tests pass --at):

  root          2025-01-01 .. 2035-01-01
  intermediate  2025-01-01 .. 2028-01-01
  leaf, leaf-e3, leaf-www
                2026-01-01 .. 2027-01-01   (at 2026-06-01: 214 days left; at 2026-11-01: 61)

leaf-www.pem names only www.example.com.

expected.json holds the pins computed here with pyca/cryptography, independently of TrustCheck: the
SPKI SHA-256 and TrustKit's hash (its fixed ASN.1 header for the key kind + Apple's external
representation of the key). The TrustKit JSON configurations pin those hashes, one situation each:

  healthy.json          example.com (+subdomains): intermediate + backup, expires 2027-06-01
  no-backup.json        example.com: leaf + intermediate, both on the chain
  nothing-matches.json  example.com: backup + a pin of no key at all
  expires-before.json   example.com: intermediate + backup, expires 2029-01-01 (after the intermediate)
  report-only.json      example.com: backup + unknown pin, TSKEnforcePinning false
  two-domains.json      example.com as healthy.json, and example.org, which the leaf does not cover
  typo.json             healthy.json with "TSKEnforcePining" misspelt (a key TrustKit ignores)
  one-pin.json          example.com: one pin while enforcing (TrustKit refuses the configuration)
  e3-spki.json          example.com: the e=3 leaf's SPKI pin + backup (TrustKit never matches it)
  e3-trustkit.json      example.com: the e=3 leaf's TrustKit hash + backup

EC signatures and the RSA key are random, so re-running changes the certificates and every derived
file together."""
import base64
import datetime
import hashlib
import json
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa
from cryptography.x509.oid import NameOID, ExtendedKeyUsageOID

UTC = datetime.timezone.utc


def day(text):
    return datetime.datetime.fromisoformat(text).replace(tzinfo=UTC)


# TSKSPKIHashCache's headers (pinning-libraries.md 1.5).
TRUSTKIT_HEADERS = {
    ("rsa", 2048): "30820122300d06092a864886f70d01010105000382010f00",
    ("ec", "secp256r1"): "3059301306072a8648ce3d020106082a8648ce3d030107034200",
}


def ec_key(n):
    return ec.derive_private_key(9100 + n, ec.SECP256R1())


def name(cn):
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, cn)])


def cert(subject, key, issuer, issuer_key, ca, serial, not_before, not_after,
         names=("example.com", "www.example.com")):
    builder = (x509.CertificateBuilder().subject_name(name(subject)).issuer_name(name(issuer))
               .public_key(key.public_key()).serial_number(serial)
               .not_valid_before(day(not_before)).not_valid_after(day(not_after))
               .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True)
               .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
               .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(issuer_key.public_key()),
                              critical=False))
    if ca:
        builder = builder.add_extension(x509.KeyUsage(False, False, False, False, False, True, True, False, False),
                                        critical=True)
    else:
        builder = builder.add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        builder = builder.add_extension(
            x509.SubjectAlternativeName([x509.DNSName(n) for n in names]),
            critical=False)
    return builder.sign(issuer_key, hashes.SHA256())


def b64(data):
    return base64.b64encode(data).decode()


def pins_of(public_key):
    spki = public_key.public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
    if isinstance(public_key, rsa.RSAPublicKey):
        external = public_key.public_bytes(serialization.Encoding.DER, serialization.PublicFormat.PKCS1)
        header = TRUSTKIT_HEADERS[("rsa", public_key.key_size)]
    else:
        external = public_key.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        header = TRUSTKIT_HEADERS[("ec", public_key.curve.name)]
    return {"spki_sha256": b64(hashlib.sha256(spki).digest()),
            "trustkit_sha256": b64(hashlib.sha256(bytes.fromhex(header) + external).digest())}


root_key, inter_key, leaf_key, backup_key = ec_key(1), ec_key(2), ec_key(3), ec_key(4)
e3_key = rsa.generate_private_key(public_exponent=3, key_size=2048)
certificates = {
    "root.pem": cert("Audit Test Root", root_key, "Audit Test Root", root_key, True, 1, "2025-01-01", "2035-01-01"),
    "intermediate.pem": cert("Audit Test Intermediate", inter_key, "Audit Test Root", root_key, True, 2,
                             "2025-01-01", "2028-01-01"),
    "leaf.pem": cert("example.com", leaf_key, "Audit Test Intermediate", inter_key, False, 3,
                     "2026-01-01", "2027-01-01"),
    "leaf-e3.pem": cert("example.com", e3_key, "Audit Test Intermediate", inter_key, False, 4,
                        "2026-01-01", "2027-01-01"),
    # Only a subdomain: covered by example.com's includeSubdomains, not by the exact entry.
    "leaf-www.pem": cert("www.example.com", ec_key(5), "Audit Test Intermediate", inter_key, False, 5,
                         "2026-01-01", "2027-01-01", names=["www.example.com"]),
}
expected = {}
for filename, certificate in certificates.items():
    with open(filename, "wb") as f:
        f.write(certificate.public_bytes(serialization.Encoding.PEM))
    expected[filename] = pins_of(certificate.public_key())
# The backup key has no certificate yet: only its pin is configured.
expected["backup"] = pins_of(backup_key.public_key())
# A pin of no key: the SHA-256 of a fixed string.
expected["unknown"] = {"spki_sha256": b64(hashlib.sha256(b"no such key").digest())}
with open("expected.json", "w") as f:
    json.dump(expected, f, indent=2, sort_keys=True)
    f.write("\n")


def pin(which, kind="spki_sha256"):
    return expected[which][kind]


def domain(pins, **settings):
    return dict({"TSKPublicKeyHashes": pins}, **settings)


def write(filename, domains, **extra):
    with open(filename, "w") as f:
        json.dump(dict({"TSKPinnedDomains": domains}, **extra), f, indent=2, sort_keys=True)
        f.write("\n")


healthy = domain([pin("intermediate.pem"), pin("backup")], TSKIncludeSubdomains=True,
                 TSKExpirationDate="2027-06-01", TSKReportUris=["https://reports.example.com/pins"])
write("healthy.json", {"example.com": healthy})
write("no-backup.json", {"example.com": domain([pin("leaf.pem"), pin("intermediate.pem")])})
write("nothing-matches.json", {"example.com": domain([pin("backup"), pin("unknown")])})
write("expires-before.json", {"example.com": domain([pin("intermediate.pem"), pin("backup")],
                                                    TSKExpirationDate="2029-01-01")})
write("report-only.json", {"example.com": domain([pin("backup"), pin("unknown")], TSKEnforcePinning=False)})
write("two-domains.json", {"example.com": healthy,
                           "example.org": domain([pin("root.pem"), pin("backup")])})
write("typo.json", {"example.com": dict(healthy, TSKEnforcePining=True)})
write("one-pin.json", {"example.com": domain([pin("intermediate.pem")])})
write("e3-spki.json", {"example.com": domain([pin("leaf-e3.pem"), pin("backup")])})
write("e3-trustkit.json", {"example.com": domain([pin("leaf-e3.pem", "trustkit_sha256"), pin("backup")])})
