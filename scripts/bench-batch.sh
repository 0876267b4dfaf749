#!/usr/bin/env bash
# scripts/bench-batch.sh: a store of many small packages (issue 21), run by scripts/bench.sh.
#
# Makes BENCH_BATCH small packages once (a one-second 64x48 sample capture with its real
# H.264 video, packed BENCH_BATCH times with different --created times, so every package id
# differs), then over BENCH_RUNS interleaved rounds, medians:
#   CPU time (user + sys, /usr/bin/time) of
#     floor           openssl dgst -sha256 and then -sha512 over every package file
#     floor + chain   the same, and openssl dgst -sha256 over every package's depth keyframes:
#                     the hashing a verifier cannot skip beyond the two digests. Each frame link
#                     is SHA256(frame ‖ depth ‖ time ‖ previous); a frame file's own SHA-256 is
#                     the link's state after the frame, so only the depth bytes are hashed again.
#                     Every package of the batch holds the same capture, so one package's
#                     keyframes, named once per package, are the same bytes
#     rial --jobs 1   rial verify --recursive DIR --no-examine-media --jobs 1 --format jsonl
#     rial --jobs N   the same at --jobs N (N = cores)
#     rial examined   the same at --jobs 1 and at --jobs N with the media examined (the
#                     default): what the confined probe adds per package, printed per package
#   and each part of the floor alone (sha256, sha512, the keyframes' sha256)
#   and a jobs sweep, j = 1 … N: wall time of rial --no-examine-media --jobs j next to the
#   floor spread over j processes (the files split in j lists, each hashed by its own openssl
#   pair), in packages/s and × floor.
# Every verification must pass. Asserts nothing about time.
#
# Environment: RIAL_BIN (required), BENCH_BATCH (default 1000), BENCH_RUNS (default 3),
# BENCH_DIR (default .build-bench), BENCH_JOBS (default: nproc).
set -euo pipefail
repo_root=$(cd "$(dirname "$0")/.." && pwd)
rial=${RIAL_BIN:?set RIAL_BIN to the rial binary}
batch=${BENCH_BATCH:-1000}
runs=${BENCH_RUNS:-3}
work=${BENCH_DIR:-$repo_root/.build-bench}
cores=${BENCH_JOBS:-$(nproc)}
die() { echo "bench-batch: $*" >&2; exit 1; }
[[ -x /usr/bin/time ]] || die "needs /usr/bin/time (scripts/install-deps.sh --for-bench)"

# The packages carry the sample's real video since issue 20: a directory made before is remade.
batch_dir=$work/batch-$batch-v2
if [[ ! -f $batch_dir/.complete ]]; then
    echo "bench-batch: packing $batch small packages into $batch_dir" >&2
    rm -rf "$batch_dir" "$work/batch-capture"
    mkdir -p "$batch_dir"
    "$rial" sample --out "$work/batch-capture" --seconds 1 --fps 10 --width 64 --height 48 >/dev/null
    for (( i = 1; i <= batch; i++ )); do
        created=$(printf '2026-01-20T%02d:%02d:%02dZ' $(( i / 3600 )) $(( i / 60 % 60 )) $(( i % 60 )))
        "$rial" pack "$work/batch-capture" -o "$(printf '%s/p%05d.rialpkg' "$batch_dir" "$i")" --quiet --created "$created" >/dev/null
    done
    touch "$batch_dir/.complete"
fi
files=("$batch_dir"/*.rialpkg)
bytes=$(cat "${files[@]}" | wc -c | tr -d ' ')
times=$(mktemp -d)
trap 'rm -rf "$times"' EXIT
tar -xf "${files[0]}" -C "$times" --wildcards '*/data/depth/*'
keyframes=("$times"/*/data/depth/*)
[[ -f ${keyframes[0]} ]] || die "the batch's packages have no depth keyframes"
# The keyframes once per package.
chain=()
for (( i = 0; i < ${#files[@]}; i++ )); do chain+=("${keyframes[@]}"); done

# cpu ROW CMD...: one run's wall and user+sys seconds appended to ROW; CMD's output discarded.
cpu() {
    local row=$1
    shift
    /usr/bin/time -f '%e %U %S' -o "$times/one" "$@" >/dev/null 2>"$times/err" || { cat "$times/err" >&2; die "$* failed"; }
    awk '{ printf "%.3f %.3f\n", $1, $2 + $3 }' "$times/one" >>"$times/$row"
}
median() {  # median of column $2 of file $1
    sort -n -k"$2" "$1" | awk -v c="$2" '{ v[NR] = $c } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
# The floors run as a script of their own, reading their file lists from files made here, before
# anything is timed: the lists are too long to pass as one argument, and splitting them in bash
# inside a timed run would add bash's time to the floor. For a spread over j processes, list k
# holds every j-th package from k on (spread-j-k.files) and their keyframes (spread-j-k.chain).
printf '%s\n' "${files[@]}" >"$times/files.list"
printf '%s\n' "${chain[@]}" >"$times/chain.list"
for (( j = 1; j <= cores; j++ )); do
    for (( k = 0; k < j; k++ )); do
        for (( i = k; i < ${#files[@]}; i += j )); do echo "${files[i]}"; done >"$times/spread-$j-$k.files"
        for (( i = k; i < ${#files[@]}; i += j )); do printf '%s\n' "${keyframes[@]}"; done >"$times/spread-$j-$k.chain"
    done
done
cat >"$times/floor.sh" <<'SCRIPT'
#!/usr/bin/env bash
# floor.sh DIR sequential | sha256 | sha512 | chain | spread J [chain]
set -euo pipefail
dir=$1
hash() {  # the files listed in $1 with sha256 then sha512, and the keyframes of $2 with sha256
    local files=() links=()
    mapfile -t files <"$1"
    openssl dgst -sha256 "${files[@]}" >/dev/null && openssl dgst -sha512 "${files[@]}" >/dev/null
    if [[ -n ${2:-} ]]; then mapfile -t links <"$2" && openssl dgst -sha256 "${links[@]}" >/dev/null; fi
}
case $2 in
    sequential) hash "$dir/files.list" ;;
    sha256|sha512) mapfile -t files <"$dir/files.list" && openssl dgst "-$2" "${files[@]}" >/dev/null ;;
    chain) mapfile -t chain <"$dir/chain.list" && openssl dgst -sha256 "${chain[@]}" >/dev/null ;;
    spread)
        pids=()
        for (( k = 0; k < $3; k++ )); do
            if [[ ${4:-} == chain ]]; then
                hash "$dir/spread-$3-$k.files" "$dir/spread-$3-$k.chain" &
            else
                hash "$dir/spread-$3-$k.files" &
            fi
            pids+=($!)
        done
        for pid in "${pids[@]}"; do wait "$pid"; done ;;
esac
SCRIPT

"$rial" verify --recursive "$batch_dir" --no-examine-media --format jsonl --jobs "$cores" >"$times/warm" 2>/dev/null || die "the batch does not pass"
for (( r = 1; r <= runs; r++ )); do
    cpu floor bash "$times/floor.sh" "$times" sequential
    cpu sha256 bash "$times/floor.sh" "$times" sha256
    cpu sha512 bash "$times/floor.sh" "$times" sha512
    cpu chain bash "$times/floor.sh" "$times" chain
    cpu jobs1 "$rial" verify --recursive "$batch_dir" --no-examine-media --format jsonl --jobs 1
    cpu examined1 "$rial" verify --recursive "$batch_dir" --format jsonl --jobs 1
    cpu jobsN "$rial" verify --recursive "$batch_dir" --no-examine-media --format jsonl --jobs "$cores"
    cpu examined "$rial" verify --recursive "$batch_dir" --format jsonl --jobs "$cores"
    for (( j = 1; j <= cores; j++ )); do
        cpu "floor-$j" bash "$times/floor.sh" "$times" spread "$j"
        cpu "chain-$j" bash "$times/floor.sh" "$times" spread "$j" chain
        cpu "sweep-$j" "$rial" verify --recursive "$batch_dir" --no-examine-media --format jsonl --jobs "$j"
    done
done
grep -q '"verdict": "fail"\|"verdict": "error"' "$times/warm" && die "a package of the batch did not pass"

echo
printf 'batch CPU: %d packages, %.1f MiB (user + sys seconds, %d run%s, medians)\n' "$batch" "$(awk -v b="$bytes" 'BEGIN { print b / 1048576 }')" "$runs" "$( (( runs == 1 )) || echo s)"
floor_cpu=$(median "$times/floor" 2)
# The chain row is the keyframes alone; the floor with the chain is both together.
chain_cpu=$(awk -v f="$floor_cpu" -v c="$(median "$times/chain" 2)" 'BEGIN { print f + c }')
row() {  # label seconds
    awk -v t="$2" -v f="$floor_cpu" -v c="$chain_cpu" -v n="$batch" -v l="$1" \
        'BEGIN { printf "  %-46s %7.2f s CPU  %6.2f ms/package  %5.2f × floor  %5.2f × floor + chain\n", l, t, t / n * 1000, t / f, t / c }'
}
row "  part: openssl sha256 of the packages" "$(median "$times/sha256" 2)"
row "  part: openssl sha512 of the packages" "$(median "$times/sha512" 2)"
row "  part: openssl sha256 of the keyframes" "$(median "$times/chain" 2)"
row "floor: openssl sha256 + sha512" "$floor_cpu"
row "floor + chain: and sha256 over the keyframes" "$chain_cpu"
row "rial verify --no-examine-media --jobs 1" "$(median "$times/jobs1" 2)"
row "rial verify --jobs 1 (media examined)" "$(median "$times/examined1" 2)"
row "rial verify --no-examine-media --jobs $cores" "$(median "$times/jobsN" 2)"
row "rial verify --jobs $cores (media examined)" "$(median "$times/examined" 2)"
awk -v e="$(median "$times/examined1" 2)" -v p="$(median "$times/jobs1" 2)" -v n="$batch" \
    'BEGIN { printf "  the media probe, per package (examined - not, --jobs 1): %.2f ms CPU\n", (e - p) / n * 1000 }'
echo
echo "batch jobs sweep: wall time, rial verify --no-examine-media next to openssl spread over as many processes"
for (( j = 1; j <= cores; j++ )); do
    awk -v t="$(median "$times/sweep-$j" 1)" -v f="$(median "$times/floor-$j" 1)" -v c="$(median "$times/chain-$j" 1)" -v n="$batch" -v j="$j" \
        'BEGIN { printf "  --jobs %-3d %7.2f s  %7.0f packages/s   floor %6.2f s  %5.2f × floor   floor + chain %6.2f s  %5.2f ×\n", j, t, n / t, f, t / f, c, t / c }'
done
