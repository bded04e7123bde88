"""Certificate-building helpers for the TrustCheck vector generator.

Everything here is deterministic:
  * private keys are loaded from ``keys/`` (generated once, then committed);
  * serial numbers are derived from the certificate's symbolic name;
  * all dates are fixed;
  * RSA PKCS#1 v1.5 and Ed25519 signatures are deterministic by construction,
    ECDSA signatures use RFC 6979 deterministic nonces.
So re-running the generator gives byte-identical output.
"""

from __future__ import annotations

import base64
import datetime as dt
import hashlib
import ipaddress
import subprocess
import warnings
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, padding, rsa
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID, ObjectIdentifier

GENERATOR_DIR = Path(__file__).resolve().parent
KEYS_DIR = GENERATOR_DIR / "keys"

UTC = dt.timezone.utc


def t(s: str) -> dt.datetime:
    """Parse 'YYYY-MM-DDTHH:MM:SSZ' (or a bare date) as an aware UTC datetime."""
    if len(s) == 10:
        s += "T00:00:00Z"
    return dt.datetime.strptime(s, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)


# ----------------------------------------------------------------------------------------
# Keys
# ----------------------------------------------------------------------------------------

KEY_KINDS = ("rsa2048", "rsa2047", "rsa1024", "rsa512", "p256", "p384", "p521", "ed25519")
_key_cache: dict[str, object] = {}


def _generate_key(kind: str):
    if kind.startswith("rsa"):
        bits = int(kind[3:])
        if bits < 1024:
            # cryptography refuses < 1024 bits; OpenSSL 3.0 still generates 512-bit keys.
            pem = subprocess.run(
                ["openssl", "genpkey", "-algorithm", "RSA", "-pkeyopt", f"rsa_keygen_bits:{bits}"],
                check=True, capture_output=True).stdout
            return serialization.load_pem_private_key(pem, password=None)
        return rsa.generate_private_key(public_exponent=65537, key_size=bits)
    if kind == "p256":
        return ec.generate_private_key(ec.SECP256R1())
    if kind == "p384":
        return ec.generate_private_key(ec.SECP384R1())
    if kind == "p521":
        return ec.generate_private_key(ec.SECP521R1())
    if kind == "ed25519":
        return ed25519.Ed25519PrivateKey.generate()
    raise ValueError(kind)


def _kind_of(key) -> str:
    if isinstance(key, rsa.RSAPrivateKey):
        return f"rsa{key.key_size}"
    if isinstance(key, ec.EllipticCurvePrivateKey):
        return {"secp256r1": "p256", "secp384r1": "p384", "secp521r1": "p521"}[key.curve.name]
    if isinstance(key, ed25519.Ed25519PrivateKey):
        return "ed25519"
    raise ValueError(type(key))


def key(name: str, kind: str = "rsa2048"):
    """Load keys/<name>.<kind>.pem, generating (and saving) it on first use."""
    assert kind in KEY_KINDS, kind
    ident = f"{name}.{kind}"
    if ident in _key_cache:
        return _key_cache[ident]
    path = KEYS_DIR / f"{ident}.pem"
    if path.exists():
        k = serialization.load_pem_private_key(path.read_bytes(), password=None)
    else:
        KEYS_DIR.mkdir(parents=True, exist_ok=True)
        k = _generate_key(kind)
        path.write_bytes(k.private_bytes(serialization.Encoding.PEM,
                                          serialization.PrivateFormat.PKCS8,
                                          serialization.NoEncryption()))
    assert _kind_of(k) == kind, (ident, _kind_of(k))
    _key_cache[ident] = k
    return k


# ----------------------------------------------------------------------------------------
# Small DER helpers (for SHA-1/MD5 re-signing and tampering)
# ----------------------------------------------------------------------------------------

def der_len(n: int) -> bytes:
    if n < 0x80:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def der_tlv(tag: int, content: bytes) -> bytes:
    return bytes([tag]) + der_len(len(content)) + content


_RSA_ALG = {
    "sha256": bytes.fromhex("300d06092a864886f70d01010b0500"),
    "sha1": bytes.fromhex("300d06092a864886f70d0101050500"),
    "md5": bytes.fromhex("300d06092a864886f70d0101040500"),
}


def resign_rsa(cert: x509.Certificate, signer, hash_name: str) -> bytes:
    """Re-sign an RSA/SHA-256 certificate with SHA-1 or MD5 (cryptography's builder refuses those).

    The TBS's signature AlgorithmIdentifier is swapped (same length) and the TBS is re-signed with
    PKCS#1 v1.5, which is deterministic."""
    assert isinstance(signer, rsa.RSAPrivateKey)
    tbs = cert.tbs_certificate_bytes
    old, new = _RSA_ALG["sha256"], _RSA_ALG[hash_name]
    assert tbs.count(old) == 1
    tbs = tbs.replace(old, new)
    h = {"sha1": hashes.SHA1(), "md5": hashes.MD5()}[hash_name]
    sig = signer.sign(tbs, padding.PKCS1v15(), h)
    return der_tlv(0x30, tbs + new + der_tlv(0x03, b"\x00" + sig))


def _der_header(buf: bytes, off: int) -> tuple[int, int]:
    """(header length, content length) of the definite-length TLV at buf[off]."""
    first = buf[off + 1]
    if first < 0x80:
        return 2, first
    n = first & 0x7F
    return 2 + n, int.from_bytes(buf[off + 2:off + 2 + n], "big")


# Loading a zero-serial certificate back is exactly what the zero-serial vectors need.
warnings.filterwarnings("ignore", message="Parsed a serial number which wasn't positive")


def resign_rsa_with_zero_serial(cert: x509.Certificate, signer) -> bytes:
    """Re-sign an RSA/SHA-256 certificate with serialNumber 0 (cryptography's builder refuses
    non-positive serials, as RFC 5280 §4.1.2.2 does; real roots still carry it).  Deterministic
    (PKCS#1 v1.5)."""
    assert isinstance(signer, rsa.RSAPrivateKey)
    tbs = cert.tbs_certificate_bytes
    header, _ = _der_header(tbs, 0)
    body = tbs[header:]
    assert body[:5] == bytes.fromhex("a003020102"), "expected an explicit v3 version"
    serial_header, serial_length = _der_header(body, 5)
    assert body[5] == 0x02
    body = body[:5] + bytes.fromhex("020100") + body[5 + serial_header + serial_length:]
    tbs = der_tlv(0x30, body)
    sig = signer.sign(tbs, padding.PKCS1v15(), hashes.SHA256())
    return der_tlv(0x30, tbs + _RSA_ALG["sha256"] + der_tlv(0x03, b"\x00" + sig))


# ----------------------------------------------------------------------------------------
# Certificates
# ----------------------------------------------------------------------------------------

@dataclass
class Cert:
    name: str                       # symbolic name (also seeds the serial number)
    cert: x509.Certificate
    key: object                     # private key of this certificate's subject

    @property
    def der(self) -> bytes:
        return self.cert.public_bytes(serialization.Encoding.DER)

    @property
    def pem(self) -> str:
        return self.cert.public_bytes(serialization.Encoding.PEM).decode()

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.der).hexdigest()

    @property
    def subject(self) -> x509.Name:
        return self.cert.subject

    @property
    def spki_pin(self) -> str:
        return spki_pin(self.cert.public_key())


def spki_pin(public_key) -> str:
    """The SPKI SHA-256 pin of a public key: base64 of the SHA-256 of its DER SubjectPublicKeyInfo
    (RFC 7469 pin-sha256, TrustKit's TSKPublicKeyHashes form).  Computed from cryptography's own
    encoding, independently of TrustCheck."""
    spki = public_key.public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
    return base64.b64encode(hashlib.sha256(spki).digest()).decode()


def serial_for(name: str) -> int:
    """Stable positive serial (<= 9 bytes) derived from the symbolic name."""
    return (int.from_bytes(hashlib.sha256(name.encode()).digest()[:9], "big") >> 1) | 1


def cn(value: str) -> x509.Name:
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, value)])


def name(*pairs) -> x509.Name:
    """name(("O", "x"), ("CN", "y")) in DER order."""
    oids = {"CN": NameOID.COMMON_NAME, "O": NameOID.ORGANIZATION_NAME,
            "OU": NameOID.ORGANIZATIONAL_UNIT_NAME, "C": NameOID.COUNTRY_NAME,
            "DESCRIPTION": ObjectIdentifier("2.5.4.13"), "EMAIL": NameOID.EMAIL_ADDRESS}
    return x509.Name([x509.NameAttribute(oids[k], v) for k, v in pairs])


SERVER_AUTH = ExtendedKeyUsageOID.SERVER_AUTH
CLIENT_AUTH = ExtendedKeyUsageOID.CLIENT_AUTH
ANY_EKU = ExtendedKeyUsageOID.ANY_EXTENDED_KEY_USAGE
UNKNOWN_CRITICAL_OID = ObjectIdentifier("1.3.6.1.4.1.55555.1.1")


def ku(*bits: str) -> x509.KeyUsage:
    flags = dict(digital_signature=False, content_commitment=False, key_encipherment=False,
                 data_encipherment=False, key_agreement=False, key_cert_sign=False,
                 crl_sign=False, encipher_only=False, decipher_only=False)
    for b in bits:
        flags[b] = True
    return x509.KeyUsage(**flags)


def general_name(s: str) -> x509.GeneralName:
    """'dns:x', 'ip:1.2.3.4', 'email:a@b', 'uri:...'; a bare string is a dNSName."""
    if s.startswith("ip:"):
        return x509.IPAddress(ipaddress.ip_address(s[3:]))
    if s.startswith("email:"):
        return x509.RFC822Name(s[6:])
    if s.startswith("uri:"):
        return x509.UniformResourceIdentifier(s[4:])
    if s.startswith("dns:"):
        s = s[4:]
    return x509.DNSName(s)


def _hash_for(signer, hash_name: str):
    if isinstance(signer, ed25519.Ed25519PrivateKey):
        return None
    if isinstance(signer, ec.EllipticCurvePrivateKey) and hash_name == "sha256":
        # match the hash to the curve (P-384 → SHA-384, P-521 → SHA-512)
        return {256: hashes.SHA256(), 384: hashes.SHA384(), 521: hashes.SHA512()}[signer.curve.key_size]
    return {"sha256": hashes.SHA256(), "sha384": hashes.SHA384(), "sha512": hashes.SHA512()}[hash_name]


_registry: dict[str, Cert] = {}


def build(cert_name: str, *, subject: x509.Name, subject_key, issuer: Cert | None,
          not_before: dt.datetime, not_after: dt.datetime, extensions: list,
          hash_name: str = "sha256", issuer_name: x509.Name | None = None,
          tamper_signature: bool = False, zero_serial: bool = False) -> Cert:
    """Build (and register) one certificate.

    issuer None ⇒ self-signed with subject_key.  extensions: list of (ExtensionType, critical).
    hash_name: sha256 | sha384 | sha512 | sha1 | md5 (the last two via re-signing, RSA signers only).
    tamper_signature: flip the last byte of the signature (a "bad signature" certificate).
    zero_serial: serialNumber 0 instead of the name-derived one (RSA/SHA-256 signers only)."""
    if cert_name in _registry:
        raise ValueError(f"duplicate certificate name {cert_name}")
    signer = issuer.key if issuer else subject_key
    if issuer_name is None:
        issuer_name = issuer.subject if issuer else subject
    b = (x509.CertificateBuilder()
         .subject_name(subject)
         .issuer_name(issuer_name)
         .public_key(subject_key.public_key())
         .serial_number(serial_for(cert_name))
         .not_valid_before(not_before)
         .not_valid_after(not_after))
    for ext, critical in extensions:
        b = b.add_extension(ext, critical=critical)
    weak = hash_name in ("sha1", "md5")
    algorithm = _hash_for(signer, "sha256" if weak else hash_name)
    kwargs = {}
    if isinstance(signer, ec.EllipticCurvePrivateKey):
        kwargs["ecdsa_deterministic"] = True
    c = b.sign(signer, algorithm, **kwargs)
    if weak:
        c = x509.load_der_x509_certificate(resign_rsa(c, signer, hash_name))
    if zero_serial:
        assert hash_name == "sha256"
        c = x509.load_der_x509_certificate(resign_rsa_with_zero_serial(c, signer))
    if tamper_signature:
        der = bytearray(c.public_bytes(serialization.Encoding.DER))
        der[-1] ^= 0x01
        c = x509.load_der_x509_certificate(bytes(der))
    out = Cert(cert_name, c, subject_key)
    _registry[cert_name] = out
    return out


def ski_ext(k) -> tuple:
    return (x509.SubjectKeyIdentifier.from_public_key(k.public_key()), False)


def aki_ext(issuer: Cert) -> tuple:
    return (x509.AuthorityKeyIdentifier.from_issuer_public_key(issuer.key.public_key()), False)


def make_ca(cert_name: str, subject: x509.Name | str, k, issuer: Cert | None = None, *,
            not_before="2018-01-01", not_after="2040-01-01", bc: str = "ca", path_len=None,
            key_usage="default", eku=None, name_constraints=None, extra=(), hash_name="sha256",
            san=None, san_critical=False, aki=True, ski=True, issuer_name=None,
            tamper_signature=False, zero_serial=False) -> Cert:
    """A CA certificate. bc: 'ca' | 'not-ca' | 'missing'. key_usage: 'default' (keyCertSign+cRLSign),
    None (absent) or an x509.KeyUsage.  zero_serial: serialNumber 0."""
    if isinstance(subject, str):
        subject = cn(subject)
    exts = []
    if bc == "ca":
        exts.append((x509.BasicConstraints(ca=True, path_length=path_len), True))
    elif bc == "not-ca":
        exts.append((x509.BasicConstraints(ca=False, path_length=None), True))
    else:
        assert bc == "missing"
    if key_usage == "default":
        exts.append((ku("key_cert_sign", "crl_sign"), True))
    elif key_usage is not None:
        exts.append((key_usage, True))
    if eku is not None:
        exts.append((x509.ExtendedKeyUsage(eku), False))
    if name_constraints is not None:
        exts.append((name_constraints, True))
    if san is not None:
        exts.append((x509.SubjectAlternativeName([general_name(s) for s in san]), san_critical))
    if ski:
        exts.append(ski_ext(k))
    if issuer is not None and aki:
        exts.append(aki_ext(issuer))
    exts.extend(extra)
    return build(cert_name, subject=subject, subject_key=k, issuer=issuer,
                 not_before=t(not_before), not_after=t(not_after), extensions=exts,
                 hash_name=hash_name, issuer_name=issuer_name, tamper_signature=tamper_signature,
                 zero_serial=zero_serial)


DEFAULT_LEAF_NB = "2025-09-01"
DEFAULT_LEAF_NA = "2026-09-30"     # 394 days: within every Apple validity-period limit


def make_leaf(cert_name: str, issuer: Cert | None, k=None, *, subject="www.example.test",
              san=("www.example.test",), san_critical=False, not_before=DEFAULT_LEAF_NB,
              not_after=DEFAULT_LEAF_NA, eku=(SERVER_AUTH,), key_usage="default", bc=True,
              extra=(), hash_name="sha256", aki=True, ski=True, issuer_name=None,
              tamper_signature=False) -> Cert:
    """An end-entity certificate.  issuer None ⇒ self-signed.  subject: str (CN) or x509.Name.
    san None ⇒ no SAN extension.  eku None ⇒ no EKU extension."""
    if k is None:
        k = key("leaf")
    if isinstance(subject, str):
        subject = cn(subject)
    exts = []
    if bc:
        exts.append((x509.BasicConstraints(ca=False, path_length=None), True))
    if key_usage == "default":
        if isinstance(k, rsa.RSAPrivateKey):
            exts.append((ku("digital_signature", "key_encipherment"), True))
        else:
            exts.append((ku("digital_signature"), True))
    elif key_usage is not None:
        exts.append((key_usage, True))
    if eku is not None:
        exts.append((x509.ExtendedKeyUsage(list(eku)), False))
    if san is not None:
        exts.append((x509.SubjectAlternativeName([general_name(s) for s in san]), san_critical))
    if ski:
        exts.append(ski_ext(k))
    if aki is True and issuer is not None:
        exts.append(aki_ext(issuer))
    elif isinstance(aki, bytes):
        exts.append((x509.AuthorityKeyIdentifier(key_identifier=aki, authority_cert_issuer=None,
                                                 authority_cert_serial_number=None), False))
    exts.extend(extra)
    return build(cert_name, subject=subject, subject_key=k, issuer=issuer,
                 not_before=t(not_before), not_after=t(not_after), extensions=exts,
                 hash_name=hash_name, issuer_name=issuer_name, tamper_signature=tamper_signature)


def unknown_critical_extension() -> tuple:
    return (x509.UnrecognizedExtension(UNKNOWN_CRITICAL_OID, b"\x05\x00"), True)


# ----------------------------------------------------------------------------------------
# Apple's SecCertificateCopySubjectSummary (apple-sectrust.md §5.3)
# ----------------------------------------------------------------------------------------

_DESCRIPTION_OID = ObjectIdentifier("2.5.4.13")


def subject_summary(c: x509.Certificate) -> str | None:
    best_rank, values, description = None, [], None
    rank_of = {NameOID.COMMON_NAME: 0, NameOID.ORGANIZATIONAL_UNIT_NAME: 1, NameOID.ORGANIZATION_NAME: 2}
    for rdn in c.subject.rdns:
        for attr in rdn:
            if not isinstance(attr.value, str):
                continue
            if attr.oid == _DESCRIPTION_OID:
                description = description or attr.value
                continue
            rank = rank_of.get(attr.oid, 3)
            if best_rank is None or rank < best_rank:
                best_rank, values = rank, [attr.value]
            elif rank == best_rank:
                values.insert(0, attr.value)        # "<later>, <earlier>"
    if best_rank == 0:
        s = ", ".join(values)
        return f"{s} ({description})" if description else s
    try:
        san = c.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    except x509.ExtensionNotFound:
        san = None
    emails = list(san.get_values_for_type(x509.RFC822Name)) if san else []
    emails += [a.value for a in c.subject.get_attributes_for_oid(NameOID.EMAIL_ADDRESS)]
    if emails:
        return emails[0]
    dns = list(san.get_values_for_type(x509.DNSName)) if san else []
    if dns:
        return dns[0]
    return ", ".join(values) if values else None
