import RialFormat

extension ReadmeText {
    /// README.txt's step 9 (`schema/SPEC.md` §5.5, §11): the capture app's digests and RFC 3161
    /// tokens held against the media, with `sha256sum -c`, `sha512sum -c` and `openssl ts
    /// -verify`. The values are read out of the app's manifest inside the package by the
    /// commands themselves, never copied into README.txt: the examiner compares the media with
    /// what the app wrote, not with what rial says the app wrote.
    ///
    /// Only a package made from an export whose forensic manifest and media it holds gets the
    /// step; its `data/` cannot change after packing, so the step holds for the package's life.
    struct AppManifestStep: Sendable, Equatable {
        /// The app's forensic manifest in the package, e.g. `data/capture/recording_1.manifest.json`.
        let manifestPath: String
        /// The media the manifest describes, e.g. `data/media/recording_1.mp4`.
        let mediaPath: String
        /// Whether the manifest lists at least one token: the step then checks each, and
        /// otherwise shows there is none.
        let hasTokens: Bool

        /// The step for the capture as it is packed, or `nil` when it holds no forensic manifest
        /// or no media the manifest can be held against (a hash-only package withholds it).
        /// - Parameters:
        ///   - capture: the files that are packed.
        ///   - claim: the manifest as read while packing, when it could be read.
        static func make(capture: CaptureDirectory, claim: AppDigestClaim?) -> AppManifestStep? {
            guard let manifest = capture.appFile(.forensicManifest) else { return nil }
            let media = capture.files.map(\.bagPath.rawValue).filter { $0.hasPrefix(PackageLayout.mediaDirectory) }
            // The one the manifest names; else the export's one media (a renamed recording).
            guard let mediaPath = media.first(where: { $0 == claim?.mediaPath }) ?? (media.count == 1 ? media.first : nil) else { return nil }
            // A manifest that could not be read may still hold tokens: the loop finds them.
            return AppManifestStep(
                manifestPath: manifest.bagPath.rawValue, mediaPath: mediaPath,
                hasTokens: claim.map { !$0.manifest.tokens.isEmpty } ?? true)
        }

        /// The step, ending with a blank line.
        var text: String {
            let tokens =
                hasTokens
                ? """
                   The app's timestamp tokens. Each "token" is the base64 of the DER
                   TimeStampResp a time-stamping authority (TSA) returned to the app (JSON
                   writes its / as \\/, and tr removes the \\). Check every one over the media
                   against the root of a TSA you trust, obtained yourself (tsa-root.pem may
                   hold several); each must say "Verification: OK", and the time printed
                   after it is when the TSA saw the media's digest:

                       n=0
                       for t in $(grep -o '"token" *: *"[^"]*"' "$app" | cut -d'"' -f4 | tr -d '\\\\'); do
                         n=$((n+1)); echo "token $n:"
                         printf '%s' "$t" | base64 -d > ../app-token-$n.tsr
                         openssl ts -verify -data "$media" -in ../app-token-$n.tsr -CAfile tsa-root.pem
                         openssl ts -reply -in ../app-token-$n.tsr -text | grep -e 'Time stamp:' -e 'TSA:'
                       done

                   A token whose TSA you hold no root for fails with a certificate error:
                   not trusted by you, which is not the same as false. If a token lacks the
                   TSA's intermediate certificates, add -untrusted with a file of them; a
                   bare TimeStampToken (not a response) is read with -token_in instead of
                   -in; on macOS before 13, base64 -d is base64 -D.
                """
                : """
                   The app's manifest lists no timestamp token ("timestampTokens" absent or
                   empty): nothing from a time-stamping authority shows when the media
                   existed. This prints 0:

                       grep -c '"token" *:' "$app"
                """
            return """
                9. The capture app's own claims. The package was made from the capture
                   app's export: $app below is the app's forensic manifest, $media the
                   recording it describes. The manifest holds the SHA-256 and SHA-512 the
                   app computed of the recording ("sha256Hash", "sha512Hash") and the
                   RFC 3161 timestamp tokens it obtained for it ("timestampTokens"). Steps
                   3 to 5 showed that both files are the ones packed; this step checks that
                   the media is the one the app hashed and had stamped:

                       app=\(ShellWord.singleQuoted(manifestPath))
                       media=\(ShellWord.singleQuoted(mediaPath))

                   The app's digests. The commands read each value out of the manifest
                   (grep -o finds "key" : "value" however the JSON is spaced; a value that
                   is missing, not lowercase hex or given twice makes the line say FAILED)
                   and give it to sha256sum -c and sha512sum -c; both must say OK:

                       want=$(grep -o '"sha256Hash" *: *"[0-9a-f]*"' "$app" | cut -d'"' -f4 | tr -d '\\n')
                       echo "$want  $media" | sha256sum -c || echo "sha256Hash: FAILED"
                       want=$(grep -o '"sha512Hash" *: *"[0-9a-f]*"' "$app" | cut -d'"' -f4 | tr -d '\\n')
                       echo "$want  $media" | sha512sum -c || echo "sha512Hash: FAILED"

                \(tokens)


                """
        }
    }
}
