/// Every event's signature valid over the event's bytes, made by the event's actor, with a
/// certificate trusted at the right time; an unsigned appended event is NOT PRESENT. The
/// signatures were judged once, while the context was built (``CustodySignatureJudgement``),
/// because the seal-record check and the report's summary need their outcome too.
struct CustodySignatureCheck: CustodyLogCheck {
    func run(_ log: CustodyLog, _ context: VerificationContext) -> [CheckResult] {
        log.files.flatMap { context.custodySignatures[$0.seq]?.results ?? [] }
    }
}
