import ArgumentParser
import RialCrypto
import RialArchive
import RialAmender

/// `--token`, `--tsa-chain`, `--request`: a TSA's answer as `timestamp attach` and `renew
/// attach` take it, read and parsed before the package is, so a file that is not what its option
/// says is a usage error in these words, not a refusal after the package was read.
struct TokenFileOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The TSA's response (DER TimeStampResp).", valueName: "RESP.tsr"))
    var token: String

    @Option(name: .customLong("tsa-chain"), help: ArgumentHelp("The TSA's certificate chain, PEM.", valueName: "CHAIN.pem"))
    var tsaChain: String?

    @Option(help: ArgumentHelp("The request it answers; its nonce must match.", valueName: "REQ.tsq"))
    var request: String?

    /// The three files, read (at most 1 MiB each) and the response and chain parsed.
    /// - Throws: ``ExitStatus/usage`` after saying which file is unusable.
    func load() throws -> TimestampToken {
        let responseBytes = try read(token, "--token")
        let chainBytes = try tsaChain.map { try read($0, "--tsa-chain") }
        let requestBytes = try request.map { try read($0, "--request") }
        do {
            _ = try TimeStampResponse(der: responseBytes)
        } catch {
            Console.error(Console.describe(error, after: "--token \(token) is not a granted RFC 3161 response"))
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
        return TimestampToken(response: responseBytes, tsaChain: chainBytes, request: requestBytes)
    }

    private func read(_ path: String, _ option: String) throws -> [UInt8] {
        do {
            return try FileChunkReader.readAll(path: path, limit: 1 << 20)
        } catch {
            Console.error(Console.describe(error, after: "\(option) \(path): cannot read it"))
            throw ExitStatus.usage
        }
    }
}
