internal import CRialHEIF

/// The `heif_reader` callbacks over a ``ByteRange``: libheif reads the photo through them only.
/// libheif keeps a pointer to the callback table for the context's whole life, so the table
/// lives on the heap, owned here, and this object must outlive the context.
final class HEIFReaderBridge {
    private let range: ByteRange
    private var position: Int64 = 0
    /// The callback table to pass to `heif_context_read_from_reader`.
    let table: UnsafeMutablePointer<heif_reader>

    init(range: ByteRange) {
        self.range = range
        table = .allocate(capacity: 1)
        table.initialize(
            to: heif_reader(
                reader_api_version: 1, get_position: Self.getPosition, read: Self.read,
                seek: Self.seek, wait_for_file_size: Self.waitForFileSize))
    }

    deinit {
        table.deinitialize(count: 1)
        table.deallocate()
    }

    /// The pointer libheif hands back to the callbacks.
    var userData: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    private static func bridge(_ userData: UnsafeMutableRawPointer?) -> HEIFReaderBridge? {
        userData.map { Unmanaged<HEIFReaderBridge>.fromOpaque($0).takeUnretainedValue() }
    }

    private static let getPosition: @convention(c) (UnsafeMutableRawPointer?) -> Int64 = { userData in
        bridge(userData)?.position ?? 0
    }

    /// Reads exactly `size` bytes or fails (libheif's contract: 0 on success). A read of no bytes
    /// succeeds whatever `data` is (libheif passes an empty vector's, which may be null): libheif
    /// 1.15 asserts that a read it has checked against the file size succeeds, and would abort.
    private static let read: @convention(c) (UnsafeMutableRawPointer?, Int, UnsafeMutableRawPointer?) -> Int32 = { data, size, userData in
        guard let bridge = bridge(userData) else { return -1 }
        if size == 0 { return 0 }
        guard let data else { return -1 }
        guard let target = Int64(exactly: size), target <= bridge.range.length - bridge.position else { return -1 }
        var done = 0
        while done < size {
            let read = bridge.range.read(at: bridge.position + Int64(done), into: UnsafeMutableRawBufferPointer(start: data + done, count: size - done))
            guard read > 0 else { return -1 }
            done += read
        }
        bridge.position += target
        return 0
    }

    private static let seek: @convention(c) (Int64, UnsafeMutableRawPointer?) -> Int32 = { position, userData in
        guard let bridge = bridge(userData), position >= 0, position <= bridge.range.length else { return -1 }
        bridge.position = position
        return 0
    }

    private static let waitForFileSize: @convention(c) (Int64, UnsafeMutableRawPointer?) -> heif_reader_grow_status = { target, userData in
        guard let bridge = bridge(userData), target <= bridge.range.length else { return heif_reader_grow_status_size_beyond_eof }
        return heif_reader_grow_status_size_reached
    }
}
