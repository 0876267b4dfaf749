internal import CRialOpenSSL

/// One running digest over OpenSSL EVP, fed in chunks of any size.
///
/// The EVP context is owned by this object and freed in `deinit`. Not thread-safe: one
/// instance is fed by one thread at a time.
package final class StreamingDigest {
    package let algorithm: DigestAlgorithm
    private let context: OpaquePointer
    private var isFinished = false

    /// - Throws: ``CryptoError`` when OpenSSL cannot create or initialise the context.
    package init(_ algorithm: DigestAlgorithm) throws {
        self.algorithm = algorithm
        guard let context = EVP_MD_CTX_new() else { throw CryptoError.openSSL("EVP_MD_CTX_new") }
        guard EVP_DigestInit_ex(context, algorithm.evpMD, nil) == 1 else {
            EVP_MD_CTX_free(context)
            throw CryptoError.openSSL("EVP_DigestInit_ex(\(algorithm))")
        }
        self.context = context
    }

    deinit { EVP_MD_CTX_free(context) }

    /// Feeds bytes.
    /// - Precondition: ``finish()`` has not been called; feeding after it is a programming error.
    package func update(_ bytes: UnsafeRawBufferPointer) throws {
        precondition(!isFinished, "StreamingDigest updated after finish()")
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        guard EVP_DigestUpdate(context, base, bytes.count) == 1 else { throw CryptoError.openSSL("EVP_DigestUpdate") }
    }

    /// Feeds bytes from an array.
    package func update(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try update($0) }
    }

    /// Completes the digest.
    /// - Returns: the raw digest bytes.
    package func finish() throws -> [UInt8] {
        precondition(!isFinished, "StreamingDigest finished twice")
        isFinished = true
        var out = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard EVP_DigestFinal_ex(context, &out, &length) == 1 else { throw CryptoError.openSSL("EVP_DigestFinal_ex") }
        return Array(out.prefix(Int(length)))
    }

    /// Starts again on a new message, reusing the context (finished or not): a scan of many
    /// small files then keeps one context per algorithm instead of making one per file.
    /// - Throws: ``CryptoError`` when OpenSSL cannot initialise the context.
    package func restart() throws {
        guard EVP_DigestInit_ex(context, algorithm.evpMD, nil) == 1 else { throw CryptoError.openSSL("EVP_DigestInit_ex(\(algorithm))") }
        isFinished = false
    }

    /// The digest of the bytes fed so far, leaving this digest running: a stream whose first
    /// part is a message of its own (a frame's file, at the head of its chain link) gives both
    /// digests from one pass over that part.
    /// - Precondition: ``finish()`` has not been called.
    package func digestSoFar() throws -> [UInt8] {
        precondition(!isFinished, "StreamingDigest read after finish()")
        guard let copy = EVP_MD_CTX_new() else { throw CryptoError.openSSL("EVP_MD_CTX_new") }
        defer { EVP_MD_CTX_free(copy) }
        guard EVP_MD_CTX_copy_ex(copy, context) == 1 else { throw CryptoError.openSSL("EVP_MD_CTX_copy_ex") }
        var out = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard EVP_DigestFinal_ex(copy, &out, &length) == 1 else { throw CryptoError.openSSL("EVP_DigestFinal_ex") }
        return Array(out.prefix(Int(length)))
    }

    /// The digest of `bytes`, in one call.
    package static func digest(_ algorithm: DigestAlgorithm, of bytes: [UInt8]) throws -> [UInt8] {
        let digest = try StreamingDigest(algorithm)
        try digest.update(bytes)
        return try digest.finish()
    }

    /// The digest of whatever `source` streams (e.g. a file's chunks), in one call.
    package static func digest(
        _ algorithm: DigestAlgorithm,
        streaming source: (_ sink: (UnsafeRawBufferPointer) throws -> Void) throws -> Void
    ) throws -> [UInt8] {
        let digest = try StreamingDigest(algorithm)
        try source { try digest.update($0) }
        return try digest.finish()
    }
}
