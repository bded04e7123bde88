#!/usr/bin/env python3
"""Writes the TrustCertificatesTests model fixtures into this directory: `python3 generate.py`.

Certificates whose authorityKeyIdentifier and authorityInfoAccess take each form the model decodes
(well formed, with optional fields, malformed), certificates with the policy tree's and revocation's
extensions (policyMappings, policyConstraints, inhibitAnyPolicy, cRLDistributionPoints, freshestCRL,
issuerAltName) well formed and malformed, a second CA whose key signed nothing here, and a CRL
signed by the CA. Keys are derived deterministically (EC P-256 from fixed scalars) and dates are
fixed, so the fixtures do not depend on the day they are generated; ECDSA signatures are randomised,
so regenerating changes the signature bytes but nothing the tests read.
"""

import datetime
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import AuthorityInformationAccessOID, ExtensionOID, NameOID

OUT = Path(__file__).resolve().parent
UTC = datetime.timezone.utc
NOT_BEFORE = datetime.datetime(2024, 1, 1, tzinfo=UTC)
NOT_AFTER = datetime.datetime(2044, 1, 1, tzinfo=UTC)


def key(scalar):
    return ec.derive_private_key(scalar, ec.SECP256R1())


def name(cn):
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, cn)])


CA_KEY, OTHER_KEY, LEAF_KEY = key(0x1111), key(0x2222), key(0x3333)
CA_SKI = x509.SubjectKeyIdentifier.from_public_key(CA_KEY.public_key())


def ca(cn, private_key, serial):
    builder = (
        x509.CertificateBuilder().subject_name(name(cn)).issuer_name(name(cn))
        .public_key(private_key.public_key()).serial_number(serial)
        .not_valid_before(NOT_BEFORE).not_valid_after(NOT_AFTER)
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .add_extension(x509.KeyUsage(False, False, False, False, False, True, True, False, False), critical=True)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(private_key.public_key()), critical=False)
    )
    return builder.sign(private_key, hashes.SHA256())


def leaf(filename, serial, extensions, critical=()):
    """A leaf of the Model CA with these extensions, non-critical unless their OID is in `critical`."""
    builder = (
        x509.CertificateBuilder().subject_name(name(filename)).issuer_name(name("Model CA"))
        .public_key(LEAF_KEY.public_key()).serial_number(serial)
        .not_valid_before(NOT_BEFORE).not_valid_after(NOT_AFTER)
    )
    for extension in extensions:
        builder = builder.add_extension(extension, critical=extension.oid in critical)
    write(filename, builder.sign(CA_KEY, hashes.SHA256()))


def raw(oid, value):
    """An extension with exactly these extnValue octets, however malformed."""
    return x509.UnrecognizedExtension(oid, bytes(value))


def write(filename, certificate):
    (OUT / f"{filename}.pem").write_bytes(certificate.public_bytes(serialization.Encoding.PEM))


CA = ca("Model CA", CA_KEY, 1)
write("ca", CA)
write("other-ca", ca("Other CA", OTHER_KEY, 2))

URI = x509.UniformResourceIdentifier
leaf("aki-key-only", 10, [x509.AuthorityKeyIdentifier.from_issuer_subject_key_identifier(CA_SKI)])
leaf("aki-issuer-serial", 11, [x509.AuthorityKeyIdentifier(CA_SKI.digest, [x509.DirectoryName(name("Model CA"))], 1)])
# SEQUENCE { [2] serial, [0] keyIdentifier }: fields out of order.
leaf("aki-out-of-order", 12, [raw(ExtensionOID.AUTHORITY_KEY_IDENTIFIER, [0x30, 0x06, 0x82, 0x01, 0x01, 0x80, 0x01, 0xAA])])
leaf("aia-two-descriptions", 13, [x509.AuthorityInformationAccess([
    x509.AccessDescription(AuthorityInformationAccessOID.OCSP, URI("http://ocsp.example.test")),
    x509.AccessDescription(AuthorityInformationAccessOID.CA_ISSUERS, URI("http://ca.example.test/ca.der")),
])])
# An empty SEQUENCE OF: RFC 5280 requires at least one AccessDescription.
leaf("aia-empty", 14, [raw(ExtensionOID.AUTHORITY_INFORMATION_ACCESS, [0x30, 0x00])])
# SEQUENCE { SEQUENCE { caIssuers, [9] 00 } }: a context tag that is no GeneralName TrustCheck decodes.
leaf("aia-unknown-location", 15, [raw(ExtensionOID.AUTHORITY_INFORMATION_ACCESS,
    [0x30, 0x0F, 0x30, 0x0D, 0x06, 0x08, 0x2B, 0x06, 0x01, 0x05, 0x05, 0x07, 0x30, 0x02, 0x89, 0x01, 0x00])])
leaf("no-aki-no-aia", 16, [])
DP = x509.DistributionPoint
leaf("policy-and-revocation-extensions", 17, [
    # SEQUENCE { SEQUENCE { 1.2.3, 1.2.4 } } (cryptography has no PolicyMappings builder).
    raw(ExtensionOID.POLICY_MAPPINGS, [0x30, 0x0A, 0x30, 0x08, 0x06, 0x02, 0x2A, 0x03, 0x06, 0x02, 0x2A, 0x04]),
    x509.PolicyConstraints(require_explicit_policy=0, inhibit_policy_mapping=2),
    x509.InhibitAnyPolicy(1),
    x509.CRLDistributionPoints([DP([URI("http://crl.example.test/ca.crl")], None, None, None)]),
    x509.FreshestCRL([DP([URI("http://crl.example.test/delta.crl")], None, None, None)]),
    x509.IssuerAlternativeName([URI("http://ca.example.test")]),
], critical={ExtensionOID.POLICY_CONSTRAINTS, ExtensionOID.INHIBIT_ANY_POLICY})
# Each extension an empty SEQUENCE (or, for inhibitAnyPolicy, an OCTET STRING): none is its syntax.
# policyMappings and cRLDistributionPoints are critical: a malformed critical one must still fail closed.
leaf("policy-and-revocation-extensions-malformed", 18, [
    raw(ExtensionOID.POLICY_MAPPINGS, [0x30, 0x00]),
    raw(ExtensionOID.POLICY_CONSTRAINTS, [0x30, 0x00]),
    raw(ExtensionOID.INHIBIT_ANY_POLICY, [0x04, 0x01, 0x00]),
    raw(ExtensionOID.CRL_DISTRIBUTION_POINTS, [0x30, 0x00]),
    raw(ExtensionOID.FRESHEST_CRL, [0x30, 0x00]),
    raw(ExtensionOID.ISSUER_ALTERNATIVE_NAME, [0x30, 0x01]),
], critical={ExtensionOID.POLICY_MAPPINGS, ExtensionOID.CRL_DISTRIBUTION_POINTS})

crl = (
    x509.CertificateRevocationListBuilder().issuer_name(name("Model CA"))
    .last_update(NOT_BEFORE).next_update(NOT_AFTER)
    .add_extension(x509.CRLNumber(1), critical=False)
    .sign(CA_KEY, hashes.SHA384())
)
(OUT / "ca.crl").write_bytes(crl.public_bytes(serialization.Encoding.DER))
