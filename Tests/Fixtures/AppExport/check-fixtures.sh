#!/usr/bin/env bash
# check-fixtures.sh OUTDIR
#
# Self-check of make-app-exports.sh: runs independent oracles over a
# generated OUTDIR and compares what they find with what each variant is
# meant to show (variants.tsv, README.md):
#
#   - sha256sum / sha512sum / wc -c of the media vs the manifest;
#   - openssl ts -verify of every token (decoded from the manifest) against
#     pki/root-ca.pem + pki/tsa-chain.pem, plus positive controls for the
#     tokens that must fail (other root, other data, the manifest's digest);
#   - python3: strict json.loads of every JSON file, the folder's layout,
#     the custody log, the manifest's and metadata's times against the custody
#     log and the token's genTime, the hash chain's own consistency and its
#     links recomputed from the fixture's frame recipe (SPEC.md §13.1/§13.5),
#     the metadata's claims against the chain and the assertion's CBOR shape.
#
# Prints one line per check ("ok" or "SURPRISE") and exits 1 if anything
# differs from what the variant is meant to show.

set -euo pipefail

if [ "$#" -ne 1 ]; then
    echo "usage: $0 OUTDIR" >&2
    exit 2
fi
out=$(cd -- "$1" && pwd)
export OPENSSL_CONF=/dev/null
export LC_ALL=C

tmp=$(mktemp -d "${TMPDIR:-/tmp}/rial-check-fixtures.XXXXXX")
trap 'rm -rf -- "$tmp"' EXIT

checks=0
surprises=0
ok()       { checks=$((checks + 1)); printf 'ok        %s\n' "$*"; }
surprise() { checks=$((checks + 1)); surprises=$((surprises + 1)); printf 'SURPRISE  %s\n' "$*"; }
# expect VARIANT CHECK WANT GOT WHAT [NOTE]: ok when GOT is WANT.
expect() {
    if [ "$3" = "$4" ]; then ok "$1: $2: $5: $4${6:-}"; else surprise "$1: $2: $5: $4${6:-} (expected $3)"; fi
}

# --- Python oracles; also writes claims.tsv for the shell checks -----------
set +e
python3 - "$out" "$tmp" <<'PY'
import base64, datetime, glob, hashlib, json, os, struct, subprocess, sys

out, tmp = sys.argv[1:3]
APPLE_EPOCH = 978307200
ACTIONS = ["RECORDING_START", "RECORDING_COMPLETE", "HASH_GENERATION_COMPLETE",
           "TIMESTAMP_VERIFICATION_COMPLETE", "MANIFEST_CREATED"]
# Offsets (ms) of the app's five events from RECORDING_COMPLETE (END).
OFFSETS = {"RECORDING_START": -6000, "RECORDING_COMPLETE": 0, "HASH_GENERATION_COMPLETE": 1000,
           "TIMESTAMP_VERIFICATION_COMPLETE": 2000, "MANIFEST_CREATED": 4000}

# What each variant must show (findings of this script; none = consistent).
EXPECTED = {
    "token-before-end": {"token-before-end", "times-vs-custody"},
    "chain-final-wrong": {"chain-final"},
    "chain-frame-changed": {"chain-links:100,101"},
    "chain-checkpoint-wrong": {"chain-checkpoint"},
    "claims-frame-count": {"claims-frame-count"},
    "claims-final": {"claims-final"},
    "custody-unknown-action": {"custody-action"},
    "custody-empty-user": {"custody-user"},
    "assertion-garbage": {"assertion"},
    "two-media": {"ambiguous-media"},
    "two-custody-logs": {"ambiguous-custody"},
}
RICH = {"rich", "rich-hevc", "digest-wrong", "digest512-wrong", "media-changed",
        "token-other-bytes", "token-untrusted", "token-before-end", "chain-final-wrong",
        "chain-frame-changed", "chain-checkpoint-wrong", "claims-frame-count",
        "claims-final", "custody-unknown-action", "custody-empty-user", "assertion-garbage"}

failures = checks = 0
def report(good, line):
    global failures, checks
    checks += 1
    if not good:
        failures += 1
    print(("ok        " if good else "SURPRISE  ") + line, flush=True)

def strict_load(path):
    def pairs(kv):
        keys = [k for k, _ in kv]
        if len(keys) != len(set(keys)):
            raise ValueError("duplicate key")
        return dict(kv)
    def bad_constant(c):
        raise ValueError("non-standard constant " + c)
    with open(path, "rb") as f:
        return json.loads(f.read().decode("utf-8"), object_pairs_hook=pairs, parse_constant=bad_constant)

def ms(value):
    """A date as the app writes it (Swift default: seconds since 2001; or ISO 8601) -> Unix ms."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return round((value + APPLE_EPOCH) * 1000)
    t = datetime.datetime.strptime(value, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=datetime.timezone.utc)
    return round(t.timestamp() * 1000)

def b64d(s):
    return base64.b64decode(s, validate=True)

def gentime_ms(tsr_path):
    text = subprocess.run(["openssl", "ts", "-reply", "-in", tsr_path, "-text"],
                          check=True, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout.decode()
    line = next(l for l in text.splitlines() if l.startswith("Time stamp:"))
    stamp = line.split(":", 1)[1].strip()          # e.g. "Nov 25 23:40:41 2026 GMT" (maybe .123)
    stamp = stamp.replace(" GMT", "")
    fmt = "%b %d %H:%M:%S.%f %Y" if "." in stamp else "%b %d %H:%M:%S %Y"
    t = datetime.datetime.strptime(" ".join(stamp.split()), fmt).replace(tzinfo=datetime.timezone.utc)
    return round(t.timestamp() * 1000)

# --- CBOR (just enough for the assertion) ----------------------------------
def cbor_item(b, i):
    major, info = b[i] >> 5, b[i] & 31
    i += 1
    if info < 24:
        n = info
    elif info in (24, 25, 26, 27):
        k = 1 << (info - 24)
        n = int.from_bytes(b[i:i + k], "big"); i += k
    else:
        raise ValueError("unsupported CBOR")
    if major in (2, 3):
        v = b[i:i + n]
        if len(v) != n:
            raise ValueError("short CBOR string")
        return (bytes(v) if major == 2 else v.decode("utf-8")), i + n
    if major == 5:
        m = {}
        for _ in range(n):
            k, i = cbor_item(b, i)
            v, i = cbor_item(b, i)
            m[k] = v
        return m, i
    if major == 0:
        return n, i
    raise ValueError("unsupported CBOR major type %d" % major)

def assertion_ok(s):
    try:
        raw = b64d(s)
        m, end = cbor_item(raw, 0)
        return (end == len(raw) and isinstance(m, dict)
                and set(m) == {"signature", "authenticatorData"}
                and isinstance(m["signature"], bytes) and m["signature"][:1] == b"\x30"
                and isinstance(m["authenticatorData"], bytes) and len(m["authenticatorData"]) >= 37)
    except Exception:
        return False

# --- The fixture's frame recipe (README.md) ---------------------------------
def frame_bytes(n):
    return hashlib.sha256(b"frame%d" % n).digest() * 2

def frame_time(n):
    return 1000.0 + (n - 1) / 30

# ---------------------------------------------------------------------------
names = [l.split("\t")[0] for l in open(os.path.join(out, "variants.tsv")).read().splitlines()]
dirs = sorted(d for d in os.listdir(out) if os.path.isdir(os.path.join(out, d)) and d != "pki")
report(sorted(names) == dirs and len(names) == 22,
       "variants.tsv: %d variants, one folder each" % len(names))
for l in open(os.path.join(out, "variants.tsv")).read().splitlines():
    if len(l.split("\t")) != 3:
        report(False, "variants.tsv: line without 3 fields: " + l)

claims = []
for name in names:
    d = os.path.join(out, name)
    found = set()

    # JSON: every JSON file parses strictly.
    jsons = sorted(glob.glob(os.path.join(d, "**", "*.json"), recursive=True))
    parsed = {}
    try:
        for p in jsons:
            parsed[os.path.basename(p)] = strict_load(p)
        report(True, "%s: json: %d JSON files parse strictly" % (name, len(jsons)))
    except Exception as e:
        report(False, "%s: json: %s: %s" % (name, p, e))
        continue

    # Layout.
    top = sorted(os.listdir(d))
    media = [f for f in top if f.endswith((".mp4", ".mov"))]
    logs = [f for f in top if f.endswith(".custody_log.json")]
    if len(media) != 1:
        found.add("ambiguous-media")
    if len(logs) != 1:
        found.add("ambiguous-custody")
    base = "recording_1764000000"
    ext = ".mov" if name == "rich-hevc" else ".mp4"
    want = {base + ext, base + ".manifest.json", base + ".custody_log.json", "README.txt"}
    if name in RICH:
        want |= {base + ".hash_chain.json", base + ".metadata.json", "depth"}
    want |= {"two-media": {"recording_1764000099.mp4"},
             "two-custody-logs": {"copy.custody_log.json"}}.get(name, set())
    report(set(top) == want, "%s: layout: %s" % (name, " ".join(top)))
    depth_files = sorted(glob.glob(os.path.join(d, "depth", "*")))
    if name in RICH:
        expect_depth = ["depth_%06d.f32" % n for n in range(1, 181, 3)]
        report([os.path.basename(p) for p in depth_files] == expect_depth
               and all(os.path.getsize(p) == 32 * 24 * 4 for p in depth_files),
               "%s: depth: %d keyframes of 3072 bytes, frames 1,4,...,178" % (name, len(depth_files)))

    manifest = parsed[base + ".manifest.json"]
    log = parsed[base + ".custody_log.json"]
    media_name = manifest["fileName"]

    # Custody log.
    actions = [e["action"] for e in log]
    if any(a not in ACTIONS for a in actions):
        found.add("custody-action")
    if any(e["userIdentifier"] == "" for e in log):
        found.add("custody-user")
    times = [ms(e["timestamp"]) for e in log]
    if times != sorted(times):
        found.add("custody-order")
    at = {e["action"]: ms(e["timestamp"]) for e in log if e["action"] in ACTIONS}
    end = at["RECORDING_COMPLETE"]
    if [a for a in actions if a in ACTIONS] != ACTIONS or any(at[a] - end != OFFSETS[a] for a in ACTIONS):
        found.add("custody-times")

    # Manifest times against the custody log.
    vt = manifest["verifiedTimestamp"]
    tokens = manifest.get("timestampTokens")
    if (ms(manifest["createdAt"]) != at["MANIFEST_CREATED"]
            or ms(vt["ntpTime"]) != at["TIMESTAMP_VERIFICATION_COMPLETE"]
            or ms(vt["localTime"]) - ms(vt["ntpTime"]) != 42 or vt["timeDifference"] != -0.042
            or (tokens and not all(end < ms(t["requestedAt"]) < at["MANIFEST_CREATED"] for t in tokens))):
        found.add("manifest-times")

    # Token(s): decode, genTime after the end the app states.
    tsr = "-"
    meta = parsed.get(base + ".metadata.json")
    for i, t in enumerate(tokens or []):
        tsr = os.path.join(tmp, "%s.%d.tsr" % (name, i))
        with open(tsr, "wb") as f:
            f.write(b64d(t["token"]))
        g = gentime_ms(tsr)
        if g < end:
            found.add("token-before-custody-end")
        if meta and g < ms(meta["ended_at"]):
            found.add("token-before-end")

    # Hash chain.
    chain = parsed.get(base + ".hash_chain.json")
    if chain:
        fh = [b64d(h) for h in chain["frameHashes"]]
        if b64d(chain["finalHash"]) != fh[-1]:
            found.add("chain-final")
        for cp in chain["checkpoints"]:
            n = cp["frameNumber"]
            if (b64d(cp["hash"]) != fh[n - 1] or cp["index"] != n // 150 - 1
                    or cp["timestamp"] != frame_time(n)):
                found.add("chain-checkpoint")
        if len(chain["checkpoints"]) != len(fh) // 150:
            found.add("chain-checkpoint")
        # Links, each judged on its own with the stated previous hash (SPEC.md §13.5).
        depth = {int(os.path.basename(p)[6:12]): open(p, "rb").read() for p in depth_files}
        broken = []
        for n in range(1, len(fh) + 1):
            h = hashlib.sha256(frame_bytes(n) + depth.get(n, b"") + struct.pack("<d", frame_time(n)))
            if n > 1:
                h.update(fh[n - 2])
            if h.digest() != fh[n - 1]:
                broken.append(n)
        if broken:
            found.add("chain-links:" + ",".join(map(str, broken)))

    # Metadata claims.
    if meta:
        started, ended = ms(meta["started_at"]), ms(meta["ended_at"])
        if meta["duration_ms"] != ended - started:
            found.add("claims-duration")
        if (started, ended) != (at["RECORDING_START"], end):
            found.add("times-vs-custody")
        if chain:
            if meta["frame_count"] != len(chain["frameHashes"]):
                found.add("claims-frame-count")
            if b64d(meta["hash_chain_final"]) != b64d(chain["frameHashes"][-1]):
                found.add("claims-final")
        if meta["depth_keyframe_count"] != len(depth_files):
            found.add("claims-depth-count")
        if meta["codec"] != {".mp4": "h264", ".mov": "hevc"}[os.path.splitext(media_name)[1]]:
            found.add("claims-codec")
        if meta["resolution"] != {"width": 160, "height": 120} or meta["type"] != "video":
            found.add("claims-other")
        if not assertion_ok(meta["assertion"]):
            found.add("assertion")

    want_found = EXPECTED.get(name, set())
    report(found == want_found, "%s: findings: %s%s" % (
        name, ", ".join(sorted(found)) or "none (consistent)",
        "" if found == want_found else " (expected: %s)" % (", ".join(sorted(want_found)) or "none")))

    claims.append("\t".join([name, os.path.join(d, media_name), manifest["sha256Hash"],
                             manifest["sha512Hash"], str(manifest["fileSize"]), tsr]))

with open(os.path.join(tmp, "claims.tsv"), "w") as f:
    f.write("\n".join(claims) + "\n")
with open(os.path.join(tmp, "py.failures"), "w") as f:
    f.write("%d %d\n" % (failures, checks))
PY
py_rc=$?
set -e
if [ "$py_rc" -ne 0 ] || [ ! -f "$tmp/py.failures" ]; then
    echo "SURPRISE  the python checks crashed (exit $py_rc)"
    exit 1
fi

# --- Digests and tokens with the standard tools -------------------------------
# verify TSR CAFILE UNTRUSTED (-data FILE | -digest HEX): prints "OK", or why
# openssl refused: "imprint-mismatch", "certificate-error (<openssl's text>)"
# or "failed (<last line>)".
verify() {
    local tsr=$1 ca=$2 untrusted=$3
    shift 3
    if openssl ts -verify "$@" -in "$tsr" -CAfile "$ca" -untrusted "$untrusted" >"$tmp/verify.out" 2>&1; then
        echo OK
    elif grep -q ':ts_check_imprints:' "$tmp/verify.out"; then
        echo imprint-mismatch
    elif grep -q ':ts_verify_cert:' "$tmp/verify.out"; then
        echo "certificate-error ($(sed -n 's/.*Verify error://p' "$tmp/verify.out" | head -n 1))"
    else
        echo "failed ($(grep -v '^Using configuration' "$tmp/verify.out" | head -n 1))"
    fi
}
yesno() { if "$@"; then echo yes; else echo no; fi; }

while IFS=$'\t' read -r name media sha256 sha512 size tsr; do
    got256=$(sha256sum < "$media" | cut -d' ' -f1)
    got512=$(sha512sum < "$media" | cut -d' ' -f1)
    gotsize=$(wc -c < "$media" | tr -d ' ')
    case "$name" in digest-wrong|media-changed) want=no ;; *) want=yes ;; esac
    expect "$name" sha256sum "$want" "$(yesno [ "$got256" = "$sha256" ])" "media matches sha256Hash"
    case "$name" in digest512-wrong|media-changed) want=no ;; *) want=yes ;; esac
    expect "$name" sha512sum "$want" "$(yesno [ "$got512" = "$sha512" ])" "media matches sha512Hash"
    expect "$name" size yes "$(yesno [ "$gotsize" = "$size" ])" "media is fileSize ($size) bytes"

    if [ "$tsr" = "-" ]; then
        expect "$name" token "$([ "$name" = flat-no-token ] && echo no || echo yes)" no "manifest has a timestamp token"
        continue
    fi
    got=$(verify "$tsr" "$out/pki/root-ca.pem" "$out/pki/tsa-chain.pem" -data "$media")
    detail=""
    case "$name" in
        token-other-bytes|media-changed) want=imprint-mismatch ;;
        # openssl's wording of the chain error varies by version: compare the category only.
        token-untrusted) want=certificate-error; detail=" ${got#certificate-error }"; got=${got%% (*} ;;
        *) want=OK ;;
    esac
    expect "$name" "openssl ts -verify" "$want" "$got" "token over the media, root pki/root-ca.pem" "$detail"
    alg=$(openssl ts -reply -in "$tsr" -text 2>/dev/null | sed -n 's/^Hash Algorithm: //p')
    expect "$name" imprint "$([ "$name" = flat-sha512-token ] && echo sha512 || echo sha256)" "$alg" "token's hash algorithm"
    case "$name" in
        token-untrusted)
            expect "$name" "openssl ts -verify (control)" OK \
                "$(verify "$tsr" "$out/pki/other-root-ca.pem" "$out/pki/other-tsa-chain.pem" -data "$media")" \
                "token over the media, root pki/other-root-ca.pem" ;;
        token-other-bytes)
            expect "$name" "openssl ts -verify (control)" OK \
                "$(verify "$tsr" "$out/pki/root-ca.pem" "$out/pki/tsa-chain.pem" -data "$(dirname "$media")/README.txt")" \
                "token over README.txt, root pki/root-ca.pem" ;;
        media-changed)
            expect "$name" "openssl ts -verify (control)" OK \
                "$(verify "$tsr" "$out/pki/root-ca.pem" "$out/pki/tsa-chain.pem" -digest "$sha256")" \
                "token over the manifest's sha256Hash, root pki/root-ca.pem" ;;
    esac
done < "$tmp/claims.tsv"

read -r py_failures py_checks < "$tmp/py.failures"
echo "$((checks + py_checks)) checks ($py_checks python, $checks openssl/coreutils): $((surprises + py_failures)) surprises"
surprises=$((surprises + py_failures))
if [ "$surprises" -ne 0 ]; then
    exit 1
fi
echo "all fixtures behave as described"
