import ArgumentParser
import Foundation
import RialLedger

/// `--ledger FILE|URL`: where `rial audit` records and `rial ledger` reads (docs/ledger.md).
struct LedgerOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The ledger: a SQLite file, or a postgresql:// URL (default: $RIAL_LEDGER, else $XDG_DATA_HOME/rial/ledger.sqlite, else ~/.local/share/rial/ledger.sqlite).",
            valueName: "FILE|URL"))
    var ledger: String?

    func validate() throws {
        if let ledger {
            do { _ = try LedgerLocation(parsing: ledger) } catch { throw ValidationError(error.reason) }
        }
    }

    /// The location given, or the default; the default file's directory is created when a
    /// ledger is to be written.
    /// - Throws: ``ExitStatus/usage`` when no location can be found.
    func location(creatingDefaultDirectory: Bool) throws -> LedgerLocation {
        let environment = ProcessInfo.processInfo.environment
        guard let text = ledger ?? LedgerLocation.defaultLocation(environment: environment) else {
            Console.error("no ledger: give --ledger FILE or set RIAL_LEDGER (neither XDG_DATA_HOME nor HOME is set)")
            throw ExitStatus.usage
        }
        let location: LedgerLocation
        do { location = try LedgerLocation(parsing: text) } catch {
            Console.error(error.reason)
            throw ExitStatus.usage
        }
        if ledger == nil, creatingDefaultDirectory, case .sqlite(let path) = location {
            try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        }
        return location
    }

    /// Opens the ledger for reading (the `rial ledger` commands).
    /// - Throws: ``ExitStatus/couldNotComplete`` after saying why.
    func openForReading() throws -> Ledger {
        let location = try location(creatingDefaultDirectory: false)
        do {
            return try Ledger.openForReading(location)
        } catch {
            Console.error(Console.describe(error))
            throw ExitStatus.couldNotComplete
        }
    }
}
