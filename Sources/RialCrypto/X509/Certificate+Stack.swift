internal import CRialOpenSSL

/// Moving certificates in and out of OpenSSL's `STACK_OF(X509)`, with one ownership rule:
/// a stack made here holds its own reference to each certificate, and certificates read from
/// a stack take their own reference, so neither side can free the other's.
extension Certificate {
    /// A new stack holding a reference to each of `certificates`; free it with
    /// `crial_sk_X509_pop_free`, or hand it to an OpenSSL call that takes ownership.
    /// - Throws: ``CryptoError`` when OpenSSL cannot allocate.
    static func makeStack(_ certificates: [Certificate]) throws(CryptoError) -> OpaquePointer {
        guard let stack = crial_sk_X509_new() else { throw CryptoError.openSSL("sk_X509_new") }
        for certificate in certificates {
            guard X509_up_ref(certificate.handle) == 1 else {
                crial_sk_X509_pop_free(stack)
                throw CryptoError.openSSL("X509_up_ref")
            }
            guard crial_sk_X509_push(stack, certificate.handle) > 0 else {
                X509_free(certificate.handle)
                crial_sk_X509_pop_free(stack)
                throw CryptoError.openSSL("sk_X509_push")
            }
        }
        return stack
    }

    /// Runs `body` with a temporary stack of `certificates`.
    /// - Throws: ``CryptoError`` when the stack cannot be made (never a `nil` stack, which
    ///   OpenSSL would read as "no extra certificates"), or what `body` throws.
    static func withStack<T>(_ certificates: [Certificate], _ body: (OpaquePointer) throws(CryptoError) -> T) throws(CryptoError) -> T {
        let stack = try makeStack(certificates)
        defer { crial_sk_X509_pop_free(stack) }
        return try body(stack)
    }

    /// The certificates in a stack someone else owns, each with a reference of its own.
    /// - Throws: ``CryptoError`` when one cannot be fingerprinted (``Certificate/init(owning:)``).
    static func all(in stack: OpaquePointer?) throws(CryptoError) -> [Certificate] {
        guard let stack else { return [] }
        var certificates: [Certificate] = []
        for index in 0..<max(0, crial_sk_X509_num(stack)) {
            if let handle = crial_sk_X509_value(stack, index) { certificates.append(try Certificate(borrowing: handle)) }
        }
        return certificates
    }
}
