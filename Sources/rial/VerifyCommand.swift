import ArgumentParser
struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "verify")
    func run() throws {}
}
