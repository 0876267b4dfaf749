import RialFormat

/// `Payload-Oxum` in `bag-info.txt` states the payload's total bytes and file count; they must
/// equal what the input holds. Required in a package, optional in a plain bag.
struct PayloadOxumCheck: VerificationCheck {
    var needs: Set<Fact> { [.bagInfo] }

    func run(_ context: VerificationContext) -> [CheckResult] {
        let subject = "bag-info.txt: Payload-Oxum"
        guard case .success(let info)? = context.bagInfo else {
            return [
                context.profile == .package
                    ? .notChecked(.bagPayloadOxum, subject, "bag-info.txt is missing or unreadable (reported under bag.info)")
                    : .notPresent(.bagPayloadOxum, subject, "the bag has no readable bag-info.txt")
            ]
        }
        let values = info.values("Payload-Oxum")
        guard !values.isEmpty else {
            return [
                context.profile == .package
                    ? .fail(.bagPayloadOxumMissing, subject, "the package's bag-info.txt has no Payload-Oxum")
                    : .notPresent(.bagPayloadOxum, subject, "the bag declares no Payload-Oxum")
            ]
        }
        guard values.count == 1, let stated = PayloadOxum(values[0]) else {
            return [
                .fail(
                    .bagPayloadOxumMalformed, subject, "Payload-Oxum must appear once as OCTETS.COUNT",
                    actual: QuotedValue.excerpt(values.joined(separator: ", ")))
            ]
        }
        let payload = context.payloadPaths.compactMap { context.inventory.files[$0] }
        let actual = PayloadOxum(octets: payload.reduce(UInt64(0)) { $0 &+ $1.size }, fileCount: UInt64(payload.count))
        guard stated == actual else {
            return [
                .fail(
                    .bagPayloadOxumMismatch, subject, "the payload's size or file count differs from Payload-Oxum",
                    expected: stated.description, actual: actual.description)
            ]
        }
        return [.pass(.bagPayloadOxum, subject, "\(actual.octets) bytes in \(actual.fileCount) payload files, as stated")]
    }
}
