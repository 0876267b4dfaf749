import ArgumentParser

struct RenewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "renew",
        abstract: "Renew a package's trusted time (RFC 4998 archive timestamps), offline: request, then attach.",
        discussion: """
            A timestamp proves the seal existed at genTime for as long as its TSA's certificate \
            and its hash are trusted. Before either lapses, renew it: `request` writes an RFC 3161 \
            request for an archive timestamp over the seal's timestamp (the first time) or over \
            the last archive timestamp, `attach` stores the TSA's answer in the package's RFC 4998 \
            evidence record (rial/seal/renewal/NNNNNN.ers). With --hash sha512 the renewal starts \
            a new chain over the timestamp and the whole record (hash-tree renewal), for when \
            SHA-256 weakens.

            Example:
              rial renew request case.rialpkg -o renew.tsq
              curl -sS -H 'Content-Type: application/timestamp-query' \\
                  --data-binary @renew.tsq https://tsa.example.org/ -o renew.tsr
              rial renew attach case.rialpkg --token renew.tsr \\
                  --tsa-chain tsa-chain.pem --request renew.tsq
              rial verify case.rialpkg --trust root.pem --tsa-trust tsa-root.pem

            \(ExitStatus.helpText)
            """,
        subcommands: [RenewRequestCommand.self, RenewAttachCommand.self]
    )
}
