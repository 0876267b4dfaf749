/// The toolkit's own identity, written into every package it makes.
package enum RialToolkit {
    package static let name = "rial"
    package static let version = "0.1.0"
    /// `Bag-Software-Agent` in `bag-info.txt` (RFC 8493 §2.2.2 suggests name, version and a URL).
    package static var bagSoftwareAgent: String { "\(name)/\(version)" }
}
