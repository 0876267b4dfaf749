import RialVerifier

/// Where an audit says what happens while it runs, as it happens: the command line prints each
/// verification's line and the notes, a test collects them.
package protocol AuditEvents: AnyObject {
    /// One input verified; called in input order, on the thread that runs the audit.
    /// - Parameters:
    ///   - report: its report.
    ///   - elapsed: seconds it took.
    func verified(_ report: VerificationReport, elapsed: Double)

    /// Something whoever runs the audit should read, which does not stop it (a temporary file
    /// found in the store, a broken ledger extended as asked, a receipt that could not be made).
    /// - Parameters:
    ///   - text: what happened.
    ///   - cause: the error that made it happen, said after `text`.
    func note(_ text: String, cause: (any Error)?)

    /// About five times a second while inputs are verified.
    /// - Parameters:
    ///   - done: inputs verified so far.
    ///   - total: inputs to verify.
    ///   - bytes: bytes read so far.
    func progress(done: Int, of total: Int, bytes: UInt64)
}
