/// Which facts a context computed, in the order they were first asked for: what the laziness
/// tests read (a check that does not need the seal leaves ``Fact/seal`` out of it).
final class FactLog {
    /// The facts computed so far, in order.
    private(set) var computed: [Fact] = []

    func record(_ fact: Fact) { computed.append(fact) }
}
