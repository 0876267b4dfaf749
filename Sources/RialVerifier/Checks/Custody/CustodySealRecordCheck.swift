import RialFormat

/// A sealed package's sealing is on the record: the PACKAGED event (sealed while packing) or a
/// SEALED event (`rial seal`) is signed by the seal's own certificate. Otherwise the signature
/// of that event was stripped or replaced, and its actor could say anything.
struct CustodySealRecordCheck: CustodyLogCheck {
    func run(_ log: CustodyLog, _ context: VerificationContext) -> [CheckResult] {
        guard let seal = context.seal, seal.state == .validTrusted || seal.state == .validUntrusted,
            let sealer = seal.signature?.parsed?.signer.fingerprintSHA256
        else { return [] }
        let recorded = log.files.contains { file in
            guard let action = file.event?.action, action == .packaged || action == .sealed,
                let signature = context.custodySignatures[file.seq], signature.isValid
            else { return false }
            return signature.fingerprint == sealer
        }
        guard !recorded else { return [] }
        return [
            .fail(
                .custodySealUnrecorded, PackageLayout.custodyDirectory,
                "the package is sealed, but no PACKAGED or SEALED event is signed by the seal's certificate (SHA-256 \(sealer)): the sealing event's signature was stripped or replaced"
            )
        ]
    }
}
