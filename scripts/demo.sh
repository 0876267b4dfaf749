#!/usr/bin/env bash
# The demo: a synthetic capture is packed, verified, then one byte of a copy is flipped and
# verified again. Everything happens under .build-demo/.
set -euo pipefail
cd "$(dirname "$0")/.."
rial=${RIAL:-.build/debug/rial}
dir=.build-demo
rm -rf "$dir" && mkdir -p "$dir"

step() { printf '\n\033[1m== %s\033[0m\n$ %s\n' "$1" "$2"; }

step "1. A synthetic capture (no phone needed)" "rial sample --out $dir/capture --seconds 2"
"$rial" sample --out "$dir/capture" --seconds 2

step "2. Pack it into one evidence package" "rial pack $dir/capture -o $dir/case.rialpkg --case DEMO-001"
"$rial" pack "$dir/capture" -o "$dir/case.rialpkg" --case DEMO-001 --organization "Demo Lab" --quiet
"$rial" inspect "$dir/case.rialpkg" | head -12

step "3. Verify it" "rial verify $dir/case.rialpkg"
"$rial" verify "$dir/case.rialpkg"

step "4. Flip one byte of frame 17 in a copy, verify again" "rial verify $dir/tampered.rialpkg"
cp "$dir/case.rialpkg" "$dir/tampered.rialpkg"
offset=$(python3 - "$dir/tampered.rialpkg" <<'PY'
import sys, tarfile
with tarfile.open(sys.argv[1]) as t:
    print(next(m.offset_data for m in t.getmembers() if m.name.endswith("data/frames/frame_000017.raw")) + 4096)
PY
)
printf '\x00' | dd of="$dir/tampered.rialpkg" bs=1 seek="$offset" conv=notrunc status=none
set +e
"$rial" verify "$dir/tampered.rialpkg"
status=$?
set -e
echo
if [ "$status" -eq 1 ]; then
  echo "The tampered copy failed verification (exit $status): the manifests name the changed file with"
  echo "both digests, and the frame hash chain is reported broken from frame 17."
else
  echo "UNEXPECTED: the tampered copy exited $status" >&2
  exit 1
fi
