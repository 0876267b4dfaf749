import RialFormat
import RialCrypto

/// The tag files of a package, by path relative to the bag, and its top-level directory.
package struct PackageTagFiles: Sendable {
    /// The last event of a custody log: what the next one links to.
    package struct CustodyHead: Sendable {
        package let seq: Int64
        /// SHA-256 of the event file, lowercase hex.
        package let sha256: String
        /// The event, when it parses.
        package let event: CustodyEvent?
    }

    package let root: String
    package let files: [String: [UInt8]]

    /// The highest-numbered custody event file; `nil` when the package has none.
    package var custodyHead: CustodyHead? {
        let events = files.compactMap { path, bytes -> (Int64, [UInt8])? in
            guard case (let seq, .event)? = CustodyLogLayout.parse(path) else { return nil }
            return (seq, bytes)
        }
        guard let (seq, bytes) = events.max(by: { $0.0 < $1.0 }),
            let digest = try? StreamingDigest.digest(.sha256, of: bytes)
        else { return nil }
        let event = try? CustodyEvent(json: StrictJSONParser.parse(bytes), path: CustodyLogLayout.eventPath(seq: seq))
        return CustodyHead(seq: seq, sha256: Hex.encode(digest), event: event)
    }
}
