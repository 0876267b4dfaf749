/// The toolkit's own identity, written into every package it makes.
public enum RialToolkit {
    public static let name = "rial"
    public static let version = "0.1.0"
    /// `Bag-Software-Agent` in `bag-info.txt` (RFC 8493 §2.2.2 suggests name, version and a URL).
    public static var bagSoftwareAgent: String { "\(name)/\(version)" }
}
