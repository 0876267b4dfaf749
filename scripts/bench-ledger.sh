#!/usr/bin/env bash
# scripts/bench-ledger.sh: what recording in the audit ledger costs a batch (issue 22).
#
# Copies one small package (the photo sample, about 240 KiB) BENCH_LEDGER_BATCH times (default
# BENCH_BATCH, else 1000) into a store, audits it once into a SQLite ledger (so the timed audits
# meet a ledger that already holds the store, as a scheduled audit does), then times, over
# BENCH_RUNS interleaved rounds, `rial verify --recursive STORE --jobs 2 --format jsonl` and
# `rial audit --recursive STORE --jobs 2 --format jsonl --ledger FILE` (a new run each round),
# and prints the medians and their ratio next to the target (≤ 1.10). Asserts nothing about
# time; exits non-zero only when a command fails.
#
# Environment: RIAL_BIN (default .build-release/release/rial, built by scripts/bench.sh),
# BENCH_LEDGER_BATCH, BENCH_RUNS (default 3), BENCH_DIR (default .build-bench).
set -euo pipefail
repo_root=$(cd "$(dirname "$0")/.." && pwd)
rial=${RIAL_BIN:-$repo_root/.build-release/release/rial}
runs=${BENCH_RUNS:-3}
count=${BENCH_LEDGER_BATCH:-${BENCH_BATCH:-1000}}
work=${BENCH_DIR:-$repo_root/.build-bench}/ledger
die() { echo "bench-ledger: $*" >&2; exit 1; }
[[ -x $rial ]] || die "no rial at $rial (set RIAL_BIN)"
[[ $count =~ ^[1-9][0-9]*$ ]] || die "BENCH_LEDGER_BATCH=$count: expected a whole number above 0"

rm -rf "$work" && mkdir -p "$work/store"
"$rial" sample --out "$work/photo" --kind photo >/dev/null
"$rial" pack "$work/photo" -o "$work/photo.rialpkg" --quiet >/dev/null
for (( i = 1; i <= count; i++ )); do cp "$work/photo.rialpkg" "$(printf '%s/store/p%05d.rialpkg' "$work" "$i")"; done
ledger=$work/ledger.sqlite

time_of() {  # "WALL CPU" seconds of one run of "$@", which must exit 0 (CPU: user + system, when /usr/bin/time is there)
    local start end cpu=nan
    sync
    start=$EPOCHREALTIME
    if [[ -x /usr/bin/time ]]; then
        /usr/bin/time -f '%U %S' -o "$work/cpu.txt" "$@" >"$work/last.log" 2>&1 || { tail -n 5 "$work/last.log" >&2; die "failed: $*"; }
        cpu=$(awk '{ print $1 + $2 }' "$work/cpu.txt")
    else
        "$@" >"$work/last.log" 2>&1 || { tail -n 5 "$work/last.log" >&2; die "failed: $*"; }
    fi
    end=$EPOCHREALTIME
    awk -v a="$start" -v b="$end" -v c="$cpu" 'BEGIN { printf "%.6f %s\n", b - a, c }'
}
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
column() { awk -v c="$1" '{ print $c }' "$2"; }

echo "bench-ledger: $count packages; a first audit fills the ledger (untimed)" >&2
time_of "$rial" audit --recursive "$work/store" --jobs 2 --format jsonl --ledger "$ledger" --run warmup >/dev/null
: >"$work/verify.times"
: >"$work/audit.times"
for (( round = 1; round <= runs; round++ )); do
    echo "bench-ledger: round $round/$runs" >&2
    time_of "$rial" verify --recursive "$work/store" --jobs 2 --format jsonl >>"$work/verify.times"
    time_of "$rial" audit --recursive "$work/store" --jobs 2 --format jsonl --ledger "$ledger" --run "round-$round" >>"$work/audit.times"
done
records=$(sqlite3 "$ledger" 'SELECT COUNT(*) FROM ledger_records' 2>/dev/null || echo '?')
verify_t=$(column 1 "$work/verify.times" | median)
audit_t=$(column 1 "$work/audit.times" | median)
verify_cpu=$(column 2 "$work/verify.times" | median)
audit_cpu=$(column 2 "$work/audit.times" | median)
echo
printf 'audit ledger: %d packages of %d bytes, SQLite (WAL), %d run%s, medians; the ledger ends with %s records\n' \
    "$count" "$(stat -c %s "$work/photo.rialpkg")" "$runs" "$( (( runs == 1 )) || echo s)" "$records"
# Wall time is the target's measure; CPU time (user + system) is shown too, because on a shared
# machine the wall time of a few seconds moves with everyone else's load and disk syncs.
awk -v v="$verify_t" -v a="$audit_t" -v vc="$verify_cpu" -v ac="$audit_cpu" -v n="$count" 'BEGIN {
    printf "rial verify --recursive --jobs 2       %8.2f s %7.0f packages/s   CPU %6.2f s\n", v, n / v, vc
    printf "rial audit --recursive --jobs 2        %8.2f s %7.0f packages/s   CPU %6.2f s   %.3f x verify (target <= 1.10), CPU %.3f x\n", a, n / a, ac, a / v, ac / vc
}'
