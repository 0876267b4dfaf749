/// One fact, computed the first time it is asked for and kept for every later ask.
///
/// A struct held in a provider's stored property (a `final class`), not a class of its own:
/// a generic class's metadata is laid out at run time, once per value type, which every
/// `rial verify` process would pay for; a struct field of a non-generic class is laid out when
/// compiled.
///
/// Without a lock: the verifier runs its checks one after another on one thread (``Verifier``),
/// and a context is not `Sendable`, so the compiler keeps it from being shared across threads.
/// A fact whose computation asks for itself (a cycle in ``Fact/dependencies``, a programming
/// error) traps on Swift's exclusive access to the memo rather than recursing forever.
struct FactMemo<Value> {
    private let fact: Fact
    private let log: FactLog
    /// `nil` until computed; a computed optional fact that is `nil` is stored as `.some(nil)`.
    private var stored: Value?

    /// - Parameters:
    ///   - fact: what this memo holds, recorded in `log` when it is computed.
    ///   - log: the context's record of what was computed.
    init(_ fact: Fact, log: FactLog) {
        self.fact = fact
        self.log = log
    }

    /// A memo that already holds `value` (a fact a test gives), never computed.
    init(_ fact: Fact, log: FactLog, given value: Value) {
        self.init(fact, log: log)
        stored = value
    }

    /// The value, computed by `make` the first time.
    mutating func value(_ make: () -> Value) -> Value {
        if let stored { return stored }
        log.record(fact)
        let value = make()
        stored = value
        return value
    }
}
