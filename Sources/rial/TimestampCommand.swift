import ArgumentParser

struct TimestampCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timestamp",
        abstract: "Get RFC 3161 trusted time for a sealed package, offline: request, then attach.",
        discussion: """
            A timestamp proves the seal existed at a time a time-stamping authority (TSA) \
            vouches for. rial never goes on the network: `request` writes a request file, you \
            take it to your TSA by whatever means you have (an HTTP POST with content type \
            application/timestamp-query, a courier, `openssl ts -reply` on an air-gapped TSA), \
            and `attach` stores the answer in the package.

            Example:
              rial timestamp request case.rialpkg -o case.tsq
              curl -sS -H 'Content-Type: application/timestamp-query' \\
                  --data-binary @case.tsq https://tsa.example.org/ -o case.tsr
              rial timestamp attach case.rialpkg --token case.tsr \\
                  --tsa-chain tsa-chain.pem --request case.tsq
              rial verify case.rialpkg --trust root.pem --tsa-trust tsa-root.pem \\
                  --require-timestamp

            \(ExitStatus.helpText)
            """,
        subcommands: [TimestampRequestCommand.self, TimestampAttachCommand.self]
    )
}
