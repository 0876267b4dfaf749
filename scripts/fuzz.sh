#!/usr/bin/env bash
# Builds the libFuzzer targets (Sources/Fuzz) and runs each for a set time or number of runs.
#
#   FUZZ_TARGETS="FuzzJSON FuzzTar"  which targets (default: all five)
#   FUZZ_SECONDS=300                 how long each runs (default 300)
#   FUZZ_RUNS=10000000               run each for N executions instead of a time
#   FUZZ_CONFIGURATION=release       build optimised (default debug, the recipe below as it is)
#   FUZZ_MAX_LEN=4096                largest input for every target run (default 65536 for
#                                    FuzzTar and FuzzMedia, 16384 for the others)
#   FUZZ_TIMEOUT=30                  seconds (wall clock) before an input counts as a hang
#   FUZZ_ARGS="-jobs=1 ..."          more libFuzzer flags
#   ASAN_OPTIONS=...                 passed on (see Tests/Fuzz/README.md for faster settings)
#
# The corpus each target grows is kept in fuzz-work/<target> (not in git), seeded from
# Tests/Fuzz/corpus/<target>; a crashing input is written to Tests/Fuzz/crashers/<target>/,
# where `make test` (make fuzz-replay) replays it until the bug is fixed. Logs are in
# fuzz-work/<target>.log. Exit status 1 when any target crashed or failed to build.
set -uo pipefail
cd "$(dirname "$0")/.."

SWIFT=${SWIFT:-swift}
TARGETS=${FUZZ_TARGETS:-FuzzTar FuzzBagText FuzzJSON FuzzReport FuzzMedia}
SECONDS_EACH=${FUZZ_SECONDS:-300}
RUNS=${FUZZ_RUNS:-}
CONFIGURATION=${FUZZ_CONFIGURATION:-debug}
WORK=fuzz-work
read -r -a EXTRA <<< "${FUZZ_ARGS:-}"

max_len() {
    if [ -n "${FUZZ_MAX_LEN:-}" ]; then echo "$FUZZ_MAX_LEN"; return; fi
    case "$1" in
        FuzzTar|FuzzMedia) echo 65536 ;;
        *) echo 16384 ;;
    esac
}

stat_of() { sed -n "s/^stat::$1: *//p" "$2" | tail -n 1; }

status=0
summary=()
for target in $TARGETS; do
    if [ ! -d "Sources/Fuzz/$target" ]; then
        echo "fuzz: no target $target (Sources/Fuzz/$target)" >&2
        exit 2
    fi
    mkdir -p "$WORK/$target" "Tests/Fuzz/crashers/$target"
    log="$WORK/$target.log"

    echo "== $target: building ($CONFIGURATION, .build-fuzz)"
    # The combined sanitizer flag must come last.
    if ! nice -n 10 "$SWIFT" build -c "$CONFIGURATION" --scratch-path .build-fuzz --product "$target" \
            --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING > "$WORK/$target.build.log" 2>&1; then
        grep -v 'ld.gold: warning: Cannot export local symbol' "$WORK/$target.build.log" | tail -n 30 >&2
        summary+=("$target: BUILD FAILED (see $WORK/$target.build.log)")
        status=1
        continue
    fi
    binary=".build-fuzz/$CONFIGURATION/$target"

    if [ -n "$RUNS" ]; then
        limit=("-runs=$RUNS"); amount="$RUNS executions"
    else
        limit=("-max_total_time=$SECONDS_EACH"); amount="$SECONDS_EACH s"
    fi
    echo "== $target: fuzzing ($amount, max_len $(max_len "$target"), log $log)"
    started=$(date +%s)
    SWIFT_BACKTRACE=enable=no nice -n 10 "$binary" \
        -max_len="$(max_len "$target")" \
        -timeout="${FUZZ_TIMEOUT:-30}" \
        -artifact_prefix="Tests/Fuzz/crashers/$target/" \
        -print_final_stats=1 \
        "${limit[@]}" ${EXTRA[@]+"${EXTRA[@]}"} \
        "$WORK/$target" "Tests/Fuzz/corpus/$target" > "$log" 2>&1
    code=$?
    elapsed=$(( $(date +%s) - started ))

    executions=$(stat_of number_of_executed_units "$log")
    rate=$(stat_of average_exec_per_sec "$log")
    corpus=$(find "$WORK/$target" -type f | wc -l | tr -d ' ')
    # A slow unit (-report_slow_units, 10 s by default) is saved too but is not a crash: it is
    # named in the summary, and the run's verdict comes from the crash artifacts and exit status.
    artifact=$(sed -n 's/.*Test unit written to //p' "$log" | grep -v '/slow-unit-' | tail -n 1)
    slow=$(sed -n 's/.*Test unit written to //p' "$log" | grep '/slow-unit-' | tr '\n' ' ')
    line="$target: ${executions:-?} executions in ${elapsed} s (${rate:-?}/s), corpus $corpus inputs"
    if grep -a -q 'libFuzzer: run interrupted' "$log" && [ -z "$artifact" ]; then
        line="$line, interrupted, no crash"
        status=1
    elif [ "$code" -ne 0 ] || [ -n "$artifact" ]; then
        reason=$(grep -a -m 1 -E 'property violated|Fatal error|ERROR: (libFuzzer|AddressSanitizer)' "$log" | cut -c 1-240)
        line="$line, CRASHED (exit $code): ${reason:-see $log}${artifact:+; input saved as $artifact}"
        status=1
    else
        line="$line, no crash"
    fi
    if [ -n "$slow" ]; then
        line="$line; slow inputs saved (not failures; a paused run makes them too): $slow"
    fi
    echo "$line"
    summary+=("$line")
done

echo
echo "== fuzz summary"
printf '%s\n' "${summary[@]}"
exit $status
