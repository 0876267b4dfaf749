import RialArchive

/// Writes a report file whole, replacing any earlier one.
enum ReportFile {
    static func write(_ bytes: [UInt8], to path: String) throws {
        try FileWriter.write(bytes, to: path, existing: .replace)
    }
}
