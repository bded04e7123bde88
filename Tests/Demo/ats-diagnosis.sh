#!/bin/bash
# `make demo`'s App Transport Security diagnosis on loopback, with the release binary: a TLS 1.1-only
# openssl s_server presents a leaf for ats.test (Tests/TrustCheckCLITests/Fixtures/ats); `trustcheck ats
# --diagnose` tries it as nscurl --ats-diagnostics would and prints the exception that makes it pass.
#
# usage: ats-diagnosis.sh BIN_DIR
set -euo pipefail
bin=$1
fixtures=Tests/TrustCheckCLITests/Fixtures/ats
work=$(mktemp -d)
cleanup() {
    if [ -n "${server:-}" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

openssl s_server -accept 127.0.0.1:0 -www -naccept 64 -cert "$fixtures/good.pem" -key "$fixtures/good-key.pem" \
    -tls1_1 -cipher DEFAULT@SECLEVEL=0 </dev/null >"$work/server.log" 2>&1 &
server=$!
for _ in $(seq 200); do grep -q '^ACCEPT ' "$work/server.log" 2>/dev/null && break; sleep 0.1; done
port=$(sed -n 's/^ACCEPT .*:\([0-9]*\)$/\1/p' "$work/server.log" | head -1)
if [ -z "$port" ]; then echo "demo: s_server did not start:" >&2; cat "$work/server.log" >&2; exit 1; fi

# The fixture's leaf is valid in 2026; exit 1 means "an exception is needed", which is the point here.
"$bin/trustcheck" ats --diagnose https://ats.test/ --anchors "$fixtures/ca.pem" --connect-to "127.0.0.1:$port" \
    --at 2026-06-01 --timeout 10 | tail -14 || [ "$?" -eq 1 ]
