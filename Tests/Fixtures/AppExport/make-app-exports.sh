#!/usr/bin/env bash
# make-app-exports.sh OUTDIR
#
# Builds folders laid out exactly like the capture app's forensic export
# (one flat folder per recording: the media, <base>.manifest.json,
# <base>.custody_log.json, README.txt and, for a "rich" export, the recording
# data <base>.hash_chain.json, <base>.metadata.json and depth/), with real
# media (the committed media/recording.mp4 and media/recording-hevc.mov), real
# RFC 3161 tokens from a fresh TEST-ONLY TSA (examples/pki), and tampered
# twins that each change one thing. Rial's tests call it at test time to get
# inputs for `rial pack EXPORT_DIR`. README.md next to this script documents
# the formats and the variants; OUTDIR/variants.tsv lists them.
#
# Creates in OUTDIR (which must not exist or must be empty):
#   pki/             a fresh test PKI (examples/pki/make-test-pki.sh)
#   <variant>/       one export folder per variant
#   variants.tsv     name <TAB> what is different <TAB> what a verifier must find
#
# Needs only bash, coreutils, openssl (OpenSSL >= 3.0) and python3 (standard
# library). Deterministic except for the times (taken from the clock), the
# keys and the tokens. TEST ONLY: nothing here is evidence of anything.

set -euo pipefail

if [ "$#" -ne 1 ]; then
    echo "usage: $0 OUTDIR" >&2
    exit 2
fi

case "$(openssl version 2>/dev/null)" in
    "OpenSSL "[3-9].*|"OpenSSL "[1-9][0-9]*) ;;
    *)  echo "$0: needs OpenSSL >= 3.0 as 'openssl' on PATH (found: $(openssl version 2>&1 || true))" >&2
        exit 1 ;;
esac
if ! command -v python3 >/dev/null 2>&1; then
    echo "$0: needs python3 on PATH" >&2
    exit 1
fi

here=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)
pkiscripts=$(cd -- "$here/../../../examples/pki" && pwd)

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
outdir=$(cd -- "$outdir" && pwd)

# Never pick up the system or user openssl configuration.
export OPENSSL_CONF=/dev/null
export LC_ALL=C

bash "$pkiscripts/make-test-pki.sh" "$outdir/pki"

python3 - "$here/media" "$pkiscripts" "$outdir" <<'PY'
import atexit, base64, copy, datetime, hashlib, json, os, shutil, struct, subprocess, sys, tempfile, time

media_dir, pki_scripts, out = sys.argv[1:4]
pki = os.path.join(out, "pki")

BASE = "recording_1764000000"
APPLE_EPOCH = 978307200          # 2001-01-01T00:00:00Z, Swift's reference date
AUTHORITY = "https://timestamp.example.test"
USER = "device-7F3A9C21"
FRAMES, FPS = 180, 30
DEPTH_W, DEPTH_H = 32, 24
DEPTH_FRAMES = list(range(1, FRAMES + 1, 3))   # 1, 4, 7, ..., 178: 60 keyframes

# ---------------------------------------------------------------------------
# Times, in integer milliseconds since the Unix epoch (exact, no float drift).
# ---------------------------------------------------------------------------
NOW = int(time.time())
END = (NOW - 120) * 1000
START = END - 6000

def swift_date(ms):
    """Swift's default JSONEncoder date: seconds since 2001-01-01 as a Double
    (whole seconds written without a fraction, like JSONEncoder does)."""
    ms -= APPLE_EPOCH * 1000
    return ms // 1000 if ms % 1000 == 0 else ms / 1000

def iso(ms):
    """ISO 8601, UTC, milliseconds: 2025-11-25T10:00:00.000Z."""
    t = datetime.datetime.fromtimestamp(ms // 1000, datetime.timezone.utc)
    return t.strftime("%Y-%m-%dT%H:%M:%S") + ".%03dZ" % (ms % 1000)

def apple_json(obj):
    """JSONEncoder with [.prettyPrinted, .sortedKeys] as Apple writes it:
    2-space indent, " : ", '/' escaped as '\\/', no trailing newline."""
    s = json.dumps(obj, indent=2, separators=(",", " : "), sort_keys=True, ensure_ascii=False)
    return s.replace("/", "\\/").encode("utf-8")

def b64(raw):
    return base64.b64encode(raw).decode("ascii")

# ---------------------------------------------------------------------------
# Media and tokens.
# ---------------------------------------------------------------------------
def read(path):
    with open(path, "rb") as f:
        return f.read()

MP4 = read(os.path.join(media_dir, "recording.mp4"))
MOV = read(os.path.join(media_dir, "recording-hevc.mov"))

work = tempfile.mkdtemp(prefix="rial-app-exports.", dir=os.environ.get("TMPDIR", "/tmp"))
atexit.register(shutil.rmtree, work, True)

def run(args):
    r = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if r.returncode != 0:
        sys.stderr.write(r.stderr.decode("utf-8", "replace"))
        sys.exit("make-app-exports.sh: command failed: %s" % " ".join(args))

def der_header(buf, pos):
    tag, n = buf[pos], buf[pos + 1]
    pos += 2
    if n & 0x80:
        k = n & 0x7F
        n = int.from_bytes(buf[pos:pos + k], "big")
        pos += k
    return tag, pos, n

def token(data, tsa="good", alg="sha256", label="token"):
    """DER TimeStampResp from the test TSA for `openssl ts -query -data`."""
    data_path = os.path.join(work, label + ".data")
    with open(data_path, "wb") as f:
        f.write(data)
    tsq, tsr = os.path.join(work, label + ".tsq"), os.path.join(work, label + ".tsr")
    run(["openssl", "ts", "-query", "-data", data_path, "-" + alg, "-cert", "-out", tsq])
    run(["bash", os.path.join(pki_scripts, "tsa-reply.sh"), pki, tsa, tsq, tsr])
    resp = read(tsr)
    # PKIStatus must be granted (0): TimeStampResp { PKIStatusInfo { INTEGER } }.
    _, pos, _ = der_header(resp, 0)
    _, pos, _ = der_header(resp, pos)
    tag, pos, n = der_header(resp, pos)
    if tag != 0x02 or resp[pos:pos + n] != b"\x00":
        sys.exit("make-app-exports.sh: the test TSA did not grant the %s request" % label)
    return resp

# ---------------------------------------------------------------------------
# The app's files.
# ---------------------------------------------------------------------------
def readme(media_name, rich, iso_dates):
    lines = [
        "FORENSIC EXPORT - %s" % BASE,
        "",
        "This folder was exported by the capture app. It holds:",
        "",
        "  %-40s the recording, unmodified" % media_name,
        "  %-40s SHA-256 and SHA-512 of the recording, the NTP-verified time" % (BASE + ".manifest.json"),
        "  %-40s and the RFC 3161 timestamp token(s)" % "",
        "  %-40s the chain of custody events" % (BASE + ".custody_log.json"),
    ]
    if rich:
        lines += [
            "  %-40s the frame hash chain computed while recording" % (BASE + ".hash_chain.json"),
            "  %-40s the recording's metadata and device attestation" % (BASE + ".metadata.json"),
            "  %-40s the depth keyframes (32x24 float32, little-endian)" % "depth/",
        ]
    lines += [
        "  %-40s these instructions" % "README.txt",
        "",
        "HOW TO VERIFY",
        "",
        "1. Integrity. Compute the hashes of the recording and compare them with",
        "   \"sha256Hash\" and \"sha512Hash\" in the manifest:",
        "",
        "     sha256sum %s" % media_name,
        "     sha512sum %s" % media_name,
        "",
        "   (on macOS: shasum -a 256 / shasum -a 512). \"fileSize\" is its size in bytes.",
        "",
        "2. Trusted timestamp. Each \"token\" in \"timestampTokens\" is the base64 of",
        "   the DER RFC 3161 TimeStampResp returned by the timestamp authority.",
        "   Save it to token.b64, then:",
        "",
        "     base64 -d token.b64 > token.tsr",
        "     openssl ts -reply -in token.tsr -text",
        "     openssl ts -verify -data %s -in token.tsr \\" % media_name,
        "         -CAfile TSA-ROOT.pem -untrusted TSA-CHAIN.pem",
        "",
        "   \"Verification: OK\" means the authority saw this recording's hash at",
        "   the time it states.",
        "",
    ]
    if iso_dates:
        lines.append("Dates in the manifest and the custody log are ISO 8601 times in UTC.")
    else:
        lines += [
            "Dates in the manifest and the custody log are seconds since",
            "2001-01-01T00:00:00Z (add 978307200 for a Unix time).",
        ]
    return ("\n".join(lines) + "\n").encode("utf-8")

def manifest(media_name, media, tokens, iso_dates=False):
    date = iso if iso_dates else swift_date
    m = {
        "createdAt": date(END + 4000),
        "fileName": media_name,
        "fileSize": len(media),
        "sha256Hash": hashlib.sha256(media).hexdigest(),
        "sha512Hash": hashlib.sha512(media).hexdigest(),
        "verifiedTimestamp": {
            "localTime": date(END + 2042),
            "ntpServer": "time.apple.com",
            "ntpTime": date(END + 2000),
            "timeDifference": -0.042,
        },
    }
    if tokens is not None:   # Optional in the app: absent when its TSA step did not run.
        m["timestampTokens"] = [
            {"authority": AUTHORITY, "requestedAt": date(END + 3000), "token": b64(t)}
            for t in tokens
        ]
    return m

def custody(iso_dates=False):
    date = iso if iso_dates else swift_date
    events = [
        (START, "RECORDING_START", "Recording started"),
        (END, "RECORDING_COMPLETE", "Recording stopped after 6.0 s, 180 frames"),
        (END + 1000, "HASH_GENERATION_COMPLETE", "SHA-256 and SHA-512 computed"),
        (END + 2000, "TIMESTAMP_VERIFICATION_COMPLETE", "NTP offset -0.042 s from time.apple.com"),
        (END + 4000, "MANIFEST_CREATED", "Forensic manifest written"),
    ]
    return [{"action": a, "details": d, "timestamp": date(t), "userIdentifier": USER}
            for t, a, d in events]

# --- Depth keyframes and the frame hash chain (SPEC.md §13.1) --------------
def depth_bytes(n):
    # 32x24 float32 LE, row-major: 1.0 + n/1000 + i/100000 for pixel i.
    return struct.pack("<%df" % (DEPTH_W * DEPTH_H),
                       *(1.0 + n / 1000 + i / 100000 for i in range(DEPTH_W * DEPTH_H)))

def frame_bytes(n):
    return hashlib.sha256(b"frame%d" % n).digest() * 2          # 64 bytes

def frame_time(n):
    return 1000.0 + (n - 1) / FPS

DEPTH = {n: depth_bytes(n) for n in DEPTH_FRAMES}
H = [None]                                                       # H[n], 1-based
for n in range(1, FRAMES + 1):
    h = hashlib.sha256(frame_bytes(n))
    if n in DEPTH:
        h.update(DEPTH[n])
    h.update(struct.pack("<d", frame_time(n)))
    if n > 1:
        h.update(H[n - 1])
    H.append(h.digest())

ZERO32 = b64(bytes(32))

def hash_chain():
    return {
        "checkpoints": [{"frameNumber": 150, "hash": b64(H[150]), "index": 0,
                         "timestamp": frame_time(150)}],
        "finalHash": b64(H[FRAMES]),
        "frameHashes": [b64(H[n]) for n in range(1, FRAMES + 1)],
    }

# --- The App Attest assertion: CBOR {"signature": bstr, "authenticatorData": bstr}
def cbor_head(major, n):
    if n < 24:
        return bytes([major << 5 | n])
    if n < 256:
        return bytes([major << 5 | 24, n])
    return bytes([major << 5 | 25]) + n.to_bytes(2, "big")

def cbor_text(s):
    return cbor_head(3, len(s)) + s.encode("utf-8")

def cbor_bytes(b):
    return cbor_head(2, len(b)) + b

def assertion():
    # A DER ECDSA-Sig-Value shape: 30 44 02 20 r 02 20 s (70 bytes), r and s
    # positive with the top bit clear (fixed bytes: this signs nothing).
    r = bytearray(hashlib.sha256(b"assertion r").digest()); r[0] &= 0x7F
    s = bytearray(hashlib.sha256(b"assertion s").digest()); s[0] &= 0x7F
    signature = b"\x30\x44\x02\x20" + bytes(r) + b"\x02\x20" + bytes(s)
    # authenticatorData: rpIdHash (32) | flags (1) | signCount (4, big-endian).
    auth = hashlib.sha256(b"TEAMID1234.com.example.capture").digest() + b"\x00" + (1).to_bytes(4, "big")
    assert len(signature) == 70 and len(auth) == 37
    cbor = (cbor_head(5, 2) + cbor_text("signature") + cbor_bytes(signature)
            + cbor_text("authenticatorData") + cbor_bytes(auth))
    return b64(cbor)

def metadata(codec, started=START, ended=END):
    return {
        "type": "video",
        "started_at": iso(started),
        "ended_at": iso(ended),
        "duration_ms": 6000,
        "frame_count": FRAMES,
        "depth_keyframe_count": len(DEPTH_FRAMES),
        "resolution": {"width": 160, "height": 120},
        "codec": codec,
        "device_model": "iPhone 15 Pro",
        "ios_version": "18.1",
        "app_version": "1.4.0",
        "location": {"lat": 48.8584, "lng": 2.2945, "city": "Paris", "country": "France"},
        "attestation_level": "secure_enclave",
        "hash_chain_final": b64(H[FRAMES]),
        "assertion": assertion(),
    }

# ---------------------------------------------------------------------------
# Tokens: requested now (genTime ~ NOW, after END).
# ---------------------------------------------------------------------------
MP4_NAME, MOV_NAME = BASE + ".mp4", BASE + ".mov"
RICH_README = readme(MP4_NAME, rich=True, iso_dates=False)
TOK_MP4 = token(MP4, label="mp4-sha256")
TOK_MOV = token(MOV, label="mov-sha256")
TOK_MP4_512 = token(MP4, alg="sha512", label="mp4-sha512")
TOK_README = token(RICH_README, label="readme-sha256")
TOK_OTHER = token(MP4, tsa="other", label="mp4-other")

# ---------------------------------------------------------------------------
# Variants.
# ---------------------------------------------------------------------------
def flat(media_name=MP4_NAME, media=MP4, tokens=(TOK_MP4,), iso_dates=False):
    """A flat export: {relative path: bytes or JSON object}."""
    return {
        media_name: media,
        BASE + ".manifest.json": manifest(media_name, media,
                                          None if tokens is None else list(tokens), iso_dates),
        BASE + ".custody_log.json": custody(iso_dates),
        "README.txt": readme(media_name, rich=False, iso_dates=iso_dates),
    }

def rich(media_name=MP4_NAME, media=MP4, tokens=(TOK_MP4,), codec="h264"):
    files = flat(media_name, media, tokens)
    files["README.txt"] = readme(media_name, rich=True, iso_dates=False)
    files[BASE + ".hash_chain.json"] = hash_chain()
    files[BASE + ".metadata.json"] = metadata(codec)
    for n in DEPTH_FRAMES:
        files["depth/depth_%06d.f32" % n] = DEPTH[n]
    return files

MAN, CUS = BASE + ".manifest.json", BASE + ".custody_log.json"
CHAIN, META = BASE + ".hash_chain.json", BASE + ".metadata.json"

def bump_hex(h, i=-1):
    """Change the hex digit at i to the next one (mod 16)."""
    i %= len(h)
    return h[:i] + "0123456789abcdef"[(int(h[i], 16) + 1) % 16] + h[i + 1:]

variants = []   # (name, files, what is different, what a verifier must find)

def variant(name, files, different, find):
    variants.append((name, files, different, find))

variant("flat", flat(),
        "the app's plain export: media, manifest (numeric Swift dates, SHA-256 token from the good TSA), custody log, README.txt",
        "consistent: sha256Hash, sha512Hash and fileSize match the media; the token verifies against pki/root-ca.pem with imprint SHA-256(media) and genTime after RECORDING_COMPLETE; five custody events in order")
variant("flat-iso", flat(iso_dates=True),
        "as flat, but every date in the manifest and custody log is an ISO 8601 string with milliseconds (2025-11-25T10:00:00.000Z)",
        "consistent, exactly as flat (same instants)")
variant("rich", rich(),
        "flat plus the recording data: hash_chain.json (180 frame hashes, checkpoint at frame 150), metadata.json (h264), depth/ (60 keyframes 32x24 float32)",
        "consistent: as flat; the chain's checkpoint and finalHash agree with frameHashes, metadata frame_count 180, depth_keyframe_count 60 (= depth files) and hash_chain_final = finalHash; assertion is a CBOR map {signature, authenticatorData}")
variant("rich-hevc", rich(MOV_NAME, MOV, (TOK_MOV,), "hevc"),
        "as rich with the HEVC QuickTime media recording_1764000000.mov (codec hevc)",
        "consistent, as rich")
variant("flat-no-token", flat(tokens=None),
        "as flat, the manifest has no timestampTokens key (the app's TSA step is optional)",
        "consistent; no RFC 3161 token to check (absent, not a failure)")
variant("flat-sha512-token", flat(tokens=(TOK_MP4_512,)),
        "as flat, the token was requested with -sha512",
        "consistent: the token's imprint is SHA-512(media) and verifies against pki/root-ca.pem")

f = rich(); f[MAN]["sha256Hash"] = bump_hex(f[MAN]["sha256Hash"])
variant("digest-wrong", f,
        "as rich, the manifest's sha256Hash has its last hex digit changed (sha512Hash kept)",
        "mismatch: the media's SHA-256 differs from sha256Hash; its SHA-512 and the token still match the media")
f = rich(); f[MAN]["sha512Hash"] = bump_hex(f[MAN]["sha512Hash"])
variant("digest512-wrong", f,
        "as rich, the manifest's sha512Hash has its last hex digit changed (sha256Hash kept)",
        "mismatch: the media's SHA-512 differs from sha512Hash; its SHA-256 and the token still match the media")
f = rich(); m = bytearray(MP4); m[-1] ^= 0x01; f[MP4_NAME] = bytes(m)
variant("media-changed", f,
        "as rich, the media's last byte XOR 0x01 after the manifest and token were made (size unchanged)",
        "mismatch: the media's SHA-256 and SHA-512 differ from the manifest and from the token's imprint (the token still verifies against the manifest's sha256Hash)")
variant("token-other-bytes", rich(tokens=(TOK_README,)),
        "as rich, the token was requested over README.txt instead of the media",
        "mismatch: the token is genuine (good TSA) but its imprint is SHA-256(README.txt), not the media's")
variant("token-untrusted", rich(tokens=(TOK_OTHER,)),
        "as rich, the token is from the other TSA (pki/other-tsa.pem, root pki/other-root-ca.pem)",
        "untrusted: the token's imprint matches the media but it does not chain to pki/root-ca.pem (it verifies only against pki/other-root-ca.pem)")
f = rich(); f[META] = metadata("h264", (NOW + 600) * 1000, (NOW + 606) * 1000)
variant("token-before-end", f,
        "as rich, metadata started_at/ended_at moved to NOW+600 s / NOW+606 s; custody log unchanged",
        "time: the token's genTime (about NOW) precedes the recording's claimed end; the metadata's times also disagree with the custody log's RECORDING_START/RECORDING_COMPLETE")
f = rich(); f[CHAIN]["finalHash"] = ZERO32
variant("chain-final-wrong", f,
        "as rich, hash_chain.json finalHash is 32 zero bytes",
        "chain: finalHash differs from the last of frameHashes (H180); metadata hash_chain_final still equals H180")
f = rich(); f[CHAIN]["frameHashes"][99] = b64(hashlib.sha256(b"not frame 100").digest())
variant("chain-frame-changed", f,
        "as rich, frameHashes[99] (frame 100) replaced by SHA-256(\"not frame 100\"); checkpoint and finalHash unchanged",
        "chain: consistent in itself (checkpoint 150 and finalHash agree with frameHashes), so undetectable without frame material; recomputed from the fixture's frame recipe, links 100 and 101 break")
f = rich(); f[CHAIN]["checkpoints"][0]["hash"] = b64(H[149])
variant("chain-checkpoint-wrong", f,
        "as rich, the checkpoint at frame 150 carries H149 instead of H150",
        "chain: the checkpoint's hash differs from frameHashes[149] (H150)")
f = rich(); f[META]["frame_count"] = 181
variant("claims-frame-count", f,
        "as rich, metadata frame_count is 181",
        "claims: frame_count 181 but the chain (and the media) have 180 frames")
f = rich(); f[META]["hash_chain_final"] = ZERO32
variant("claims-final", f,
        "as rich, metadata hash_chain_final is 32 zero bytes",
        "claims: hash_chain_final differs from the chain's final hash H180")
f = rich()
f[CUS].insert(4, {"action": "TSA_TOKEN_RECEIVED",
                  "details": "RFC 3161 token received from " + AUTHORITY,
                  "timestamp": swift_date(END + 3000), "userIdentifier": USER})
variant("custody-unknown-action", f,
        "as rich, the custody log has a 6th event TSA_TOKEN_RECEIVED at END+3 s (between TIMESTAMP_VERIFICATION_COMPLETE and MANIFEST_CREATED)",
        "custody: an action that is not one of the app's five (refuse or report; never drop it silently)")
f = rich(); f[CUS][2]["userIdentifier"] = ""
variant("custody-empty-user", f,
        "as rich, the HASH_GENERATION_COMPLETE event's userIdentifier is \"\"",
        "custody: an event with an empty userIdentifier")
f = rich(); f[META]["assertion"] = "AAAA"
variant("assertion-garbage", f,
        "as rich, metadata assertion is \"AAAA\" (3 zero bytes)",
        "assertion: valid base64 but not a CBOR map {signature, authenticatorData}")
f = flat(); f["recording_1764000099.mp4"] = MP4
variant("two-media", f,
        "as flat, plus a second copy of the media as recording_1764000099.mp4",
        "ambiguous: two media files; refuse rather than guess which one the manifest describes")
f = flat(); f["copy.custody_log.json"] = copy.deepcopy(f[CUS])
variant("two-custody-logs", f,
        "as flat, plus a copy of the custody log as copy.custody_log.json",
        "ambiguous: two custody logs; refuse rather than guess")

# ---------------------------------------------------------------------------
# Write.
# ---------------------------------------------------------------------------
tsv = []
for name, files, different, find in variants:
    d = os.path.join(out, name)
    os.mkdir(d)
    for rel, content in sorted(files.items()):
        path = os.path.join(d, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as fh:
            fh.write(content if isinstance(content, bytes) else apple_json(content))
    for field in (name, different, find):
        assert "\t" not in field and "\n" not in field
    tsv.append("%s\t%s\t%s\n" % (name, different, find))
with open(os.path.join(out, "variants.tsv"), "w") as fh:
    fh.writelines(tsv)
PY
