#!/bin/bash
# `make demo`'s TrustKit workflow on loopback, with the release binaries: an interception proxy (openssl
# s_server with a chain under "TLS Untrusted Root", a root the device was made to trust) stands in for the
# server; `trustcheck connect --pin-config` blocks it because none of the app's TrustKit pins is on the chain,
# TrustKit's report goes to the configuration's report URI — a `trustcheck collect` on a free port — and
# `trustcheck reports` names the chain an interception suspect.
#
# usage: pin-failure-report.sh BIN_DIR TIME   (BIN_DIR holds trustcheck and trustcheck-collect)
set -euo pipefail
bin=$1
at=$2
tls=Tests/TLSClientTests/Fixtures
work=$(mktemp -d)
cleanup() {
    # The proxy has usually served its one handshake and gone; the collector stops on SIGTERM.
    if [ -n "${proxy:-}" ]; then kill "$proxy" 2>/dev/null || true; fi
    if [ -n "${collector:-}" ]; then kill -TERM "$collector" 2>/dev/null || true; wait "$collector" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

wait_for() {  # wait_for FILE PATTERN: up to 20 s for PATTERN to appear in FILE
    for _ in $(seq 200); do grep -q "$2" "$1" 2>/dev/null && return 0; sleep 0.1; done
    echo "demo: timed out waiting for $2 in $1:" >&2; cat "$1" >&2; exit 1
}

"$bin/trustcheck" collect --listen 127.0.0.1:0 --db "$work/reports.db" --port-file "$work/collector-port" \
    --anchors "$tls/root.pem" 2>"$work/collect.log" &
collector=$!
wait_for "$work/collector-port" '[0-9]'
report_port=$(cat "$work/collector-port")

openssl s_server -accept 127.0.0.1:0 -cert "$tls/other-leaf.pem" -key "$tls/other-leaf.key" -www -naccept 1 \
    >"$work/proxy.log" 2>&1 &
proxy=$!
wait_for "$work/proxy.log" '^ACCEPT'
proxy_port=$(sed -n 's/^ACCEPT .*:\([0-9]*\)$/\1/p' "$work/proxy.log")

# The app's configuration: tls.example.com pinned to its real intermediate and root (trustcheck pin --trustkit).
pins=$("$bin/trustcheck" pin "$tls/intermediate.pem" "$tls/root.pem" --json | sed -n 's/.*"trustkit_pin" *: *"\([^"]*\)".*/\1/p')
set -- $pins
cat >"$work/trustkit.json" <<JSON
{"TSKPinnedDomains": {"tls.example.com": {"TSKDisableDefaultReportUri": true,
  "TSKReportUris": ["http://127.0.0.1:$report_port/report"], "TSKPublicKeyHashes": ["$1", "$2"]}}}
JSON

echo "\$ trustcheck connect 127.0.0.1:$proxy_port --servername tls.example.com --anchors root.pem --anchors other-root.pem --pin-config trustkit.json"
status=0
"$bin/trustcheck" connect "127.0.0.1:$proxy_port" --servername tls.example.com --anchors "$tls/root.pem" \
    --anchors "$tls/other-root.pem" --at "$at" --pin-config "$work/trustkit.json" --report-spool "$work/spool" \
    --app-bundle-id com.example.app --app-version 2.1 | grep -E '^(pinning|verdict)' || status=$?
echo
echo "\$ trustcheck reports --db reports.db"
"$bin/trustcheck" reports --db "$work/reports.db" --since 2026-01-01 | sed -n '/interception suspects:/,/^$/p'
"$bin/trustcheck" reports --db "$work/reports.db" --since 2026-01-01 --json | grep -q '"does_not_chain"' \
    || { echo "demo: the report did not arrive as an interception suspect" >&2; exit 1; }
