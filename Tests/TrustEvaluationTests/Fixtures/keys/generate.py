#!/usr/bin/env python3
"""Fixtures for the key-validity tests: certificates whose public keys cannot be real keys.

`cryptography` refuses to build such keys (RSA e=1, even e or n, EC points off the curve), so each
certificate is first built with a placeholder key and its SubjectPublicKeyInfo is then replaced in
the TBS bytes, which are signed again by hand. RSA "keys" here are made-up moduli: none of them has a
private key, and none needs one, because:

* exponent-1-intermediate.pem is a CA whose RSA exponent is 1, so s^e mod n = s: the PKCS#1 v1.5
  encoding of a digest *is* a valid signature. forged-leaf.pem is "signed" by it that way, without
  any private key; exponent-1-root.pem signs itself and forged-by-root-leaf.pem the same way.
* the other leaves are signed by root.pem (a real P-256 key); only their own keys are broken.

EC keys are derived from fixed secrets and the dates are fixed, so re-running changes only the
ECDSA signatures. The tests evaluate at 2026-01-01T00:00:00Z. Run from this directory:
python3 generate.py"""
import datetime
import hashlib
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

NOT_BEFORE, NOT_AFTER = datetime.datetime(2025, 6, 1, tzinfo=datetime.timezone.utc), \
    datetime.datetime(2026, 6, 1, tzinfo=datetime.timezone.utc)
CA_NOT_BEFORE, CA_NOT_AFTER = datetime.datetime(2025, 1, 1, tzinfo=datetime.timezone.utc), \
    datetime.datetime(2030, 1, 1, tzinfo=datetime.timezone.utc)


# --- DER, as little as the patching needs --------------------------------------------------------

def length(n):
    if n < 0x80:
        return bytes([n])
    body = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(body)]) + body


def tlv(tag, content):
    return bytes([tag]) + length(len(content)) + content


def integer(value):
    body = value.to_bytes(max(1, (value.bit_length() + 8) // 8), "big")  # a leading 00 keeps it positive
    return tlv(0x02, body)


def children(content):
    """The TLVs inside a constructed value's content, each as its full encoding."""
    result, i = [], 0
    while i < len(content):
        first = content[i + 1]
        header, size = 2, first
        if first & 0x80:
            count = first & 0x7F
            size = int.from_bytes(content[i + 2:i + 2 + count], "big")
            header = 2 + count
        result.append(content[i:i + header + size])
        i += header + size
    return result


def content(encoded):
    """The content octets of one TLV."""
    first = encoded[1]
    header = 2 if first < 0x80 else 2 + (first & 0x7F)
    return encoded[header:]


RSA_ENCRYPTION = bytes.fromhex("300d06092a864886f70d0101010500")
EC_P256 = bytes.fromhex("301306072a8648ce3d020106082a8648ce3d030107")
SHA256_WITH_RSA = bytes.fromhex("300d06092a864886f70d01010b0500")
SHA256_DIGEST_INFO = bytes.fromhex("3031300d060960864801650304020105000420")


def rsa_spki(n, e):
    return tlv(0x30, RSA_ENCRYPTION + tlv(0x03, b"\x00" + tlv(0x30, integer(n) + integer(e))))


def ec_spki(point):
    return tlv(0x30, EC_P256 + tlv(0x03, b"\x00" + point))


def key_id(spki):
    """RFC 5280 §4.2.1.2 method 1: SHA-1 of the subjectPublicKey BIT STRING's bits."""
    bit_string = children(content(spki))[1]
    return hashlib.sha1(content(bit_string)[1:]).digest()


def modulus(seed, bits=2048, odd=True):
    """A made-up modulus of exactly `bits` bits (top bit set), odd unless asked otherwise."""
    stream = b""
    counter = 0
    while len(stream) * 8 < bits:
        stream += hashlib.sha256(b"%s-%d" % (seed.encode(), counter)).digest()
        counter += 1
    value = int.from_bytes(stream[:bits // 8], "big") | (1 << (bits - 1))
    return value | 1 if odd else value & ~1


# --- Certificates -------------------------------------------------------------------------------

def name(cn):
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, cn)])


CA_USAGE = x509.KeyUsage(digital_signature=False, content_commitment=False, key_encipherment=False,
                         data_encipherment=False, key_agreement=False, key_cert_sign=True, crl_sign=True,
                         encipher_only=False, decipher_only=False)
PLACEHOLDER_EC = ec.derive_private_key(4242, ec.SECP256R1())
# Only its algorithm identifier survives (in the TBS); the signature it makes is replaced.
PLACEHOLDER_RSA = rsa.generate_private_key(public_exponent=65537, key_size=2048)


def tbs(subject, issuer, serial, spki, issuer_spki, ca, rsa_signed):
    """TBSCertificate DER with `spki` as its key, shaped like a web PKI certificate."""
    builder = (x509.CertificateBuilder().subject_name(name(subject)).issuer_name(name(issuer))
               .public_key(PLACEHOLDER_EC.public_key()).serial_number(serial)
               .not_valid_before(CA_NOT_BEFORE if ca else NOT_BEFORE)
               .not_valid_after(CA_NOT_AFTER if ca else NOT_AFTER)
               .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True)
               .add_extension(x509.SubjectKeyIdentifier(key_id(spki)), critical=False)
               .add_extension(x509.AuthorityKeyIdentifier(key_id(issuer_spki), None, None), critical=False))
    if ca:
        builder = builder.add_extension(CA_USAGE, critical=True)
    else:
        builder = (builder.add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
                   .add_extension(x509.SubjectAlternativeName([x509.DNSName(subject)]), critical=False))
    placeholder = builder.sign(PLACEHOLDER_RSA if rsa_signed else PLACEHOLDER_EC, hashes.SHA256())
    fields = children(content(placeholder.tbs_certificate_bytes))
    fields[6] = spki  # [0] version, serial, signature, issuer, validity, subject, subjectPublicKeyInfo
    return tlv(0x30, b"".join(fields))


def certificate(tbs_der, algorithm, signature):
    return tlv(0x30, tbs_der + algorithm + tlv(0x03, b"\x00" + signature))


def signed_by_root(tbs_der):
    signature = ROOT_KEY.sign(tbs_der, ec.ECDSA(hashes.SHA256()))
    return certificate(tbs_der, ECDSA_WITH_SHA256, signature)


def forged_with_exponent_1(tbs_der, n):
    """RSASSA-PKCS1-v1_5 with e = 1: the signature is the encoded message itself."""
    k = (n.bit_length() + 7) // 8
    digest_info = SHA256_DIGEST_INFO + hashlib.sha256(tbs_der).digest()
    encoded = b"\x00\x01" + b"\xff" * (k - len(digest_info) - 3) + b"\x00" + digest_info
    assert int.from_bytes(encoded, "big") < n
    return certificate(tbs_der, SHA256_WITH_RSA, encoded)


def write(filename, der):
    with open(filename, "wb") as f:
        f.write(x509.load_der_x509_certificate(der).public_bytes(serialization.Encoding.PEM))


ECDSA_WITH_SHA256 = bytes.fromhex("300a06082a8648ce3d040302")
ROOT_KEY = ec.derive_private_key(3001, ec.SECP256R1())
ROOT_SPKI = ROOT_KEY.public_key().public_bytes(serialization.Encoding.DER,
                                               serialization.PublicFormat.SubjectPublicKeyInfo)
LEAF_KEY = ec.derive_private_key(3002, ec.SECP256R1())
LEAF_SPKI = LEAF_KEY.public_key().public_bytes(serialization.Encoding.DER,
                                               serialization.PublicFormat.SubjectPublicKeyInfo)

write("root.pem", signed_by_root(tbs("Key Test Root", "Key Test Root", 1, ROOT_SPKI, ROOT_SPKI, True, False)))

# A root signs an intermediate whose exponent is 1; the leaf below it has a forged signature.
N1 = modulus("exponent-1-intermediate")
E1_SPKI = rsa_spki(N1, 1)
write("exponent-1-intermediate.pem",
      signed_by_root(tbs("Exponent 1 Intermediate", "Key Test Root", 2, E1_SPKI, ROOT_SPKI, True, False)))
write("forged-leaf.pem", forged_with_exponent_1(
    tbs("forged.example.test", "Exponent 1 Intermediate", 3, LEAF_SPKI, E1_SPKI, False, True), N1))

# The same with the exponent-1 key on an anchor: the anchor's key is what verifies the leaf.
N1_ROOT = modulus("exponent-1-root")
E1_ROOT_SPKI = rsa_spki(N1_ROOT, 1)
write("exponent-1-root.pem", forged_with_exponent_1(
    tbs("Exponent 1 Root", "Exponent 1 Root", 4, E1_ROOT_SPKI, E1_ROOT_SPKI, True, True), N1_ROOT))
write("forged-by-root-leaf.pem", forged_with_exponent_1(
    tbs("forged-by-root.example.test", "Exponent 1 Root", 5, LEAF_SPKI, E1_ROOT_SPKI, False, True), N1_ROOT))

# Leaves signed by the real root whose own keys are broken, and one whose made-up key is well formed.
N = modulus("leaf")
point = LEAF_KEY.public_key().public_numbers()
x, y = point.x, point.y
leaves = [
    ("rsa-65537-leaf.pem", "rsa-65537.example.test", rsa_spki(N, 65537)),
    ("exponent-2-leaf.pem", "exponent-2.example.test", rsa_spki(N, 2)),
    ("exponent-3-leaf.pem", "exponent-3.example.test", rsa_spki(N, 3)),
    ("exponent-above-modulus-leaf.pem", "exponent-above-modulus.example.test", rsa_spki(N, N + 2)),
    ("even-modulus-leaf.pem", "even-modulus.example.test", rsa_spki(modulus("leaf", odd=False), 65537)),
    ("modulus-16400-bits-leaf.pem", "modulus-16400-bits.example.test", rsa_spki(modulus("big", bits=16400), 65537)),
    ("ec-off-curve-leaf.pem", "ec-off-curve.example.test",
     ec_spki(b"\x04" + x.to_bytes(32, "big") + (y + 1).to_bytes(32, "big"))),
    ("ec-infinity-leaf.pem", "ec-infinity.example.test", ec_spki(b"\x00")),
]
for serial, (filename, host, spki) in enumerate(leaves, start=10):
    write(filename, signed_by_root(tbs(host, "Key Test Root", serial, spki, ROOT_SPKI, False, False)))
