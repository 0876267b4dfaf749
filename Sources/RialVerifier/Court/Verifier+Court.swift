import RialFormat

extension Verifier {
    /// Verifies like ``report(for:progress:)`` and gathers what a court report shows besides the
    /// checks. An input that cannot be evaluated gives an `error` report and no overview.
    package func courtReport(for path: String, thumbnails: Int = 6, progress: Progress? = nil) -> (report: VerificationReport, overview: CaseOverview?) {
        do {
            // The context the checks judged, so the overview shows what they saw (the media's
            // facts included) under the same policy.
            let (report, context) = try evaluate(path: path, progress: progress)
            var pictures: [DepthThumbnail] = []
            // A stream cannot be read again for the pictures; they illustrate, the checks prove.
            if report.subjectKind == .package, !context.inventory.isStream, let root = context.inventory.rootName, let index = context.parsedDepthIndex {
                pictures = DepthThumbnail.read(archive: path, root: root, index: index, count: thumbnails, limits: limits.archive)
            }
            return (report, CaseOverview(context: context, report: report, thumbnails: pictures))
        } catch {
            return (errorReport(error, path: path), nil)
        }
    }
}
