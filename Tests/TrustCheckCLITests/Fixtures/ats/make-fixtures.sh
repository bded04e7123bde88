#!/bin/sh
# Writes the certificates of ATSCommandTests: a private CA and four leaves for ats.test, valid
# 2026-01-01 to 2026-12-31 (the tests evaluate at 2026-06-01): one that meets ATS (RSA 2048, SHA-256),
# an RSA-1024 one, a SHA-1-signed one, and one for another name. Dates are fixed; the keys are new at
# each run, so the files change but what the tests check does not.
set -eu
cd "$(dirname "$0")"
cat > ca.tmpl <<'T'
cn = "TrustCheck ATS Test CA"
ca
cert_signing_key
activation_date = "2025-12-01 00:00:00 UTC"
expiration_date = "2027-12-01 00:00:00 UTC"
serial = 1
T
leaf_template() {
    cat > leaf.tmpl <<T
cn = "$1"
dns_name = "$1"
tls_www_server
signing_key
encryption_key
activation_date = "2026-01-01 00:00:00 UTC"
expiration_date = "2026-12-31 00:00:00 UTC"
serial = $2
T
}
certtool --generate-privkey --key-type rsa --bits 2048 --outfile ca-key.pem 2>/dev/null
certtool --generate-self-signed --load-privkey ca-key.pem --template ca.tmpl --hash SHA256 --outfile ca.pem 2>/dev/null
issue() { # name bits hash serial host
    certtool --generate-privkey --key-type rsa --bits "$2" --outfile "$1-key.pem" 2>/dev/null
    leaf_template "$5" "$4"
    certtool --generate-certificate --load-privkey "$1-key.pem" --load-ca-certificate ca.pem --load-ca-privkey ca-key.pem \
        --template leaf.tmpl --hash "$3" --outfile "$1.pem" 2>/dev/null
}
issue good 2048 SHA256 2 ats.test
issue rsa1024 1024 SHA256 3 ats.test
issue sha1 2048 SHA1 4 ats.test
issue wrongname 2048 SHA256 5 other.test
rm -f ca-key.pem ca.tmpl leaf.tmpl
