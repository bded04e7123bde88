#!/usr/bin/env python3
"""Writes TrustCheck's certificate fixtures and expected.json. Run it through generate.sh.

Two passes that do not share state:
  1. build: deterministic keys, fixed dates, certificates written as PEM or DER;
  2. describe: every written file is read back with `cryptography` and the openssl CLI, and
     the values the Swift tests check are computed from what is on disk.
Nothing here uses TrustCheck, so expected.json is an independent oracle.
"""

import base64
import datetime
import hashlib
import ipaddress
import json
import math
import subprocess
import sys
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, rsa
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID, ObjectIdentifier

OUT = Path(sys.argv[1])
WORK = Path(sys.argv[2])  # scratch space for the openssl SHA-1 step; removed by generate.sh

UTC = datetime.timezone.utc
ROOT_NOT_BEFORE = datetime.datetime(2024, 1, 1, tzinfo=UTC)
ROOT_NOT_AFTER = datetime.datetime(2044, 1, 1, tzinfo=UTC)
LEAF_NOT_BEFORE = datetime.datetime(2024, 3, 1, 12, 0, 0, tzinfo=UTC)
LEAF_NOT_AFTER = datetime.datetime(2034, 3, 1, 12, 0, 0, tzinfo=UTC)

DESCRIPTION = ObjectIdentifier("2.5.4.13")
UNKNOWN_CRITICAL = ObjectIdentifier("1.3.6.1.4.1.55555.1.1")
UNKNOWN_NONCRITICAL = ObjectIdentifier("1.3.6.1.4.1.55555.1.2")
PRIVATE_EKU = ObjectIdentifier("1.3.6.1.4.1.55555.3.1")
PRIVATE_POLICY = ObjectIdentifier("1.3.6.1.4.1.55555.2.1")
CABF_DV_POLICY = ObjectIdentifier("2.23.140.1.2.1")

DER = serialization.Encoding.DER
PEM = serialization.Encoding.PEM


# ---------------------------------------------------------------------------------------------
# Deterministic keys. cryptography's key generators use the OS RNG, so keys are derived here
# from a SHA-256 counter stream seeded by a label, then imported.


class SeededStream:
    def __init__(self, label):
        self.seed = hashlib.sha256(b"TrustCheck fixture key: " + label.encode()).digest()
        self.counter = 0

    def read(self, count):
        out = b""
        while len(out) < count:
            out += hashlib.sha256(self.seed + self.counter.to_bytes(8, "big")).digest()
            self.counter += 1
        return out[:count]

    def integer(self, bits):
        return int.from_bytes(self.read((bits + 7) // 8), "big") >> (-bits % 8)


SMALL_PRIMES = [p for p in range(3, 3000) if all(p % d for d in range(2, math.isqrt(p) + 1))]


def is_probable_prime(n, stream, rounds=40):
    for p in SMALL_PRIMES:
        if n % p == 0:
            return n == p
    d, s = n - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    for _ in range(rounds):
        a = 2 + stream.integer(n.bit_length()) % (n - 3)
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = pow(x, 2, n)
            if x == n - 1:
                break
        else:
            return False
    return True


def rsa_prime(stream, bits, e):
    while True:
        # The top two bits set make p*q exactly 2*bits long.
        candidate = stream.integer(bits) | (3 << (bits - 2)) | 1
        if math.gcd(e, candidate - 1) == 1 and is_probable_prime(candidate, stream):
            return candidate


def rsa_key(label, bits, e=65537):
    stream = SeededStream(label)
    p = rsa_prime(stream, bits // 2, e)
    q = rsa_prime(stream, bits // 2, e)
    assert p != q
    n = p * q
    assert n.bit_length() == bits
    d = pow(e, -1, math.lcm(p - 1, q - 1))
    numbers = rsa.RSAPrivateNumbers(
        p, q, d, rsa.rsa_crt_dmp1(d, p), rsa.rsa_crt_dmq1(d, q), rsa.rsa_crt_iqmp(p, q), rsa.RSAPublicNumbers(e, n)
    )
    return numbers.private_key()


def ec_key(label, curve):
    # key_size - 1 bits is always below the group order of P-256/384/521.
    return ec.derive_private_key(SeededStream(label).integer(curve.key_size - 1) | 1, curve)


def ed25519_key(label):
    return ed25519.Ed25519PrivateKey.from_private_bytes(SeededStream(label).read(32))


def serial_for(label):
    # 63 bits, so the DER INTEGER never needs a leading 00 (serial-leading-zero.pem wants one on purpose).
    return int.from_bytes(hashlib.sha256(b"serial: " + label.encode()).digest()[:8], "big") >> 1


def hash_for(key):
    if isinstance(key, ed25519.Ed25519PrivateKey):
        return None
    if isinstance(key, ec.EllipticCurvePrivateKey):
        return {256: hashes.SHA256(), 384: hashes.SHA384(), 521: hashes.SHA512()}[key.curve.key_size]
    return hashes.SHA256()


# ---------------------------------------------------------------------------------------------
# Building


def name(*pairs):
    return x509.Name([x509.NameAttribute(oid, value) for oid, value in pairs])


class Issuer:
    def __init__(self, file, cert, key):
        self.file, self.cert, self.key = file, cert, key


def build(subject, key, issuer, serial, extensions, not_before, not_after):
    """Signs with the issuer's key, or self-signs when issuer is None."""
    signing_key = issuer.key if issuer else key
    builder = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(issuer.cert.subject if issuer else subject)
        .public_key(key.public_key())
        .serial_number(serial)
        .not_valid_before(not_before)
        .not_valid_after(not_after)
    )
    for extension, critical in extensions:
        builder = builder.add_extension(extension, critical)
    deterministic = {"ecdsa_deterministic": True} if isinstance(signing_key, ec.EllipticCurvePrivateKey) else {}
    return builder.sign(signing_key, hash_for(signing_key), **deterministic)


def ski(key):
    return (x509.SubjectKeyIdentifier.from_public_key(key.public_key()), False)


def aki(issuer):
    return (x509.AuthorityKeyIdentifier.from_issuer_public_key(issuer.key.public_key()), False)


def ca_extensions(key, path_length=None, bc_critical=True):
    return [
        (x509.BasicConstraints(ca=True, path_length=path_length), bc_critical),
        (key_usage(key_cert_sign=True, crl_sign=True), True),
        ski(key),
    ]


def key_usage(**bits):
    names = ["digital_signature", "content_commitment", "key_encipherment", "data_encipherment", "key_agreement",
             "key_cert_sign", "crl_sign", "encipher_only", "decipher_only"]
    return x509.KeyUsage(**{n: bits.get(n, False) for n in names})


def leaf_extensions(key, issuer, sans):
    return [
        (x509.BasicConstraints(ca=False, path_length=None), True),
        (key_usage(digital_signature=True, key_encipherment=isinstance(key, rsa.RSAPrivateKey)), True),
        (x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH, ExtendedKeyUsageOID.CLIENT_AUTH]), False),
        (x509.SubjectAlternativeName(sans), False),
        ski(key),
        aki(issuer),
    ]


ORG = (NameOID.ORGANIZATION_NAME, "TrustCheck Tests")
COUNTRY = (NameOID.COUNTRY_NAME, "US")

written = {}  # file name -> list of certificates it holds, in order
issuers = {}  # (file, index) of each certificate's issuer, for signature tests


def write(file, certs, issuer_of, encoding=PEM):
    """Writes one certificate (or a bundle) and remembers who issued each one."""
    (OUT / file).write_bytes(b"".join(c.public_bytes(encoding) for c in certs))
    written[file] = certs
    for index, issuer in enumerate(issuer_of):
        issuers[(file, index)] = issuer


def first_certificate_of(file):
    return {"file": file, "index": 0}


KEY_TYPES = [
    # (file stem, key factory taking a seed label, encoding of the leaf file)
    ("rsa2048", lambda label: rsa_key(label, 2048), PEM),
    ("rsa4096", lambda label: rsa_key(label, 4096), DER),
    ("rsa3072-e3", lambda label: rsa_key(label, 3072, e=3), PEM),
    ("rsa1024", lambda label: rsa_key(label, 1024), DER),
    ("ec-p256", lambda label: ec_key(label, ec.SECP256R1()), PEM),
    ("ec-p384", lambda label: ec_key(label, ec.SECP384R1()), DER),
    ("ec-p521", lambda label: ec_key(label, ec.SECP521R1()), PEM),
    ("ed25519", lambda label: ed25519_key(label), DER),
]


def build_all():
    roots = {}
    for stem, make_key, leaf_encoding in KEY_TYPES:
        root_key = make_key(stem + "-root")
        root_cert = build(name(COUNTRY, ORG, (NameOID.COMMON_NAME, f"TrustCheck Test Root {stem}")), root_key, None,
                          serial_for(stem + "-root"), ca_extensions(root_key), ROOT_NOT_BEFORE, ROOT_NOT_AFTER)
        root_file = f"{stem}-root.pem"
        write(root_file, [root_cert], [first_certificate_of(root_file)])
        root = roots[stem] = Issuer(root_file, root_cert, root_key)
        if stem == "rsa2048":
            continue  # its leaf hangs below an intermediate, built next
        leaf_key = make_key(stem + "-leaf")
        host = f"{stem}.example.com"
        leaf = build(name(COUNTRY, ORG, (NameOID.COMMON_NAME, host)), leaf_key, root, serial_for(stem + "-leaf"),
                     leaf_extensions(leaf_key, root, [x509.DNSName(host)]), LEAF_NOT_BEFORE, LEAF_NOT_AFTER)
        extension = "pem" if leaf_encoding == PEM else "der"
        write(f"{stem}-leaf.{extension}", [leaf], [first_certificate_of(root_file)], leaf_encoding)

    # RSA-2048 chain: root -> intermediate (pathLen 0, name constraints, policies) -> leaf with every SAN type.
    root = roots["rsa2048"]
    intermediate_key = rsa_key("rsa2048-intermediate", 2048)
    constraints = x509.NameConstraints(
        permitted_subtrees=[
            x509.DNSName("example.com"),
            x509.IPAddress(ipaddress.ip_network("10.0.0.0/8")),
            x509.IPAddress(ipaddress.ip_network("2001:db8::/32")),
        ],
        excluded_subtrees=[
            x509.DNSName("forbidden.example.com"),
            x509.IPAddress(ipaddress.ip_network("10.66.0.0/16")),
            x509.IPAddress(ipaddress.ip_network("2001:db8:bad::/48")),
        ],
    )
    policies = x509.CertificatePolicies([
        x509.PolicyInformation(CABF_DV_POLICY, [
            "https://cps.example.com/cps",
            x509.UserNotice(None, "TrustCheck test policy"),
        ]),
        x509.PolicyInformation(PRIVATE_POLICY, None),
    ])
    intermediate_cert = build(
        name(COUNTRY, ORG, (NameOID.COMMON_NAME, "TrustCheck Test Intermediate")), intermediate_key, root,
        serial_for("rsa2048-intermediate"),
        ca_extensions(intermediate_key, path_length=0) + [aki(root), (constraints, True), (policies, False)],
        ROOT_NOT_BEFORE, ROOT_NOT_AFTER)
    write("rsa2048-intermediate.pem", [intermediate_cert], [first_certificate_of(root.file)])
    intermediate = Issuer("rsa2048-intermediate.pem", intermediate_cert, intermediate_key)

    leaf_key = rsa_key("rsa2048-leaf", 2048)
    sans = [
        x509.DNSName("www.example.com"),
        x509.DNSName("example.com"),
        x509.IPAddress(ipaddress.ip_address("10.0.0.1")),
        x509.IPAddress(ipaddress.ip_address("2001:db8::1")),
        x509.RFC822Name("admin@example.com"),
        x509.UniformResourceIdentifier("https://www.example.com/"),
    ]
    leaf_cert = build(
        name(COUNTRY, (NameOID.STATE_OR_PROVINCE_NAME, "Oregon"), (NameOID.LOCALITY_NAME, "Springfield"), ORG,
             (NameOID.ORGANIZATIONAL_UNIT_NAME, "Web"), (NameOID.COMMON_NAME, "www.example.com")),
        leaf_key, intermediate, serial_for("rsa2048-leaf"), leaf_extensions(leaf_key, intermediate, sans),
        LEAF_NOT_BEFORE, LEAF_NOT_AFTER)
    write("rsa2048-leaf.pem", [leaf_cert], [{"file": "rsa2048-intermediate.pem", "index": 0}])

    build_special(root)
    build_bundles(root, intermediate, roots)
    build_directory(roots)
    build_bad_inputs(roots)


def build_special(root):
    """Certificates that each exercise one field or rule; issued by the RSA-2048 root unless noted."""
    key = ec_key("special", ec.SECP256R1())

    def issued(file, subject, extensions, serial=None, not_before=LEAF_NOT_BEFORE, not_after=LEAF_NOT_AFTER,
               encoding=PEM):
        cert = build(subject, key, root, serial or serial_for(file), extensions + [aki(root)], not_before, not_after)
        write(file, [cert], [first_certificate_of(root.file)], encoding)
        return cert

    plain = [(x509.BasicConstraints(ca=False, path_length=None), True), ski(key)]

    # 1950-01-01 must be a UTCTime ("500101000000Z"), 2060-01-01 a GeneralizedTime (RFC 5280 4.1.2.5).
    dates = issued("dates-1950-2060.pem", name((NameOID.COMMON_NAME, "dates.example.com")), plain,
                   not_before=datetime.datetime(1950, 1, 1, tzinfo=UTC),
                   not_after=datetime.datetime(2060, 1, 1, tzinfo=UTC))
    der = dates.public_bytes(DER)
    assert b"\x17\x0d500101000000Z" in der and b"\x18\x0f20600101000000Z" in der, "unexpected time encodings"

    # Subject-summary rule (apple-sectrust.md 5.3).
    issued("summary-multiple-cn.pem",
           name((NameOID.COMMON_NAME, "alpha.example.com"), (NameOID.COMMON_NAME, "beta.example.com"), ORG), plain)
    issued("summary-cn-description.pem",
           name((NameOID.COMMON_NAME, "Gamma Server"), (DESCRIPTION, "staging only"), ORG), plain)
    issued("summary-multiple-cn-description.pem",
           name((DESCRIPTION, "pair"), (NameOID.COMMON_NAME, "one"), ORG, (NameOID.COMMON_NAME, "two")), plain)
    issued("summary-email-san.pem",
           name((NameOID.ORGANIZATIONAL_UNIT_NAME, "Mail"), ORG),
           plain + [(x509.SubjectAlternativeName([x509.DNSName("mail.example.com"),
                                                  x509.RFC822Name("postmaster@example.com")]), False)])
    issued("summary-email-attribute.pem", name(ORG, (NameOID.EMAIL_ADDRESS, "contact@example.com")), plain)
    issued("summary-dns-san.pem", name(ORG, COUNTRY),
           plain + [(x509.SubjectAlternativeName([x509.DNSName("dns-only.example.com")]), False)])
    issued("summary-ou-o.pem",
           name(ORG, (NameOID.ORGANIZATIONAL_UNIT_NAME, "Unit One"), (NameOID.ORGANIZATIONAL_UNIT_NAME, "Unit Two")),
           plain)
    issued("summary-o-only.pem", name((NameOID.COUNTRY_NAME, "US"), ORG), plain)
    # An empty subject needs a critical SAN (RFC 5280 4.2.1.6).
    issued("summary-empty-subject-san.pem", x509.Name([]),
           plain + [(x509.SubjectAlternativeName([x509.DNSName("no-subject.example.com")]), True)])
    issued("summary-empty-subject.pem", x509.Name([]), plain, encoding=DER)

    issued("ca-pathlen-2.pem", name((NameOID.COMMON_NAME, "Path Length Two CA"), ORG),
           ca_extensions(key, path_length=2, bc_critical=False))
    issued("key-usage-all.pem", name((NameOID.COMMON_NAME, "all key usages")),
           plain + [(key_usage(digital_signature=True, content_commitment=True, key_encipherment=True,
                               data_encipherment=True, key_agreement=True, key_cert_sign=True, crl_sign=True,
                               encipher_only=True, decipher_only=True), True)])
    issued("eku-many.pem", name((NameOID.COMMON_NAME, "many EKUs")),
           plain + [(x509.ExtendedKeyUsage([
               ExtendedKeyUsageOID.SERVER_AUTH, ExtendedKeyUsageOID.CLIENT_AUTH, ExtendedKeyUsageOID.CODE_SIGNING,
               ExtendedKeyUsageOID.EMAIL_PROTECTION, ExtendedKeyUsageOID.TIME_STAMPING,
               ExtendedKeyUsageOID.OCSP_SIGNING, ExtendedKeyUsageOID.ANY_EXTENDED_KEY_USAGE, PRIVATE_EKU]), True)])
    issued("critical-unknown-extension.pem", name((NameOID.COMMON_NAME, "critical.example.com")),
           plain + [(x509.UnrecognizedExtension(UNKNOWN_CRITICAL, b"\x05\x00"), True),
                    (x509.UnrecognizedExtension(UNKNOWN_NONCRITICAL, b"\x0c\x02hi"), False)])
    # Top bit set: the DER INTEGER needs a 00 sign byte, which Apple's serial-number API keeps.
    issued("serial-leading-zero.pem", name((NameOID.COMMON_NAME, "serial.example.com")), plain,
           serial=0x8000_0000_0000_0000_0042_00ff)

    build_sha1(root)


def build_sha1(root):
    """SHA-1 signature made by openssl, because cryptography refuses SHA-1 for certificates.

    `openssl x509 -req` ignores -preserve_dates, so the fixed dates come from a template: a certificate
    self-signed by the leaf key with the final subject, dates and extensions, which `openssl x509 -CA`
    re-signs with SHA-1 while keeping its dates. openssl adds the authorityKeyIdentifier itself.
    """
    leaf_key = rsa_key("sha1-leaf", 2048)
    subject = name(ORG, (NameOID.COMMON_NAME, "sha1.example.com"))
    template = build(subject, leaf_key, None, serial_for("sha1"),
                     [(x509.BasicConstraints(ca=False, path_length=None), True),
                      (x509.SubjectAlternativeName([x509.DNSName("sha1.example.com")]), False), ski(leaf_key)],
                     LEAF_NOT_BEFORE, LEAF_NOT_AFTER)
    (WORK / "template.pem").write_bytes(template.public_bytes(PEM))
    (WORK / "ca.pem").write_bytes(root.cert.public_bytes(PEM))
    (WORK / "ca.key").write_bytes(root.key.private_bytes(PEM, serialization.PrivateFormat.PKCS8,
                                                         serialization.NoEncryption()))
    subprocess.run(["openssl", "x509", "-in", WORK / "template.pem", "-CA", WORK / "ca.pem", "-CAkey", WORK / "ca.key",
                    "-sha1", "-preserve_dates", "-set_serial", hex(serial_for("sha1")), "-out", OUT / "sha1-rsa.pem"],
                   check=True, capture_output=True)
    cert = x509.load_pem_x509_certificate((OUT / "sha1-rsa.pem").read_bytes())
    assert cert.signature_algorithm_oid.dotted_string == "1.2.840.113549.1.1.5", "openssl did not sign with SHA-1"
    written["sha1-rsa.pem"] = [cert]
    issuers[("sha1-rsa.pem", 0)] = first_certificate_of(root.file)


def build_bundles(root, intermediate, roots):
    leaf = written["rsa2048-leaf.pem"][0]
    # Text around and between blocks, as `openssl s_client -showcerts` and CA downloads have.
    preamble = b"Chain for www.example.com, leaf first.\nsubject=CN=www.example.com\n\n"
    data = (preamble + leaf.public_bytes(PEM) + b"\nissuer certificate follows\n"
            + intermediate.cert.public_bytes(PEM) + root.cert.public_bytes(PEM))
    (OUT / "bundle.pem").write_bytes(data)
    written["bundle.pem"] = [leaf, intermediate.cert, root.cert]
    for index, issuer in enumerate([{"file": "bundle.pem", "index": 1}, {"file": "bundle.pem", "index": 2},
                                    {"file": "bundle.pem", "index": 2}]):
        issuers[("bundle.pem", index)] = issuer

    ec_leaf = written["ec-p256-leaf.pem"][0]
    write("bundle.der", [ec_leaf, roots["ec-p256"].cert],
          [{"file": "bundle.der", "index": 1}, {"file": "bundle.der", "index": 1}], DER)


DIRECTORY_FILES = {}  # directory file name -> certificates, in file-name order


def build_directory(roots):
    """A directory whose files are recognised by content: odd extensions, none, and non-certificates."""
    directory = OUT / "directory"
    directory.mkdir()
    contents = {
        "first.crt": (roots["rsa2048"].cert.public_bytes(PEM), [roots["rsa2048"].cert]),
        "second": (roots["ec-p256"].cert.public_bytes(DER), [roots["ec-p256"].cert]),
        "third.txt": (roots["ed25519"].cert.public_bytes(PEM), [roots["ed25519"].cert]),
        "chain.cer": (written["rsa2048-leaf.pem"][0].public_bytes(PEM) + written["rsa2048-intermediate.pem"][0]
                      .public_bytes(PEM), [written["rsa2048-leaf.pem"][0], written["rsa2048-intermediate.pem"][0]]),
        "README": (b"Not a certificate: the loader must skip this file.\n", []),
        "public-key.pem": (roots["ec-p384"].key.public_key().public_bytes(
            PEM, serialization.PublicFormat.SubjectPublicKeyInfo), []),
    }
    for file, (data, certs) in sorted(contents.items()):
        (directory / file).write_bytes(data)
        DIRECTORY_FILES[file] = certs


BAD_INPUTS = {}  # file -> what is wrong with it


def build_bad_inputs(roots):
    bad = OUT / "bad"
    bad.mkdir()
    cert = roots["ec-p256"].cert
    pem = cert.public_bytes(PEM)
    lines = pem.decode().splitlines(keepends=True)

    def put(file, data, why):
        (bad / file).write_bytes(data)
        BAD_INPUTS[f"bad/{file}"] = why

    put("empty.pem", b"", "zero bytes")
    put("garbage.txt", b"This is not a certificate, just some text; nothing here is base64!\n", "plain text")
    put("truncated.der", cert.public_bytes(DER)[:200], "the first 200 bytes of a DER certificate")
    broken = lines[:3] + ["#### not base64 ####\n"] + lines[4:]
    put("broken-base64.pem", "".join(broken).encode(), "a certificate block whose body is not base64")
    put("no-end-line.pem", "".join(lines[:-1]).encode(), "a BEGIN CERTIFICATE without its END line")
    put("mismatched-end.pem", "".join(lines[:-1] + ["-----END PUBLIC KEY-----\n"]).encode(),
        "BEGIN CERTIFICATE closed by END PUBLIC KEY")
    put("public-key-only.pem", roots["ec-p256"].key.public_key().public_bytes(
        PEM, serialization.PublicFormat.SubjectPublicKeyInfo), "PEM with no certificate block")
    put("not-a-certificate.der", roots["ec-p256"].key.public_key().public_bytes(
        DER, serialization.PublicFormat.SubjectPublicKeyInfo), "a DER SEQUENCE that is a SubjectPublicKeyInfo")
    # The second block is valid base64 of a SubjectPublicKeyInfo labelled CERTIFICATE.
    spki_as_cert = roots["ec-p256"].key.public_key().public_bytes(
        PEM, serialization.PublicFormat.SubjectPublicKeyInfo).replace(b"PUBLIC KEY", b"CERTIFICATE")
    put("second-block-not-a-certificate.pem", pem + spki_as_cert, "a good block, then a key labelled CERTIFICATE")
    (bad / "no-certificates").mkdir()
    put("no-certificates/README", b"This directory holds no certificates.\n", "directory without certificates")
    BAD_INPUTS["bad/no-certificates"] = BAD_INPUTS.pop("bad/no-certificates/README")


# ---------------------------------------------------------------------------------------------
# Describing: everything below reads the written files back; nothing comes from the build pass
# except which files exist and who issued what.


def openssl_pin(der):
    """The pin exactly as the TrustKit docs compute it with openssl."""
    pipeline = ("openssl x509 -inform DER -pubkey -noout | openssl pkey -pubin -outform der"
                " | openssl dgst -sha256 -binary | base64")
    return subprocess.run(["bash", "-o", "pipefail", "-c", pipeline], input=der, check=True,
                          capture_output=True).stdout.decode().strip()


# TrustKit's TSKSPKIHashCache headers (pinning-libraries.md 1.5), keyed by (type, bits).
TRUSTKIT_HEADERS = {
    ("RSA", 2048): "30820122300d06092a864886f70d01010105000382010f00",
    ("RSA", 3072): "308201a2300d06092a864886f70d01010105000382018f00",
    ("RSA", 4096): "30820222300d06092a864886f70d01010105000382020f00",
    ("EC", 256): "3059301306072a8648ce3d020106082a8648ce3d030107034200",
    ("EC", 384): "3076301006072a8648ce3d020106052b81040022036200",
}


def serial_content_octets(serial):
    """DER INTEGER content octets of a positive serial: minimal, with a 00 byte when the top bit is set."""
    return serial.to_bytes(serial.bit_length() // 8 + 1, "big").hex()


def key_description(cert):
    key = cert.public_key()
    if isinstance(key, rsa.RSAPublicKey):
        external = key.public_bytes(DER, serialization.PublicFormat.PKCS1)
        return {"type": "RSA", "bits": key.key_size, "curve": None, "rsa_exponent": key.public_numbers().e}, external
    if isinstance(key, ec.EllipticCurvePublicKey):
        external = key.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        curve = {"secp256r1": "P-256", "secp384r1": "P-384", "secp521r1": "P-521"}[key.curve.name]
        return {"type": "EC", "bits": key.curve.key_size, "curve": curve, "rsa_exponent": None}, external
    if isinstance(key, ed25519.Ed25519PublicKey):
        external = key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
        return {"type": "Ed25519", "bits": 256, "curve": None, "rsa_exponent": None}, external
    raise TypeError(key)


def extension_value(cert, cls):
    try:
        return cert.extensions.get_extension_for_class(cls)
    except x509.ExtensionNotFound:
        return None


def general_name(gn):
    if isinstance(gn, x509.DNSName):
        return {"type": "dns", "value": gn.value}
    if isinstance(gn, x509.RFC822Name):
        return {"type": "email", "value": gn.value}
    if isinstance(gn, x509.UniformResourceIdentifier):
        return {"type": "uri", "value": gn.value}
    if isinstance(gn, x509.IPAddress):
        ip = gn.value
        if isinstance(ip, (ipaddress.IPv4Network, ipaddress.IPv6Network)):
            # Name constraints carry address then mask (RFC 5280 4.2.1.10).
            return {"type": "ip", "value": ip.compressed,
                    "hex": (ip.network_address.packed + ip.netmask.packed).hex()}
        return {"type": "ip", "value": ip.compressed, "hex": ip.packed.hex()}
    raise TypeError(gn)


KEY_USAGE_NAMES = [
    ("digital_signature", "digitalSignature"), ("content_commitment", "nonRepudiation"),
    ("key_encipherment", "keyEncipherment"), ("data_encipherment", "dataEncipherment"),
    ("key_agreement", "keyAgreement"), ("key_cert_sign", "keyCertSign"), ("crl_sign", "cRLSign"),
]


def key_usage_names(ku):
    names = [rfc for attr, rfc in KEY_USAGE_NAMES if getattr(ku, attr)]
    if ku.key_agreement:  # cryptography only defines these two when keyAgreement is set
        names += [rfc for attr, rfc in [("encipher_only", "encipherOnly"), ("decipher_only", "decipherOnly")]
                  if getattr(ku, attr)]
    return names


def subject_attributes(cert):
    return [attr for rdn in cert.subject.rdns for attr in rdn]


def san_values(cert, cls):
    san = extension_value(cert, x509.SubjectAlternativeName)
    return san.value.get_values_for_type(cls) if san else []


def email_addresses(cert):
    """SAN rfc822Names, then subject emailAddress attributes: SecCertificateCopyEmailAddresses' order."""
    return san_values(cert, x509.RFC822Name) + [
        a.value for a in subject_attributes(cert) if a.oid == NameOID.EMAIL_ADDRESS]


def apple_subject_summary(cert):
    """SecCertificateCopySubjectSummary as apple-sectrust.md 5.3 states it."""
    rank_of = {NameOID.COMMON_NAME: 0, NameOID.ORGANIZATIONAL_UNIT_NAME: 1, NameOID.ORGANIZATION_NAME: 2}
    best_rank, best_values, description = None, [], None
    for attr in subject_attributes(cert):
        if not isinstance(attr.value, str):
            continue
        if attr.oid == DESCRIPTION:
            description = description if description is not None else attr.value
            continue
        rank = rank_of.get(attr.oid, 3)
        if best_rank is None or rank < best_rank:
            best_rank, best_values = rank, [attr.value]
        elif rank == best_rank:
            best_values.append(attr.value)
    joined = ", ".join(reversed(best_values))  # "%@, %@" with the newer value first
    if best_rank == 0:
        return f"{joined} ({description})" if description is not None else joined
    emails = email_addresses(cert)
    if emails:
        return emails[0]
    dns = san_values(cert, x509.DNSName)
    if dns:
        return dns[0]
    return joined or None


# GnuTLS and cryptography both print RFC 4514 strings; RFC 4514 fixes short names only for CN, L,
# ST, O, OU, C, STREET, DC and UID. For the two other types the fixtures use, the names below are
# GnuTLS's (TrustCheck's DistinguishedName.rfc4514 is GnuTLS's string).
RFC4514_NAMES = {NameOID.EMAIL_ADDRESS: "EMAIL", DESCRIPTION: "description"}


def describe(file, index, cert):
    """One expected.json entry. Less obvious fields:
    issuer_location      file and index of the certificate whose key signed this one
    serial_hex           DER INTEGER content octets (a 00 sign byte kept), as Apple's serial API returns
    subject_rfc4514      cryptography's rfc4514_string, with GnuTLS's names for EMAIL and description
    key.bits             RSA modulus bits, EC curve bits, 256 for Ed25519
    spki_sha256_base64   the pin, from the openssl pipeline TrustKit documents
    external_representation_hex  SecKeyCopyExternalRepresentation: PKCS#1 / X9.62 point / raw Ed25519
    trustkit_hash_base64 SHA-256 of TrustKit's fixed header + external representation; null where
                         TrustKit has no header for the key type and size
    unknown_critical_extensions  critical extensions cryptography does not recognise
    subject_summary      SecCertificateCopySubjectSummary, from apple_subject_summary above
    """
    der = cert.public_bytes(DER)
    key, external = key_description(cert)
    spki = cert.public_key().public_bytes(DER, serialization.PublicFormat.SubjectPublicKeyInfo)
    header = TRUSTKIT_HEADERS.get((key["type"], key["bits"]))
    bc = extension_value(cert, x509.BasicConstraints)
    ku = extension_value(cert, x509.KeyUsage)
    eku = extension_value(cert, x509.ExtendedKeyUsage)
    san = extension_value(cert, x509.SubjectAlternativeName)
    ski_ext = extension_value(cert, x509.SubjectKeyIdentifier)
    aki_ext = extension_value(cert, x509.AuthorityKeyIdentifier)
    nc = extension_value(cert, x509.NameConstraints)
    cp = extension_value(cert, x509.CertificatePolicies)
    pin = openssl_pin(der)
    assert pin == base64.b64encode(hashlib.sha256(spki).digest()).decode(), "openssl and cryptography disagree"
    return {
        "file": file,
        "index": index,
        "issuer_location": issuers[(file, index)],
        "sha256": hashlib.sha256(der).hexdigest(),
        "sha1": hashlib.sha1(der).hexdigest(),
        "version": cert.version.value + 1,
        "serial_hex": serial_content_octets(cert.serial_number),
        "subject_rfc4514": cert.subject.rfc4514_string(RFC4514_NAMES),
        "subject_der_hex": cert.subject.public_bytes().hex(),
        "subject_attributes": [{"oid": a.oid.dotted_string, "value": a.value} for a in subject_attributes(cert)],
        "common_names": [a.value for a in cert.subject.get_attributes_for_oid(NameOID.COMMON_NAME)],
        "issuer_rfc4514": cert.issuer.rfc4514_string(RFC4514_NAMES),
        "issuer_der_hex": cert.issuer.public_bytes().hex(),
        "not_before": int(cert.not_valid_before_utc.timestamp()),
        "not_after": int(cert.not_valid_after_utc.timestamp()),
        "signature_algorithm_oid": cert.signature_algorithm_oid.dotted_string,
        "signature_hash": cert.signature_hash_algorithm.name if cert.signature_hash_algorithm else None,
        "tbs_sha256": hashlib.sha256(cert.tbs_certificate_bytes).hexdigest(),
        "signature_hex": cert.signature.hex(),
        "key": key,
        "spki_hex": spki.hex(),
        "spki_sha256_base64": pin,
        "external_representation_hex": external.hex(),
        "external_representation_sha256": hashlib.sha256(external).hexdigest(),
        "trustkit_hash_base64": (base64.b64encode(
            hashlib.sha256(bytes.fromhex(header) + external).digest()).decode() if header else None),
        "extensions": [{"oid": e.oid.dotted_string, "critical": e.critical} for e in cert.extensions],
        "unknown_critical_extensions": [e.oid.dotted_string for e in cert.extensions
                                        if e.critical and isinstance(e.value, x509.UnrecognizedExtension)],
        "basic_constraints": None if bc is None else {
            "ca": bc.value.ca, "path_length": bc.value.path_length, "critical": bc.critical},
        "key_usage": None if ku is None else {"names": key_usage_names(ku.value), "critical": ku.critical},
        "extended_key_usage": None if eku is None else [oid.dotted_string for oid in eku.value],
        "subject_alt_names": None if san is None else [general_name(gn) for gn in san.value],
        "subject_key_identifier": ski_ext.value.digest.hex() if ski_ext else None,
        "authority_key_identifier": (aki_ext.value.key_identifier.hex()
                                     if aki_ext and aki_ext.value.key_identifier else None),
        "name_constraints": None if nc is None else {
            "permitted": [general_name(gn) for gn in nc.value.permitted_subtrees or []],
            "excluded": [general_name(gn) for gn in nc.value.excluded_subtrees or []],
            "critical": nc.critical},
        "policies": None if cp is None else [{
            "oid": p.policy_identifier.dotted_string,
            "cps_uris": [q for q in p.policy_qualifiers or [] if isinstance(q, str)],
            "user_notices": [q.explicit_text for q in p.policy_qualifiers or [] if isinstance(q, x509.UserNotice)],
        } for p in cp.value],
        "email_addresses": email_addresses(cert),
        "dns_names": san_values(cert, x509.DNSName),
        "subject_summary": apple_subject_summary(cert),
    }


def read_certificates(path):
    """Reads a fixture back from disk: PEM via cryptography, DER (possibly concatenated) by TLV length."""
    data = path.read_bytes()
    if data.startswith(b"-----") or b"-----BEGIN CERTIFICATE-----" in data:
        return x509.load_pem_x509_certificates(data)
    certs = []
    while data:
        # Long-form length: 0x82 followed by two bytes is all a certificate of these sizes uses.
        assert data[0] == 0x30 and data[1] == 0x82, "unexpected DER header"
        length = 4 + int.from_bytes(data[2:4], "big")
        certs.append(x509.load_der_x509_certificate(data[:length]))
        data = data[length:]
    return certs


def describe_all():
    certificates = []
    for file in sorted(written):
        for index, cert in enumerate(read_certificates(OUT / file)):
            certificates.append(describe(file, index, cert))
        assert len(read_certificates(OUT / file)) == len(written[file])
    directory = [
        {"file": file, "sha256": [hashlib.sha256(c.public_bytes(DER)).hexdigest()
                                  for c in read_certificates(OUT / "directory" / file)]}
        for file, certs in sorted(DIRECTORY_FILES.items()) if certs
    ]
    return {
        "comment": "Written by generate.sh from the files in this directory with openssl and python cryptography; "
                   "see generate.py for the meaning of each field.",
        "certificates": certificates,
        "directory": directory,
        "bad_inputs": [{"path": path, "what": why} for path, why in sorted(BAD_INPUTS.items())],
    }


build_all()
(OUT / "expected.json").write_text(json.dumps(describe_all(), indent=1, ensure_ascii=False) + "\n")
print(f"wrote {sum(len(c) for c in written.values())} certificates in {len(written)} files to {OUT}")
