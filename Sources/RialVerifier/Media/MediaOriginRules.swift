import Foundation
import RialFormat
import RialMedia

/// The capture app's metadata `location` and `device_model` held against what the media itself
/// records of where and on what it was made (`schema/SPEC.md` §8.5 check 15a): its embedded GPS
/// position (QuickTime ISO 6709, EXIF GPS) and its model tag (`com.apple.quicktime.model`,
/// `©mod`, EXIF `Model`). A claim the media cannot answer is NOT CHECKED naming the key, never
/// passed: the key is not otherwise listed (§8.5 check 14c).
struct MediaOriginRules {
    /// The media's facts, or `nil` with why they are not there (not examined, unreadable, …).
    let facts: Result<MediaFacts, Unexamined>
    /// The media file, for the messages.
    let path: String
    /// The app's metadata file, the subject of every result.
    let subject: String
    let location: AppMetadata.Location?
    let deviceModel: String?
    /// A photo's `captured_at`: held against the media by ``MediaClaimRules`` when it was read,
    /// said NOT CHECKED here when it was not.
    var capturedAt: Timestamp? = nil

    /// Why the media's facts are not there, said in the NOT CHECKED message.
    struct Unexamined: Error { let reason: String }

    /// How far apart, in degrees of latitude and (separately) of longitude, the two positions may
    /// be: QuickTime writes ISO 6709 to 4 decimals (±0.00005°, ≈ 5.6 m), EXIF in rational
    /// degrees-minutes-seconds, and the app's fix and the camera's may be taken moments apart;
    /// 0.0005° is ≈ 55 m north–south (less east–west away from the equator).
    static let degreeTolerance = 0.0005
    /// Absorbs binary floating point at the edge: 0.0005 apart as written is within.
    static let epsilon = 1e-9

    func results() -> [CheckResult] {
        [locationResult(), modelResult(), captureTimeUnexamined()].compactMap { $0 }
    }

    private func captureTimeUnexamined() -> CheckResult? {
        guard let captured = capturedAt, case .failure(let why) = facts else { return nil }
        return .notChecked(.mediaStartTime, subject, "captured_at \(captured.rfc3339) is not held against the media: \(why.reason)")
    }

    private func locationResult() -> CheckResult? {
        guard let claimed = location else { return nil }
        let stated = "location \(Self.degrees(claimed.latitude)), \(Self.degrees(claimed.longitude))"
        let facts: MediaFacts
        switch self.facts {
        case .failure(let why): return .notChecked(.mediaLocation, subject, "\(stated) is not held against the media: \(why.reason)")
        case .success(let read): facts = read
        }
        guard let embedded = facts.location else {
            return .notChecked(.mediaLocation, subject, "\(stated) is stated, but \(path) carries no embedded position to hold it against")
        }
        let dLat = abs(claimed.latitude - embedded.latitude)
        let rawLng = abs(claimed.longitude - embedded.longitude)
        let dLng = min(rawLng, 360 - rawLng)
        let media = "\(Self.degrees(embedded.latitude)), \(Self.degrees(embedded.longitude))"
        if dLat <= Self.degreeTolerance + Self.epsilon, dLng <= Self.degreeTolerance + Self.epsilon {
            return .pass(
                .mediaLocation, subject, "\(stated) agrees with \(path)'s embedded position \(media) (\(embedded.tag); within \(Self.degreeTolerance)° of each)"
            )
        }
        return .fail(
            .mediaLocationMismatch, subject, "the stated location is farther than \(Self.degreeTolerance)° from \(path)'s embedded position (\(embedded.tag))",
            expected: media, actual: "\(Self.degrees(claimed.latitude)), \(Self.degrees(claimed.longitude))")
    }

    private func modelResult() -> CheckResult? {
        guard let claimed = deviceModel else { return nil }
        let stated = "device_model \"\(Escaping.visible(String(claimed.prefix(128))))\""
        let facts: MediaFacts
        switch self.facts {
        case .failure(let why): return .notChecked(.mediaDeviceModel, subject, "\(stated) is not held against the media: \(why.reason)")
        case .success(let read): facts = read
        }
        guard let model = facts.model, !Self.normalised(model.text).isEmpty else {
            return .notChecked(.mediaDeviceModel, subject, "\(stated) is stated, but \(path) names no device model to hold it against")
        }
        if Self.normalised(claimed) == Self.normalised(model.text) {
            return .pass(.mediaDeviceModel, subject, "\(stated) is the model \(path) names (\(model.tag); trimmed, case ignored)")
        }
        // A hardware identifier ("iPhone16,1") and a marketing name ("iPhone 15 Pro") name the
        // same phone in two schemes; rial has no table between them, so two schemes are not a
        // contradiction, only not comparable.
        if Self.isHardwareIdentifier(claimed) != Self.isHardwareIdentifier(model.text) {
            return .notChecked(
                .mediaDeviceModel, subject,
                "\(stated) and the model \(path) names (\(model.tag) \"\(Escaping.visible(String(model.text.prefix(128))))\") are in different naming schemes (a hardware identifier and a product name), which rial does not map onto each other"
            )
        }
        return .fail(
            .mediaDeviceModelMismatch, subject, "the stated device_model is not the model \(path) names (\(model.tag))",
            expected: model.text, actual: claimed)
    }

    /// Whether `text` is a hardware identifier such as `iPhone16,1` or `iPad13,4`: letters, then
    /// digits, a comma, digits, with no space.
    static func isHardwareIdentifier(_ text: String) -> Bool {
        text.trimmingCharacters(in: .whitespacesAndNewlines).wholeMatch(of: /[A-Za-z]+[0-9]+,[0-9]+/) != nil
    }

    /// The comparison form of a model: white space trimmed at both ends, case folded.
    static func normalised(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    /// Degrees to six decimals (≈ 0.1 m), enough to show a difference at the tolerance.
    static func degrees(_ value: Double) -> String {
        guard value.isFinite, abs(value) <= 360 else { return "?" }
        let micro = (value * 1_000_000).rounded()
        let sign = micro < 0 ? "-" : ""
        let magnitude = Int64(abs(micro))
        let whole = magnitude / 1_000_000
        let fraction = String(magnitude % 1_000_000)
        return sign + String(whole) + "." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }
}
