import ArgumentParser
import RialFormat

/// `--actor-name`, `--role`, `--actor-id`, `--location`: who records a custody event, shared
/// by `pack` (its PACKAGED event) and `custody append`.
struct CustodyActorOptions: ParsableArguments {
    @Option(
        name: .customLong("actor-name"),
        help: ArgumentHelp("Who performs the action, e.g. \"Jane Roe\". When signing, the certificate's CN (the default).", valueName: "NAME"))
    var actorName: String?

    @Option(help: ArgumentHelp("Their role, e.g. investigator, lab technician, prosecutor.", valueName: "ROLE"))
    var role: String?

    @Option(name: .customLong("actor-id"), help: ArgumentHelp("An identifier their organisation uses: badge or staff number.", valueName: "ID"))
    var actorID: String?

    @Option(help: ArgumentHelp("Where it happened, e.g. \"Evidence room 3, Metro PD\".", valueName: "PLACE"))
    var location: String?

    func validate() throws {
        for (option, value) in [("--actor-name", actorName), ("--role", role), ("--actor-id", actorID), ("--location", location)] {
            guard let value else { continue }
            do {
                try CustodyText.check(value, at: option)
            } catch {
                throw ValidationError(error.reason)
            }
        }
    }

    /// The actor as given, with `organisation`; `nil` when nothing was given. The name is
    /// empty when only other fields were given: a signer's CN then fills it.
    func actor(organisation: String?) -> CustodyActor? {
        guard actorName != nil || role != nil || actorID != nil || organisation != nil else { return nil }
        return CustodyActor(name: actorName ?? "", role: role, organisation: organisation, identifier: actorID)
    }
}
