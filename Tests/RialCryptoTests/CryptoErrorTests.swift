import Testing
import RialErrors
@testable import RialCrypto

/// CryptoError on the shared error shape, with OpenSSL's error queue as its cause.
@Suite("CryptoError")
struct CryptoErrorTests {
    @Test func noQueueMeansNoCause() {
        let error = CryptoError(.unusable, "the key is not P-256")
        #expect(error.cause == nil)
        #expect(error.openSSLErrors.isEmpty)
        #expect(error.description == "the key is not P-256 [crypto.unusable]")
    }

    @Test func theQueueIsTheCause() {
        let error = CryptoError(.malformed, "x.pem holds a broken certificate", openSSLErrors: ["error:1", "error:2"])
        #expect(error.cause as? OpenSSLErrorStack == OpenSSLErrorStack(messages: ["error:1", "error:2"]))
        #expect(error.openSSLErrors == ["error:1", "error:2"])
        // The same text as before the cause was a value of its own.
        #expect(error.description == "x.pem holds a broken certificate: error:1; error:2 [crypto.malformed]")
    }

    @Test func malformedDERCarriesOpenSSLsMessages() {
        do {
            _ = try Certificate(der: [0x30, 0x03, 0x02, 0x01])
            Issue.record("a truncated certificate parsed")
        } catch let error as CryptoError {
            #expect(error.code == .malformed)
            #expect(!error.openSSLErrors.isEmpty, "OpenSSL's reason is carried")
            #expect(OpenSSLErrorStack.drain().messages.isEmpty, "and the queue is left empty")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func aBrokenPEMCertificateCarriesOpenSSLsMessages() {
        let pem = Array("-----BEGIN CERTIFICATE-----\nMIIBAAAA\n-----END CERTIFICATE-----\n".utf8)
        #expect {
            try Certificate.load(pem: pem, source: "broken.pem")
        } throws: { error in
            guard let error = error as? CryptoError else { return false }
            return error.code == .malformed && error.cause is OpenSSLErrorStack
        }
    }

    @Test func aFailedCallThrowsWithTheCallsName() {
        #expect(throws: Never.self) { try CryptoError.check(1, "FAKE_succeeds") }
        do {
            try CryptoError.check(0, "FAKE_call")
            Issue.record("a failed call did not throw")
        } catch {
            #expect(error.code == .openSSLFailure)
            #expect(error.reason == "FAKE_call failed")
            #expect(error.file.hasSuffix("CryptoErrorTests.swift"))
        }
        #expect(throws: CryptoError.self) { try CryptoError.check(-1, "FAKE_negative") }
        #expect(OpenSSLErrorStack.drain().messages.isEmpty)
    }
}
