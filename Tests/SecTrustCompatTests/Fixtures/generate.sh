#!/bin/sh
# Regenerates the SecTrustCompat test certificates (DER .cer files) in this directory.
#
#   sh Tests/SecTrustCompatTests/Fixtures/generate.sh
#
# Dates are fixed (the tests evaluate at 2025-06-01T00:00:00Z), serial numbers are fixed; keys are
# fresh on every run, so the outputs change but every property the tests assert stays the same.
# Needs OpenSSL >= 1.1.1 (openssl ca -startdate/-enddate, genpkey).
#
#   root.cer           TrustCheck Test Root CA        RSA-4096, self-signed, 2020-01-01 .. 2045-01-01
#   intermediate.cer   TrustCheck Test Intermediate CA  EC P-384, issued by root, 2020-01-01 .. 2040-01-01
#   leaf.cer           www.trustcheck.test           EC P-256, issued by intermediate, 2025-01-01 .. 2026-01-01,
#                      SAN www.trustcheck.test + trustcheck.test, serverAuth, serial C0FFEE01 (DER 00 C0 FF EE 01)
#   expired.cer        expired.trustcheck.test        RSA-2048, issued by intermediate, 2022-01-01 .. 2023-01-01
#   selfsigned.cer     selfsigned.trustcheck.test     RSA-2048, self-signed leaf (CA:FALSE), 2025-01-01 .. 2026-01-01
#   system-root.cer    TrustCheck Test System Root    EC P-256, self-signed; also in system-anchors.pem
#   system-leaf.cer    system.trustcheck.test         EC P-256, issued by system-root, 2025-01-01 .. 2026-01-01
#   multi-cn.cer       O=TrustCheck Tests, CN=First Name, CN=Second Name   self-signed, RSA-2048
#   no-cn.cer          O=TrustCheck Tests, OU=No Common Name               self-signed, RSA-2048
#   system-anchors.pem the "system" trust store the tests install (system-root, and the live-TLS tests' root)
#   <name>.spki.der    the DER SubjectPublicKeyInfo of leaf, selfsigned and intermediate
#   <name>.spki-sha256.txt  base64 SHA-256 of that SPKI (the TrustKit / HPKP pin)
set -eu

out=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

cat > ca.cnf <<'EOF'
[ca]
default_ca = test_ca
[test_ca]
dir = .
database = index.txt
new_certs_dir = .
serial = serial
default_md = sha256
policy = policy_any
unique_subject = no
copy_extensions = none
[policy_any]
[req]
distinguished_name = dn
prompt = no
[dn]
CN = unused
[root_ext]
basicConstraints = critical, CA:TRUE
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
[intermediate_ext]
basicConstraints = critical, CA:TRUE, pathlen:0
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
[leaf_ext]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature, keyEncipherment
extendedKeyUsage = serverAuth
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
subjectAltName = $ENV::SAN
[selfsigned_ext]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature, keyEncipherment
extendedKeyUsage = serverAuth
subjectKeyIdentifier = hash
subjectAltName = $ENV::SAN
[plain_ext]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature
EOF
: > index.txt
SAN=DNS:unused
export SAN

rsa() { openssl genpkey -algorithm RSA -pkeyopt "rsa_keygen_bits:$2" -out "$1.key" 2>/dev/null; }
ec() { openssl genpkey -algorithm EC -pkeyopt "ec_paramgen_curve:$2" -pkeyopt ec_param_enc:named_curve -out "$1.key"; }

# sign NAME SUBJECT SERIAL START END EXTENSIONS [ISSUER]   (no ISSUER: self-signed)
sign() {
    name=$1 subject=$2 serial=$3 start=$4 end=$5 ext=$6 issuer=${7:-}
    openssl req -new -config ca.cnf -key "$name.key" -subj "$subject" -out "$name.csr"
    echo "$serial" > serial
    if [ -z "$issuer" ]; then
        openssl ca -config ca.cnf -batch -notext -preserveDN -selfsign -keyfile "$name.key" \
            -startdate "$start" -enddate "$end" -extensions "$ext" -in "$name.csr" -out "$name.pem" 2>/dev/null
    else
        openssl ca -config ca.cnf -batch -notext -preserveDN -cert "$issuer.pem" -keyfile "$issuer.key" \
            -startdate "$start" -enddate "$end" -extensions "$ext" -in "$name.csr" -out "$name.pem" 2>/dev/null
    fi
    openssl x509 -in "$name.pem" -outform DER -out "$out/$name.cer"
}

spki() {
    openssl x509 -in "$1.pem" -noout -pubkey | openssl pkey -pubin -outform DER -out "$out/$1.spki.der"
    openssl dgst -sha256 -binary "$out/$1.spki.der" | openssl base64 -A > "$out/$1.spki-sha256.txt"
}

rsa root 4096
sign root "/O=TrustCheck Tests/CN=TrustCheck Test Root CA" 1001 20200101000000Z 20450101000000Z root_ext

ec intermediate secp384r1
sign intermediate "/O=TrustCheck Tests/CN=TrustCheck Test Intermediate CA" 1002 \
    20200101000000Z 20400101000000Z intermediate_ext root

ec leaf prime256v1
SAN="DNS:www.trustcheck.test, DNS:trustcheck.test" \
    sign leaf "/O=TrustCheck Tests/CN=www.trustcheck.test" C0FFEE01 \
    20250101000000Z 20260101000000Z leaf_ext intermediate

rsa expired 2048
SAN="DNS:expired.trustcheck.test" \
    sign expired "/O=TrustCheck Tests/CN=expired.trustcheck.test" 1004 \
    20220101000000Z 20230101000000Z leaf_ext intermediate

rsa selfsigned 2048
SAN="DNS:selfsigned.trustcheck.test" \
    sign selfsigned "/O=TrustCheck Tests/CN=selfsigned.trustcheck.test" 1005 \
    20250101000000Z 20260101000000Z selfsigned_ext

ec system-root prime256v1
sign system-root "/O=TrustCheck Tests/CN=TrustCheck Test System Root" 1006 \
    20200101000000Z 20450101000000Z root_ext

ec system-leaf prime256v1
SAN="DNS:system.trustcheck.test" \
    sign system-leaf "/O=TrustCheck Tests/CN=system.trustcheck.test" 1007 \
    20250101000000Z 20260101000000Z leaf_ext system-root

rsa multi-cn 2048
sign multi-cn "/O=TrustCheck Tests/CN=First Name/CN=Second Name" 1008 \
    20250101000000Z 20260101000000Z plain_ext

rsa no-cn 2048
sign no-cn "/O=TrustCheck Tests/OU=No Common Name" 1009 20250101000000Z 20260101000000Z plain_ext

openssl x509 -in system-root.pem -out "$out/system-anchors.pem"
# The live-TLS tests' root (Tests/TestSupport/LiveTLS), under which their servers' certificates are issued.
cat "$out/../../TestSupport/LiveTLS/live-root.pem" >> "$out/system-anchors.pem"
spki leaf
spki selfsigned
spki intermediate
echo "fixtures written to $out"
