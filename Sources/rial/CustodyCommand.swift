import ArgumentParser

struct CustodyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "custody",
        abstract: "Record and show a package's chain of custody.",
        discussion: """
            A package's custody log (rial/custody/) has one file per event: who did what, when \
            and where. Each event names the SHA-256 of the one before, and the first names \
            rial/manifest.json, so an event edited, removed, inserted or reordered breaks the \
            chain. An event may be signed (a detached CMS signature beside it, like the seal). \
            Appending adds files and never rewrites anything, so the seal stays valid.

            Examples:
              rial custody append case.rialpkg --action TRANSFERRED \\
                --actor-name "Jane Roe" --role investigator \\
                --details "Handed to the lab courier, bag A-1172"
              rial custody append case.rialpkg --action RECEIVED \\
                --sign-key lab.key --cert lab.pem
              rial custody show case.rialpkg

            \(ExitStatus.helpText)
            """,
        subcommands: [CustodyAppendCommand.self, CustodyShowCommand.self]
    )
}
