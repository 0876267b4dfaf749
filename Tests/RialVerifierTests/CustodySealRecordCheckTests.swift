import Testing
import RialFormat
@testable import RialVerifier

/// A sealed package's sealing is on the record: a PACKAGED or SEALED event signed by the seal's
/// own certificate.
@Suite("Custody seal-record check")
struct CustodySealRecordCheckTests {
    private typealias Builder = InventoryBuilder

    private func run(_ builder: Builder) -> [CheckResult] { CustodySealRecordCheck().run(builder.context()) }

    private let unrecorded = Finding(.custodySealUnrecorded, .fail, PackageLayout.custodyDirectory)

    @Test func sealedWhilePackingIsRecorded() throws {
        #expect(run(try Builder.package(sealedBy: TestIdentity())).isEmpty)
    }

    @Test func anUnsealedPackageHasNothingToRecord() throws {
        #expect(run(try Builder.package()).isEmpty)
    }

    @Test func sealedLaterWithASealedEventIsRecorded() throws {
        let sealer = try TestIdentity()
        var builder = try Builder.package()
        try builder.seal(by: sealer)
        try builder.appendEvent(.sealed, at: Timestamp(seconds: Builder.created.seconds + 86_400), by: sealer)
        #expect(run(builder).isEmpty)
    }

    @Test func sealingEventStrippedOfItsSignature() throws {
        let sealer = try TestIdentity()
        var builder = try Builder.package(sealedBy: sealer)
        builder.files[Builder.signaturePath(Builder.packagedSeq)] = nil
        try builder.editEvent(Builder.packagedSeq) { $0.actor = CustodyActor(name: "Mallory") }
        #expect(run(builder).findings == [unrecorded])
        // The seal itself is untouched: valid and trusted, a required seal satisfied.
        let context = builder.context(policy: VerificationPolicy(sealAnchors: [sealer.certificate], requiresSeal: true))
        #expect(SealCheck().run(context).failures == [])
        #expect(context.seal?.state == .validTrusted)
    }

    @Test func sealingEventSignedBySomeoneElse() throws {
        var builder = try Builder.package(sealedBy: TestIdentity())
        let other = try TestIdentity(name: "Mallory")
        try builder.editEvent(Builder.packagedSeq) { $0.actor = other.actor }
        builder.files[Builder.signaturePath(Builder.packagedSeq)] = try other.sign(#require(builder.files[Builder.eventPath(Builder.packagedSeq)]))
        #expect(run(builder).findings == [unrecorded])
    }

    @Test func sealedEventWithABrokenSignatureDoesNotCount() throws {
        let sealer = try TestIdentity()
        var builder = try Builder.package()
        try builder.seal(by: sealer)
        try builder.appendEvent(.sealed, at: Timestamp(seconds: Builder.created.seconds + 86_400), by: sealer)
        try builder.editEvent(7) { $0.details = "edited after signing" }
        #expect(run(builder).findings == [unrecorded])
    }
}
