import RialFormat
import RialCrypto

/// A signer made in memory for a test: a fresh P-256 key and a self-signed certificate naming
/// a person (CN) and organisation (O), valid from a month before the builder's package was
/// made for ten years, so it is valid at ``InventoryBuilder/verificationTime``.
struct TestIdentity {
    let signer: DetachedSigner

    init(
        name: String = "Jane Roe", organisation: String = "Metro PD", validFrom: Timestamp = Timestamp(seconds: InventoryBuilder.created.seconds - 30 * 86_400),
        days: Int = 3_650
    ) throws {
        let key = try SigningKey.generateP256()
        let certificate = try CertificateIssuer.selfSigned(
            key: key, subject: DistinguishedName(parsing: "CN=\(name),O=\(organisation)"),
            days: days, now: validFrom.seconds)
        signer = try DetachedSigner(key: key, certificate: certificate, chain: [])
    }

    /// A signer made elsewhere: one of a test PKI's, whose certificate an issuer signed.
    init(signer: DetachedSigner) {
        self.signer = signer
    }

    var certificate: Certificate { signer.certificate }

    /// The actor a signed event must name: the certificate's CN and O, and its fingerprint.
    var actor: CustodyActor {
        CustodyActor(
            name: certificate.subjectCommonName ?? "", organisation: certificate.subjectOrganization,
            certificateSHA256: certificate.fingerprintSHA256)
    }

    /// A detached CMS signature over `bytes`, as `rial` makes one.
    func sign(_ bytes: [UInt8]) throws -> [UInt8] { try signer.sign(bytes) }
}
