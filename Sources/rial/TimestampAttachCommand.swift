import ArgumentParser
import RialFormat
import RialCrypto
import RialPackager
import RialArchive

struct TimestampAttachCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "attach",
        abstract: "Store a TSA's RFC 3161 response in a sealed package.",
        discussion: """
        The response must grant a token whose SHA-256 imprint is that of the seal's \
        signature value (and, with --request, repeat the request's nonce). It is stored \
        byte for byte as rial/seal/manifest.tsr, and --tsa-chain as rial/seal/tsa-chain.pem \
        (certificates that help build the TSA's chain; the verifier still brings its own \
        anchor with --tsa-trust). The package is verified first and rewritten atomically; \
        nothing the seal covers changes.

        \(ExitStatus.helpText)
        """
    )

    @Argument(help: ArgumentHelp("The sealed package, changed in place.", valueName: "PKG"))
    var package: String

    @Option(help: ArgumentHelp("The TSA's response (DER TimeStampResp).", valueName: "RESP.tsr"))
    var token: String

    @Option(name: .customLong("tsa-chain"), help: ArgumentHelp("The TSA's certificate chain, PEM.", valueName: "CHAIN.pem"))
    var tsaChain: String?

    @Option(help: ArgumentHelp("The request it answers; its nonce must match.", valueName: "REQ.tsq"))
    var request: String?

    @Flag(name: .shortAndLong, help: "No progress line or summary.")
    var quiet = false

    func run() throws {
        let responseBytes = try read(token, "--token")
        let chainBytes = try tsaChain.map { try read($0, "--tsa-chain") }
        let response: TimeStampResponse
        do {
            response = try TimeStampResponse(der: responseBytes)
        } catch {
            Console.error("--token \(token) is not a granted RFC 3161 response: \(error)")
            throw ExitStatus.usage
        }
        if let chainBytes, let tsaChain {
            do {
                _ = try Certificate.load(pem: chainBytes, source: tsaChain)
            } catch let error as CryptoError {
                Console.error("--tsa-chain \(error.reason)")
                throw ExitStatus.usage
            }
        }
        let report = try PassingPackage.require(package, action: "changed", quiet: quiet)
        let signature = try SealedPackage.signature(of: package, report: report)
        guard response.imprintIsSHA256 else {
            Console.error("the token's imprint uses \(response.imprintAlgorithm), not SHA-256; ask the TSA again with the request from `rial timestamp request`")
            throw ExitStatus.failed
        }
        guard let expected = try? StreamingDigest.digest(.sha256, of: signature.signatureValue), response.imprint == expected else {
            Console.error("the token timestamps other bytes than this package's seal; was it made for another package?")
            throw ExitStatus.failed
        }
        if let request {
            let nonce: String?
            do {
                nonce = try TimeStampRequest.nonceHex(ofRequest: read(request, "--request"))
            } catch let error as CryptoError {
                Console.error("--request \(request): \(error.reason)")
                throw ExitStatus.usage
            }
            guard nonce == response.nonceHex else {
                Console.error("the token's nonce \(response.nonceHex ?? "(none)") is not the request's \(nonce ?? "(none)"): it answers another request")
                throw ExitStatus.failed
            }
        }
        var files = [PackageFile(path: PackageLayout.sealTimestamp, bytes: responseBytes)]
        if let chainBytes { files.append(.init(path: PackageLayout.sealTimestampChain, bytes: chainBytes)) }
        do {
            try PackageRewriter(source: package, destination: package).append(files, modificationTime: Timestamp.now().seconds)
        } catch let error as PackagerError {
            Console.error(error.description)
            throw ExitStatus.couldNotComplete
        }
        if !quiet {
            print("Attached the timestamp to \(package)")
            print("genTime: \(Timestamp(seconds: response.genTime).rfc3339)   serial: \(response.serialHex)")
            print("Check it: rial verify \(package) --tsa-trust TSA-ROOT.pem --require-timestamp")
        }
    }

    private func read(_ path: String, _ option: String) throws -> [UInt8] {
        do {
            return try FileChunkReader.readAll(path: path, limit: 1 << 20)
        } catch {
            Console.error("\(option) \(path): cannot read it: \(error)")
            throw ExitStatus.usage
        }
    }
}
