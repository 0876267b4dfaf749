internal import CRialOpenSSL

/// The OpenSSL this process runs with, as the library itself says (not the headers it was built
/// against): a report names it among what the verdict depended on.
public enum OpenSSLLibrary {
    /// `OpenSSL 3.0.19 27 Jan 2026`: `OpenSSL_version(OPENSSL_VERSION)`.
    public static var version: String {
        OpenSSL_version(OPENSSL_VERSION).map { String(cString: $0) } ?? "OpenSSL (version unknown)"
    }
}
