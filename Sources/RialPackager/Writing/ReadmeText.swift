import RialFormat

/// `README.txt`: how a person checks the package with standard tools alone (`schema/SPEC.md`
/// §5.5), and what those steps leave to rial.
enum ReadmeText {
    /// - Parameters:
    ///   - hashOnly: the package withholds its media (`rial pack --hash-only`), so step 4 says
    ///     data/ may be empty and how to check a copy of the media.
    ///   - appManifest: the capture app's forensic manifest and the media it describes, when the
    ///     package holds both: step 9 then checks the app's digests and tokens over the media.
    static func make(packageID: PackageID, hashOnly: Bool = false, appManifest: AppManifestStep? = nil) -> String {
        let id = packageID.rawValue
        let step4 =
            hashOnly
            ? """
            4. Check the payload (everything under data/) against the manifests that
               step 3 vouched for. Every line must say OK:

                   sha256sum -c manifest-sha256.txt
                   sha512sum -c manifest-sha512.txt

               This package is hash-only: it withholds the media, depth maps and
               frames, so data/ holds at most some of the capture app's small files
               and may be empty (sha256sum -c then finds no lines to check). The
               media's SHA-256 is "mediaHash" in rial/hash_only_payload.json, which
               step 3 vouched for; a copy of the media is the one it names if
               sha256sum MEDIA-FILE prints that value.
            """
            : """
            4. Check the payload (everything under data/) against the manifests that
               step 3 vouched for. Every line must say OK:

                   sha256sum -c manifest-sha256.txt
                   sha512sum -c manifest-sha512.txt

               Without coreutils: openssl dgst -sha256 FILE, compared by eye.
            """
        return """
            Rial evidence package \(id)
            ================================================================

            This file is part of a .rialpkg evidence package: an uncompressed POSIX tar
            archive holding one directory, \(id)/, which is a BagIt 1.0 bag (RFC 8493).
            The format is specified in schema/SPEC.md of the rial toolkit. Everything
            below uses standard tools only: tar, sha256sum, sha512sum and openssl, with
            sh, sed, grep, cut, sort, diff and base64.

            1. Unpack into a new, empty directory:

                   mkdir check && tar -xf PACKAGE.rialpkg -C check && cd check/\(id)

            2. The package's fingerprint is the SHA-256 of rial/manifest.json. Compare it
               with the one recorded in the case file or custody notes:

                   sha256sum rial/manifest.json

            3. rial/manifest.json lists every file that carries evidence or a claim, with
               its size, SHA-256 and SHA-512. Check every file it lists outside data/
               (each record's "sha256" is four lines below its "path"); every line must
               say OK:

                   for f in $(sed -n 's/^ *"path": "\\([^"]*\\)",$/\\1/p' rial/manifest.json | grep -v '^data/'); do
                     want=$(grep -A4 "\\"path\\": \\"$f\\"" rial/manifest.json | sed -n 's/.*"sha256": "\\([0-9a-f]*\\)".*/\\1/p')
                     got=$(sha256sum "$f" | cut -d' ' -f1)
                     [ -n "$want" ] && [ "$want" = "$got" ] && echo "$f: OK" || echo "$f: FAILED"
                   done

            \(step4)

            5. Check that nothing was added: every file under data/ must be listed. It
               must say "nothing added" (diff marks an added file < and a missing one >):

                   find data -type f | sort > ../found.txt
                   cut -c67- manifest-sha256.txt | sort > ../listed.txt
                   diff ../found.txt ../listed.txt && echo "nothing added" || echo "data/: FAILED"

            The tag manifests (tagmanifest-sha256.txt, tagmanifest-sha512.txt) also
            cover rial/manifest.json and the files appended later; a BagIt validator
            checks them:  sha256sum -c tagmanifest-sha256.txt

            6. If rial/seal/manifest.p7s is present, the package is sealed: a detached
               CMS signature (ECDSA P-256, SHA-256) over the exact bytes of
               rial/manifest.json, with the signer's certificate and chain inside. Check
               it against a trust anchor you obtained yourself (never one taken from the
               package); it must say "Verification successful":

                   openssl cms -verify -binary -inform DER -in rial/seal/manifest.p7s \\
                     -content rial/manifest.json -CAfile trust.pem -purpose any -out /dev/null

               Who signed:  openssl cms -cmsout -print -inform DER -in rial/seal/manifest.p7s
               (rial additionally requires the low-S form of the ECDSA signature).

               If rial/seal/manifest.p7s is absent, the package is not sealed: skip
               steps 6 and 7.

            7. If rial/seal/manifest.tsr is present, it is an RFC 3161 timestamp over the
               seal's signature value (the last OCTET STRING of manifest.p7s). Check it
               against the time-stamping authority's root; it must say "Verification: OK".
               The TSA's certificates travel inside the token, in rial/seal/tsa-chain.pem
               or in both; the commands give that file to openssl if, and only if, it
               is present:

                   off=$(openssl asn1parse -inform DER -in rial/seal/manifest.p7s | grep 'prim: OCTET STRING' | tail -1 | cut -d: -f1)
                   openssl asn1parse -inform DER -in rial/seal/manifest.p7s -strparse $off -noout -out ../signature-value.bin
                   digest=$(sha256sum ../signature-value.bin | cut -d' ' -f1)
                   if [ -f rial/seal/tsa-chain.pem ]; then
                     openssl ts -verify -digest "$digest" -in rial/seal/manifest.tsr \\
                       -CAfile tsa-root.pem -untrusted rial/seal/tsa-chain.pem
                   else
                     openssl ts -verify -digest "$digest" -in rial/seal/manifest.tsr \\
                       -CAfile tsa-root.pem
                   fi
                   openssl ts -reply -in rial/seal/manifest.tsr -text     # genTime, TSA

               If rial/seal/manifest.tsr is absent, the seal has no timestamp: skip
               this step.

               When the token is valid and its TSA trusted, rial judges every certificate
               at genTime (RFC 3161 Appendix B), so a seal stays valid after its
               certificate expires; otherwise at the time of verification. To do so with
               openssl, add  -attime SECONDS  to the openssl cms and openssl ts -verify
               commands, where SECONDS is genTime as printed above, converted with
               date -u -d 'Nov 22 10:15:00 2026 GMT' +%s.

            8. rial/custody/ is the chain of custody: one file per event, 000001.json,
               000002.json, ... Each event's "previous" is the SHA-256 of the event file
               before it, and the first event's is the SHA-256 of rial/manifest.json, so
               an event edited, removed, inserted or reordered breaks a link. Every line
               must say OK; the head printed last must equal the one recorded at the
               last hand-over (dropping the newest events leaves no other trace):

                   prev=$(sha256sum rial/manifest.json | cut -d' ' -f1)
                   for f in rial/custody/[0-9]*.json; do
                     grep -q "\\"previous\\": \\"$prev\\"" "$f" && echo "$f: OK" || echo "$f: BROKEN"
                     prev=$(sha256sum "$f" | cut -d' ' -f1)
                   done; echo "head: $prev"

               No event may be dated before the one above it (equal times are allowed).
               The events' times, in order, must say "in time order" (sort names the
               first line out of order: line N is event N):

                   sed -n 's/^ *"timestamp": "\\(.*\\)Z",$/\\1/p' rial/custody/[0-9]*.json | LC_ALL=C sort -c && echo "in time order" || echo "time order: FAILED"

               A signed event has its detached signature beside it (000006.p7s beside
               000006.json). Check every one as in step 6, against a trust anchor you
               obtained yourself; each must say "Verification successful", and the
               certificate must be the actor's. If no event is signed (no .p7s file in
               rial/custody/), the loop prints nothing:

                   for s in rial/custody/[0-9]*.p7s; do
                     [ -f "$s" ] || continue
                     echo "$s:"
                     openssl cms -verify -binary -inform DER -in "$s" \\
                       -content "${s%.p7s}.json" -CAfile trust.pem -purpose any -out /dev/null
                   done

            \(appManifest?.text ?? "")Files under rial/custody/ and rial/seal/ stand outside rial/manifest.json
            (the seal is made from it; custody events and timestamps are appended
            later) and protect themselves by their own links.
            A path containing '%', CR or LF is written in the manifests as %25, %0D, %0A
            (RFC 8493 section 2.1.3); sha256sum -c reports such a file as missing.

            What these steps leave to rial. They check the bytes of every file, the
            seal and its timestamp, the custody log's links, signatures and time order,
            and (step 9, in a package made from the capture app's export) the app's
            digests and timestamp tokens over the media. rial verify checks all of that
            in one pass without unpacking, and also what they do not:
              - the archive's form (entry types, names, headers) and every tag file
                byte for byte: bag-info.txt's fields, rial/manifest.json's records,
                sizes and SHA-512 values, the package id;
              - the frame hash chain (rial/chain.json, or the capture app's): its
                checkpoints and final hash, and its links recomputed wherever the
                frames are kept (schema/SPEC.md section 11 gives a python3 script for
                rial/chain.json);
              - the custody log beyond its links and order: numbering, ids, times
                in the future, the imported events against the capture app's log,
                the packing event's time, that each signer is the event's actor;
              - certificates judged at the timestamp's time, low-S signatures, and
                the hash algorithm of each timestamp's imprint;
              - the capture app's claims: the media's size, each token's time
                against the recording's end and the packing, its hash chain and
                metadata against each other and against the media, the form of its
                App Attest assertion, and the privacy levels it declared;
              - the media itself: that it reads as the video or photo it claims to
                be, and agrees with what the capture app says about it.

                   rial verify PACKAGE.rialpkg

            """
    }
}
