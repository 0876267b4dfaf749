/// The capture app's own custody log, `custody_log.json` (`schema/SPEC.md` §2.2): an array
/// of `{timestamp, action, details, userIdentifier}`, kept verbatim under `data/capture/`.
/// Its events are carried into the package's log first, marked as imported.
package struct AppCustodyLog: Sendable {
    package struct Entry: Hashable, Sendable {
        package let timestamp: Timestamp
        package let action: CustodyAction
        package let details: String
        package let userIdentifier: String
    }

    /// Where the log sits in a package.
    package static let path = PackageLayout.captureAppDirectory + "custody_log.json"

    package let entries: [Entry]

    /// Reads the app's log. Keys the app adds are ignored (the format is the app's), but the
    /// four it defines must be there and in shape, and each action one of its five.
    /// - Throws: ``FormatError`` naming the entry and field.
    package init(json: JSONValue) throws(FormatError) {
        guard let array = json.arrayValue else {
            throw FormatError(.invalidField, "custody_log.json must be an array of events")
        }
        // Room for PACKAGED and the hand-overs after it.
        let room = CustodyEvent.maxEvents - 1_000
        guard array.count <= room else {
            throw FormatError(.limitExceeded, "custody_log.json has \(array.count) events; a package's custody log holds at most \(CustodyEvent.maxEvents), so at most \(room) can be imported")
        }
        var entries: [Entry] = []
        for (index, element) in array.enumerated() {
            let path = "custody_log.json[\(index)]"
            let reader = try JSONFieldReader(element, path: path, allowedKeys: nil)
            let actionText = try reader.string("action")
            guard let action = CustodyAction(rawValue: actionText), action.isCaptureAppAction else {
                throw FormatError(.invalidField, "\(path).action \"\(actionText)\" is not one of the capture app's five actions (schema/SPEC.md §2.2)")
            }
            let details = try reader.string("details")
            try CustodyText.check(details, at: reader.path(of: "details"), allowEmpty: true)
            let user = try reader.string("userIdentifier")
            try CustodyText.check(user, at: reader.path(of: "userIdentifier"))
            entries.append(Entry(timestamp: try reader.timestamp("timestamp"), action: action, details: details, userIdentifier: user))
        }
        self.entries = entries
    }

    /// The actor of an imported event: the capture device, named by the app's user identifier.
    package static func actor(for entry: Entry) -> CustodyActor {
        CustodyActor(name: "capture device", role: "capture app", identifier: entry.userIdentifier)
    }
}
