/// What a custody event records, from a closed vocabulary (`schema/SPEC.md` §15.3): the
/// capture app's five actions, then what happens to the package after it is made.
public enum CustodyAction: String, CaseIterable, Sendable {
    // The capture app's own, imported from its custody_log.json.
    case recordingStart = "RECORDING_START"
    case recordingComplete = "RECORDING_COMPLETE"
    case hashGenerationComplete = "HASH_GENERATION_COMPLETE"
    case timestampVerificationComplete = "TIMESTAMP_VERIFICATION_COMPLETE"
    case manifestCreated = "MANIFEST_CREATED"
    // The package's life.
    case packaged = "PACKAGED"
    case sealed = "SEALED"
    case exported = "EXPORTED"
    case transferred = "TRANSFERRED"
    case received = "RECEIVED"
    case accessed = "ACCESSED"
    case verified = "VERIFIED"
    case extracted = "EXTRACTED"
    case note = "NOTE"

    /// Whether only the capture app records this action (it arrives imported, never appended).
    public var isCaptureAppAction: Bool {
        switch self {
        case .recordingStart, .recordingComplete, .hashGenerationComplete, .timestampVerificationComplete, .manifestCreated: return true
        default: return false
        }
    }

    /// The actions a person may append with `rial custody append`.
    public static var appendable: [CustodyAction] {
        allCases.filter { !$0.isCaptureAppAction && $0 != .packaged }
    }
}
