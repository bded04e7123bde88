#!/usr/bin/env python3
"""Cross-check the TrustCheck vectors with the OpenSSL command line (no trust engine needed).

For every testcase:
    openssl verify -attime <validation_time> -partial_chain -CAfile <effective anchors>
                   -untrusted <untrusted_intermediates> [-purpose sslserver|sslclient]
                   [-verify_hostname H | -verify_ip IP] -show_chain <peer_certificate>
where the effective anchors are trusted_certs, plus system_anchors when anchors_only is false
(or only system_anchors when no custom anchors are set).  OpenSSL's verdict is compared with
expected_result and, when both succeed, OpenSSL's chain with expected_chain (by subject).  For a vector
with `pins`, the pin verdict is recomputed on OpenSSL's chain (SPKI SHA-256 of each certificate on it,
found by subject among the supplied ones) and compared with expected_pin_result / expected_pin_matches.

A vector with CRLs (or revocation "require") adds -crl_check_all -extended_crl -use_deltas [-CRLfile <crls>]
(see crl_options and run_openssl); when both fail, the reason (revoked or not) is compared too.

Apple-specific rules make some disagreements inevitable; they are listed in EXPECTED below with the
reason (and in vectors/README.md).  Exit status is 1 only for *unexpected* disagreements.

    python3 vectors/generator/check_with_openssl.py [--verbose] [--markdown]
"""

from __future__ import annotations

import argparse
import base64
import datetime as dt
import hashlib
import json
import subprocess
import sys
import tempfile
from pathlib import Path

VECTORS_DIR = Path(__file__).resolve().parent.parent

# id -> why OpenSSL (default verify settings) legitimately disagrees with the Apple profile.
EXPECTED = {
    "trustcheck::policy-tree::noncritical-policy-constraints":
        "RFC 5280 §4.2.1.11 wants policyConstraints critical and x509-limbo (rfc5280::pc::ica-noncritical-pc) refuses "
        "a non-critical one, as the rfc5280 profile does; OpenSSL, like plain §6.1, processes it (the vector "
        "noncritical-policy-constraints-accepted is that answer).",
    # --- hostname matching ---
    "trustcheck::hostname::cn-only-leaf":
        "OpenSSL falls back to the subject CN when the leaf has no SAN dNSName; Apple (iOS 13+) never uses the CN.",
    "trustcheck::hostname::reference-trailing-dot":
        "Apple strips one trailing dot from the reference hostname; OpenSSL -verify_hostname does not.",
    "trustcheck::hostname::wildcard-public-suffix":
        "OpenSSL has no public-suffix rule for wildcards; Apple refuses *.co.uk.",
    "trustcheck::hostname::wildcard-partial-label":
        "OpenSSL accepts partial-label wildcards (f*.example.test) by default; Apple never does.",
    # --- temporal validity ---
    "trustcheck::validity::not-after-inclusive":
        "OpenSSL's X509_cmp_time treats t == notAfter as expired; Apple (and RFC 5280) treat notAfter as inclusive.",
    # --- path building ---
    "trustcheck::path-building::expired-root-valid-cross-sign":
        "OpenSSL 3.0 takes the expired trusted Root A and does not backtrack to the cross-signed path; Apple rejects the expired anchor and finds Root B.",
    "trustcheck::path-building::bad-signature-intermediate-with-good-copy":
        "OpenSSL picks the first matching intermediate (the one with the corrupted signature) and does not retry; Apple discards the bad path and uses the good copy.",
    # --- anchors and CA-structure checks OpenSSL does not do ---
    "trustcheck::constraints::unknown-critical-extension-anchor":
        "Apple does not process a trusted anchor's extensions; OpenSSL rejects the anchor's unknown critical extension.",
    "trustcheck::constraints::anchor-missing-basic-constraints":
        "Apple applies the CA checks to the anchor (v3 without basicConstraints); OpenSSL accepts a self-signed trust anchor without it.",
    "trustcheck::constraints::empty-subject-ca":
        "Apple's NonEmptySubject rejects a CA with an empty subject; OpenSSL does not.",
    "trustcheck::constraints::empty-subject-leaf-noncritical-san":
        "Apple's NonEmptySubject requires a critical SAN on an empty-subject leaf; OpenSSL does not.",
    # --- EKU ---
    "trustcheck::eku::leaf-no-eku-after-2019":
        "Apple's ServerAuthEKU (explicit serverAuth for leaves issued after 2019-06-30T23:00Z); OpenSSL accepts a leaf without EKU.",
    "trustcheck::eku::leaf-no-eku-issued-one-second-after-cutoff": "Apple's ServerAuthEKU, as above.",
    "trustcheck::eku::pinned-self-signed-leaf-no-eku": "Apple's ServerAuthEKU applies to a pinned leaf too.",
    "trustcheck::eku::system-chain-leaf-no-eku-before-jul-2019":
        "Apple's ServerAuthEKU for system roots has no date cut-off; OpenSSL accepts a leaf without EKU.",
    "trustcheck::eku::leaf-any-eku-before-jul-2019":
        "OpenSSL's sslserver purpose does not accept anyExtendedKeyUsage alone; Apple's ExtendedKeyUsage does (ServerAuthEKU does not apply before July 2019).",
    "trustcheck::eku::intermediate-eku-any":
        "OpenSSL's sslserver purpose rejects a CA whose EKU is only anyExtendedKeyUsage; Apple accepts anyEKU on sub-CAs.",
    # --- validity-period maximums (Apple only) ---
    "trustcheck::validity-period::leaf-826-days-app-anchor": "Apple's 825-day OtherTrustValidityPeriod; OpenSSL has no lifetime limit.",
    "trustcheck::validity-period::leaf-825-days-plus-one-hour-one-second": "Apple's 825-day OtherTrustValidityPeriod.",
    "trustcheck::validity-period::leaf-900-days-issued-exactly-at-cutoff": "Apple's 825-day OtherTrustValidityPeriod.",
    "trustcheck::validity-period::self-signed-900-days-pinned": "Apple's 825-day OtherTrustValidityPeriod.",
    "trustcheck::validity-period::system-leaf-398-days-plus-one-second": "Apple's 398-day SystemTrustValidityPeriod.",
    "trustcheck::validity-period::system-leaf-399-days-issued-2020-09-01": "Apple's 398-day SystemTrustValidityPeriod.",
    "trustcheck::validity-period::pinned-system-root-400-days": "Apple's 398-day SystemTrustValidityPeriod.",
    "trustcheck::validity-period::system-and-custom-anchors-400-days": "Apple's 398-day SystemTrustValidityPeriod.",
    # --- key sizes and signature hashes (Apple minimums; the OpenSSL CLI enforces none by default) ---
    "trustcheck::keys-and-signatures::rsa-1024-leaf-ssl": "Apple SSL KeySize (RSA >= 2048).",
    "trustcheck::keys-and-signatures::rsa-1024-intermediate-ssl": "Apple SSL KeySize.",
    "trustcheck::keys-and-signatures::rsa-1024-anchor-ssl": "Apple SSL KeySize (anchor included).",
    "trustcheck::keys-and-signatures::rsa-512-leaf-ssl": "Apple WeakKeySize + KeySize.",
    "trustcheck::keys-and-signatures::rsa-512-leaf-basic": "Apple WeakKeySize (RSA < 1024) is part of every policy.",
    "trustcheck::keys-and-signatures::ed25519-leaf-ssl": "Apple SSL KeySize has no entry for Ed25519 keys.",
    "trustcheck::keys-and-signatures::sha1-leaf-ssl": "Apple SSL SignatureHashAlgorithms forbids SHA-1.",
    "trustcheck::keys-and-signatures::sha1-intermediate-ssl": "Apple SSL SignatureHashAlgorithms forbids SHA-1.",
    "trustcheck::keys-and-signatures::md5-leaf-ssl": "Apple WeakSignature (MD5) + SignatureHashAlgorithms.",
    "trustcheck::keys-and-signatures::md5-leaf-basic": "Apple WeakSignature (MD5) is part of every policy.",
    # --- pinning (the verdict is default validation's; the pin verdict follows it) ---
    "trustcheck::pinning::cross-signed-pin-on-chosen-root":
        "path-building::expired-root-valid-cross-sign with a pin: OpenSSL 3.0 does not backtrack from the expired Root A, so its chain is not trusted and no pin is checked.",
    "trustcheck::pinning::cross-signed-pin-on-expired-root-key": "As cross-signed-pin-on-chosen-root.",
}

# --- revocation (crl-* vectors; OpenSSL 3.0 with -crl_check_all -extended_crl -use_deltas) ---
NO_SOFT_FAIL = ("OpenSSL has no soft-fail: -crl_check_all wants a usable CRL covering every reason for every "
                "certificate below the anchor (error 3)")
EXPECTED.update({
    "trustcheck::crl-delta::delta-remove-from-crl-unrevokes":
        NO_SOFT_FAIL + "; the leaf's delta (removeFromCRL) is applied as TrustCheck applies it, the CA has no CRL, "
        "which TrustCheck (Apple's soft-fail) reports as not checked.",
    "trustcheck::crl-delta::delta-for-a-later-base-is-not-used":
        NO_SOFT_FAIL + "; the leaf passes (the delta for base 12 is not used), the CA has no CRL.",
    "trustcheck::crl-modes::soft-stale-beside-current":
        NO_SOFT_FAIL + "; the leaf passes on the current CRL, the CA has no CRL.",
    "trustcheck::crl-scope::idp-matching-distribution-point-clean":
        NO_SOFT_FAIL + "; the leaf passes on the partitioned CRL, the CA has no CRL.",
    "trustcheck::crl-delta::delta-alone-is-not-a-complete-crl":
        NO_SOFT_FAIL + "; neither takes a delta CRL alone as a complete CRL, so the leaf has none: TrustCheck soft-fails it.",
    "trustcheck::crl-indirect::indirect-crl-not-marked-indirect":
        NO_SOFT_FAIL + "; both refuse the authority's CRL for the cRLIssuer point (not indirect), TrustCheck soft-fails the leaf.",
    "trustcheck::crl-indirect::indirect-crl-authority-not-presented":
        NO_SOFT_FAIL + "; without the authority's certificate neither can use the indirect CRL, TrustCheck soft-fails the leaf.",
    "trustcheck::crl-scope::only-some-reasons-one-partition-soft":
        NO_SOFT_FAIL + "; one partition covers only some reasons, an undetermined status that TrustCheck soft-fails "
        "(the -require variant agrees).",
    "trustcheck::crl-scope::idp-other-distribution-point":
        "OpenSSL fails a certificate whose only CRL has another scope (error 44, different CRL scope); for TrustCheck "
        "no CRL applies, an undetermined status it soft-fails (the -require variant agrees).",
    "trustcheck::crl-scope::idp-only-ca-certificates": "As idp-other-distribution-point (onlyContainsCACerts, error 44).",
    "trustcheck::crl-scope::idp-only-user-certificates-for-ca":
        "As idp-other-distribution-point, for the CA (onlyContainsUserCerts, error 44 at depth 1).",
    "trustcheck::crl-scope::idp-only-attribute-certificates":
        "As idp-other-distribution-point (onlyContainsAttributeCerts, error 44).",
    "trustcheck::crl-delta::stale-delta-is-not-used":
        "OpenSSL 3.0 applies a delta CRL whatever its nextUpdate (get_delta_sk only scores its time), so the stale "
        "delta revokes (error 23); RFC 5280 §6.3.3 (a) takes only a current delta.",
    "trustcheck::crl-indirect::indirect-crl-issuer-carries-over":
        "OpenSSL validates the indirect CRL's authority with the same -crl_check_all, and the only CRL given, the "
        "authority's indirect CRL, does not cover the authority itself (error 54, CRL path validation error); "
        "TrustCheck validates it under soft-fail (its status not checked).",
    "trustcheck::crl-modes::bad-signature-crl-is-ignored":
        "OpenSSL fails on a CRL of the issuer's name whose signature does not verify (error 8); TrustCheck takes it "
        "for some other CA's CRL under the same name, ignores it, and soft-fails the leaf that has no other CRL.",
    "trustcheck::crl-signers::separate-signing-key-clean":
        "OpenSSL verifies a direct CRL with the certificate's issuer only (a CA whose keyUsage lacks cRLSign: "
        "error 35); RFC 5280 §6.3.3 (f) and TrustCheck take the separate CRL-signing certificate of the same name.",
    "trustcheck::crl-signers::separate-signing-key-not-presented":
        "As separate-signing-key-clean (error 35); TrustCheck ignores the CRL no known key signed and soft-fails the leaf.",
    "trustcheck::crl-signers::key-rollover-new-key-crl-clean":
        "OpenSSL checks a direct CRL's signature with the issuer's (old) key only (error 8); TrustCheck finds the "
        "new key's self-issued link certificate and validates it to the same anchor.",
    "trustcheck::crl-signers::key-rollover-without-link-certificate":
        "As key-rollover-new-key-crl-clean (error 8); TrustCheck ignores the CRL no known key signed and soft-fails the leaf.",
})

# id -> why OpenSSL, failing like the vector, gives another reason than revoked (or revoked, when the vector
# says the status could not be established).  Compared for the revocation vectors only.
EXPECTED_REASON = {
    "trustcheck::crl-indirect::indirect-crl-revokes":
        "OpenSSL fails the indirect CRL's authority path (error 54, as in indirect-crl-issuer-carries-over) "
        "before reading its entry; TrustCheck soft-fails the authority's own status and the entry revokes the leaf.",
    "trustcheck::crl-signers::separate-signing-key-revokes":
        "As separate-signing-key-clean: OpenSSL refuses the CA as CRL signer (error 35) instead of using the "
        "separate signing certificate whose CRL revokes the leaf.",
    "trustcheck::crl-signers::key-rollover-new-key-crl-revokes":
        "As key-rollover-new-key-crl-clean: OpenSSL cannot verify the new key's CRL (error 8), so never sees the entry.",
}

# id -> why OpenSSL builds a different (but also valid) chain.
EXPECTED_CHAIN = {
    "trustcheck::anchors::leaf-itself-anchor":
        "Apple stops at the anchored leaf (chain length 1); OpenSSL keeps building through the pool to the self-signed root.",
    "trustcheck::path-building::loop-with-exit":
        "OpenSSL walks leaf <- A(by B) <- B <- A(by root) <- root; Apple's cycle check stops [leaf, A, B] and uses leaf <- A(by root) <- root.",
}


def der_of(pem: str) -> bytes:
    return base64.b64decode("".join(l for l in pem.splitlines() if "-----" not in l))


def spki_pin(pem: str) -> str:
    """The SPKI SHA-256 pin of a certificate, computed by OpenSSL (x509 -pubkey, pkey -outform der)."""
    pub = subprocess.run(["openssl", "x509", "-pubkey", "-noout"], input=pem.encode(),
                         capture_output=True, check=True).stdout
    spki = subprocess.run(["openssl", "pkey", "-pubin", "-outform", "der"], input=pub,
                          capture_output=True, check=True).stdout
    return base64.b64encode(hashlib.sha256(spki).digest()).decode()


def openssl_pin_result(tc: dict, ok: bool, chain: list[str], workdir: Path):
    """(verdict, matched chain indices) of the vector's pins on OpenSSL's chain, or None when a subject of
    that chain names supplied certificates with different keys (the chain's keys are then unknown)."""
    if not ok:
        return "chain-not-trusted", []
    keys_by_subject: dict[str, set[str]] = {}
    for pem in [tc["peer_certificate"]] + tc["trusted_certs"] + tc["untrusted_intermediates"] + tc.get("system_anchors", []):
        keys_by_subject.setdefault(subject_line(pem, workdir), set()).add(spki_pin(pem))
    matches = []
    for ix, subject in enumerate(chain):
        keys = keys_by_subject.get(subject, set())
        if len(keys) != 1:
            return None
        if keys & set(tc["pins"]):
            matches.append(ix)
    return ("pinned" if matches else "no-matching-pin"), matches


def effective_anchors(tc: dict) -> list[str]:
    anchors = list(tc["trusted_certs"])
    if not tc.get("anchors_only", bool(anchors)):
        anchors += tc.get("system_anchors", [])
    return anchors


def epoch(ts: str) -> int:
    return int(dt.datetime.fromisoformat(ts.replace("Z", "+00:00")).timestamp())


def subject_line(pem: str, workdir: Path) -> str:
    p = workdir / "subject.pem"
    p.write_text(pem)
    out = subprocess.run(["openssl", "x509", "-noout", "-subject", "-in", str(p)],
                         capture_output=True, text=True, check=True).stdout.strip()
    return out.removeprefix("subject=")


def policy_options(tc: dict) -> list[str]:
    """The RFC 5280 policy inputs of a policy-tree vector as OpenSSL's options (-policy_check runs its tree)."""
    if "::policy-tree::" not in tc["id"]:
        return []
    options = ["-policy_check"]
    # OpenSSL's default user-initial-policy-set is empty, not RFC 5280's {anyPolicy}: with an explicit
    # policy required it then accepts nothing ("no explicit policy"), so pass RFC 5280's default.
    for oid in tc.get("user_initial_policy_set", ["2.5.29.32.0"]):
        options += ["-policy", oid]
    if tc.get("initial_explicit_policy"):
        options.append("-explicit_policy")
    if tc.get("initial_policy_mapping_inhibit"):
        options.append("-inhibit_map")
    if tc.get("initial_any_policy_inhibit"):
        options.append("-inhibit_any")
    return options


def revocation_reason(tc: dict) -> str:
    """What a failing revocation vector says: "revoked" (a Revocation failure) or "not established"."""
    return "revoked" if any(f["check"] == "Revocation" for f in tc.get("expected_failures", [])) else "not established"


def crl_options(tc: dict, workdir: Path) -> list[str]:
    """The revocation inputs of a crl-* vector as OpenSSL's options: its CRLs (-CRLfile) checked for every
    certificate of the chain (-crl_check_all) with indirect CRLs, reason partitions (-extended_crl) and delta
    CRLs (-use_deltas).  A vector with neither CRLs nor revocation "require" checks nothing, as TrustCheck
    soft-fails missing revocation data; "require" without CRLs asks OpenSSL for CRLs it does not have."""
    crls = tc.get("crls", [])
    if not crls and tc.get("revocation") != "require":
        return []
    options = ["-crl_check_all", "-extended_crl", "-use_deltas"]
    if crls:
        (workdir / "crls.pem").write_text("".join(crls))
        options += ["-CRLfile", str(workdir / "crls.pem")]
    return options


def run_openssl(tc: dict, workdir: Path):
    """OpenSSL's verdict, chain, first error and command.  A vector with revocation inputs is run twice:
    the ordinary command, then its revocation check (crl_options) without -purpose and -verify_hostname /
    -verify_ip, because OpenSSL's CRL issuer path validation (check_crl_path) inherits the verify parameters
    and would apply the leaf's host name and purpose to an indirect CRL's authority.  Both must pass."""
    leaf = workdir / "leaf.pem"
    leaf.write_text(tc["peer_certificate"])
    cmd = ["openssl", "verify", "-attime", str(epoch(tc["validation_time"])), "-partial_chain",
           "-no-CApath", "-no-CAstore", "-show_chain"]
    anchors = effective_anchors(tc)
    if anchors:
        (workdir / "anchors.pem").write_text("".join(anchors))
        cmd += ["-CAfile", str(workdir / "anchors.pem")]
    else:
        cmd += ["-no-CAfile"]
    pool = list(tc["untrusted_intermediates"])
    if tc.get("anchors_only", bool(tc["trusted_certs"])):
        # anchorsOnly: system roots still serve as ordinary (untrusted) parents (spec §3.1)
        pool += tc.get("system_anchors", [])
    if pool:
        (workdir / "untrusted.pem").write_text("".join(pool))
        cmd += ["-untrusted", str(workdir / "untrusted.pem")]
    usage = []
    if tc.get("policy", "ssl") == "ssl":
        usage += ["-purpose", "sslclient" if tc["validation_kind"] == "CLIENT" else "sslserver"]
        name = tc.get("expected_peer_name")
        if name:
            if name["kind"] == "IP":
                usage += ["-verify_ip", name["value"]]
            else:
                usage += ["-verify_hostname", name["value"]]
    base = cmd + usage + policy_options(tc) + [str(leaf)]
    ok, chain, err = verify(base, leaf)
    revocation = crl_options(tc, workdir)
    if not ok or not revocation:
        return ok, chain, err, base
    checked = cmd + policy_options(tc) + revocation + [str(leaf)]
    ok, _, err = verify(checked, leaf)
    return ok, chain, err, checked


def verify(cmd: list[str], leaf: Path):
    r = subprocess.run(cmd, capture_output=True, text=True)
    ok = r.returncode == 0 and f"{leaf}: OK" in r.stdout
    chain = []
    for line in r.stdout.splitlines():
        line = line.strip()
        if line.startswith("depth="):
            subj = line.split(": ", 1)[1] if ": " in line else ""
            chain.append(subj.removesuffix(" (untrusted)"))
    detail = (r.stdout + r.stderr).strip().splitlines()
    err = next((l for l in detail if l.startswith("error ")), detail[-1] if detail else "")
    return ok, chain, err


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--markdown", action="store_true", help="print the disagreement table for vectors/README.md")
    args = ap.parse_args()

    files = sorted(p for p in VECTORS_DIR.glob("*.json"))
    total = agree = 0
    disagreements = []
    chain_mismatches = []
    pin_mismatches = []
    reason_mismatches = []
    pins_checked = 0
    with tempfile.TemporaryDirectory() as d:
        workdir = Path(d)
        for f in files:
            cases = json.loads(f.read_text())["testcases"]
            for tc in cases:
                total += 1
                ok, chain, err, cmd = run_openssl(tc, workdir)
                expected_ok = tc["expected_result"] == "SUCCESS"
                if ok == expected_ok:
                    agree += 1
                    if ok and "expected_chain" in tc:
                        # compare the chain by subject (hand-written vectors may not state one)
                        pems = {}
                        for pem in ([tc["peer_certificate"]] + tc["trusted_certs"]
                                    + tc["untrusted_intermediates"] + tc.get("system_anchors", [])):
                            pems[hashlib.sha256(der_of(pem)).hexdigest()] = pem
                        want = [subject_line(pems[h], workdir) for h in tc["expected_chain"]]
                        if want != chain:
                            chain_mismatches.append((tc["id"], want, chain))
                    if "pins" in tc:
                        pins_checked += 1
                        got = openssl_pin_result(tc, ok, chain, workdir)
                        want = (tc["expected_pin_result"], tc.get("expected_pin_matches", []))
                        if got != want:
                            pin_mismatches.append((tc["id"], want, got))
                    if not ok and (tc.get("crls") or tc.get("revocation")):
                        want = revocation_reason(tc)
                        got = "revoked" if err.startswith("error 23 ") else "not established"
                        if want != got:
                            reason_mismatches.append((tc["id"], want, got, err))
                else:
                    disagreements.append((tc["id"], expected_ok, ok, err))
                if args.verbose:
                    print(f"{'AGREE ' if ok == expected_ok else 'DIFFER'} {tc['id']}: openssl={'OK' if ok else err}")

    unexpected = [x for x in disagreements if x[0] not in EXPECTED]
    expected = [x for x in disagreements if x[0] in EXPECTED]
    if args.markdown:
        print("| Vector | Apple profile | OpenSSL | Why |")
        print("|---|---|---|---|")
        for id_, exp, got, err in disagreements:
            why = EXPECTED.get(id_, "**UNEXPECTED**").replace("|", "\\|")
            print(f"| `{id_}` | {'SUCCESS' if exp else 'FAILURE'} | {'SUCCESS' if got else 'FAILURE: ' + err} | {why} |")
        for id_, want, got in chain_mismatches:
            why = EXPECTED_CHAIN.get(id_, "**UNEXPECTED**")
            print(f"| `{id_}` (chain) | SUCCESS, {len(want)} certs | SUCCESS, {len(got)} certs | {why} |")
        for id_, want, got, err in reason_mismatches:
            why = EXPECTED_REASON.get(id_, "**UNEXPECTED**").replace("|", "\\|")
            print(f"| `{id_}` (reason) | FAILURE, {want} | FAILURE: {err} | {why} |")
        return 0
    print(f"{total} testcases, {agree} agree with OpenSSL, {len(disagreements)} disagree "
          f"({len(expected)} expected, {len(unexpected)} unexpected), {len(chain_mismatches)} chain mismatches "
          f"({len(chain_mismatches) - len([x for x in chain_mismatches if x[0] not in EXPECTED_CHAIN])} expected), "
          f"pins: {pins_checked} checked on OpenSSL's chain, {len(pin_mismatches)} differ, "
          f"{len(reason_mismatches)} revocation failures for another reason "
          f"({len([x for x in reason_mismatches if x[0] in EXPECTED_REASON])} expected)")
    for id_, exp, got, err in disagreements:
        tag = "expected  " if id_ in EXPECTED else "UNEXPECTED"
        print(f"  {tag} {id_}: vector={'SUCCESS' if exp else 'FAILURE'} openssl={'SUCCESS' if got else 'FAILURE'}"
              + ("" if got else f" ({err})"))
    for id_, want, got in chain_mismatches:
        tag = "expected  " if id_ in EXPECTED_CHAIN else "UNEXPECTED"
        print(f"  {tag} chain {id_}: vector={want} openssl={got}")
    for id_, want, got, err in reason_mismatches:
        tag = "expected  " if id_ in EXPECTED_REASON else "UNEXPECTED"
        print(f"  {tag} reason {id_}: vector={want} openssl={got} ({err})")
    for id_, want, got in pin_mismatches:
        print(f"  UNEXPECTED pins {id_}: vector={want} openssl={'ambiguous chain' if got is None else got}")
    stale = sorted(set(EXPECTED) - {x[0] for x in disagreements})
    if stale and args.verbose:
        print("listed as expected but OpenSSL agrees:", *stale, sep="\n  ")
    unexpected_chains = [x for x in chain_mismatches if x[0] not in EXPECTED_CHAIN]
    unexpected_reasons = [x for x in reason_mismatches if x[0] not in EXPECTED_REASON]
    return 1 if unexpected or unexpected_chains or pin_mismatches or unexpected_reasons else 0


if __name__ == "__main__":
    sys.exit(main())
