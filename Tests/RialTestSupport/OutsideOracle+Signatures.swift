import Foundation

/// The coreutils and openssl commands README.txt gives an expert, in one spelling, so every
/// test that holds rial's signatures and digests to them runs the same command.
extension OutsideOracle {
    /// `openssl cms -verify -binary -inform DER -in SIGNATURE -content CONTENT -CAfile ANCHOR
    /// -purpose any -out /dev/null`: the detached CMS signature over the content's exact bytes,
    /// its chain to `anchor`; with no anchor, `-noverify` (the signature and content only).
    public static func cmsVerify(signature: String, content: String, anchor: String?, cwd: URL? = nil) -> Subprocess.Run {
        var arguments = ["openssl", "cms", "-verify", "-binary", "-inform", "DER", "-in", signature, "-content", content]
        arguments += anchor.map { ["-CAfile", $0, "-purpose", "any"] } ?? ["-noverify"]
        return Subprocess.execute(arguments + ["-out", "/dev/null"], cwd: cwd)
    }

    /// The hex digest `sha256sum` (or `tool`: `sha512sum`) prints for `file`.
    /// - Throws: ``Missing`` without the tool, ``Failed`` when it cannot read the file.
    public static func digest(_ file: String, tool: String = "sha256sum", cwd: URL? = nil) throws -> String {
        let run = Subprocess.execute([try Self.tool(tool), file], cwd: cwd)
        guard run.status == 0 else { throw Failed(description: "\(tool) \(file): \(run)") }
        return String(run.output.prefix { $0 != " " })
    }
}
