import RialFormat
import RialCrypto
@testable import RialVerifier

/// The custody log's files, written and edited one thing at a time.
extension InventoryBuilder {
    static func eventPath(_ seq: Int64) -> String { CustodyLogLayout.eventPath(seq: seq) }
    static func signaturePath(_ seq: Int64) -> String { CustodyLogLayout.signaturePath(seq: seq) }

    /// The seqs of the event files present, in order.
    var eventSeqs: [Int64] {
        files.keys.compactMap { path in CustodyLogLayout.parse(path).flatMap { $0.kind == .event ? $0.seq : nil } }.sorted()
    }

    /// The event stored as `seq`, parsed.
    func event(_ seq: Int64) throws -> CustodyEvent {
        let path = Self.eventPath(seq)
        guard let bytes = files[path] else { throw BuilderError("no \(path)") }
        return try CustodyEvent(json: StrictJSONParser.parse(bytes), path: path)
    }

    /// The SHA-256 of the event file stored as `seq`.
    func eventSHA256(_ seq: Int64) -> String? { files[Self.eventPath(seq)].map(Self.sha256) }

    /// Writes `event` as its seq's file, and its signature when `identity` signs.
    /// - Returns: the event file's SHA-256, what the next event links to.
    @discardableResult
    mutating func write(_ event: CustodyEvent, signedBy identity: TestIdentity?) throws -> String {
        let bytes = event.bytes()
        files[Self.eventPath(event.seq)] = bytes
        if let identity { files[Self.signaturePath(event.seq)] = try identity.sign(bytes) }
        return Self.sha256(bytes)
    }

    /// Appends an event linked to the head, as `rial custody append` does: signed by
    /// `identity` (whose certificate then names the actor), or unsigned by `actor`.
    mutating func appendEvent(
        _ action: CustodyAction = .transferred, at time: Timestamp, by identity: TestIdentity? = nil,
        actor: CustodyActor = CustodyActor(name: "John Doe", role: "courier"), details: String = "handed over"
    ) throws {
        guard let head = eventSeqs.last, let previous = eventSHA256(head) else { throw BuilderError("no event to append to") }
        let event = CustodyEvent(
            seq: head + 1, id: UUIDText.random(), timestamp: time, action: action, actor: identity?.actor ?? actor,
            details: details, packageID: try PackageID(Self.packageID), previous: previous)
        try write(event, signedBy: identity)
    }

    /// Edits event `seq` and writes it back; its signature file, if any, is left as it was.
    /// - Parameter relink: re-make the `previous` links of the events after it, as a rewriting
    ///   attacker would (their signatures then no longer match).
    mutating func editEvent(_ seq: Int64, relink: Bool = false, _ edit: (inout CustodyEvent) throws -> Void) throws {
        var event = try event(seq)
        try edit(&event)
        files[Self.eventPath(seq)] = event.bytes()
        guard relink else { return }
        var previous = eventSHA256(seq)
        for later in eventSeqs where later > seq {
            var next = try self.event(later)
            next.previous = previous ?? next.previous
            files[Self.eventPath(later)] = next.bytes()
            previous = eventSHA256(later)
        }
    }

    /// Removes event `seq` and, unless told otherwise, its signature.
    mutating func removeEvent(_ seq: Int64, withSignature: Bool = true) {
        files[Self.eventPath(seq)] = nil
        if withSignature { files[Self.signaturePath(seq)] = nil }
    }

    /// Stores the event file (and signature) of `seq` under `newSeq`'s names, bytes unchanged.
    mutating func moveEvent(_ seq: Int64, to newSeq: Int64) {
        let event = files.removeValue(forKey: Self.eventPath(seq))
        let signature = files.removeValue(forKey: Self.signaturePath(seq))
        files[Self.eventPath(newSeq)] = event
        files[Self.signaturePath(newSeq)] = signature
    }

    /// Swaps the files (events and signatures) stored as `a` and `b`.
    mutating func swapEvents(_ a: Int64, _ b: Int64) {
        for path in [Self.eventPath, Self.signaturePath] {
            let first = files[path(a)]
            files[path(a)] = files[path(b)]
            files[path(b)] = first
        }
    }
}
