internal import CRialOpenSSL

/// A detached CMS SignedData read from hostile bytes, taken apart so a verifier can name
/// exactly what is wrong: its shape, its algorithms, its signature value, its signer, and
/// whether it signs given content.
///
/// Nothing here decides trust; see ``TrustStore``.
package final class DetachedSignature {
    /// Why the bytes are not a usable seal, most basic first.
    package enum StructureProblem: Error, Sendable, Equatable {
        /// Not a DER CMS ContentInfo, or bytes after it.
        case malformed(String)
        /// A CMS structure, but not the one a seal is: not SignedData, content embedded,
        /// content type not id-data, not exactly one signer, no signed attributes, or the
        /// signer's certificate missing.
        case shape(String)
        /// Not SHA-256 with ECDSA on P-256.
        case algorithm(String)
    }

    // OpenSSL keeps verification state inside these (CMS_SignerInfo_verify resets its
    // contexts), so an instance is used by one thread at a time and is not Sendable.
    private let cms: OpaquePointer
    private let signerInfo: OpaquePointer

    /// The signer's certificate, found among the embedded ones.
    package let signer: Certificate
    /// Every certificate embedded, the signer's included: candidates for building a chain,
    /// never anchors.
    package let embeddedCertificates: [Certificate]
    /// The raw signature value (the SignerInfo's `signature` OCTET STRING): what a trusted
    /// timestamp covers.
    package let signatureValue: [UInt8]
    /// The signingTime attribute, seconds since 1970: the signer's own claim, unproven.
    package let claimedSigningTime: Int64?

    /// - Throws: ``StructureProblem``.
    package init(der: [UInt8]) throws(StructureProblem) {
        ERR_clear_error()
        let cms: OpaquePointer
        do {
            cms = try OpenSSLBytes.parseDER(der, "seal") { cursor, count in d2i_CMS_ContentInfo(nil, cursor, count) }
        } catch {
            throw .malformed("\(error)")
        }
        self.cms = cms
        // From here `deinit` does not run if init fails, so every failure frees by hand.
        func fail(_ problem: StructureProblem) -> StructureProblem {
            CMS_ContentInfo_free(cms)
            _ = CryptoError.drainQueue()
            return problem
        }
        guard OBJ_obj2nid(CMS_get0_type(cms)) == NID_pkcs7_signed else { throw fail(.shape("it is not a CMS SignedData")) }
        // One encoding only: BER variants or re-encoded lengths would give the same signature
        // a second byte form, and a timestamp covers exact bytes.
        let reencoded: [UInt8]
        do {
            reencoded = try OpenSSLBytes.der("i2d_CMS_ContentInfo") { i2d_CMS_ContentInfo(cms, $0) }
        } catch {
            // OpenSSL read the structure but cannot write it back: not a seal it can judge.
            throw fail(.malformed("it cannot be re-encoded to check its DER: \(error)"))
        }
        guard reencoded == der else {
            throw fail(.malformed("it is not in canonical DER (a BER or re-encoded form)"))
        }
        guard CMS_is_detached(cms) == 1 else {
            throw fail(.shape("the signed content is embedded; a seal is detached and signs rial/manifest.json as it stands in the package"))
        }
        guard OBJ_obj2nid(CMS_get0_eContentType(cms)) == NID_pkcs7_data else { throw fail(.shape("the signed content type is not id-data")) }
        guard let infos = CMS_get0_SignerInfos(cms), crial_sk_CMS_SignerInfo_num(infos) == 1,
            let signerInfo = crial_sk_CMS_SignerInfo_value(infos, 0)
        else {
            throw fail(.shape("a seal has exactly one signer"))
        }
        self.signerInfo = signerInfo
        guard CMS_signed_get_attr_count(signerInfo) > 0 else {
            throw fail(.shape("the signer has no signed attributes (content type, message digest)"))
        }
        // Unsigned attributes are bytes no key vouches for; a seal has none.
        guard CMS_unsigned_get_attr_count(signerInfo) <= 0 else {
            throw fail(.shape("the signer carries unsigned attributes, which no signature covers"))
        }
        // Matches the embedded certificates to the signer; 0 means the signer's is not there.
        guard CMS_set1_signers_certs(cms, nil, 0) == 1 else {
            throw fail(.shape("the signer's certificate is not embedded"))
        }
        var key: OpaquePointer?
        var cert: OpaquePointer?
        var digestAlgorithm: UnsafeMutablePointer<X509_ALGOR>?
        var signatureAlgorithm: UnsafeMutablePointer<X509_ALGOR>?
        CMS_SignerInfo_get0_algs(signerInfo, &key, &cert, &digestAlgorithm, &signatureAlgorithm)
        guard let cert else { throw fail(.shape("the signer's certificate is not embedded")) }
        let digestName = Self.algorithmNID(UnsafePointer(digestAlgorithm))
        guard digestName == NID_sha256 else {
            throw fail(.algorithm("digest algorithm \(Self.algorithmText(UnsafePointer(digestAlgorithm))), not SHA-256"))
        }
        // One seal, one byte form: no signature covers the algorithm identifiers, so each must
        // have the profile's single encoding. OpenSSL also reads the bare id-ecPublicKey as
        // ECDSA, and NULL parameters where there are none; anyone could write those without
        // the key, so they are refused.
        let signatureName = Self.algorithmNID(UnsafePointer(signatureAlgorithm))
        guard signatureName == NID_ecdsa_with_SHA256 else {
            throw fail(.algorithm("signature algorithm \(Self.algorithmText(UnsafePointer(signatureAlgorithm))), not ecdsa-with-SHA256 (1.2.840.10045.4.3.2)"))
        }
        for (name, algorithm) in [("digest", digestAlgorithm), ("signature", signatureAlgorithm)] where Self.hasParameters(UnsafePointer(algorithm)) {
            throw fail(
                .algorithm(
                    "the \(name) algorithm carries parameters; the profile has none (schema/SPEC.md §14.2), so this is a second byte form of the signature"))
        }
        guard SignedDataDigestAlgorithms.encoding(in: der).map(Array.init) == SignedDataDigestAlgorithms.profile else {
            throw fail(.algorithm("SignedData.digestAlgorithms is not exactly SHA-256 without parameters (schema/SPEC.md §14.2)"))
        }
        let signer: Certificate
        do { signer = try Certificate(borrowing: cert) } catch { throw fail(.malformed("the signer's certificate cannot be encoded again: \(error.reason)")) }
        guard signer.hasP256Key else { throw fail(.algorithm("the signer's key is not ECDSA P-256")) }
        self.signer = signer

        let stack = CMS_get1_certs(cms)
        defer { if let stack { crial_sk_X509_pop_free(stack) } }
        do { embeddedCertificates = try Certificate.all(in: stack) } catch {
            throw fail(.malformed("a certificate in the signature cannot be encoded again: \(error.reason)"))
        }
        signatureValue = CMS_SignerInfo_get0_signature(signerInfo).map { OpenSSLBytes.bytes(of: $0) } ?? []
        claimedSigningTime = Self.signingTime(signerInfo)
    }

    deinit { CMS_ContentInfo_free(cms) }

    /// Whether the signed messageDigest attribute equals `sha256`, the SHA-256 of the content:
    /// whether this seal was made over those very bytes. Takes the digest rather than the
    /// bytes because a verifier has already hashed every file once.
    package func signsContent(sha256: [UInt8]) -> Bool {
        guard let object = OBJ_nid2obj(NID_pkcs9_messageDigest),
            let raw = CMS_signed_get0_data_by_OBJ(signerInfo, object, -3, V_ASN1_OCTET_STRING)
        else { return false }
        _ = CryptoError.drainQueue()
        let stated = OpenSSLBytes.bytes(of: raw.assumingMemoryBound(to: ASN1_STRING.self))
        return stated == sha256
    }

    /// Whether the signature over the signed attributes verifies under the signer
    /// certificate's package key. With ``signsContent(sha256:)`` this is the whole of
    /// `openssl cms -verify` short of the certificate chain.
    package func signatureVerifies() -> Bool {
        let result = CMS_SignerInfo_verify(signerInfo) == 1
        _ = CryptoError.drainQueue()
        return result
    }

    /// OpenSSL's own complete check of signature and content, chain excluded: a second
    /// opinion the verifier requires to agree.
    /// - Parameter content: the bytes the seal should sign.
    /// - Returns: whether `CMS_verify` accepts them.
    /// - Throws: ``CryptoError`` when OpenSSL cannot make the store or memory BIO it needs.
    package func opensslCheck(content: [UInt8]) throws(CryptoError) -> Bool {
        guard let store = X509_STORE_new() else { throw CryptoError.openSSL("X509_STORE_new") }
        defer { X509_STORE_free(store) }
        let flags = UInt32(CMS_BINARY | CMS_NO_SIGNER_CERT_VERIFY)
        let verified: Int32
        do {
            verified = try OpenSSLBytes.withReadBIO(content) { bio in CMS_verify(cms, nil, store, bio, nil, flags) }
        } catch let error as CryptoError {
            throw error
        } catch {
            throw CryptoError(.openSSLFailure, "CMS_verify could not run", cause: error)
        }
        _ = CryptoError.drainQueue()
        return verified == 1
    }

    static func algorithmNID(_ algorithm: UnsafePointer<X509_ALGOR>?) -> Int32 {
        guard let algorithm else { return NID_undef }
        var object: OpaquePointer?
        X509_ALGOR_get0(&object, nil, nil, algorithm)
        return object.map { OBJ_obj2nid($0) } ?? NID_undef
    }

    /// Whether an AlgorithmIdentifier has parameters (NULL included).
    static func hasParameters(_ algorithm: UnsafePointer<X509_ALGOR>?) -> Bool {
        guard let algorithm else { return false }
        var type: Int32 = 0
        X509_ALGOR_get0(nil, &type, nil, algorithm)
        return type != V_ASN1_UNDEF
    }

    static func algorithmText(_ algorithm: UnsafePointer<X509_ALGOR>?) -> String {
        guard let algorithm else { return "none" }
        var object: OpaquePointer?
        X509_ALGOR_get0(&object, nil, nil, algorithm)
        let nid = object.map { OBJ_obj2nid($0) } ?? NID_undef
        if nid != NID_undef, let name = OBJ_nid2sn(nid) { return String(cString: name) }
        return OpenSSLBytes.dotted(object)
    }

    static func signingTime(_ signerInfo: OpaquePointer) -> Int64? {
        guard let object = OBJ_nid2obj(NID_pkcs9_signingTime) else { return nil }
        for type in [V_ASN1_UTCTIME, V_ASN1_GENERALIZEDTIME] {
            if let raw = CMS_signed_get0_data_by_OBJ(signerInfo, object, -3, type) {
                _ = CryptoError.drainQueue()
                return OpenSSLBytes.seconds(of: raw.assumingMemoryBound(to: ASN1_TIME.self))
            }
        }
        _ = CryptoError.drainQueue()
        return nil
    }
}
