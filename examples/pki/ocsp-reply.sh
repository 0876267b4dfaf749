#!/usr/bin/env bash
# ocsp-reply.sh PKIDIR CERT RESPONDER OUT [DAYS]
#
# Answers, offline, an OCSP request for PKIDIR/CERT.pem (issued by the intermediate) with
# `openssl ocsp -index` over the intermediate's `openssl ca` database, signed as RESPONDER:
# `intermediate-ca` (the issuer itself), `ocsp-responder` (delegated), `wrong-responder` or
# `noeku-responder`. The response is valid DAYS days (default 1) from now; run it under
# `faketime` to date it otherwise. TEST ONLY.
set -euo pipefail
if [ "$#" -lt 4 ]; then echo "usage: $0 PKIDIR CERT RESPONDER OUT [DAYS]" >&2; exit 2; fi
cd -- "$1"
export OPENSSL_CONF=/dev/null
request=$(mktemp ocsp-request.XXXXXX)
trap 'rm -f "$request"' EXIT
openssl ocsp -issuer intermediate-ca.pem -cert "$2.pem" -no_nonce -reqout "$request" >/dev/null
openssl ocsp -index db/int/index.txt -CA intermediate-ca.pem -rsigner "$3.pem" -rkey "$3.key" \
    -reqin "$request" -respout "$4" -ndays "${5:-1}" >/dev/null
