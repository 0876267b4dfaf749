#!/usr/bin/env bash
# add-renewal-tsas.sh PKIDIR (a make-test-pki.sh directory): adds two TEST-ONLY TSAs to a make-test-pki.sh PKI, for renewal tests:
# tsa-a valid NOW-1d .. NOW+30d, tsa-b valid NOW-1d .. NOW+3649d; sections tsa_a, tsa_b in tsa.cnf.
set -euo pipefail
cd -- "$1"
export OPENSSL_CONF=/dev/null
date -u +%s > renewal-now.txt
cat > renewal-tsa.cnf <<'CNF'
[ req ]
distinguished_name = req_dn
prompt = no
[ req_dn ]
[ v3_tsa ]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature
extendedKeyUsage = critical, timeStamping
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid:always
CNF
mk() { # NAME SECTION CN DAYS
    (umask 077 && openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$1.key")
    faketime -f -1d openssl req -new -x509 -config renewal-tsa.cnf -extensions v3_tsa -key "$1.key" \
        -subj "/O=Rial TEST ONLY/CN=$3" -days "$4" -sha256 -set_serial "0x$(openssl rand -hex 16)" \
        -CA intermediate-ca.pem -CAkey intermediate-ca.key -out "$1.pem"
    cat >> tsa.cnf <<CNF

[ $2 ]
serial             = tsa.serial
crypto_device      = builtin
signer_cert        = $1.pem
certs              = tsa-chain.pem
signer_key         = $1.key
signer_digest      = sha256
default_policy     = 1.3.6.1.4.1.99999.1.1
digests            = sha256, sha384, sha512
accuracy           = secs:1
ordering           = no
tsa_name           = yes
ess_cert_id_chain  = no
ess_cert_id_alg    = sha256
CNF
}
mk tsa-a tsa_a "Rial Renewal TSA A (TEST ONLY)" 31
mk tsa-b tsa_b "Rial Renewal TSA B (TEST ONLY)" 3650
