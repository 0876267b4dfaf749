/// Columns that line up in a terminal: each cell padded to its column's widest, counted in
/// characters (the cells rial writes are ASCII or made visible by `Escaping.visible`), the last
/// column left unpadded, and trailing blanks removed.
package struct TextTable {
    private var rows: [[String]]

    /// - Parameter header: the first row; none when empty.
    package init(header: [String] = []) {
        rows = header.isEmpty ? [] : [header]
    }

    /// Adds a row.
    package mutating func add(_ row: [String]) {
        rows.append(row)
    }

    /// The rows, each line starting with `indent`.
    package func render(indent: String = "") -> String {
        let columns = rows.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: columns)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        // A column empty in every row (no break marks) takes no room.
        let shown = (0..<columns).filter { widths[$0] > 0 }
        var out = ""
        for row in rows {
            var line = indent
            for (position, index) in shown.enumerated() {
                let cell = index < row.count ? row[index] : ""
                line += position == shown.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - cell.count + 2)
            }
            while line.last == " " { line.removeLast() }
            out += line + "\n"
        }
        return out
    }
}
