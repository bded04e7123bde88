#!/usr/bin/env python3
"""Writes the DSA parameter inheritance fixtures (RFC 5280 §6.1.4 (f), RFC 3279 §2.3.2): a DSA root whose
key carries its Dss-Parms, a DSA CA below it whose key leaves them out (it inherits the root's), and below
the CA an EC P-256 leaf, a DSA CRL-signing certificate and a DSA OCSP responder whose keys leave them out
too. Everything is valid 2025–2035 and meant to be judged at 2026-06-01T00:00:00Z.

    root.pem              DSA 2048/256 with parameters, self-signed
    ca.pem                DSA without parameters, issued by the root
    leaf.pem              EC P-256, issued by the CA
    crl-signer.pem        DSA without parameters, issued by the CA under the CA's own name, keyUsage cRLSign only
    responder.pem         DSA without parameters, issued by the CA, id-kp-OCSPSigning
    ca-revokes-leaf.crl   the CA's CRL (number 1), signed by the CA: the leaf revoked 2026-05-20T12:00:00Z
    signer-revokes-leaf.crl  the same CRL signed by crl-signer.pem (the CA's name, a separate key)
    root.crl              the root's CRL (number 1): nothing revoked
    ocsp-revoked.der      the leaf revoked 2026-05-20T12:00:00Z, keyCompromise, signed by the CA
    ocsp-delegated-revoked.der  the same, signed by responder.pem, which it carries

Each signer's key is usable only with the parameters it inherits: a validator that takes the key as
written cannot verify any of these signatures.

Run with python3-cryptography (38 or later): python3 generate.py (writes next to itself).
"""
import base64
import datetime
import os

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import dsa, ec
from cryptography.x509 import ocsp
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

HERE = os.path.dirname(os.path.abspath(__file__))
UTC = datetime.timezone.utc
NOT_BEFORE = datetime.datetime(2025, 1, 1, tzinfo=UTC)
NOT_AFTER = datetime.datetime(2035, 1, 1, tzinfo=UTC)
REVOKED = datetime.datetime(2026, 5, 20, 12, 0, 0, tzinfo=UTC)
THIS_UPDATE = datetime.datetime(2026, 5, 25, tzinfo=UTC)
NEXT_UPDATE = datetime.datetime(2026, 6, 25, tzinfo=UTC)


# DER, just enough to take a certificate apart and put it back together.
def tlv(tag, content):
    n = len(content)
    if n < 0x80:
        length = bytes([n])
    else:
        octets = n.to_bytes((n.bit_length() + 7) // 8, "big")
        length = bytes([0x80 | len(octets)]) + octets
    return bytes([tag]) + length + content


def read(der, offset=0):
    """(tag, content start, end) of the TLV at offset."""
    tag = der[offset]
    first = der[offset + 1]
    if first < 0x80:
        return tag, offset + 2, offset + 2 + first
    count = first & 0x7F
    n = int.from_bytes(der[offset + 2:offset + 2 + count], "big")
    start = offset + 2 + count
    return tag, start, start + n


def children(der):
    """The encoded TLVs of a constructed value's content."""
    out = []
    offset = 0
    while offset < len(der):
        _, _, end = read(der, offset)
        out.append(der[offset:end])
        offset = end
    return out


def without_parameters(spki):
    """A DSA SubjectPublicKeyInfo with its AlgorithmIdentifier reduced to the OID."""
    _, start, end = read(spki)
    algorithm, key = children(spki[start:end])
    _, a_start, a_end = read(algorithm)
    oid = children(algorithm[a_start:a_end])[0]
    return tlv(0x30, tlv(0x30, oid) + key)


def strip_parameters(certificate, issuer_key):
    """`certificate` with the Dss-Parms left out of its key, signed again by `issuer_key`."""
    der = certificate.public_bytes(serialization.Encoding.DER)
    _, start, end = read(der)
    tbs, algorithm, _ = children(der[start:end])
    _, t_start, t_end = read(tbs)
    fields = children(tbs[t_start:t_end])
    spki = certificate.public_key().public_bytes(serialization.Encoding.DER,
                                                 serialization.PublicFormat.SubjectPublicKeyInfo)
    fields = [without_parameters(field) if field == spki else field for field in fields]
    new_tbs = tlv(0x30, b"".join(fields))
    signature = issuer_key.sign(new_tbs, hashes.SHA256())
    return tlv(0x30, new_tbs + algorithm + tlv(0x03, b"\x00" + signature))


def name(cn):
    return x509.Name([x509.NameAttribute(NameOID.ORGANIZATION_NAME, "TrustCheck DSA"),
                      x509.NameAttribute(NameOID.COMMON_NAME, cn)])


def usage(cert_sign=False, crl_sign=False, digital_signature=False):
    return x509.KeyUsage(digital_signature=digital_signature, content_commitment=False, key_encipherment=False,
                         data_encipherment=False, key_agreement=False, key_cert_sign=cert_sign, crl_sign=crl_sign,
                         encipher_only=False, decipher_only=False)


def certificate(subject, key, issuer, issuer_key, serial, ca, key_usage, eku=None):
    builder = (x509.CertificateBuilder().subject_name(name(subject)).issuer_name(name(issuer))
               .public_key(key.public_key()).serial_number(serial)
               .not_valid_before(NOT_BEFORE).not_valid_after(NOT_AFTER)
               .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True)
               .add_extension(key_usage, critical=True)
               .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
               .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(issuer_key.public_key()),
                              critical=False))
    if eku:
        builder = builder.add_extension(x509.ExtendedKeyUsage(eku), critical=False)
    return builder.sign(issuer_key, hashes.SHA256())


def pem(der):
    body = base64.encodebytes(der).replace(b"\n", b"")
    lines = [body[i:i + 64] for i in range(0, len(body), 64)]
    return b"-----BEGIN CERTIFICATE-----\n" + b"\n".join(lines) + b"\n-----END CERTIFICATE-----\n"


def write(file, data):
    with open(os.path.join(HERE, file), "wb") as f:
        f.write(data)


def crl(issuer, issuer_key, revoked):
    builder = (x509.CertificateRevocationListBuilder().issuer_name(name(issuer))
               .last_update(THIS_UPDATE).next_update(NEXT_UPDATE)
               .add_extension(x509.CRLNumber(1), critical=False)
               .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(issuer_key.public_key()),
                              critical=False))
    for serial in revoked:
        builder = builder.add_revoked_certificate(
            x509.RevokedCertificateBuilder().serial_number(serial).revocation_date(REVOKED).build())
    return builder.sign(issuer_key, hashes.SHA256()).public_bytes(serialization.Encoding.DER)


def main():
    parameters = dsa.generate_parameters(key_size=2048)
    root_key, ca_key, signer_key, responder_key = (parameters.generate_private_key() for _ in range(4))
    leaf_key = ec.generate_private_key(ec.SECP256R1())

    root = certificate("DSA Root", root_key, "DSA Root", root_key, 1, True, usage(cert_sign=True, crl_sign=True))
    ca = certificate("DSA Inheriting CA", ca_key, "DSA Root", root_key, 2, True, usage(cert_sign=True, crl_sign=True))
    leaf = certificate("DSA Leaf", leaf_key, "DSA Inheriting CA", ca_key, 3, False, usage(digital_signature=True))
    signer = certificate("DSA Inheriting CA", signer_key, "DSA Inheriting CA", ca_key, 4, False, usage(crl_sign=True))
    responder = certificate("DSA OCSP Responder", responder_key, "DSA Inheriting CA", ca_key, 5, False,
                            usage(digital_signature=True), eku=[ExtendedKeyUsageOID.OCSP_SIGNING])
    ca_der = strip_parameters(ca, root_key)
    signer_der = strip_parameters(signer, ca_key)
    responder_der = strip_parameters(responder, ca_key)

    write("root.pem", root.public_bytes(serialization.Encoding.PEM))
    write("ca.pem", pem(ca_der))
    write("leaf.pem", leaf.public_bytes(serialization.Encoding.PEM))
    write("crl-signer.pem", pem(signer_der))
    write("responder.pem", pem(responder_der))
    write("ca-revokes-leaf.crl", crl("DSA Inheriting CA", ca_key, [3]))
    write("signer-revokes-leaf.crl", crl("DSA Inheriting CA", signer_key, [3]))
    write("root.crl", crl("DSA Root", root_key, []))

    def response(responder_cert, responder_key, carried):
        builder = (ocsp.OCSPResponseBuilder()
                   .add_response(cert=leaf, issuer=ca, algorithm=hashes.SHA1(), cert_status=ocsp.OCSPCertStatus.REVOKED,
                                 this_update=THIS_UPDATE, next_update=NEXT_UPDATE, revocation_time=REVOKED,
                                 revocation_reason=x509.ReasonFlags.key_compromise)
                   .responder_id(ocsp.OCSPResponderEncoding.HASH, responder_cert))
        if carried:
            builder = builder.certificates([carried])
        return builder.sign(responder_key, hashes.SHA256()).public_bytes(serialization.Encoding.DER)

    write("ocsp-revoked.der", response(ca, ca_key, None))
    # The responder goes into the response as its param-less encoding, which the signature does not cover.
    delegated = response(responder, responder_key, responder)
    written = responder.public_bytes(serialization.Encoding.DER)
    index = delegated.index(written)
    delegated = replace_nested(delegated, index, written, responder_der)
    write("ocsp-delegated-revoked.der", delegated)


def replace_nested(der, index, old, new):
    """`der` with the TLV `old` at byte `index` replaced by `new`, every enclosing length rewritten (an
    OCTET STRING on the way is read as the DER it wraps: the response's BasicOCSPResponse)."""
    if index == 0 and der == old:
        return new
    tag, start, end = read(der)
    out = b""
    offset = start
    for child in children(der[start:end]):
        out += replace_nested(child, index - offset, old, new) if offset <= index < offset + len(child) else child
        offset += len(child)
    return tlv(tag, out)


if __name__ == "__main__":
    main()
