import ArgumentParser

struct ReceiptCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "receipt",
        abstract: "Check a signed verification receipt (made by rial verify --receipt).",
        discussion: """
            A receipt is what an examiner verified, signed: the JSON report of `rial verify` \
            (naming the package file's SHA-256 and size, the anchors by SHA-256, the time, \
            the versions and, with --examiner, who) in R.json, and a detached CMS signature \
            over its exact bytes in R.json.p7s. `rial timestamp request/attach` add an RFC 3161 \
            token (R.json.tsr) that proves when it was made. Without rial: \
            openssl cms -verify -binary -inform DER -in R.json.p7s -content R.json \
            -CAfile ROOT.pem -purpose any (schema/SPEC.md §18).

            Examples:
              rial verify case.rialpkg --trust root.pem --examiner "A. Expert, Lab Ltd" \\
                  --receipt case.receipt.json --sign-key expert.key --cert expert.pem
              rial timestamp request case.receipt.json -o receipt.tsq
              rial timestamp attach case.receipt.json --token receipt.tsr
              rial receipt verify case.receipt.json case.rialpkg --trust expert-root.pem \\
                  --trust root.pem --tsa-trust tsa-root.pem --rerun

            \(ExitStatus.helpText)
            """,
        subcommands: [ReceiptVerifyCommand.self]
    )
}
