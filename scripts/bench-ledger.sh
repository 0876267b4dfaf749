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

time_of() {  # seconds of one run of "$@", which must exit 0
    local start end
    sync
    start=$EPOCHREALTIME
    "$@" >"$work/last.log" 2>&1 || { tail -n 5 "$work/last.log" >&2; die "failed: $*"; }
    end=$EPOCHREALTIME
    awk -v a="$start" -v b="$end" 'BEGIN { printf "%.6f\n", b - a }'
}
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

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
verify_t=$(median <"$work/verify.times")
audit_t=$(median <"$work/audit.times")
echo
printf 'audit ledger: %d packages of %d bytes, SQLite (WAL), %d run%s, medians; the ledger ends with %s records\n' \
    "$count" "$(stat -c %s "$work/photo.rialpkg")" "$runs" "$( (( runs == 1 )) || echo s)" "$records"
awk -v v="$verify_t" -v a="$audit_t" -v n="$count" 'BEGIN {
    printf "rial verify --recursive --jobs 2       %8.2f s %7.0f packages/s\n", v, n / v
    printf "rial audit --recursive --jobs 2        %8.2f s %7.0f packages/s   %.3f x verify (target <= 1.10)\n", a, n / a, a / v
}'
