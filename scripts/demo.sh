#!/usr/bin/env bash
# The demo: the capture app's export, as it comes (real H.264, the app's forensic manifest with
# an RFC 3161 token, its custody log), is packed as exported and sealed with a throwaway test
# PKI, timestamped by a local test TSA (openssl ts -reply), verified with trust anchors (the
# app's capture-time token included), checked again with openssl alone, handed over twice on
# the custody log, then one byte of the video in a copy is flipped and verified again; the
# packages are audited into a ledger and one package's history is shown; last, the case is
# verified with a signed, timestamped receipt, checked by openssl and by rial receipt verify, and
# exported as CASE/UCO JSON-LD that case_validate accepts.
# Everything happens under .build-demo/; the keys are test-only (examples/pki/).
set -euo pipefail
cd "$(dirname "$0")/.."
rial=${RIAL:-.build/debug/rial}
dir=.build-demo
rm -rf "$dir" && mkdir -p "$dir"

step() { printf '\n\033[1m== %s\033[0m\n$ %s\n' "$1" "$2"; }

step "1. The capture app's export, as it came off the phone (real H.264, the app's manifest with its RFC 3161 token, custody log, README)" \
  "Tests/Fixtures/AppExport/make-app-exports.sh $dir/exports; ls $dir/exports/rich"
# The fixtures script writes exports as the app does, tokens from a local TEST-ONLY TSA, and that
# TSA's throwaway PKI (root CA, investigator, TSA) next to them.
Tests/Fixtures/AppExport/make-app-exports.sh "$dir/exports" >/dev/null
mv "$dir/exports/pki" "$dir/pki"
cp -R "$dir/exports/rich" "$dir/export"
ls "$dir/export" | grep -v '^depth$'; echo "depth/  ($(ls "$dir/export/depth" | wc -l) depth keyframes)"

step "2. What rial will make of it: which file becomes what, nothing written" "rial pack $dir/export --plan"
"$rial" pack "$dir/export" --plan

step "3. Pack it as exported, and seal it (ECDSA P-256 over the exact bytes of rial/manifest.json)" \
  "rial pack $dir/export -o $dir/case.rialpkg --case DEMO-001 --sign-key pki/investigator.key --cert pki/investigator.pem --chain pki/investigator-chain.pem"
"$rial" pack "$dir/export" -o "$dir/case.rialpkg" --case DEMO-001 --organization "Demo Lab" \
  --sign-key "$dir/pki/investigator.key" --cert "$dir/pki/investigator.pem" --chain "$dir/pki/investigator-chain.pem" | grep -v ' -> '

step "4. Trusted time, offline: request, a local TSA answers, attach" "rial timestamp request / examples/pki/tsa-reply.sh / rial timestamp attach"
"$rial" timestamp request "$dir/case.rialpkg" -o "$dir/case.tsq" --quiet
examples/pki/tsa-reply.sh "$dir/pki" good "$dir/case.tsq" "$dir/case.tsr"
"$rial" timestamp attach "$dir/case.rialpkg" --token "$dir/case.tsr" --tsa-chain "$dir/pki/tsa-chain.pem" --request "$dir/case.tsq" --quiet
"$rial" inspect "$dir/case.rialpkg" | head -12

step "5. Verify it, trusting the test root for the signer and the TSAs (the app's capture-time token and the seal's), requiring both" \
  "rial verify $dir/case.rialpkg --trust pki/root-ca.pem --tsa-trust pki/root-ca.pem --require-seal --require-timestamp"
"$rial" verify "$dir/case.rialpkg" --trust "$dir/pki/root-ca.pem" --tsa-trust "$dir/pki/root-ca.pem" --require-seal --require-timestamp
echo
echo "The capture-time token, on its own line:"
"$rial" verify "$dir/case.rialpkg" --trust "$dir/pki/root-ca.pem" --tsa-trust "$dir/pki/root-ca.pem" | grep -E '(app\.timestamp|app\.media\.sha)' || true
echo
echo "The video itself, read in place by the media libraries in a confined child process, and held"
echo "against every claim about it (codec, encoded size, duration, frame count, creation time: media.*):"
"$rial" inspect "$dir/case.rialpkg" | grep -E '^ +(media|created|rotation|embedded location|make|model|software): ' || true

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

step "9. Flip one byte of the video in a copy, verify again" "rial verify $dir/tampered.rialpkg"
cp "$dir/case.rialpkg" "$dir/tampered.rialpkg"
offset=$(python3 - "$dir/tampered.rialpkg" <<'PY'
import sys, tarfile
with tarfile.open(sys.argv[1]) as t:
    print(next(m.offset_data for m in t.getmembers() if "/data/media/" in m.name) + 4096)
PY
)
printf '\x00' | dd of="$dir/tampered.rialpkg" bs=1 seek="$offset" conv=notrunc status=none
set +e
"$rial" verify "$dir/tampered.rialpkg" --trust "$dir/pki/root-ca.pem" --tsa-trust "$dir/pki/root-ca.pem"
status=$?
set -e
echo
if [ "$status" -eq 1 ]; then
  echo "The tampered copy failed verification (exit $status): the manifests name the changed video with"
  echo "both digests, the SHA-256 and SHA-512 the capture app recorded no longer match it, and the app's"
  echo "capture-time token no longer covers it. The seal itself still verifies: it signs the manifest,"
  echo "and the manifest is what the changed file contradicts."
else
  echo "UNEXPECTED: the tampered copy exited $status" >&2
  exit 1
fi

step "10. Audit the demo's packages into a ledger, then one package's history" \
  "rial audit $dir/*.rialpkg --ledger $dir/ledger.sqlite --trust root-ca.pem; rial ledger history $dir/case.rialpkg --ledger $dir/ledger.sqlite"
# Two audits: the second finds nothing new, and the history shows the case verified twice.
set +e
for audit in first second; do
  "$rial" audit "$dir"/*.rialpkg --ledger "$dir/ledger.sqlite" --run "demo-$audit" \
    --trust "$dir/pki/root-ca.pem" --tsa-trust "$dir/pki/root-ca.pem" --quiet
  echo "(exit $?: the tampered copy fails)"
done
set -e
"$rial" ledger verify --ledger "$dir/ledger.sqlite"
"$rial" ledger history "$dir/case.rialpkg" --ledger "$dir/ledger.sqlite"

step "11. A verification that is evidence itself: a signed receipt, timestamped, checked by openssl and by rial" \
  "rial verify $dir/case.rialpkg --trust pki/root-ca.pem --examiner \"A. Expert, Demo Lab\" --receipt $dir/case.receipt.json --sign-key … --cert …"
"$rial" verify "$dir/case.rialpkg" --trust "$dir/pki/root-ca.pem" --tsa-trust "$dir/pki/root-ca.pem" --examiner "A. Expert, Demo Lab" \
  --receipt "$dir/case.receipt.json" --sign-key "$dir/pki/investigator.key" --cert "$dir/pki/investigator.pem" \
  --chain "$dir/pki/investigator-chain.pem" --quiet | head -1
"$rial" timestamp request "$dir/case.receipt.json" -o "$dir/receipt.tsq" --quiet
examples/pki/tsa-reply.sh "$dir/pki" good "$dir/receipt.tsq" "$dir/receipt.tsr"
"$rial" timestamp attach "$dir/case.receipt.json" --token "$dir/receipt.tsr" --tsa-chain "$dir/pki/tsa-chain.pem" --request "$dir/receipt.tsq" --quiet
ls "$dir" | grep '^case.receipt'
echo "openssl, without rial: the report is as the examiner signed it, and names the package's sha256sum:"
openssl cms -verify -binary -inform DER -in "$dir/case.receipt.json.p7s" -content "$dir/case.receipt.json" \
  -CAfile "$dir/pki/root-ca.pem" -purpose any -out /dev/null
python3 -c 'import json,sys; s=json.load(open(sys.argv[1]))["subject"]; print("subject.sha256", s["sha256"], s["size"], "bytes")' "$dir/case.receipt.json"
sha256sum "$dir/case.rialpkg"
"$rial" receipt verify "$dir/case.receipt.json" "$dir/case.rialpkg" --trust "$dir/pki/root-ca.pem" --tsa-trust "$dir/pki/root-ca.pem" --rerun --quiet

step "12. The package and its verification in CASE/UCO, for forensic tools, validated by the CASE community's SHACL validator" \
  "rial verify $dir/case.rialpkg --format case --examiner \"A. Expert, Demo Lab\" > $dir/case.jsonld; case_validate --built-version case-1.5.0 $dir/case.jsonld"
"$rial" verify "$dir/case.rialpkg" --trust "$dir/pki/root-ca.pem" --tsa-trust "$dir/pki/root-ca.pem" --examiner "A. Expert, Demo Lab" \
  --format case --quiet > "$dir/case.jsonld"
python3 -c 'import json,sys,collections; g=json.load(open(sys.argv[1]))["@graph"]; c=collections.Counter(n["@type"] for n in g); print(len(g), "nodes:", ", ".join(f"{n} {t}" for t, n in c.most_common(8)))' "$dir/case.jsonld"
validator=.build-oracles/venv/bin/case_validate
if [ -x "$validator" ]; then
  "$validator" --built-version case-1.5.0 "$dir/case.jsonld" | head -2
else
  echo "(case_validate is not installed here: scripts/install-deps.sh --with-oracles installs it)"
fi
