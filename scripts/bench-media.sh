#!/usr/bin/env bash
# scripts/bench-media.sh: what examining the media costs a verification (issue 20).
#
# Makes a real H.264 video of about BENCH_MEDIA_SIZE bytes with the ffmpeg CLI (testsrc2 with
# temporal noise, libx264 ultrafast, stopped at the size), puts it in a copy of the capture app's flat export
# (Tests/Fixtures/AppExport) packed as received, then times `rial verify PKG --no-examine-media`
# and `rial verify PKG` (which examines the media) over BENCH_RUNS interleaved rounds and prints the medians
# and their ratio. The probe reads the movie's headers in place, not its frames, so the ratio
# should stay near 1. Asserts nothing about time; exits non-zero only when a command fails.
#
# Environment: RIAL_BIN (default .build-release/release/rial, built by scripts/bench.sh),
# BENCH_MEDIA_SIZE (bytes or K/M/G suffix, default 1G), BENCH_RUNS (default 3),
# BENCH_DIR (default .build-bench). Needs ffmpeg (scripts/install-deps.sh --with-oracles).
set -euo pipefail
repo_root=$(cd "$(dirname "$0")/.." && pwd)
rial=${RIAL_BIN:-$repo_root/.build-release/release/rial}
runs=${BENCH_RUNS:-3}
work=${BENCH_DIR:-$repo_root/.build-bench}/media
size_text=${BENCH_MEDIA_SIZE:-1G}
die() { echo "bench-media: $*" >&2; exit 1; }
command -v ffmpeg >/dev/null || die "needs ffmpeg (scripts/install-deps.sh --with-oracles)"
[[ -x $rial ]] || die "no rial at $rial (set RIAL_BIN)"
case $size_text in
    *[Gg]*) bytes=$(( ${size_text%%[Gg]*} * 1024 * 1024 * 1024 )) ;;
    *[Mm]*) bytes=$(( ${size_text%%[Mm]*} * 1024 * 1024 )) ;;
    *[Kk]*) bytes=$(( ${size_text%%[Kk]*} * 1024 )) ;;
    *) bytes=$size_text ;;
esac
rm -rf "$work" && mkdir -p "$work"
# Temporal noise keeps the encoder from compressing the test pattern away; -fs stops at the size.
echo "bench-media: encoding about $size_text of H.264 (1280x720, 30 fps, noise, ultrafast)…"
ffmpeg -v error -y -f lavfi -i "testsrc2=size=1280x720:rate=30" -vf "noise=alls=80:allf=t+u" -t 3600 \
    -c:v libx264 -preset ultrafast -qp 12 -pix_fmt yuv420p -fs "$bytes" -movflags +faststart "$work/video.mp4"
"$repo_root/Tests/Fixtures/AppExport/make-app-exports.sh" "$work/exports" >/dev/null
export_dir=$work/exports/flat
cp "$work/video.mp4" "$export_dir/recording_1764000000.mp4"
"$rial" pack "$export_dir" -o "$work/case.rialpkg" --keep-as-received --quiet 2>/dev/null
media_bytes=$(stat -c %s "$work/video.mp4")
time_of() {  # seconds of one run of "$@", which must not exit 2
    local start end status
    start=$(date +%s.%N)
    set +e; "$@" >/dev/null 2>&1; status=$?; set -e
    end=$(date +%s.%N)
    (( status != 2 )) || die "$* could not verify"
    awk -v s="$start" -v e="$end" 'BEGIN { printf "%.3f\n", e - s }'
}
median() { sort -n "$1" | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
: >"$work/plain"; : >"$work/examined"
"$rial" verify "$work/case.rialpkg" >/dev/null 2>&1 || true   # warm the page cache
for (( r = 1; r <= runs; r++ )); do
    time_of "$rial" verify "$work/case.rialpkg" --no-examine-media >>"$work/plain"
    time_of "$rial" verify "$work/case.rialpkg" >>"$work/examined"
done
plain=$(median "$work/plain"); examined=$(median "$work/examined")
echo
printf 'media examination: %d MiB of real H.264 in a package, %d run%s, medians\n' $(( media_bytes / 1048576 )) "$runs" "$( (( runs == 1 )) || echo s)"
awk -v p="$plain" -v x="$examined" -v b="$media_bytes" 'BEGIN {
    printf "  rial verify --no-examine-media  %7.2f s  %6.0f MiB/s\n", p, b / p / 1048576
    printf "  rial verify (media examined)    %7.2f s  %6.0f MiB/s   %.3f x without\n", x, b / x / 1048576, x / p
}'
