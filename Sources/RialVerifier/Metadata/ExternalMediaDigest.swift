import RialFormat
import RialCrypto
import RialArchive

/// The copy of the media the person verifying holds (`rial verify --media FILE`), hashed
/// once, when the media check first asks (``MediaProvider``), so ``ExternalMediaCheck`` judges
/// a value and reads no file itself.
struct ExternalMediaDigest {
    /// The path as given.
    let path: String
    /// The file's SHA-256 in hex, or why it could not be read.
    let sha256: Result<String, any Error>

    /// Reads and hashes `path` in chunks.
    init(path: String) {
        self.path = path
        sha256 = Result { Hex.encode(try StreamingDigest.digest(.sha256) { try FileChunkReader(path: path).streamAndClose($0) }) }
    }
}
