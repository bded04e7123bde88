#!/usr/bin/env python3
"""Writes the OCSP fixtures: a root → intermediate → leaf chain (EC P-256; CAs valid 2025–2035, leaves 2026) and DER
OCSPResponses about the leaf, all meant to be judged at 2026-06-01T00:00:00Z (EVALUATION_TIME).

    good.der              good, signed by the intermediate (the leaf's issuer)
    revoked.der           revoked 2026-05-20T12:00:00Z, keyCompromise, signed by the intermediate
    unknown.der           unknown status
    expired.der           good, but nextUpdate 2026-05-08 has passed
    future.der            good, but thisUpdate 2026-06-02 is in the future
    wrong-signer.der      revoked, claims the intermediate but signed by an unrelated key
    wrong-certid.der      revoked, about another certificate (other-leaf.pem) of the same issuer
    delegated-good.der    good, signed by responder.pem (id-kp-OCSPSigning, issued by the intermediate)
    delegated-revoked.der revoked, signed by responder.pem
    delegated-no-eku.der  revoked, signed by responder-no-eku.pem (issued by the intermediate, no OCSPSigning)
    delegated-expired.der revoked, signed by responder-expired.pem (OCSPSigning, but expired 2025-12-31)
    unauthorized.der      status "unauthorized" (6): no response bytes
    garbage.der           not DER at all

Run with python3-cryptography 38: python3 generate.py (writes next to itself).
"""
import datetime
import os

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509 import ocsp
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

HERE = os.path.dirname(os.path.abspath(__file__))
UTC = datetime.timezone.utc
NOT_BEFORE = datetime.datetime(2025, 1, 1, tzinfo=UTC)
NOT_AFTER = datetime.datetime(2035, 1, 1, tzinfo=UTC)
# Leaves are valid for a year, within the SSL policy's 825-day limit.
LEAF_NOT_BEFORE = datetime.datetime(2026, 1, 1, tzinfo=UTC)
LEAF_NOT_AFTER = datetime.datetime(2027, 1, 1, tzinfo=UTC)


def name(cn):
    return x509.Name([x509.NameAttribute(NameOID.ORGANIZATION_NAME, "TrustCheck OCSP"),
                      x509.NameAttribute(NameOID.COMMON_NAME, cn)])


def certificate(subject, key, issuer, issuer_key, serial, ca, eku=None, san=None, validity=None):
    builder = (x509.CertificateBuilder().subject_name(name(subject)).issuer_name(name(issuer))
               .public_key(key.public_key()).serial_number(serial)
               .not_valid_before(validity[0] if validity else NOT_BEFORE if ca else LEAF_NOT_BEFORE)
               .not_valid_after(validity[1] if validity else NOT_AFTER if ca else LEAF_NOT_AFTER)
               .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True)
               .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
               .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(issuer_key.public_key()),
                              critical=False))
    if ca:
        builder = builder.add_extension(x509.KeyUsage(
            digital_signature=True, content_commitment=False, key_encipherment=False, data_encipherment=False,
            key_agreement=False, key_cert_sign=True, crl_sign=True, encipher_only=False, decipher_only=False),
            critical=True)
    if eku:
        builder = builder.add_extension(x509.ExtendedKeyUsage(eku), critical=False)
    if san:
        builder = builder.add_extension(x509.SubjectAlternativeName([x509.DNSName(san)]), critical=False)
    return builder.sign(issuer_key, hashes.SHA256())


def write(file, data):
    with open(os.path.join(HERE, file), "wb") as out:
        out.write(data)


def pem(cert):
    return cert.public_bytes(serialization.Encoding.PEM)


def response(cert, issuer, signer_cert, signer_key, status, this_update, next_update,
             revocation_time=None, reason=None, certificates=None):
    builder = (ocsp.OCSPResponseBuilder()
               .add_response(cert=cert, issuer=issuer, algorithm=hashes.SHA1(), cert_status=status,
                             this_update=this_update, next_update=next_update,
                             revocation_time=revocation_time, revocation_reason=reason)
               .responder_id(ocsp.OCSPResponderEncoding.NAME, signer_cert))
    if certificates:
        builder = builder.certificates(certificates)
    return builder.sign(signer_key, hashes.SHA256()).public_bytes(serialization.Encoding.DER)


def main():
    curve = ec.SECP256R1()
    root_key, intermediate_key, leaf_key, other_key, responder_key, rogue_key = (
        ec.generate_private_key(curve) for _ in range(6))
    root = certificate("OCSP Root", root_key, "OCSP Root", root_key, 1, ca=True)
    intermediate = certificate("OCSP Intermediate", intermediate_key, "OCSP Root", root_key, 2, ca=True)
    leaf = certificate("ocsp.example", leaf_key, "OCSP Intermediate", intermediate_key, 3, ca=False,
                       eku=[ExtendedKeyUsageOID.SERVER_AUTH], san="ocsp.example")
    other = certificate("other.example", other_key, "OCSP Intermediate", intermediate_key, 4, ca=False,
                        eku=[ExtendedKeyUsageOID.SERVER_AUTH], san="other.example")
    responder = certificate("OCSP Responder", responder_key, "OCSP Intermediate", intermediate_key, 5, ca=False,
                            eku=[ExtendedKeyUsageOID.OCSP_SIGNING])
    responder_no_eku = certificate("OCSP Responder without EKU", responder_key, "OCSP Intermediate",
                                   intermediate_key, 6, ca=False, eku=[ExtendedKeyUsageOID.SERVER_AUTH])
    responder_expired = certificate("OCSP Responder expired", responder_key, "OCSP Intermediate", intermediate_key, 8,
                                    ca=False, eku=[ExtendedKeyUsageOID.OCSP_SIGNING],
                                    validity=(datetime.datetime(2025, 1, 1, tzinfo=UTC),
                                              datetime.datetime(2025, 12, 31, tzinfo=UTC)))
    for file, cert in [("responder-expired.pem", responder_expired), ("root.pem", root), ("intermediate.pem", intermediate), ("leaf.pem", leaf),
                       ("other-leaf.pem", other), ("responder.pem", responder),
                       ("responder-no-eku.pem", responder_no_eku)]:
        write(file, pem(cert))

    good, revoked, unknown = ocsp.OCSPCertStatus.GOOD, ocsp.OCSPCertStatus.REVOKED, ocsp.OCSPCertStatus.UNKNOWN
    this_update = datetime.datetime(2026, 5, 31, tzinfo=UTC)
    next_update = datetime.datetime(2026, 6, 7, tzinfo=UTC)
    revoked_at = datetime.datetime(2026, 5, 20, 12, tzinfo=UTC)
    compromise = x509.ReasonFlags.key_compromise
    write("good.der", response(leaf, intermediate, intermediate, intermediate_key, good, this_update, next_update))
    write("revoked.der", response(leaf, intermediate, intermediate, intermediate_key, revoked, this_update,
                                  next_update, revoked_at, compromise))
    write("unknown.der", response(leaf, intermediate, intermediate, intermediate_key, unknown, this_update,
                                  next_update))
    write("expired.der", response(leaf, intermediate, intermediate, intermediate_key, good,
                                  datetime.datetime(2026, 5, 1, tzinfo=UTC), datetime.datetime(2026, 5, 8, tzinfo=UTC)))
    write("future.der", response(leaf, intermediate, intermediate, intermediate_key, good,
                                 datetime.datetime(2026, 6, 2, tzinfo=UTC), datetime.datetime(2026, 6, 9, tzinfo=UTC)))
    # cryptography signs only with the responder certificate's key: a self-made certificate with the
    # intermediate's name and the rogue key makes the response name the intermediate.
    impostor = certificate("OCSP Intermediate", rogue_key, "OCSP Intermediate", rogue_key, 7, ca=True)
    write("wrong-signer.der", response(leaf, intermediate, impostor, rogue_key, revoked, this_update,
                                       next_update, revoked_at, compromise))
    write("wrong-certid.der", response(other, intermediate, intermediate, intermediate_key, revoked, this_update,
                                       next_update, revoked_at, compromise))
    write("delegated-good.der", response(leaf, intermediate, responder, responder_key, good, this_update,
                                         next_update, certificates=[responder]))
    write("delegated-revoked.der", response(leaf, intermediate, responder, responder_key, revoked, this_update,
                                            next_update, revoked_at, compromise, certificates=[responder]))
    write("delegated-no-eku.der", response(leaf, intermediate, responder_no_eku, responder_key, revoked,
                                           this_update, next_update, revoked_at, compromise,
                                           certificates=[responder_no_eku]))
    write("delegated-expired.der", response(leaf, intermediate, responder_expired, responder_key, revoked,
                                            this_update, next_update, revoked_at, compromise,
                                            certificates=[responder_expired]))
    write("unauthorized.der", ocsp.OCSPResponseBuilder.build_unsuccessful(
        ocsp.OCSPResponseStatus.UNAUTHORIZED).public_bytes(serialization.Encoding.DER))
    write("garbage.der", b"this is not an OCSP response\n")


if __name__ == "__main__":
    main()
