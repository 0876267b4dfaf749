import RialFormat

/// A custody event to append, before the log gives it its number, id and link.
public struct CustodyEventDraft: Sendable, Hashable {
    /// What happened; one of `CustodyAction.appendable`.
    public var action: CustodyAction
    /// Who did it. With a signer, the name and organisation may be left out: the
    /// certificate's CN and O fill them, and must agree when given.
    public var actor: CustodyActor?
    /// What was done, in a sentence (one line); may be empty.
    public var details: String
    /// Where it happened.
    public var location: String?
    /// When it happened; `nil` for the time of appending. Not before the last event, not in
    /// the future.
    public var time: Timestamp?

    /// - Parameters:
    ///   - action: what happened.
    ///   - actor: who did it; `nil` only when a signer names the actor.
    ///   - details: what was done, in a sentence.
    ///   - location: where it happened.
    ///   - time: when it happened; `nil` for now.
    public init(action: CustodyAction, actor: CustodyActor?, details: String = "", location: String? = nil, time: Timestamp? = nil) {
        self.action = action
        self.actor = actor
        self.details = details
        self.location = location
        self.time = time
    }
}
