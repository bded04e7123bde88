#!/bin/bash
# `make demo`'s iOS-style URLSession delegate on loopback: Examples/PinningDelegate, an app's pinning delegate
# unchanged but for its imports, against two openssl s_server: the first presents a certificate under a root
# the "device" trusts ($TRUSTCHECK_SYSTEM_ANCHORS, the system store SecTrust uses), the second the same names
# under another key. The delegate pins the first server's key (`trustcheck pin`): trusted, then pinned, then
# refused.
#
# usage: ios-delegate.sh BIN_DIR EXAMPLE_BINARY
set -euo pipefail
bin=$1
example=$2
work=$(mktemp -d)
servers=()
cleanup() {
    for server in "${servers[@]}"; do kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT

openssl req -x509 -new -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout "$work/root.key" \
    -subj "/O=TrustCheck demo/CN=Demo Root" -days 30 -addext "basicConstraints=critical,CA:TRUE" \
    -addext "keyUsage=critical,keyCertSign,cRLSign" -out "$work/root.pem" 2>/dev/null
printf '%s\n' "basicConstraints = critical, CA:FALSE" "keyUsage = critical, digitalSignature, keyEncipherment" \
    "extendedKeyUsage = serverAuth" "subjectAltName = DNS:localhost, IP:127.0.0.1" >"$work/leaf.ext"
start() {  # start NAME: issues NAME.pem (RSA-2048, as the delegate's header expects), serves it, sets $port
    openssl req -new -newkey rsa:2048 -nodes -keyout "$work/$1.key" -subj "/CN=localhost" -out "$work/$1.csr" 2>/dev/null
    openssl x509 -req -in "$work/$1.csr" -CA "$work/root.pem" -CAkey "$work/root.key" -set_serial "0x$(openssl rand -hex 8)" \
        -days 30 -sha256 -extfile "$work/leaf.ext" -out "$work/$1.pem" 2>/dev/null
    openssl s_server -accept 127.0.0.1:0 -www -naccept 8 -cert "$work/$1.pem" -key "$work/$1.key" </dev/null \
        >"$work/$1.log" 2>&1 &
    servers+=($!)
    for _ in $(seq 200); do grep -q '^ACCEPT ' "$work/$1.log" 2>/dev/null && break; sleep 0.1; done
    port=$(sed -n 's/^ACCEPT .*:\([0-9]*\)$/\1/p' "$work/$1.log" | head -1)
}
start pinned
pinned_port=$port
start rotated
rotated_port=$port
if [ -z "$pinned_port" ] || [ -z "$rotated_port" ]; then echo "demo: s_server did not start" >&2; exit 1; fi

pin=$("$bin/trustcheck" pin "$work/pinned.pem" | cut -d' ' -f1)
echo "the delegate pins $pin (trustcheck pin of the first server's certificate)"
TRUSTCHECK_SYSTEM_ANCHORS="$work/root.pem" "$example" "https://127.0.0.1:$pinned_port/" "$pin" \
    "https://127.0.0.1:$rotated_port/"
