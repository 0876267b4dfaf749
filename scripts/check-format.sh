#!/usr/bin/env bash
# Checks that every Swift file is as `make format` leaves it (.swift-format; swift-format ships
# with the Swift toolchain as `swift format`). Runs first in `make test`, so a file off the
# format fails CI before the long build. No network, no files written.
#   scripts/check-format.sh            check (exit 1 and the places, when a file is off)
#   scripts/check-format.sh --fix      rewrite the files in place (`make format`)
set -euo pipefail
cd "$(dirname "$0")/.."

paths=(Package.swift Sources Tests)

if ! swift format --version >/dev/null 2>&1; then
  echo "check-format: 'swift format' is not available; it ships with Swift 6 toolchains (swift.org/install)." >&2
  echo "check-format: install a Swift 6 toolchain, or put swift-format on PATH, then run 'make check-format' again." >&2
  exit 2
fi

case "${1:-}" in
  "" | --fix) ;;
  *) echo "check-format: unknown argument '$1' (use no argument to check, --fix to rewrite)" >&2; exit 2 ;;
esac

if [ "${1:-}" = "--fix" ]; then
  swift format format --in-place --recursive --parallel "${paths[@]}"
  exit 0
fi

if ! out=$(swift format lint --strict --recursive --parallel "${paths[@]}" 2>&1); then
  # Written to a file so that `head` closing the pipe early cannot end the script (pipefail).
  report=$(mktemp); trap 'rm -f "$report"' EXIT
  printf '%s\n' "$out" >"$report"
  head -40 "$report" >&2
  count=$(grep -c 'warning:\|error:' "$report" || true)
  files=$( { grep -o '^[^:]*\.swift' "$report" || true; } | sort -u | wc -l)
  if [ "$files" -eq 0 ]; then
    echo "check-format: swift format lint failed without naming a file (above); check .swift-format and the toolchain." >&2
    exit 2
  fi
  echo "check-format: $count places in $files files are not as .swift-format says; run 'make format' and commit the result." >&2
  exit 1
fi
echo "check-format: every Swift file is formatted (.swift-format)"
