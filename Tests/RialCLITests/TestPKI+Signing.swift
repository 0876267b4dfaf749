import RialTestSupport

/// The test PKI's signers as `rial` takes them on the command line.
extension TestPKI {
    /// `--sign-key`, `--cert` and `--chain` for one of the PKI's signers.
    func signing(_ signer: String = "investigator", chain: String? = "investigator-chain.pem") -> [String] {
        ["--sign-key", path("\(signer).key"), "--cert", path("\(signer).pem")] + (chain.map { ["--chain", path($0)] } ?? [])
    }
}
