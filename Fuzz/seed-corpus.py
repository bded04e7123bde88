#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz targets (Fuzz/Corpus/<target>/) from the repository's own fixtures:
small real inputs of each format, with the selector byte prepended for the targets that take one
(Fuzz/README.md). Rerun after a fixture changes; the output is committed."""
import glob, json, os, shutil, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "Fuzz", "Corpus")
LIMIT = 16 * 1024  # seeds stay small: libFuzzer's -max_len follows the largest one


def files(*patterns):
    found = []
    for pattern in patterns:
        found += [p for p in sorted(glob.glob(os.path.join(ROOT, pattern), recursive=True))
                  if os.path.isfile(p) and os.path.getsize(p) <= LIMIT]
    return found


def write(target, name, data):
    folder = os.path.join(CORPUS, target)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name), "wb") as out:
        out.write(data)


def seed_name(path):
    return os.path.relpath(path, ROOT).replace("/", "_")


def main():
    shutil.rmtree(CORPUS, ignore_errors=True)
    certificates = files("vectors/certificates/**/*.pem", "vectors/certificates/**/*.der", "vectors/readme-chain/*.pem",
                         "anchors/*.pem", "Tests/SecTrustCompatTests/Fixtures/*.cer",
                         "Tests/AlamofireCompatTests/Fixtures/selfSignedAndMalformedCerts/*",
                         "Tests/TLSClientTests/Fixtures/*chain.pem", "Tests/PinningTests/Fixtures/af-directory/*")
    for path in certificates[:60]:
        write("Certificates", seed_name(path), open(path, "rb").read())
    for path in files("Tests/**/Fixtures/**/*.crl"):
        write("Revocation", "crl_" + seed_name(path), b"\x00" + open(path, "rb").read())
    for path in files("Tests/**/Fixtures/**/ocsp*.der"):
        write("Revocation", "ocsp_" + seed_name(path), b"\x01" + open(path, "rb").read())
    for path in files("Tests/PinningTests/Fixtures/trustkit*", "Tests/PinningTests/Fixtures/Info.plist",
                      "Tests/TrustKitCompatTests/Fixtures/*"):
        write("TrustKitConfiguration", seed_name(path), open(path, "rb").read())
    for path in files("Tests/AppTransportSecurityTests/Fixtures/*.plist", "Tests/PinningTests/Fixtures/*.plist"):
        write("ATS", seed_name(path), open(path, "rb").read())
    # One small suite per testcase, the first two of each vector file (the files themselves are up to 225 KB).
    for path in sorted(glob.glob(os.path.join(ROOT, "vectors", "*.json"))):
        suite = json.load(open(path))
        if not isinstance(suite, dict) or "testcases" not in suite:
            continue
        for index, testcase in enumerate(suite["testcases"][:2]):
            data = json.dumps({"version": suite.get("version", 1), "testcases": [testcase]}, indent=1).encode()
            if len(data) <= LIMIT:
                write("Limbo", "%s_%d.json" % (os.path.basename(path)[:-5], index), data)
    # A TrustKit report body (TrustKit's fields, the TLS tests' chain as PEM), and requests carrying it.
    fixtures = os.path.join(ROOT, "Tests", "TLSClientTests", "Fixtures")
    chain = [open(os.path.join(fixtures, name)).read().strip() for name in ("leaf.pem", "intermediate.pem")]
    report = {
        "app-bundle-id": "com.example.app", "app-version": "2.1", "app-platform": "IOS", "app-platform-version": "17.1.0",
        "app-vendor-id": "vendor-1", "trustkit-version": "3.0.0", "date-time": "2026-12-01T00:00:00Z",
        "hostname": "api.example.com", "port": 443, "noted-hostname": "example.com", "include-subdomains": True,
        "enforce-pinning": False, "validated-certificate-chain": chain,
        "known-pins": ["pin-sha256=\"" + "A" * 43 + "=\""], "validation-result": 1,
        "known-pins-expiration-date": "2027-01-01",
    }
    body = json.dumps(report, sort_keys=True).replace("/", "\\/").encode()
    write("Collector", "report-body.json", b"\x00" + body)
    write("Collector", "request-report", b"\x01POST /report?secret=s3cret\ncontent-type: application/json; charset=utf-8\n\n" + body)
    write("Collector", "request-header-secret",
          b"\x01POST /trustkit/report\nx-trustcheck-secret: s3cret\ncontent-type: application/json\n\n" + body)
    write("Collector", "request-api", b"\x01GET /api/timeline?since=2026-12-01T09:30:00Z&bucket=3600&since=@1700000000\n\n")
    write("Collector", "request-dashboard", b"\x01GET /dashboard/app.js\naccept: */*\n\n")
    for target in sorted(os.listdir(CORPUS)):
        print("%s: %d seeds" % (target, len(os.listdir(os.path.join(CORPUS, target)))))


if __name__ == "__main__":
    sys.exit(main())
