import Foundation
import RialFormat
import RialCrypto

/// The authentication bundle another capture app of this family sends (`schema/SPEC.md` §2.2,
/// §8.5 check 14b): each of its seven keys gets a result. `image_hash` is held against the media,
/// the sealed box's layout and the indices' ranges are checked, `timestamp` against the capture
/// time, and `device_signature` is recomputed the way the app computes it; since anyone can
/// compute that digest, a match says nothing of who made the bundle, and the report says so.
/// The encrypted token and the GPS hash cannot be checked: they need the authority's key and an
/// input nobody specified.
struct AppBundleCheck: VerificationCheck {
    var needs: Set<Fact> { [.metadata, .custodyLog] }

    /// How far before the capture's start and after its end the bundle's `timestamp` may lie: the
    /// app truncates it to whole seconds and makes the bundle right after the capture (the security review:
    /// ~10 ms), so 2 s before covers truncation and clock steps, 60 s after a slow device.
    static let secondsBefore: Int64 = 2
    static let secondsAfter: Int64 = 60

    func run(_ context: VerificationContext) -> [CheckResult] {
        guard context.judgesRialParts, let path = context.appFiles[.authenticationBundle] else { return [] }
        let bundle: AppAuthenticationBundle
        do {
            guard let parsed = context.parseJSON(path) else {
                return [
                    .fail(.appBundleMalformed, path, "the capture app's authentication bundle cannot be read: it is larger than a verifier reads into memory")
                ]
            }
            bundle = try AppAuthenticationBundle(json: parsed.get(), source: path)
        } catch {
            return [.fail(.appBundleMalformed, path, "the capture app's authentication bundle cannot be read: \(error.reason)")]
        }
        var results = [imageHash(bundle, path, context)]
        switch bundle.sealedBox {
        case .failure(let error): results.append(.fail(.appBundleTokenMalformed, path, "\(error.reason): it is not the sealed box the app sends"))
        case .success:
            results.append(
                .notChecked(
                    .appBundleToken, path,
                    "encrypted_nuc_token is shaped as an AES-GCM sealed box, nonce (12) ‖ ciphertext (64) ‖ tag (16) = 92 bytes; what it encrypts is NOT CHECKED: opening it needs the authority's key"
                ))
        }
        if let problem = bundle.indexProblem {
            results.append(
                .fail(.appBundleIndicesRange, path, "\(problem): table_references holds 3 table ids in 0–2499 and key_indices 3 key indices in 0–999"))
        } else {
            results.append(
                .pass(
                    .appBundleIndices, path,
                    "table_references \(bundle.tableReferences.map(String.init).joined(separator: ", ")) (0–2499) and key_indices \(bundle.keyIndices.map(String.init).joined(separator: ", ")) (0–999) are in range; which table and key they name is the authority's to say"
                ))
        }
        results.append(time(bundle, path, context))
        if let gps = bundle.gpsHash {
            results.append(
                .notChecked(
                    .appBundleGPSHash, path,
                    "gps_hash is 64 hex digits (\(gps.prefix(12))…), but what it hashes is not specified, so it cannot be recomputed from the metadata's location: NOT CHECKED"
                ))
        } else {
            results.append(.notPresent(.appBundleGPSHash, path, "gps_hash is null: the app hashed no location"))
        }
        results.append(signature(bundle, path))
        results.append(
            .notChecked(
                .appBundleAuthenticity, path,
                "who made the bundle is NOT CHECKED: its device_signature is a SHA-256 anyone holding the bundle can compute, not a signature with a key; nothing in the bundle is signed"
            ))
        return results
    }

    private func imageHash(_ bundle: AppAuthenticationBundle, _ path: String, _ context: VerificationContext) -> CheckResult {
        let claimed = bundle.imageHash.lowercased()
        let media = context.payloadPaths(under: PackageLayout.mediaDirectory)
        let digests = media.compactMap { file in context.inventory.files[file]?.digests[.sha256].map { (file, $0) } }
        guard !digests.isEmpty else {
            return .notChecked(
                .appBundleImageHash, path, "image_hash cannot be held against the media: the package holds none (a hash-only package withholds it)")
        }
        if let (file, _) = digests.first(where: { $0.1 == claimed }) {
            return .pass(.appBundleImageHash, path, "image_hash is the SHA-256 of \(file)")
        }
        return .fail(
            .appBundleImageHashMismatch, path,
            "image_hash is not the SHA-256 of the media: the bundle was made for other bytes, or the media or the bundle was changed",
            expected: digests.map(\.1).joined(separator: ", "), actual: bundle.imageHash)
    }

    private func time(_ bundle: AppAuthenticationBundle, _ path: String, _ context: VerificationContext) -> CheckResult {
        guard let (start, end, source) = Self.captureWindow(context) else {
            return .notChecked(
                .appBundleTime, path,
                "timestamp \(bundle.timestamp) (Unix seconds) cannot be held against the capture time: the package states none (no captured_at or started_at in the app's metadata, no RECORDING_START in its custody log)"
            )
        }
        let earliest = start.seconds - Self.secondsBefore
        let latest = end.seconds.addingReportingOverflow(Self.secondsAfter).partialValue + (end.nanoseconds > 0 ? 1 : 0)
        let shown = Self.shown(bundle.timestamp)
        let window = "\(Timestamp(seconds: earliest).rfc3339) to \(Timestamp(seconds: latest).rfc3339)"
        if bundle.timestamp >= earliest, bundle.timestamp <= latest {
            return .pass(
                .appBundleTime, path, "timestamp \(shown) lies within \(Self.secondsBefore) s before and \(Self.secondsAfter) s after the capture (\(source))")
        }
        return .fail(
            .appBundleTimeMismatch, path,
            "timestamp \(shown) does not lie within \(Self.secondsBefore) s before and \(Self.secondsAfter) s after the capture (\(source)): the bundle was not made for this capture, or a clock is wrong",
            expected: window, actual: shown)
    }

    /// The Unix seconds as written, with their RFC 3339 form when they lie in the years 0000 to
    /// 9999 (a hostile value outside them is shown as a number only, never converted).
    static func shown(_ seconds: Int64) -> String {
        guard (-62_167_219_200...253_402_300_799).contains(seconds) else { return String(seconds) }
        return "\(seconds) (\(Timestamp(seconds: seconds).rfc3339))"
    }

    /// When the capture began and ended: the app's metadata (`captured_at` of a photo,
    /// `started_at`/`ended_at` of a video), else its custody log's RECORDING_START/COMPLETE.
    static func captureWindow(_ context: VerificationContext) -> (Timestamp, Timestamp, String)? {
        if let metadata = context.metadataSources?.parsedApp, let start = metadata.captureTime {
            let key = metadata.type == "photo" ? "captured_at" : "started_at"
            if metadata.type != "photo", let end = metadata.endedAt, end >= start {
                return (start, end, "started_at to ended_at of \(context.appPath(.metadata))")
            }
            return (start, start, "\(key) of \(context.appPath(.metadata))")
        }
        if case .success(let entries)? = context.custodyLog?.appLog,
            let start = entries.first(where: { $0.action == .recordingStart })?.timestamp
        {
            let end = entries.first(where: { $0.action == .recordingComplete })?.timestamp
            if let end, end >= start { return (start, end, "RECORDING_START to RECORDING_COMPLETE of the app's custody log") }
            return (start, start, "RECORDING_START of the app's custody log")
        }
        return nil
    }

    private func signature(_ bundle: AppAuthenticationBundle, _ path: String) -> CheckResult {
        let expected: String?
        do {
            expected = try bundle.expectedDeviceSignature { try StreamingDigest.digest(.sha256, of: $0) }
        } catch {
            return .notChecked(.appBundleDeviceSignature, path, "device_signature cannot be recomputed: SHA-256 is not available (\(error))")
        }
        guard let expected else {
            return .notChecked(
                .appBundleDeviceSignature, path,
                "device_signature cannot be recomputed: the app's formula hashes one table id and one key index (each repeated 3 times) and the sealed box's base64, and this bundle's differ or its token does not decode"
            )
        }
        if expected == bundle.deviceSignature {
            return .pass(
                .appBundleDeviceSignature, path,
                "device_signature recomputed: base64(SHA-256(image_hash ‖ base64(sealed box) ‖ table id ‖ key index ‖ timestamp)), as the app computes it. It is a digest anyone can compute, not a signature: it shows the bundle's values hang together, not who made them"
            )
        }
        return .fail(
            .appBundleDeviceSignatureMismatch, path,
            "device_signature is not base64(SHA-256(image_hash ‖ base64(sealed box) ‖ table id ‖ key index ‖ timestamp)) of the bundle's own values: a value was changed after the app computed it",
            expected: expected, actual: bundle.deviceSignature)
    }
}
