#!/usr/bin/env bash
# The demo: a synthetic capture is packed and sealed with a throwaway test PKI, timestamped
# by a local test TSA (openssl ts -reply), verified with trust anchors, checked again with
# openssl alone, handed over twice on the custody log, then one byte of a copy is flipped
# and verified again. Everything happens under .build-demo/; the keys are test-only
# (examples/pki/).
set -euo pipefail
cd "$(dirname "$0")/.."
rial=${RIAL:-.build/debug/rial}
dir=.build-demo
rm -rf "$dir" && mkdir -p "$dir"

step() { printf '\n\033[1m== %s\033[0m\n$ %s\n' "$1" "$2"; }

step "1. A synthetic capture (no phone needed)" "rial sample --out $dir/capture --seconds 2"
"$rial" sample --out "$dir/capture" --seconds 2

step "2. A throwaway TEST-ONLY PKI: root CA, investigator, time-stamping authority" "examples/pki/make-test-pki.sh $dir/pki"
examples/pki/make-test-pki.sh "$dir/pki" >/dev/null
ls "$dir/pki"

step "3. Pack and seal it (ECDSA P-256 over the exact bytes of rial/manifest.json)" \
  "rial pack $dir/capture -o $dir/case.rialpkg --case DEMO-001 --sign-key pki/investigator.key --cert pki/investigator.pem --chain pki/investigator-chain.pem"
"$rial" pack "$dir/capture" -o "$dir/case.rialpkg" --case DEMO-001 --organization "Demo Lab" \
  --sign-key "$dir/pki/investigator.key" --cert "$dir/pki/investigator.pem" --chain "$dir/pki/investigator-chain.pem"

step "4. Trusted time, offline: request, a local TSA answers, attach" "rial timestamp request / examples/pki/tsa-reply.sh / rial timestamp attach"
"$rial" timestamp request "$dir/case.rialpkg" -o "$dir/case.tsq" --quiet
examples/pki/tsa-reply.sh "$dir/pki" good "$dir/case.tsq" "$dir/case.tsr"
"$rial" timestamp attach "$dir/case.rialpkg" --token "$dir/case.tsr" --tsa-chain "$dir/pki/tsa-chain.pem" --request "$dir/case.tsq" --quiet
"$rial" inspect "$dir/case.rialpkg" | head -12

step "5. Verify it, trusting the test root for the signer and the TSA, requiring both" \
  "rial verify $dir/case.rialpkg --trust pki/root-ca.pem --tsa-trust pki/root-ca.pem --require-seal --require-timestamp"
"$rial" verify "$dir/case.rialpkg" --trust "$dir/pki/root-ca.pem" --tsa-trust "$dir/pki/root-ca.pem" --require-seal --require-timestamp

step "6. The same seal checked with openssl alone, as README.txt in the package explains" \
  "openssl cms -verify -binary -inform DER -in rial/seal/manifest.p7s -content rial/manifest.json -CAfile root-ca.pem -purpose any"
mkdir -p "$dir/unpacked" && tar -xf "$dir/case.rialpkg" -C "$dir/unpacked"
(cd "$dir/unpacked"/*/ && openssl cms -verify -binary -inform DER -in rial/seal/manifest.p7s -content rial/manifest.json \
  -CAfile ../../pki/root-ca.pem -purpose any -out /dev/null)

step "7. Hand-overs on the record: the custody log gains events; the seal is untouched" \
  "rial custody append $dir/case.rialpkg --action TRANSFERRED --actor-name \"Jane Roe\" ... ; rial custody show $dir/case.rialpkg"
"$rial" custody append "$dir/case.rialpkg" --action TRANSFERRED --actor-name "Jane Roe" --role investigator --org "Demo PD" \
  --details "Handed to the lab courier, evidence bag A-1172" --location "Demo PD evidence room" --quiet
"$rial" custody append "$dir/case.rialpkg" --action RECEIVED --role "lab technician" --details "Seal tape intact" \
  --sign-key "$dir/pki/investigator.key" --cert "$dir/pki/investigator.pem" --chain "$dir/pki/investigator-chain.pem"
"$rial" custody show "$dir/case.rialpkg" --trust "$dir/pki/root-ca.pem" --quiet

step "8. Privacy mode: share a photo by its hash, city and day only; check the photo later" \
  "rial pack $dir/photo -o $dir/shared.rialpkg --hash-only --privacy location=coarse,timestamp=day_only,device=model_only"
"$rial" sample --out "$dir/photo" --kind hash-only >/dev/null
"$rial" pack "$dir/photo" -o "$dir/shared.rialpkg" --hash-only --privacy location=coarse,timestamp=day_only,device=model_only
"$rial" verify "$dir/shared.rialpkg" --media "$dir/photo/media/photo.jpg" --quiet | grep -E '^(PASS|FAIL)  [^ ]| (privacy|privacy.payload|media.external)  '

step "9. Flip one byte of frame 17 in a copy, verify again" "rial verify $dir/tampered.rialpkg"
cp "$dir/case.rialpkg" "$dir/tampered.rialpkg"
offset=$(python3 - "$dir/tampered.rialpkg" <<'PY'
import sys, tarfile
with tarfile.open(sys.argv[1]) as t:
    print(next(m.offset_data for m in t.getmembers() if m.name.endswith("data/frames/frame_000017.raw")) + 4096)
PY
)
printf '\x00' | dd of="$dir/tampered.rialpkg" bs=1 seek="$offset" conv=notrunc status=none
set +e
"$rial" verify "$dir/tampered.rialpkg" --trust "$dir/pki/root-ca.pem" --tsa-trust "$dir/pki/root-ca.pem"
status=$?
set -e
echo
if [ "$status" -eq 1 ]; then
  echo "The tampered copy failed verification (exit $status): the manifests name the changed file with"
  echo "both digests, and the frame hash chain is reported broken from frame 17. The seal itself"
  echo "still verifies: it signs the manifest, and the manifest is what the changed file contradicts."
else
  echo "UNEXPECTED: the tampered copy exited $status" >&2
  exit 1
fi
