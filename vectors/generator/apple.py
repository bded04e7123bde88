"""Apple SecTrust result/error model used to derive expected_status / expected_message /
expected_apple_result from a hand-written list of failing checks (apple-sectrust.md §2.2–§2.4).

Only the *derivation* is mechanical here; which checks fail on which certificate is decided
by hand for every vector in generate.py (that is the part that encodes the spec)."""

from __future__ import annotations

import datetime as dt
import ipaddress

from pki import Cert, subject_summary

# Subtype priority (lower wins) — SecTrustInternal.h
BLOCKED, REVOKED, KEYSIZE, WEAKHASH, DENIED, COMPLIANCE, PINNING, TRUST, USAGE, NAME, EXPIRED, INVALID = range(12)

# check key -> (trust result 'R'/'F', subtype, OSStatus)
CHECKS = {
    "SSLHostname": ("R", NAME, -67602),
    "TemporalValidity": ("R", EXPIRED, -67818),
    "WeakKeySize": ("F", KEYSIZE, -67735),
    "WeakSignature": ("F", WEAKHASH, -67815),
    "KeySize": ("R", KEYSIZE, -67735),
    "SignatureHashAlgorithms": ("R", WEAKHASH, -67815),
    "KeyUsage": ("R", USAGE, -67608),
    "ExtendedKeyUsage": ("R", USAGE, -67609),
    "ServerAuthEKU": ("R", USAGE, -67609),
    "BasicConstraints": ("R", COMPLIANCE, -67604),
    "BasicConstraintsCA": ("R", COMPLIANCE, -67605),
    "BasicConstraintsPathLen": ("R", COMPLIANCE, -67611),
    "NonEmptySubject": ("R", COMPLIANCE, -67655),
    "IdLinkage": ("R", COMPLIANCE, -67610),
    "CriticalExtensions": ("R", COMPLIANCE, -67603),
    "NameConstraints": ("R", COMPLIANCE, -67689),
    "PolicyConstraints": ("R", COMPLIANCE, -67835),
    "SystemTrustValidityPeriod": ("R", COMPLIANCE, -67901),
    "OtherTrustValidityPeriod": ("R", COMPLIANCE, -67901),
    "AnchorTrusted": ("R", TRUST, -67843),
    "MissingIntermediate": ("R", TRUST, -25318),
    "Revocation": ("F", REVOKED, -67820),
    "RevocationResponseRequired": ("R", PINNING, -67635),
}

SIMPLE_MESSAGES = {
    BLOCKED: "“{}” certificate is blocked",
    REVOKED: "“{}” certificate is revoked",
    KEYSIZE: "“{}” certificate is using a broken key size",
    WEAKHASH: "“{}” certificate is using a broken signature algorithm",
    DENIED: "User or administrator set “{}” certificate as distrusted",
    COMPLIANCE: "“{}” certificate is not standards compliant",
    TRUST: "“{}” certificate is not trusted",
    USAGE: "“{}” certificate is not permitted for this usage",
    NAME: "“{}” certificate name does not match input",
    EXPIRED: "“{}” certificate is expired",
    INVALID: "Unknown trust error for “{}” certificate",
}


def derive(chain: list[Cert], failures: list[tuple[int, str]]) -> dict:
    """Return expected_apple_result / expected_status / expected_message for a failure list."""
    for ix, check in failures:
        assert check in CHECKS, check
        assert 0 <= ix < len(chain), (ix, check, len(chain))
    assert len(set(failures)) == len(failures), "duplicate failure"
    if not failures:
        return {"expected_apple_result": "unspecified", "expected_status": 0, "expected_message": None}
    result = "fatalTrustFailure" if any(CHECKS[c][0] == "F" for _, c in failures) else "recoverableTrustFailure"
    # §2.4: walk certs by ascending index, keep the lowest subtype (ties: first seen = lowest index).
    ordered = sorted(failures)
    best_subtype = min(CHECKS[c][1] for _, c in ordered)
    best_ix = min(ix for ix, c in ordered if CHECKS[c][1] == best_subtype)
    statuses = {CHECKS[c][2] for ix, c in ordered if ix == best_ix and CHECKS[c][1] == best_subtype}
    # Within one certificate Apple iterates a CFDictionary in hash order: two different OSStatus
    # values with the same (winning) subtype on the same cert would make the code unpredictable.
    assert len(statuses) == 1, f"ambiguous primary error {failures}"
    if best_subtype == PINNING:
        # Apple's pinning sentence names the whole chain (SecTrustCopyFailureDescription, spec §2.2).
        names = ",".join(f'"{subject_summary(c.cert)}"' for c in chain)
        return {"expected_apple_result": result, "expected_status": statuses.pop(),
                "expected_message": f"{names} certificates do not meet pinning requirements"}
    summary = subject_summary(chain[best_ix].cert)
    assert summary is not None, "primary failure on a certificate without a subject summary"
    return {
        "expected_apple_result": result,
        "expected_status": statuses.pop(),
        "expected_message": SIMPLE_MESSAGES[best_subtype].format(summary),
    }


def rfc3339(d: dt.datetime) -> str:
    return d.astimezone(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S+00:00")


def peer_name(host: str | None):
    if host is None:
        return None
    try:
        ipaddress.ip_address(host)
        return {"kind": "IP", "value": host}
    except ValueError:
        return {"kind": "DNS", "value": host}
