#!/usr/bin/env bash
# make-revocation-pki.sh OUTDIR
#
# Builds a throwaway, TEST-ONLY PKI with revocation evidence for `rial verify --crl/--ocsp`
# (docs/revocation.md, Tests/RialVerifierTests/SealRevocationTests.swift), with `openssl ca` (an index
# file, revocations with reasons and dates) and `openssl ocsp` as an offline responder.
# Times are relative to NOW (the moment the script runs); T = NOW - 1 day is the genTime the
# test TSA's replies carry when run as `faketime -f -1d` (tsa-reply-at.sh).
#
#   root-ca.pem            the anchor; root.crl.pem (lastUpdate NOW-2d, nextUpdate NOW+7d)
#   intermediate-ca.pem    issued by the root; issues every signer below
#   expired-ca.pem         an intermediate that expired at NOW-2d; expired-ca-signer.pem under it
#   signer-good            never revoked
#   signer-revoked         revoked at NOW-2d, superseded (before T and NOW)
#   signer-compromised     revoked at NOW-2d, keyCompromise (openssl ca -crl_compromise)
#   signer-revoked-later   revoked at NOW-12h, superseded (after T, before NOW)
#   signer-compromised-later  revoked at NOW-12h, keyCompromise
#   signer-compromised-earlier  revoked at NOW-12h, keyCompromise with invalidityDate NOW-2d (before T)
#   signer-revoked-future  listed with a revocation date of NOW+2h (after any verification time
#                          of the tests): a date after the time, with nothing but the clock to date it
#   signer-unknown         issued by the intermediate outside its index (OCSP answers unknown)
#   tsa, tsa-compromised-later  time-stamping authorities (the latter revoked at NOW-12h, keyCompromise)
#   ocsp-responder         delegated responder: id-kp-OCSPSigning, issued by the intermediate
#   wrong-responder        id-kp-OCSPSigning, but issued by the root, not the intermediate
#   noeku-responder        issued by the intermediate, without id-kp-OCSPSigning
#   impostor-ca            a self-signed CA with the intermediate's very name
#
# CRLs of the intermediate: int-at-T.crl.pem (NOW-26h..NOW+6d, before the later revocations),
# int-now.crl.pem (NOW-1h..NOW+1d, all revocations), int-stale.crl.pem (NOW-10d..NOW-9d),
# impostor.crl.pem (the intermediate's name, the impostor's key). OCSP responses are made by
# ocsp-reply.sh. EVERY KEY WRITTEN HERE IS TEST ONLY.
set -euo pipefail
if [ "$#" -ne 1 ]; then echo "usage: $0 OUTDIR" >&2; exit 2; fi
case "$(openssl version 2>/dev/null)" in
    "OpenSSL "[3-9].*) ;;
    *) echo "$0: needs OpenSSL >= 3.0 as 'openssl' on PATH" >&2; exit 1 ;;
esac
mkdir -p -- "$1"
cd -- "$1"
export OPENSSL_CONF=/dev/null

NOW=$(date -u +%s)
at() { date -u -d "@$((NOW + $1))" +%Y%m%d%H%M%SZ; }      # GeneralizedTime, offset in seconds
utc() { date -u -d "@$((NOW + $1))" +%y%m%d%H%M%SZ; }     # UTCTime, as index.txt keeps dates
DAY=86400; HOUR=3600
echo "$NOW" > now.txt

mkdir -p db/root/new db/int/new db/impostor/new
for ca in root int impostor; do : > "db/$ca/index.txt"; openssl rand -hex 16 > "db/$ca/serial"; done
cat > pki.cnf <<'EOF'
[ req ]
distinguished_name = req_dn
prompt = no
string_mask = utf8only
[ req_dn ]
[ v3_root ]
basicConstraints = critical, CA:TRUE
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
[ v3_intermediate ]
basicConstraints = critical, CA:TRUE, pathlen:0
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid:always
[ v3_signer ]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature, nonRepudiation
extendedKeyUsage = emailProtection
# Never fetched: it only declares that OCSP speaks for the certificate (pyhanko-certvalidator
# consults OCSP responses only for a certificate that declares a responder).
authorityInfoAccess = OCSP;URI:http://ocsp.rial-test.invalid/
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid:always
[ v3_tsa ]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature
extendedKeyUsage = critical, timeStamping
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid:always
[ v3_ocsp ]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature
extendedKeyUsage = OCSPSigning
noCheck = ignored
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid:always
[ v3_noeku ]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid:always
[ policy_any ]
organizationName = optional
commonName = supplied
EOF
for ca in root:root-ca int:intermediate-ca impostor:impostor-ca; do
    printf '[ ca_%s ]\ndatabase = db/%s/index.txt\nnew_certs_dir = db/%s/new\nserial = db/%s/serial\n' "${ca%%:*}" "${ca%%:*}" "${ca%%:*}" "${ca%%:*}"
    printf 'certificate = %s.pem\nprivate_key = %s.key\ndefault_md = sha256\npolicy = policy_any\nunique_subject = no\ncopy_extensions = none\n' "${ca#*:}" "${ca#*:}"
done >> pki.cnf

O="/O=Rial TEST ONLY"
genkey() { (umask 077 && openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$1.key"); }
csr() { genkey "$1"; openssl req -new -config pki.cnf -key "$1.key" -subj "$2" -out "db/$1.csr"; }
# issue NAME CA SUBJECT PROFILE START END: a certificate the CA's index records.
issue() {
    csr "$1" "$3"
    openssl ca -config pki.cnf -name "ca_$2" -batch -notext -extensions "$4" -startdate "$5" -enddate "$6" \
        -in "db/$1.csr" -out "$1.pem" 2>>db/ca.log || { cat db/ca.log >&2; exit 1; }
}
selfsign() {  # NAME SUBJECT CA
    csr "$1" "$2"
    openssl ca -config pki.cnf -name "ca_$3" -selfsign -keyfile "$1.key" -batch -notext -extensions v3_root \
        -startdate "$(at $((-3650 * DAY)))" -enddate "$(at $((3650 * DAY)))" -in "db/$1.csr" -out "$1.pem" 2>>db/ca.log \
        || { cat db/ca.log >&2; exit 1; }
}
# revoke NAME DATE(offset) ARGS…: `openssl ca -revoke`, then the revocation date set in the index.
revoke() {
    local name=$1 offset=$2; shift 2
    openssl ca -config pki.cnf -name ca_int -revoke "$name.pem" "$@" 2>>db/ca.log || { cat db/ca.log >&2; exit 1; }
    local serial; serial=$(openssl x509 -in "$name.pem" -noout -serial | cut -d= -f2)
    awk -F'\t' -v OFS='\t' -v serial="$serial" -v date="$(utc "$offset")" \
        '$4 == serial { n = index($3, ","); $3 = date (n ? substr($3, n) : "") } { print }' db/int/index.txt > db/int/index.new
    mv db/int/index.new db/int/index.txt
}
gencrl() {  # CA OUT LAST NEXT
    openssl ca -config pki.cnf -name "ca_$1" -gencrl -crl_lastupdate "$(at "$3")" -crl_nextupdate "$(at "$4")" -out "$2" 2>>db/ca.log \
        || { cat db/ca.log >&2; exit 1; }
}

selfsign root-ca "$O/CN=Rial Revocation Test Root (TEST ONLY)" root
issue intermediate-ca root "$O/CN=Rial Revocation Test Intermediate (TEST ONLY)" v3_intermediate "$(at $((-3000 * DAY)))" "$(at $((3000 * DAY)))"
issue expired-ca root "$O/CN=Rial Revocation Test Expired Intermediate (TEST ONLY)" v3_intermediate "$(at $((-30 * DAY)))" "$(at $((-2 * DAY)))"
gencrl root root.crl.pem $((-2 * DAY)) $((7 * DAY))
selfsign impostor-ca "$O/CN=Rial Revocation Test Intermediate (TEST ONLY)" impostor

START=$(at $((-30 * DAY))); END=$(at $((365 * DAY)))
for name in good revoked compromised revoked-later compromised-later compromised-earlier revoked-future; do
    issue "signer-$name" int "$O/CN=Revocation Test Signer $name (TEST ONLY)" v3_signer "$START" "$END"
done
issue tsa int "$O/CN=Rial Revocation Test TSA (TEST ONLY)" v3_tsa "$START" "$END"
issue tsa-compromised-later int "$O/CN=Rial Revocation Test TSA compromised later (TEST ONLY)" v3_tsa "$START" "$END"
issue ocsp-responder int "$O/CN=Rial Revocation Test OCSP Responder (TEST ONLY)" v3_ocsp "$START" "$END"
issue noeku-responder int "$O/CN=Rial Revocation Test Responder without EKU (TEST ONLY)" v3_noeku "$START" "$END"
issue wrong-responder root "$O/CN=Rial Revocation Test Root-issued Responder (TEST ONLY)" v3_ocsp "$START" "$END"
# The expired intermediate's own database is not kept: its signer is made with `openssl x509`.
csr expired-ca-signer "$O/CN=Revocation Test Signer under an expired CA (TEST ONLY)"
openssl x509 -req -in db/expired-ca-signer.csr -CA expired-ca.pem -CAkey expired-ca.key -set_serial 0x51 \
    -days 3 -extfile pki.cnf -extensions v3_signer -out expired-ca-signer.pem 2>>db/ca.log
# Outside the index, so the responder does not know it.
csr signer-unknown "$O/CN=Revocation Test Signer unknown (TEST ONLY)"
openssl x509 -req -in db/signer-unknown.csr -CA intermediate-ca.pem -CAkey intermediate-ca.key -set_serial 0x52 \
    -days 30 -extfile pki.cnf -extensions v3_signer -out signer-unknown.pem 2>>db/ca.log

gencrl int int-stale.crl.pem $((-10 * DAY)) $((-9 * DAY))
revoke signer-revoked $((-2 * DAY)) -crl_reason superseded
revoke signer-compromised $((-2 * DAY)) -crl_compromise "$(at $((-2 * DAY)))"
gencrl int int-at-T.crl.pem $((-26 * HOUR)) $((6 * DAY))
revoke signer-revoked-later $((-12 * HOUR)) -crl_reason superseded
revoke signer-compromised-later $((-12 * HOUR)) -crl_compromise "$(at $((-12 * HOUR)))"
revoke signer-compromised-earlier $((-12 * HOUR)) -crl_compromise "$(at $((-2 * DAY)))"
revoke tsa-compromised-later $((-12 * HOUR)) -crl_compromise "$(at $((-12 * HOUR)))"
revoke signer-revoked-future $((2 * HOUR)) -crl_reason cessationOfOperation
gencrl int int-now.crl.pem $((-1 * HOUR)) $((1 * DAY))
gencrl impostor impostor.crl.pem $((-1 * HOUR)) $((1 * DAY))

cp intermediate-ca.pem chain.pem
cp expired-ca.pem expired-chain.pem
echo 01 > tsa.serial
for tsa in tsa tsa-compromised-later; do
    cat > "$tsa.cnf" <<EOF
[ tsa ]
default_tsa = tsa_section
[ tsa_section ]
serial = tsa.serial
crypto_device = builtin
signer_cert = $tsa.pem
certs = chain.pem
signer_key = $tsa.key
signer_digest = sha256
default_policy = 1.3.6.1.4.1.99999.1.1
digests = sha256
accuracy = secs:1
ordering = no
ess_cert_id_alg = sha256
EOF
done
echo "TEST ONLY: every key here is public; never trust these certificates." > README.txt
