import RialFormat

/// The capture app's files as the checks find them: where each is, and what it says, from the
/// recognised files (base) and ``CaptureAppProvider``'s documents.
extension VerificationContext {
    /// Where the app's file of `kind` is: the path recognised, or the name rial's own capture
    /// layout gives it (which the input then does not have).
    /// When several files read as `kind`, none is read: the path is then one no input holds.
    func appPath(_ kind: AppFileKind) -> String {
        if let path = appFiles[kind] { return path }
        let canonical = PackageLayout.captureAppDirectory + kind.fileName
        return appFiles.ambiguous[kind] == nil ? canonical : canonical + " (ambiguous: not read)"
    }

    /// The app's hash chain when it parsed.
    var parsedAppChain: AppHashChain? { try? appChain?.get() }

    /// The app's forensic manifest when it parsed.
    var parsedAppManifest: AppForensicManifest? { try? appManifest?.get() }

    /// The media the app's forensic manifest describes, when the input holds it
    /// (`schema/SPEC.md` §2.2): `data/media/<fileName>`, or else, found by content, the one
    /// file under `data/media/` whose SHA-256 or SHA-512 is the one the manifest records (a
    /// renamed recording).
    var appMediaPath: String? { appMedia?.path }

    /// ``appMediaPath`` and whether it was found by content rather than by its name.
    var appMedia: AppMediaLocation? {
        guard let manifest = parsedAppManifest else { return nil }
        return AppMediaLocation.find(manifest, in: payloadPaths(under: PackageLayout.mediaDirectory)) { inventory.files[$0]?.digests ?? [:] }
    }
}
