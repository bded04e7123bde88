#!/usr/bin/env python3
"""Certificates whose names try to drive a terminal, for the CLI's escaping tests.

hostile.pem: self-signed, subject CN "evil<ESC>[31mred<NUL>nul<BEL><CR>ok", O "bidi<U+202E>txt.exe<C1 CSI>",
a SAN dNSName with a newline, and a userNotice with an ESC ]0; window-title sequence. Run with python3 (cryptography).
bad-utf8.pem: the same key, with an O attribute whose UTF8String bytes are not UTF-8 (patched after signing, so
its signature no longer verifies: only for show).
"""
import datetime
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

# A fixed key, so that regenerating changes nothing but what the code changes.
key = ec.derive_private_key(0x5EC0DE, ec.SECP256R1())
start = datetime.datetime(2025, 1, 1)
end = datetime.datetime(2026, 12, 31)


def certificate(organization):
    name = x509.Name([
        x509.NameAttribute(NameOID.COMMON_NAME, "evil\x1b[31mred\x00nul\x07\rok"),
        x509.NameAttribute(NameOID.ORGANIZATION_NAME, organization),
    ])
    notice = x509.UserNotice(None, "notice\x1b]0;owned\x07")
    return (x509.CertificateBuilder()
            .subject_name(name).issuer_name(name).public_key(key.public_key())
            .serial_number(0x7E57).not_valid_before(start).not_valid_after(end)
            .add_extension(x509.SubjectAlternativeName([x509.DNSName("line\nbreak.example.test")]), critical=False)
            .add_extension(x509.CertificatePolicies([x509.PolicyInformation(
                x509.ObjectIdentifier("1.3.6.1.4.1.55555.1"), [notice])]), critical=False)
            .sign(key, hashes.SHA256()))


hostile = certificate("bidi\u202etxt.exe\u009b")
open("hostile.pem", "wb").write(hostile.public_bytes(serialization.Encoding.PEM))

placeholder = "PLACEHOLDER"
der = certificate(placeholder).public_bytes(serialization.Encoding.DER)
invalid = b"\xc3\x28\xff\xfe\x80\x9b\xed\xa0\x80ab"  # same length as the placeholder
assert len(invalid) == len(placeholder) and der.count(placeholder.encode()) == 2
der = der.replace(placeholder.encode(), invalid)
open("bad-utf8.pem", "wb").write(x509.load_der_x509_certificate(der).public_bytes(serialization.Encoding.PEM))
