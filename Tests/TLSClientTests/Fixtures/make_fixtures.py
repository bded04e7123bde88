#!/usr/bin/env python3
"""Generates the TLS client test certificates (python3-cryptography >= 44, for deterministic ECDSA). Run from
this directory.

Fixed dates (CAs 2026-01-01 .. 2036-01-01, leaves .. 2027-01-01) so the tests never depend on today: they evaluate at
2026-12-01T00:00:00Z (and at 2027-02-01T00:00:00Z, after the leaves' notAfter, for the expired case). Keys are P-256
for fast loopback handshakes.

Deterministic: the private keys are kept here (*.key, PKCS#8, test keys only, committed on purpose) and only generated
when missing; certificates use RFC 6979 ECDSA, so re-running rewrites the same certificate bytes. OCSP responses are
signed with random ECDSA nonces (cryptography's OCSP builder has no deterministic option), so only their signatures
change between runs.

  root.pem, intermediate.pem        the trusted hierarchy (the tests give root.pem as the only anchor)
  leaf.pem, leaf.key                localhost, tls.example.com, 127.0.0.1 and ::1, issued by intermediate
  server-chain.pem                  leaf + intermediate, what a correct server presents
  other-root.pem, other-leaf.pem    the same names under a root the tests never trust
  other-leaf.key, other-chain.pem
  root.key, intermediate.key,       the CA keys, kept so the OCSP responses can be signed by the leaf's issuer
  other-root.key
  ocsp-good.der                     a "good" OCSP response for leaf.pem signed by intermediate (current until 2099)
  ocsp-revoked.der                  a "revoked" (keyCompromise, 2026-11-15) response for leaf.pem signed by intermediate
  wrong-order-chain.pem             what a server sends after the leaf, in the wrong order: root, then intermediate
  extras-chain.pem                  what a server sends after the leaf, with unrelated certificates around the
                                    intermediate: other-root, intermediate, other-leaf
  (The two are for openssl s_server -cert leaf.pem -cert_chain FILE, which sends them as they are; GnuTLS's
  server sorts a chain and drops what does not belong to it, so it cannot present either.)
"""
import os
import datetime, ipaddress
from cryptography import x509
from cryptography.x509.oid import NameOID, ExtendedKeyUsageOID
from cryptography.x509 import ocsp
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec

NOT_BEFORE = datetime.datetime(2026, 1, 1)
NOT_AFTER = datetime.datetime(2036, 1, 1)
# Leaves stay within Apple's 825-day limit for TLS server certificates (a year).
LEAF_NOT_AFTER = datetime.datetime(2027, 1, 1)


def key(path):
    """The P-256 key kept in `path`, generated (and written) only when the file is missing."""
    if os.path.exists(path):
        with open(path, "rb") as f:
            return serialization.load_pem_private_key(f.read(), password=None)
    k = ec.generate_private_key(ec.SECP256R1())
    write_key(path, k)
    return k


def name(cn):
    return x509.Name([x509.NameAttribute(NameOID.ORGANIZATION_NAME, "TrustCheck TLS tests"),
                      x509.NameAttribute(NameOID.COMMON_NAME, cn)])


def ca(subject, subject_key, issuer, issuer_key, serial, path_length):
    builder = (x509.CertificateBuilder().subject_name(subject).issuer_name(issuer)
               .public_key(subject_key.public_key()).serial_number(serial)
               .not_valid_before(NOT_BEFORE).not_valid_after(NOT_AFTER)
               .add_extension(x509.BasicConstraints(ca=True, path_length=path_length), critical=True)
               .add_extension(x509.KeyUsage(False, False, False, False, False, True, True, False, False), critical=True)
               .add_extension(x509.SubjectKeyIdentifier.from_public_key(subject_key.public_key()), critical=False))
    if issuer_key is not subject_key:
        builder = builder.add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_public_key(issuer_key.public_key()), critical=False)
    return builder.sign(issuer_key, hashes.SHA256(), ecdsa_deterministic=True)


def leaf(subject_key, issuer_cert, issuer_key, serial):
    return (x509.CertificateBuilder().subject_name(name("localhost")).issuer_name(issuer_cert.subject)
            .public_key(subject_key.public_key()).serial_number(serial)
            .not_valid_before(NOT_BEFORE).not_valid_after(LEAF_NOT_AFTER)
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .add_extension(x509.KeyUsage(True, False, False, False, False, False, False, False, False), critical=True)
            .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
            .add_extension(x509.SubjectAlternativeName([
                x509.DNSName("localhost"),
                # A name under a public suffix, which TrustKit configurations can pin (not localhost).
                x509.DNSName("tls.example.com"),
                x509.IPAddress(ipaddress.ip_address("127.0.0.1")),
                x509.IPAddress(ipaddress.ip_address("::1"))]), critical=False)
            .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(issuer_key.public_key()), critical=False)
            .sign(issuer_key, hashes.SHA256(), ecdsa_deterministic=True))


def pem(cert):
    return cert.public_bytes(serialization.Encoding.PEM)


def write(path, data):
    with open(path, "wb") as f:
        f.write(data)


def write_key(path, k):
    write(path, k.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                serialization.NoEncryption()))


root_key, inter_key, leaf_key = key("root.key"), key("intermediate.key"), key("leaf.key")
root = ca(name("TLS Test Root"), root_key, name("TLS Test Root"), root_key, 1, None)
inter = ca(name("TLS Test Intermediate"), inter_key, root.subject, root_key, 2, 0)
server = leaf(leaf_key, inter, inter_key, 3)

other_root_key, other_leaf_key = key("other-root.key"), key("other-leaf.key")
other_root = ca(name("TLS Untrusted Root"), other_root_key, name("TLS Untrusted Root"), other_root_key, 10, None)
other_leaf = leaf(other_leaf_key, other_root, other_root_key, 11)

write("root.pem", pem(root))
write("intermediate.pem", pem(inter))
write("leaf.pem", pem(server))
write("server-chain.pem", pem(server) + pem(inter))
write("other-root.pem", pem(other_root))
write("other-leaf.pem", pem(other_leaf))
write("other-chain.pem", pem(other_leaf))
write("wrong-order-chain.pem", pem(root) + pem(inter))
write("extras-chain.pem", pem(other_root) + pem(inter) + pem(other_leaf))



def ocsp_response(status, revocation_time=None, reason=None):
    """A response about leaf.pem signed by its issuer (the intermediate), current from 2026-11-20 to 2099."""
    return (ocsp.OCSPResponseBuilder()
            .add_response(cert=server, issuer=inter, algorithm=hashes.SHA1(), cert_status=status,
                          this_update=datetime.datetime(2026, 11, 20), next_update=datetime.datetime(2099, 1, 1),
                          revocation_time=revocation_time, revocation_reason=reason)
            .responder_id(ocsp.OCSPResponderEncoding.HASH, inter)
            .sign(inter_key, hashes.SHA256())
            .public_bytes(serialization.Encoding.DER))


write("ocsp-good.der", ocsp_response(ocsp.OCSPCertStatus.GOOD))
write("ocsp-revoked.der", ocsp_response(ocsp.OCSPCertStatus.REVOKED, datetime.datetime(2026, 11, 15),
                                        x509.ReasonFlags.key_compromise))
