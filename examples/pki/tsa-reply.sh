#!/usr/bin/env bash
# tsa-reply.sh PKIDIR TSA REQUEST.tsq RESPONSE.tsr
#
# Answers an RFC 3161 TimeStampReq (DER) as one of the TEST-ONLY
# time-stamping authorities created by make-test-pki.sh, writing a DER
# TimeStampResp to RESPONSE.tsr.
#
#   TSA = good   genuine TSA (tsa.pem, critical timeStamping EKU) chaining to
#                root-ca.pem via intermediate-ca.pem; sha256/384/512 imprints
#         other  TSA of the unrelated hierarchy (other-tsa.pem, other-root-ca.pem)
#         sha1   same signer as "good", but also accepts SHA-1 imprints
#         noeku  token signed by tsa-noeku.pem, which has NO extendedKeyUsage.
#                `openssl ts -reply` refuses such a signer, so the token is
#                forged: the TSTInfo of a genuine reply (section
#                tsa_forge_base, i.e. tsa_good without the optional tsa name)
#                is re-signed with tsa-noeku.key via `openssl cms -sign -cades`
#                (so it carries an ESS signingCertificateV2 attribute like a
#                real token) and wrapped into a TimeStampResp with status
#                granted. Such a token must be rejected by verifiers.
#
# If the TSA rejects the request (e.g. unsupported digest), the rejection
# TimeStampResp is written and the script still exits 0, like
# `openssl ts -reply`.
#
# TEST ONLY: never use these keys or tokens as real evidence.
# Note: each reply increments PKIDIR/tsa.serial.

set -euo pipefail

if [ "$#" -ne 4 ]; then
    echo "usage: $0 PKIDIR good|other|sha1|noeku REQUEST.tsq RESPONSE.tsr" >&2
    exit 2
fi

pkidir=$1
tsa=$2
req_in=$3
resp_out=$4

# OpenSSL >= 3.0 is required (req -CA, cms -cades); LibreSSL (macOS
# /usr/bin/openssl) will not do.
case "$(openssl version 2>/dev/null)" in
    "OpenSSL "[3-9].*|"OpenSSL "[1-9][0-9]*) ;;
    *)  echo "$0: needs OpenSSL >= 3.0 as 'openssl' on PATH (found: $(openssl version 2>&1 || true))" >&2
        exit 1 ;;
esac

abspath() {
    # Absolute path of $1, whose parent directory must exist.
    local dir base
    dir=$(dirname -- "$1")
    base=$(basename -- "$1")
    dir=$(cd -- "$dir" && pwd)
    printf '%s/%s\n' "$dir" "$base"
}

if [ ! -f "$pkidir/tsa.cnf" ]; then
    echo "$0: $pkidir/tsa.cnf not found (run make-test-pki.sh first)" >&2
    exit 1
fi
if [ ! -f "$req_in" ]; then
    echo "$0: request $req_in not found" >&2
    exit 1
fi
req=$(abspath "$req_in")
resp=$(abspath "$resp_out")

tmp=$(mktemp -d "${TMPDIR:-/tmp}/rial-tsa.XXXXXX")
trap 'rm -rf -- "$tmp"' EXIT

# Run a command quietly; show its stderr only if it fails.
run() {
    if ! "$@" 2>"$tmp/stderr"; then
        cat "$tmp/stderr" >&2
        echo "$0: command failed: $*" >&2
        exit 1
    fi
}

# tsa.cnf uses paths relative to PKIDIR.
cd -- "$pkidir"

case "$tsa" in
    good|other|sha1)
        run openssl ts -reply -config tsa.cnf -section "tsa_$tsa" \
            -queryfile "$req" -out "$tmp/resp.tsr"
        ;;
    noeku)
        run openssl ts -reply -config tsa.cnf -section tsa_forge_base \
            -queryfile "$req" -out "$tmp/base.tsr"

        # PKIStatus of the genuine reply: 0 granted, 1 grantedWithMods.
        status=$(python3 - "$tmp/base.tsr" <<'PY'
import sys

data = open(sys.argv[1], "rb").read()

def header(buf, pos):
    """Return (tag, content_start, content_length) of the TLV at pos."""
    tag = buf[pos]
    n = buf[pos + 1]
    pos += 2
    if n & 0x80:
        k = n & 0x7F
        n = int.from_bytes(buf[pos:pos + k], "big")
        pos += k
    return tag, pos, n

tag, pos, _ = header(data, 0)          # TimeStampResp SEQUENCE
assert tag == 0x30, "not a TimeStampResp"
tag, pos, _ = header(data, pos)        # PKIStatusInfo SEQUENCE
assert tag == 0x30, "no PKIStatusInfo"
tag, pos, n = header(data, pos)        # status INTEGER
assert tag == 0x02, "no PKIStatus"
print(int.from_bytes(data[pos:pos + n], "big", signed=True))
PY
)
        if [ "$status" != 0 ] && [ "$status" != 1 ]; then
            # Rejected: pass the rejection through unchanged.
            cp -- "$tmp/base.tsr" "$tmp/resp.tsr"
        else
            run openssl ts -reply -in "$tmp/base.tsr" -token_out \
                -out "$tmp/token.der"
            # eContent of the token = the DER TSTInfo. (-certfile: the token
            # holds no certificates when the request did not ask for them.)
            run openssl cms -verify -noverify -inform DER -in "$tmp/token.der" \
                -certfile tsa.pem -binary -out "$tmp/tstinfo.der"

            # Include certificates only if the request asked for them, as
            # `openssl ts -reply` does.
            if openssl ts -query -in "$req" -text 2>/dev/null \
                    | grep -q 'Certificate required: yes'; then
                certopts=(-certfile tsa-chain.pem)
            else
                certopts=(-nocerts)
            fi
            run openssl cms -sign -binary -nodetach -cades \
                -econtent_type 1.2.840.113549.1.9.16.1.4 \
                -in "$tmp/tstinfo.der" \
                -signer tsa-noeku.pem -inkey tsa-noeku.key "${certopts[@]}" \
                -md sha256 -nosmimecap -outform DER -out "$tmp/forged-token.der"

            # TimeStampResp ::= SEQUENCE { status PKIStatusInfo, timeStampToken }
            # with PKIStatusInfo ::= SEQUENCE { status INTEGER 0 (granted) }.
            python3 - "$tmp/forged-token.der" "$tmp/resp.tsr" <<'PY'
import sys

def der_len(n):
    if n < 0x80:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b

def tlv(tag, content):
    return bytes([tag]) + der_len(len(content)) + content

token = open(sys.argv[1], "rb").read()
assert token[:1] == b"\x30", "token is not a DER SEQUENCE"
status_info = tlv(0x30, tlv(0x02, b"\x00"))
open(sys.argv[2], "wb").write(tlv(0x30, status_info + token))
PY
            # Sanity check: OpenSSL must parse it as a TimeStampResp.
            run openssl ts -reply -in "$tmp/resp.tsr" -text -out /dev/null
        fi
        ;;
    *)
        echo "$0: unknown TSA '$tsa' (expected good, other, sha1 or noeku)" >&2
        exit 2
        ;;
esac

mv -f -- "$tmp/resp.tsr" "$resp"
