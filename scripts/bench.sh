#!/usr/bin/env bash
# scripts/bench.sh: the benchmark `make bench` runs.
#
# What it measures
#   The wall time of hashing one large media file, against the fastest thing
#   that could possibly do the same work on this machine:
#
#     floor      `openssl dgst -sha256` and `openssl dgst -sha512` run in
#                parallel on the media file. rial computes both digests of
#                every byte, so this is the floor: reading the file plus both
#                hashes, with nothing else.
#     rial pack  `rial pack CAPTURE -o PKG --quiet --created …` into a new
#                file (the last one is deleted, untimed): read, hash (SHA-256
#                + SHA-512), write and fsync the whole package.
#     rial verify  `rial verify PKG --no-examine-media` (the media is keystream bytes, not
#                a movie): re-read and re-hash every byte, from a
#                copy of the package in the page cache (pack drops what it
#                writes from the cache). It must exit 0; a failed verification
#                fails the bench.
#     coreutils  `sha256sum` and `sha512sum` in parallel, for comparison.
#     bagit-python  `python3 -m bagit --validate --processes 2` on an extracted
#                copy of the package, with BENCH_PYTHON (default python3;
#                `make bench` installs bagit into .build-oracles/venv and uses
#                that); skipped if `import bagit` fails. Extraction is not timed.
#
#   Every round runs each row once (interleaved, so drift in machine load or
#   page cache hits every row alike), after one untimed warm-up pack and
#   verify; before each timed command an untimed `sync` flushes what earlier
#   rows wrote. The table shows the median of BENCH_RUNS rounds, MiB of media
#   per second, and the ratio to the floor's median. The warm-up pack and
#   verify run under `/usr/bin/time -v` (Debian package `time`) to report peak
#   RSS, and so do one pack and verify of media BENCH_RSS_FACTOR times larger.
#
#   Then, in the same way: a batch of BENCH_BATCH small packages, in CPU time and over a jobs
#   sweep, next to openssl over the same files (scripts/bench-batch.sh), and
#   the frame hash chain, sequential and parallel, next to
#   `openssl speed -evp sha256` (see those sections below).
#
#   When the media, the package and bagit's copy fit in RAM they stay in the
#   page cache, so this mostly measures CPU (hashing, copying, tar framing)
#   and the cost of writing the package, not disk reads. It asserts nothing
#   about time. It exits non-zero only when a command fails (a build, pack,
#   verify, batch or bagit validation).
#
# Environment
#   BENCH_SIZE  media file size in bytes, or with a binary suffix K, M, G, T
#               (optionally KiB/MiB/GiB/TiB): 64M, 1G. Default 1G (1073741824).
#   BENCH_RUNS  rounds to take the median of. Default 3.
#   BENCH_RSS_FACTOR  peak RSS is also measured at this many times BENCH_SIZE
#               (default 4; 1 skips it).
#   BENCH_BATCH  small packages in the batch (default 1000; 0 skips it).
#   BENCH_FRAMES  frames in the chain benchmark (default 450; 0 skips it);
#               BENCH_FRAME_WIDTH, BENCH_FRAME_HEIGHT (default 1920x1080).
#   BENCH_DIR   work directory for inputs and outputs. Default .build-bench/
#               under the repo root (gitignored). Needs about
#               (4 + 2 × BENCH_RSS_FACTOR) × BENCH_SIZE free (media, package,
#               verify's copy, bagit's copy, the larger pair), plus about 4 GB
#               for the default chain frames and 1 GB for the batch. Inputs
#               are made once and reused.
#   RIAL_BIN    rial binary to benchmark. When set, nothing is built; otherwise
#               `swift build -c release --scratch-path .build-release` runs
#               first and .build-release/release/rial is used.
#
# Usage
#   make bench
#   BENCH_SIZE=64M BENCH_FRAMES=30 BENCH_BATCH=100 make bench     # a quick run
#   BENCH_SIZE=64M BENCH_RUNS=5 scripts/bench.sh
#   RIAL_BIN=.build/debug/rial BENCH_SIZE=64M scripts/bench.sh

set -euo pipefail
export LC_ALL=C

die() { printf 'bench: %s\n' "$*" >&2; exit 1; }

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo_root=$(cd "$script_dir/.." && pwd)
cd "$repo_root"

# ---------------------------------------------------------------- settings

parse_size() {
    local s=$1 n unit mult
    if [[ $s =~ ^([0-9]+)([KkMmGgTt]?)(i?[Bb])?$ ]]; then
        n=${BASH_REMATCH[1]}
        unit=${BASH_REMATCH[2]}
    else
        die "BENCH_SIZE=$s: expected bytes or a number with K, M, G or T (e.g. 64M, 1G)"
    fi
    case $unit in
        '') mult=1 ;;
        [Kk]) mult=1024 ;;
        [Mm]) mult=1048576 ;;
        [Gg]) mult=1073741824 ;;
        [Tt]) mult=1099511627776 ;;
    esac
    printf '%s\n' $(( 10#$n * mult ))
}

size=$(parse_size "${BENCH_SIZE:-1G}")
(( size > 0 )) || die "BENCH_SIZE must be more than 0 bytes"
# whole NAME VALUE: VALUE is a whole number written without leading zeros (bash would read
# 08 as a bad octal number).
whole() { [[ $2 =~ ^(0|[1-9][0-9]*)$ ]] || die "$1=$2: expected a whole number (like 3 or 450)"; }

runs=${BENCH_RUNS:-3}
whole BENCH_RUNS "$runs"
(( runs >= 1 )) || die "BENCH_RUNS=$runs: expected at least 1"
rss_factor=${BENCH_RSS_FACTOR:-4}
whole BENCH_RSS_FACTOR "$rss_factor"
batch=${BENCH_BATCH:-1000}
whole BENCH_BATCH "$batch"
(( batch < 86400 )) || die "BENCH_BATCH=$batch: expected fewer than 86400"
frames=${BENCH_FRAMES:-450}
fw=${BENCH_FRAME_WIDTH:-1920}
fh=${BENCH_FRAME_HEIGHT:-1080}
whole BENCH_FRAMES "$frames"
whole BENCH_FRAME_WIDTH "$fw"
whole BENCH_FRAME_HEIGHT "$fh"
work=${BENCH_DIR:-$repo_root/.build-bench}
mkdir -p "$work"
work=$(cd "$work" && pwd)

for tool in openssl awk sort tar; do
    command -v "$tool" >/dev/null || die "$tool not found"
done

cores=$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null || echo '?')

# ---------------------------------------------------------------- timing

# Seconds since the epoch with microseconds or better, without forking when
# bash has EPOCHREALTIME (5.0+).
if [[ -n ${EPOCHREALTIME:-} ]]; then
    now() { printf '%s\n' "$EPOCHREALTIME"; }
elif [[ $(date +%s.%N) =~ ^[0-9]+\.[0-9]+$ ]]; then
    now() { date +%s.%N; }
else
    now() { python3 -c 'import time; print(f"{time.time():.6f}")'; }
fi

logs=$work/logs
mkdir -p "$logs"

# run_checked NAME CMD...: run CMD with its output in logs/NAME.log; on a
# non-zero exit, show the log and stop the bench.
run_checked() {
    local name=$1 status=0
    shift
    "$@" >"$logs/$name.log" 2>&1 || status=$?
    if (( status != 0 )); then
        {
            printf '\nbench: FAILED (exit %d): %s\n' "$status" "$*"
            printf -- '--- %s (last 40 lines)\n' "$logs/$name.log"
            tail -n 40 "$logs/$name.log"
            printf -- '---\n'
        } >&2
        exit 1
    fi
}

# measure ROW CMD...: run_checked, and append the wall time to times/ROW.
times=$work/times
measure() {
    local row=$1 t0 t1
    shift
    # Untimed: flush what earlier rows wrote, so no row pays for another's disk writeback.
    sync
    t0=$(now)
    run_checked "$row" "$@"
    t1=$(now)
    awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f\n", b - a }' >>"$times/$row"
}

# both CMD1 -- CMD2: start both, wait for both; fails if either fails.
both() {
    local -a first=()
    while [[ $1 != -- ]]; do first+=("$1"); shift; done
    shift
    local a b sa=0 sb=0
    "${first[@]}" >/dev/null &
    a=$!
    "$@" >/dev/null &
    b=$!
    wait "$a" || sa=$?
    wait "$b" || sb=$?
    (( sa == 0 )) || { echo "${first[*]}: exit $sa" >&2; return "$sa"; }
    (( sb == 0 )) || { echo "$*: exit $sb" >&2; return "$sb"; }
}

# ---------------------------------------------------------------- binary

if [[ -n ${RIAL_BIN:-} ]]; then
    rial=$RIAL_BIN
    [[ -x $rial ]] || die "RIAL_BIN=$rial is not an executable file"
else
    echo "bench: swift build -c release --scratch-path .build-release" >&2
    swift build -c release --scratch-path .build-release >&2 \
        || die "release build failed"
    rial=$repo_root/.build-release/release/rial
    [[ -x $rial ]] || die "release build did not produce $rial"
fi
rial=$(cd "$(dirname "$rial")" && pwd)/$(basename "$rial")

# ---------------------------------------------------------------- inputs

capture=$work/capture
media=$capture/media/video.mov
pkg=$work/bench.rialpkg
extracted=$work/extracted

file_size() { wc -c <"$1" | tr -d ' '; }

# make_capture DIR SIZE: a capture holding exactly one media file of SIZE
# bytes, the AES-128-CTR keystream of a zero key and IV (deterministic, and
# incompressible like real video). Reused when it already has the right size;
# anything else left in DIR by an older bench is removed, as it would change
# what is measured.
make_capture() {
    local dir=$1 bytes=$2 file=$1/media/video.mov
    if [[ -d $dir ]]; then
        find "$dir" -mindepth 1 ! -path "$dir/media" ! -path "$file" -exec rm -rf {} +
    fi
    mkdir -p "$dir/media"
    if [[ -f $file && $(file_size "$file") == "$bytes" ]]; then
        echo "bench: reusing $file ($bytes bytes)" >&2
        return
    fi
    echo "bench: writing $file ($bytes bytes, AES-128-CTR keystream of zero key and IV)" >&2
    rm -f "$file" "$file.tmp"
    # CTR is a stream cipher: exactly as many bytes out as in, no padding.
    head -c "$bytes" /dev/zero \
        | openssl enc -aes-128-ctr -nosalt \
            -K 00000000000000000000000000000000 \
            -iv 00000000000000000000000000000000 >"$file.tmp"
    [[ $(file_size "$file.tmp") == "$bytes" ]] || die "generated media has the wrong size"
    mv "$file.tmp" "$file"
}

make_capture "$capture" "$size"

rm -rf "$times"
mkdir -p "$times"

pack_cmd=("$rial" pack "$capture" -o "$pkg" --force --quiet --created 2026-01-20T00:00:00Z)
# Verify reads its own copy of the package, which stays in the page cache as the media does
# for the floor: rial pack drops what it wrote from the cache (drop-behind), so the package
# it just wrote would be read back from the disk.
verify_pkg=$work/verify.rialpkg
# The media here is keystream bytes, not a movie: the examination would rightly fail it. What
# examining real media costs is measured apart (scripts/bench-media.sh, at the end).
verify_cmd=("$rial" verify "$verify_pkg" --no-examine-media)

# ---------------------------------------------------------------- warm-up, peak RSS

# One untimed pack and verify: they leave the package for the timed verify and
# for bagit, fill the page cache, and (under /usr/bin/time) give peak RSS.
rss_note=
timefmt=
if [[ -x /usr/bin/time ]]; then
    if /usr/bin/time -v true >/dev/null 2>&1; then
        timefmt=gnu
    elif /usr/bin/time -l true >/dev/null 2>&1; then
        timefmt=bsd
    fi
fi

# peak_rss_mib LOG: the peak RSS /usr/bin/time wrote into LOG, in MiB.
peak_rss_mib() {
    case $timefmt in
        gnu) awk -F': *' '/Maximum resident set size/ { printf "%.1f", $2 / 1024; found = 1 }
                          END { if (!found) printf "?" }' "$1" ;;
        bsd) awk '/maximum resident set size/ { printf "%.1f", $1 / 1048576; found = 1 }
                  END { if (!found) printf "?" }' "$1" ;;
    esac
}

echo "bench: warm-up: rial pack, rial verify" >&2
case $timefmt in
    gnu) rss_flag=-v ;;
    bsd) rss_flag=-l ;;
    *) rss_flag= ;;
esac
if [[ -n $rss_flag ]]; then
    run_checked warmup-pack /usr/bin/time "$rss_flag" "${pack_cmd[@]}"
    cp "$pkg" "$verify_pkg"
    run_checked warmup-verify /usr/bin/time "$rss_flag" "${verify_cmd[@]}"
    rss_note="peak RSS: rial pack $(peak_rss_mib "$logs/warmup-pack.log") MiB, rial verify $(peak_rss_mib "$logs/warmup-verify.log") MiB"
else
    run_checked warmup-pack "${pack_cmd[@]}"
    cp "$pkg" "$verify_pkg"
    run_checked warmup-verify "${verify_cmd[@]}"
    rss_note="peak RSS: not measured, /usr/bin/time is missing (Debian package \`time\`)"
fi

have_coreutils=1
command -v sha256sum >/dev/null && command -v sha512sum >/dev/null || have_coreutils=

have_bagit=
bag_dir=
rm -rf "$extracted"
bench_python=${BENCH_PYTHON:-python3}
if command -v "$bench_python" >/dev/null && "$bench_python" -c 'import bagit' >/dev/null 2>&1; then
    have_bagit=1
    mkdir -p "$extracted"
    tar -xf "$pkg" -C "$extracted"
    tops=()
    for entry in "$extracted"/* "$extracted"/.[!.]*; do
        [[ -e $entry ]] && tops+=("$entry")
    done
    (( ${#tops[@]} == 1 )) && [[ -d ${tops[0]} ]] \
        || die "expected one top-level directory in $pkg, found: ${tops[*]:-nothing}"
    bag_dir=${tops[0]}
fi

# ---------------------------------------------------------------- timed rounds

for (( round = 1; round <= runs; round++ )); do
    echo "bench: round $round/$runs" >&2
    measure floor both openssl dgst -sha256 "$media" -- openssl dgst -sha512 "$media"
    # A new file each time, as a user's pack is; deleting the last one is not timed.
    rm -f "$pkg"
    measure pack "${pack_cmd[@]}"
    measure verify "${verify_cmd[@]}"
    if [[ -n $have_coreutils ]]; then
        measure coreutils both sha256sum "$media" -- sha512sum "$media"
    fi
    if [[ -n $have_bagit ]]; then
        measure bagit "$bench_python" -m bagit --validate --processes 2 "$bag_dir"
    fi
done

# ---------------------------------------------------------------- table

median() { sort -g "$1" | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

mib=$(awk -v s="$size" 'BEGIN { m = s / 1048576; printf (m == int(m)) ? "%d" : "%.2f", m }')
floor=$(median "$times/floor")

# pad TEXT WIDTH: TEXT left-aligned in WIDTH columns, counting UTF-8
# characters rather than bytes (the labels hold ∥ and ×).
pad() {
    local chars
    chars=$(printf '%s' "$1" | tr -d '\200-\277')
    printf '%s%*s' "$1" $(( $2 > ${#chars} ? $2 - ${#chars} : 0 )) ''
}

row() {
    local label=$1 file=$2 med
    med=$(median "$file")
    pad "$label" 34
    awk -v t="$med" -v s="$size" -v f="$floor" 'BEGIN {
        printf " %8.2f %7.0f %8.2f\n", t, (t > 0 ? s / 1048576 / t : 0), (f > 0 ? t / f : 0)
    }'
}

echo
printf 'rial bench: %s MiB media, %d run%s, medians (%s cores: nproc)\n' "$mib" "$runs" "$( (( runs == 1 )) || echo s)" "$cores"
printf '%s %8s %7s %s\n' "$(pad what 34)" seconds 'MiB/s' ' × floor'
row 'floor: openssl sha256+sha512 ∥' "$times/floor"
row 'rial pack' "$times/pack"
row 'rial verify' "$times/verify"
if [[ -n $have_coreutils ]]; then
    row 'coreutils sha256sum+sha512sum ∥' "$times/coreutils"
else
    echo 'coreutils: sha256sum/sha512sum not found'
fi
if [[ -n $have_bagit ]]; then
    row 'bagit-python --validate -p 2' "$times/bagit"
else
    echo 'bagit-python: not installed (pip install bagit)'
fi
echo "$rss_note"

# ---------------------------------------------------------------- memory at a larger size
# Memory must not grow with the media: pack and verify hold a few MiB of
# buffers whatever the size. The warm-up measured peak RSS at BENCH_SIZE; this
# packs and verifies media BENCH_RSS_FACTOR times larger (default 4: 1 GiB and
# 4 GiB at the default size) once each, untimed, under /usr/bin/time. Needs
# about 2 × BENCH_RSS_FACTOR × BENCH_SIZE free. BENCH_RSS_FACTOR=1 skips it.
if [[ -n $rss_flag ]] && (( rss_factor > 1 )); then
    big_size=$(( size * rss_factor ))
    big_capture=$work/capture-x$rss_factor
    big_pkg=$work/bench-x$rss_factor.rialpkg
    make_capture "$big_capture" "$big_size"
    echo "bench: peak RSS at $(( big_size / 1048576 )) MiB: rial pack, rial verify" >&2
    rm -f "$big_pkg"
    run_checked rss-pack /usr/bin/time "$rss_flag" "$rial" pack "$big_capture" -o "$big_pkg" --quiet --created 2026-01-20T00:00:00Z
    run_checked rss-verify /usr/bin/time "$rss_flag" "$rial" verify "$big_pkg" --no-examine-media
    rm -f "$big_pkg"
    echo "peak RSS at $(awk -v s="$big_size" 'BEGIN { printf "%d", s / 1048576 }') MiB media: rial pack $(peak_rss_mib "$logs/rss-pack.log") MiB, rial verify $(peak_rss_mib "$logs/rss-verify.log") MiB"
fi

# ---------------------------------------------------------------- batch
# BENCH_BATCH small packages (default 1000; 0 skips): CPU time against openssl computing both
# digests of the same files, at --jobs 1 and at --jobs = cores, with and without the media
# examined, and a jobs sweep in packages/s against openssl spread over as many processes
# (scripts/bench-batch.sh, issue 21).
if (( batch > 0 )); then
    RIAL_BIN=$rial BENCH_BATCH=$batch BENCH_RUNS=$runs BENCH_DIR=$work "$repo_root/scripts/bench-batch.sh" \
        || die "the batch benchmark failed"
fi

# ---------------------------------------------------------------- frame chain
# The frame hash chain (schema/SPEC.md §13) over BENCH_FRAMES raw frames of
# BENCH_FRAME_SIZE (default 450 frames of 1920x1080 BGRA, depth every third
# frame, as the capture app records 15 s): ms per frame sequential and parallel
# (`rial chain compute --sequential` vs default), and the sequential rate next to
# `openssl speed -evp sha256` (16 KiB blocks) on this machine. Set BENCH_FRAMES=0
# to skip. The frames (about 3.7 GB at the default) are made once by `rial sample`.
if (( frames > 0 )); then
    chain_dir=$work/chain-${frames}x${fw}x${fh}
    if [[ ! -f $chain_dir/capture.json ]]; then
        rm -rf "$chain_dir"
        seconds=$(( (frames + 29) / 30 ))
        run_checked chain-sample "$rial" sample --out "$chain_dir" --seconds "$seconds" --fps 30 --width "$fw" --height "$fh"
    fi
    python3 - "$chain_dir" "$frames" > "$work/chain-ts.txt" <<'PY'
import json, sys
frames = json.load(open(sys.argv[1] + "/capture.json"))["frames"][: int(sys.argv[2])]
print("\n".join(repr(f["timestamp"]) for f in frames))
PY
    # Exactly BENCH_FRAMES frames and their depth keyframes: hard links to the first N (rial
    # refuses symbolic links), so the bytes counted are the bytes chained.
    sel=$work/chain-frames
    sel_depth=$work/chain-depth
    rm -rf "$sel" "$sel_depth" && mkdir -p "$sel" "$sel_depth"
    for n in $(seq 1 "$frames"); do
        f=$(printf 'frame_%06d.raw' "$n")
        ln "$chain_dir/frames/$f" "$sel/$f" 2>/dev/null || cp "$chain_dir/frames/$f" "$sel/$f"
        d=$(printf 'depth_%06d.f32' "$n")
        if [[ -f $chain_dir/depth/$d ]]; then
            ln "$chain_dir/depth/$d" "$sel_depth/$d" 2>/dev/null || cp "$chain_dir/depth/$d" "$sel_depth/$d"
        fi
    done
    rm -f "$times/chain-seq" "$times/chain-par" "$times/openssl-speed"
    chain_args=(chain compute --frames "$sel" --timestamps "$work/chain-ts.txt" --depth "$sel_depth" --width "$fw" --height "$fh" --force -o "$work/chain.json")
    run_checked chain-warmup "$rial" "${chain_args[@]}"
    for (( r = 1; r <= runs; r++ )); do
        measure chain-seq "$rial" "${chain_args[@]}" --sequential
        measure chain-par "$rial" "${chain_args[@]}"
        # openssl's SHA-256 rate in the same round (kB/s of 16 KiB blocks), so the ratio is
        # taken in the same window as the chain's.
        run_checked openssl-speed openssl speed -evp sha256 -bytes 16384 -seconds 2
        rate=$(awk '/^sha256/ { v = $NF; sub(/k$/, "", v); print v }' "$logs/openssl-speed.log")
        [[ $rate =~ ^[0-9.]+$ ]] || die "cannot read a rate from openssl speed (see $logs/openssl-speed.log)"
        echo "$rate" >>"$times/openssl-speed"
    done
    seq_t=$(median "$times/chain-seq")
    par_t=$(median "$times/chain-par")
    total_bytes=$(find "$sel" "$sel_depth" -type f -printf '%s\n' | awk '{ s += $1 } END { print s }')
    openssl_kbps=$(median "$times/openssl-speed")
    echo
    printf 'frame chain: %d frames of %dx%d BGRA, depth every 3rd frame, %d run%s, medians\n' "$frames" "$fw" "$fh" "$runs" "$( (( runs == 1 )) || echo s)"
    awk -v s="$seq_t" -v p="$par_t" -v n="$frames" -v b="$total_bytes" -v o="$openssl_kbps" 'BEGIN {
        printf "  sequential   %7.2f ms/frame  %6.0f MB/s\n", s * 1000 / n, b / s / 1e6
        printf "  parallel     %7.2f ms/frame  %6.0f MB/s   %.2f x sequential\n", p * 1000 / n, b / p / 1e6, s / p
        if (o > 0) printf "  openssl speed -evp sha256 (16 KiB blocks, median of the rounds): %6.0f MB/s; sequential chain = %.2f x openssl\n", o * 1000 / 1e6, (b / s) / (o * 1000)
    }'
fi

# What recording in the audit ledger costs a batch (scripts/bench-ledger.sh, issue 22).
if (( batch > 0 )); then
    RIAL_BIN=$rial BENCH_RUNS=$runs BENCH_DIR=$work BENCH_LEDGER_BATCH=$batch "$repo_root/scripts/bench-ledger.sh"
fi

# What examining the media costs a verification (scripts/bench-media.sh, issue 20).
if command -v ffmpeg >/dev/null; then
    RIAL_BIN=$rial BENCH_RUNS=$runs BENCH_DIR=$work BENCH_MEDIA_SIZE=${BENCH_MEDIA_SIZE:-${BENCH_SIZE:-1G}} "$repo_root/scripts/bench-media.sh"
else
    echo "media examination: skipped (no ffmpeg; scripts/install-deps.sh --for-bench installs it)"
fi
