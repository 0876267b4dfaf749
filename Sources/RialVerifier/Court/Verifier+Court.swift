import RialFormat

extension Verifier {
    /// Verifies like ``report(for:progress:)`` and gathers what a court report shows besides the
    /// checks. An input that cannot be evaluated gives an `error` report and no overview.
    package func courtReport(for path: String, thumbnails: Int = 6, progress: Progress? = nil) -> (report: VerificationReport, overview: CaseOverview?) {
        do {
            let (report, inventory) = try evaluate(path: path, progress: progress)
            let context = VerificationContext(inventory: inventory, profile: report.subjectKind == .package ? .package : .bag, verificationTime: verificationTime)
            var pictures: [DepthThumbnail] = []
            // A stream cannot be read again for the pictures; they illustrate, the checks prove.
            if report.subjectKind == .package, !inventory.isStream, let root = inventory.rootName, let index = context.parsedDepthIndex {
                pictures = DepthThumbnail.read(archive: path, root: root, index: index, count: thumbnails, limits: limits.archive)
            }
            return (report, CaseOverview(context: context, report: report, thumbnails: pictures))
        } catch {
            return (errorReport(error, path: path), nil)
        }
    }
}
