/// One fact, computed the first time it is asked for and kept for every later ask.
///
/// Not `Sendable`, and so without a lock: the verifier runs its checks one after another on
/// one thread (``Verifier``), and the compiler keeps a context from being shared across
/// threads. A fact whose computation asks for itself is a cycle in ``Fact/dependencies``: a
/// programming error, stopped here rather than recursing forever.
final class FactMemo<Value> {
    private enum State {
        case pending
        case computing
        case computed(Value)
    }

    private let fact: Fact
    private let log: FactLog
    private var state = State.pending

    /// - Parameters:
    ///   - fact: what this memo holds, recorded in `log` when it is computed.
    ///   - log: the context's record of what was computed.
    init(_ fact: Fact, log: FactLog) {
        self.fact = fact
        self.log = log
    }

    /// A memo that already holds `value` (a fact a test gives), never computed.
    convenience init(_ fact: Fact, log: FactLog, given value: Value) {
        self.init(fact, log: log)
        state = .computed(value)
    }

    /// The value, computed by `make` the first time.
    func value(_ make: () -> Value) -> Value {
        switch state {
        case .computed(let value):
            return value
        case .computing:
            preconditionFailure("the fact \(fact) depends on itself")
        case .pending:
            state = .computing
            log.record(fact)
            let value = make()
            state = .computed(value)
            return value
        }
    }
}
