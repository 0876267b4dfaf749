/// Names what a file that is not a tar archive looks like, so the error says what to do.
enum ArchiveSniffer {
    private static let signatures: [(bytes: [UInt8], name: String)] = [
        ([0x1F, 0x8B], "gzip-compressed data"),
        ([0x42, 0x5A, 0x68], "bzip2-compressed data"),
        ([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00], "xz-compressed data"),
        ([0x28, 0xB5, 0x2F, 0xFD], "zstd-compressed data"),
        ([0x50, 0x4B, 0x03, 0x04], "a ZIP archive"),
        ([0x50, 0x4B, 0x05, 0x06], "an empty ZIP archive"),
        ([0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C], "a 7-Zip archive"),
        ([0x52, 0x61, 0x72, 0x21, 0x1A, 0x07], "a RAR archive"),
        (Array("!<arch>\n".utf8), "an ar archive"),
        (Array("070707".utf8), "a cpio archive"),
        (Array("070701".utf8), "a cpio archive"),
    ]

    /// Why the first block is not a `.rialpkg` tar header.
    static func describe(_ block: UnsafeRawBufferPointer) -> String {
        for signature in signatures where block.starts(with: signature.bytes) {
            return "the file is \(signature.name), not an uncompressed tar archive; a .rialpkg is never compressed or in another archive format"
        }
        return "the file does not start with a valid POSIX ustar header"
    }
}
