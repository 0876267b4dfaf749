/// The capture app's own custody log (`schema/SPEC.md` §2.2): an array of
/// `{timestamp, action, details, userIdentifier}`, as Swift's `JSONEncoder` writes the app's
/// `CustodyEvent`, kept verbatim under `data/capture/`. Its entries are carried into the
/// package's log first, marked as imported (§15.4).
///
/// Preserve first, judge at verification: what the package's log can represent is read, not
/// refused. An action beyond the app's five, a numeric date, an empty user identifier are
/// carried (the action and the number as written) and judged by the verifier; only an entry
/// that cannot become an event (a missing key, a key of the wrong type, a control character) is
/// refused.
package struct AppCustodyLog: Sendable {
    package struct Entry: Hashable, Sendable {
        package let date: AppDate
        /// The action as the app wrote it.
        package let actionText: String
        package let details: String
        /// May be empty: the app named no one.
        package let userIdentifier: String

        package init(date: AppDate, actionText: String, details: String, userIdentifier: String) {
            self.date = date
            self.actionText = actionText
            self.details = details
            self.userIdentifier = userIdentifier
        }

        package var timestamp: Timestamp { date.timestamp }

        /// The action, when it is one of the app's five; `nil` for any other.
        package var action: CustodyAction? {
            CustodyAction(rawValue: actionText).flatMap { $0.isCaptureAppAction ? $0 : nil }
        }

        /// The action the package's event records: the app's own, or NOTE for one rial does
        /// not know (the app's text then stands in the event's `imported.app_action`).
        package var eventAction: CustodyAction { action ?? .note }
    }

    /// Where the log sits in a package built from rial's own capture layout.
    package static let path = PackageLayout.captureAppDirectory + "custody_log.json"
    /// The longest action text carried (the app's are under 40 characters).
    package static let maxActionBytes = 64

    package let entries: [Entry]

    /// Reads the app's log. Keys the app adds are ignored (the format is the app's).
    /// - Parameter source: the file's name, for messages.
    /// - Throws: ``FormatError`` naming the entry and key.
    package init(json: JSONValue, source: String = "custody_log.json") throws(FormatError) {
        guard let array = json.arrayValue else {
            throw FormatError(.invalidField, "\(source) must be an array of events")
        }
        // Room for PACKAGED and the hand-overs after it.
        let room = CustodyEvent.maxEvents - 1_000
        guard array.count <= room else {
            throw FormatError(
                .limitExceeded,
                "\(source) has \(array.count) events; a package's custody log holds at most \(CustodyEvent.maxEvents), so at most \(room) can be imported")
        }
        var entries: [Entry] = []
        for (index, element) in array.enumerated() {
            let path = "\(source)[\(index)]"
            let reader = try JSONFieldReader(element, path: path, allowedKeys: nil)
            let actionText = try reader.string("action")
            guard !actionText.isEmpty, actionText.utf8.count <= Self.maxActionBytes,
                actionText.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" })
            else {
                throw FormatError(
                    .invalidField,
                    "\(reader.path(of: "action")) \"\(actionText.prefix(80))\" is not an action name: 1 to \(Self.maxActionBytes) of A-Z, 0-9 and _ (schema/SPEC.md §2.2)"
                )
            }
            let details = try reader.string("details")
            try CustodyText.check(details, at: reader.path(of: "details"), allowEmpty: true)
            let user = try reader.string("userIdentifier")
            try CustodyText.check(user, at: reader.path(of: "userIdentifier"), allowEmpty: true)
            let date = try AppDate(json: reader.value("timestamp"), path: reader.path(of: "timestamp"))
            entries.append(Entry(date: date, actionText: actionText, details: details, userIdentifier: user))
        }
        self.entries = entries
    }

    /// The actor of an imported event: the capture device, named by the app's user identifier
    /// (none when the app wrote an empty one).
    package static func actor(for entry: Entry) -> CustodyActor {
        CustodyActor(name: "capture device", role: "capture app", identifier: entry.userIdentifier.isEmpty ? nil : entry.userIdentifier)
    }

    /// What an imported event records of its entry beyond the event's own fields: the action
    /// as written when rial does not know it, the date as written when it was a number.
    package static func importRecord(source: String, index: Int64, entry: Entry) -> CustodyEvent.Import {
        CustodyEvent.Import(
            source: source, entry: index, appAction: entry.action == nil ? entry.actionText : nil,
            appTimestamp: entry.date.writtenNumber)
    }
}
