#!/usr/bin/env bash
# Regenerates the certificate fixtures in this directory and expected.json.
#
# Usage: vectors/certificates/generate.sh
#
# Needs python3 with `cryptography` (48) and the openssl 3.0 CLI. The output is byte-for-byte
# reproducible: keys come from fixed seeds, dates are fixed, and every signature scheme used
# is deterministic (RSA PKCS#1 v1.5, RFC 6979 ECDSA, Ed25519). Running this twice and
# `git diff --exit-code` is the reproducibility check.
#
# No private key is written into the repository. The one step that needs a key on disk (the
# SHA-1 signature, made by `openssl x509` because `cryptography` refuses SHA-1) uses a
# temporary directory that is removed on exit.
#
# expected.json holds values computed by openssl and cryptography from the written files, not
# by TrustCheck; the Swift tests compare TrustCheck's model with it.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

command -v openssl >/dev/null || { echo "generate.sh: openssl not found" >&2; exit 1; }
python3 -c 'import cryptography' 2>/dev/null || { echo "generate.sh: python3 cryptography not found" >&2; exit 1; }
case "$(openssl version)" in
    "OpenSSL 3."*) ;;
    *) echo "generate.sh: need OpenSSL 3.x, found: $(openssl version)" >&2; exit 1 ;;
esac

workdir="$(mktemp -d)"
trap 'rm -rf "$workdir"' EXIT

# Only remove what this script creates, so hand-written files here survive.
rm -f "$here"/*.pem "$here"/*.der "$here"/expected.json
rm -rf "$here/bad" "$here/directory"

python3 "$here/generate.py" "$here" "$workdir"
