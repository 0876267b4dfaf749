#!/usr/bin/env bash
# make-test-pki.sh OUTDIR
#
# Builds a throwaway, TEST-ONLY public key infrastructure for rial's tests:
# a root CA, an intermediate CA, investigator (signer) certificates (valid,
# expired, from another hierarchy) and RFC 3161 time-stamping authority
# certificates (with and without the timeStamping EKU, and from another
# hierarchy), plus tsa.cnf for `openssl ts -reply`.
#
# EVERY KEY WRITTEN BY THIS SCRIPT IS TEST ONLY. Keys committed to the
# repository are public; never trust any of these certificates for real
# evidence.
#
# Only the openssl CLI (OpenSSL 3.0 or later) is used. OUTDIR must not exist
# or must be empty. All work happens inside OUTDIR with relative paths.

set -euo pipefail

if [ "$#" -ne 1 ]; then
    echo "usage: $0 OUTDIR" >&2
    exit 2
fi

# OpenSSL >= 3.0 is required (req -CA, cms -cades); LibreSSL (macOS
# /usr/bin/openssl) will not do.
case "$(openssl version 2>/dev/null)" in
    "OpenSSL "[3-9].*|"OpenSSL "[1-9][0-9]*) ;;
    *)  echo "$0: needs OpenSSL >= 3.0 as 'openssl' on PATH (found: $(openssl version 2>&1 || true))" >&2
        exit 1 ;;
esac

outdir=$1
if [ -e "$outdir" ]; then
    if [ ! -d "$outdir" ]; then
        echo "$0: $outdir exists and is not a directory" >&2
        exit 1
    fi
    if [ -n "$(ls -A -- "$outdir")" ]; then
        echo "$0: $outdir is not empty; refusing to overwrite" >&2
        exit 1
    fi
fi
mkdir -p -- "$outdir"
cd -- "$outdir"

# Never pick up the system or user openssl configuration.
export OPENSSL_CONF=/dev/null

mkdir ca-db

# ---------------------------------------------------------------------------
# Configuration: request defaults, certificate profiles and the `openssl ca`
# settings used only for the expired certificate (explicit start/end dates).
# ---------------------------------------------------------------------------
cat > ca-db/pki.cnf <<'EOF'
# TEST ONLY configuration for make-test-pki.sh

[ req ]
distinguished_name = req_dn
prompt             = no
string_mask        = utf8only
utf8               = yes

[ req_dn ]
# Subjects are always given with -subj.

[ v3_root ]
basicConstraints       = critical, CA:TRUE
keyUsage               = critical, keyCertSign, cRLSign
subjectKeyIdentifier   = hash

[ v3_intermediate ]
basicConstraints       = critical, CA:TRUE, pathlen:0
keyUsage               = critical, keyCertSign, cRLSign
subjectKeyIdentifier   = hash
authorityKeyIdentifier = keyid:always

[ v3_signer ]
basicConstraints       = critical, CA:FALSE
keyUsage               = critical, digitalSignature, nonRepudiation
extendedKeyUsage       = emailProtection
subjectKeyIdentifier   = hash
authorityKeyIdentifier = keyid:always

[ v3_tsa ]
basicConstraints       = critical, CA:FALSE
keyUsage               = critical, digitalSignature
extendedKeyUsage       = critical, timeStamping
subjectKeyIdentifier   = hash
authorityKeyIdentifier = keyid:always

[ v3_tsa_noeku ]
basicConstraints       = critical, CA:FALSE
keyUsage               = critical, digitalSignature
subjectKeyIdentifier   = hash
authorityKeyIdentifier = keyid:always

[ ca ]
default_ca = ca_intermediate

[ ca_intermediate ]
dir              = ca-db
database         = ca-db/index.txt
new_certs_dir    = ca-db/newcerts
serial           = ca-db/serial
certificate      = intermediate-ca.pem
private_key      = intermediate-ca.key
default_md       = sha256
default_days     = 730
policy           = policy_any
preserve         = yes
unique_subject   = no
copy_extensions  = none
email_in_dn      = no
x509_extensions  = v3_signer

[ policy_any ]
organizationName       = optional
organizationalUnitName = optional
commonName             = supplied
EOF

O="/O=Rial TEST ONLY"

serial() {
    # Random positive 128-bit serial number.
    echo "0x$(openssl rand -hex 16)"
}

genkey() {
    # genkey NAME -> NAME.key (PKCS#8 PEM, ECDSA P-256, mode 600)
    (umask 077 && openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 \
        -out "$1.key")
    chmod 600 "$1.key"
}

selfsigned() {
    # selfsigned NAME SUBJECT DAYS
    genkey "$1"
    openssl req -new -x509 -config ca-db/pki.cnf -extensions v3_root \
        -key "$1.key" -subj "$2" -days "$3" -sha256 -set_serial "$(serial)" \
        -out "$1.pem"
}

issue() {
    # issue NAME ISSUER SUBJECT DAYS PROFILE
    genkey "$1"
    openssl req -new -x509 -config ca-db/pki.cnf -extensions "$5" \
        -key "$1.key" -subj "$3" -days "$4" -sha256 -set_serial "$(serial)" \
        -CA "$2.pem" -CAkey "$2.key" -out "$1.pem"
}

# --- Main hierarchy --------------------------------------------------------
selfsigned root-ca "$O/CN=Rial Test Root CA (TEST ONLY)" 3650
issue intermediate-ca root-ca "$O/CN=Rial Test Intermediate CA (TEST ONLY)" 3650 v3_intermediate

issue investigator intermediate-ca \
    "$O/OU=Evidence Unit/CN=Test Investigator (TEST ONLY)" 730 v3_signer
cp intermediate-ca.pem investigator-chain.pem

# --- Expired investigator (2020-01-01 .. 2021-01-01) via `openssl ca` -------
mkdir ca-db/newcerts
: > ca-db/index.txt
openssl rand -hex 16 > ca-db/serial
genkey expired-investigator
openssl req -new -config ca-db/pki.cnf -key expired-investigator.key -sha256 \
    -subj "$O/OU=Evidence Unit/CN=Expired Test Investigator (TEST ONLY)" \
    -out ca-db/expired-investigator.csr
openssl ca -config ca-db/pki.cnf -name ca_intermediate -batch -notext \
    -extensions v3_signer -startdate 20200101000000Z -enddate 20210101000000Z \
    -in ca-db/expired-investigator.csr -out expired-investigator.pem \
    2>ca-db/ca.log || { cat ca-db/ca.log >&2; exit 1; }

# --- Other, unrelated hierarchy (ships its own root) ------------------------
selfsigned other-root-ca "$O/CN=Rial Other Root CA (TEST ONLY)" 3650
issue other-investigator other-root-ca \
    "$O/OU=Evidence Unit/CN=Other Investigator (TEST ONLY)" 730 v3_signer
cp other-root-ca.pem other-investigator-chain.pem

# --- Time-stamping authorities ----------------------------------------------
issue tsa intermediate-ca "$O/CN=Rial Test TSA (TEST ONLY)" 730 v3_tsa
cp intermediate-ca.pem tsa-chain.pem

issue tsa-noeku intermediate-ca "$O/CN=Rial Test TSA without EKU (TEST ONLY)" 730 v3_tsa_noeku

issue other-tsa other-root-ca "$O/CN=Rial Other TSA (TEST ONLY)" 730 v3_tsa
cp other-root-ca.pem other-tsa-chain.pem

# --- TSA configuration for `openssl ts -reply` ------------------------------
echo 01 > tsa.serial
# One section per test TSA; they differ only in signer, digests allowed and tsa_name.
tsa_section() {  # NAME SIGNER CHAIN DIGESTS TSA_NAME COMMENT
    cat <<EOF

# $6
[ $1 ]
serial             = tsa.serial
crypto_device      = builtin
signer_cert        = $2.pem
certs              = $3
signer_key         = $2.key
signer_digest      = sha256
default_policy     = 1.3.6.1.4.1.99999.1.1
other_policies     = 1.3.6.1.4.1.99999.1.2, 1.3.6.1.4.1.99999.1.3
digests            = $4
accuracy           = secs:1
ordering           = no
tsa_name           = $5
ess_cert_id_chain  = no
ess_cert_id_alg    = sha256
EOF
}
{
    cat <<'EOF'
# TEST ONLY RFC 3161 time-stamping authority configuration.
# Paths are relative: run `openssl ts -reply -config tsa.cnf ...` from the
# directory holding this file (examples/pki/tsa-reply.sh does that for you).

[ tsa ]
default_tsa = tsa_good
EOF
    tsa_section tsa_good tsa tsa-chain.pem "sha256, sha384, sha512" yes \
        "Genuine TSA: critical timeStamping EKU, chained to root-ca.pem through intermediate-ca.pem."
    tsa_section tsa_other other-tsa other-tsa-chain.pem "sha256, sha384, sha512" yes \
        "TSA from the unrelated hierarchy (other-root-ca.pem)."
    tsa_section tsa_sha1 tsa tsa-chain.pem "sha1, sha256, sha384, sha512" yes \
        "Same signer as tsa_good, but also accepts SHA-1 message imprints."
    # tsa-reply.sh re-signs this section's TSTInfo with tsa-noeku.key, so the forged token
    # differs from a genuine one only by its signer, not by a mismatching TSA name.
    tsa_section tsa_forge_base tsa tsa-chain.pem "sha256, sha384, sha512" no \
        "Internal: like tsa_good without the optional TSTInfo tsa field (see tsa-reply.sh)."
} > tsa.cnf

cat > README.txt <<'EOF'
TEST ONLY. Every private key and certificate in this directory was generated by rial's examples/pki/make-test-pki.sh for automated tests and documentation examples; the private keys are public (some are committed to a public repository), so nothing signed or time-stamped with them proves anything, and none of these certificates (in particular root-ca.pem, other-root-ca.pem and the TSA certificates) must ever be trusted, installed in a trust store, or used for real evidence.
EOF

# The CA database, CSR and helper config are not needed afterwards.
rm -rf ca-db
