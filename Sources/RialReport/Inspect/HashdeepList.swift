import RialVerifier
/// A hashdeep known-file list of a verified package's payload (`hashdeep -c sha256` format),
/// so a lab can audit the extracted package with its own tool:
/// `hashdeep -c sha256 -a -k LIST -r -l data`, run in the extracted package directory.
package enum HashdeepList {
    package static func bytes(_ contents: VerifiedContents) -> [UInt8] {
        var text = "%%%% HASHDEEP-1.0\n%%%% size,sha256,filename\n"
        text += "## Invoked from: \(contents.root)\n"
        text +=
            "## # rial inspect --format hashdeep: the payload of package \(contents.packageID ?? "(no id)"), manifest SHA-256 \(contents.manifestSHA256 ?? "(none)")\n"
        text += "## Audit in the extracted package directory: hashdeep -c sha256 -a -k LIST -r -l data\n"
        text += "## \n"
        for file in contents.payload {
            text += "\(file.size),\(file.sha256),\(file.path)\n"
        }
        return Array(text.utf8)
    }
}
