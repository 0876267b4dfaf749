import Testing
import RialCrypto
@testable import RialVerifier

/// The code families (``CheckResult/Code/Family``) name nodes of the declared code tree, so a
/// renderer that selects findings by family selects what it means to.
@Suite struct CodeFamilyTests {
    @Test("every family holds a declared code, and every declared code is in the family of its first part")
    func familiesHoldDeclaredCodes() {
        let declared = CheckResult.Code.all
        for family in CheckResult.Code.Family.allCases {
            #expect(declared.contains { $0.isIn(family) }, "\(family) holds no declared code")
        }
        let areas = CheckResult.Code.Family.allCases.filter { !$0.rawValue.contains(".") }
        let orphans = declared.filter { code in !areas.contains { code.isIn($0) } }
        #expect(orphans == [], "codes of no area")
    }

    @Test("a family holds its own code and those below it, not a code that only starts with its name")
    func membership() {
        #expect(CheckResult.Code.sealRevocation.isIn(.sealRevocation))
        #expect(CheckResult.Code.sealRevocationRevoked.isIn(.sealRevocation))
        #expect(CheckResult.Code.sealRevocationRevoked.isIn(.seal))
        #expect(!CheckResult.Code.sealRevocationRevoked.isIn(.timestampRevocation))
        #expect(!CheckResult.Code.custodySignatureFileMalformed.isIn(.custodySignature))
        #expect(CheckResult.Code.custodySignatureFileMalformed.isIn(.custodySignatureFile))
        #expect(!CheckResult.Code.appMediaSHA256.isIn(.media))
        #expect(CheckResult.Code.payloadManifest(.sha512).mismatch.isIn(.bagManifest))
        #expect(!CheckResult.Code.payloadManifest(.sha512).mismatch.isIn(.bagTagmanifest))
    }

    @Test("every family within an area lies in an area that is a family")
    func hierarchy() {
        let names = Set(CheckResult.Code.Family.allCases.map(\.rawValue))
        for family in CheckResult.Code.Family.allCases where family.rawValue.contains(".") {
            let area = String(family.rawValue.prefix { $0 != "." })
            #expect(names.contains(area), "\(family)'s area is not a family")
        }
    }
}
