internal import CRialHEIF
import RialMedia

/// Reads a HEIF photo with libheif: the primary image's size, its depth image's size and its
/// metadata items (EXIF through ``EXIFReader``). No image is decoded.
struct HEIFReader {
    let range: ByteRange
    let fileType: ContainerSniffer.FileType
    let limits: MediaProbeLimits

    /// The most metadata items and depth images looked at.
    static let maxItems: Int32 = 64

    func read() -> MediaProbeReply {
        _ = heif_init(nil)
        defer { heif_deinit() }
        guard let context = heif_context_alloc() else { return .tooMuchMemory(reason: "cannot allocate a libheif context") }
        let bridge = HEIFReaderBridge(range: range)
        defer {
            heif_context_free(context)
            withExtendedLifetime(bridge) {}
        }
        heif_context_set_maximum_image_size_limit(context, Int32(clamping: limits.maxImageDimension))
        if let failure = Self.failure(heif_context_read_from_reader(context, bridge.table, bridge.userData, nil), doing: "reading the HEIF structure") {
            return failure
        }
        var handle: OpaquePointer?
        if let failure = Self.failure(heif_context_get_primary_image_handle(context, &handle), doing: "finding the primary image") {
            return failure
        }
        guard let primary = handle else { return .unreadable(reason: "libheif gave no primary image") }
        defer { heif_image_handle_release(primary) }

        var tags = TagList(limits: limits)
        var exif = EXIFFacts()
        readMetadata(primary, tags: &tags, exif: &exif)
        readOtherImages(context, tags: &tags)
        var image = MediaImage(
            codec: codec(),
            codedSize: MediaImageSize(
                width: Int(max(0, heif_image_handle_get_ispe_width(primary))),
                height: Int(max(0, heif_image_handle_get_ispe_height(primary)))),
            displaySize: MediaImageSize(
                width: Int(max(0, heif_image_handle_get_width(primary))),
                height: Int(max(0, heif_image_handle_get_height(primary)))),
            rotation: nil,
            depthSize: depthSize(primary),
            imageCount: Int(max(0, heif_context_get_number_of_top_level_images(context)))
        )
        image.imageCount = min(image.imageCount, MediaImage.maxImageCount)
        let sides = [image.codedSize, image.displaySize, image.depthSize ?? image.codedSize].flatMap { [$0.width, $0.height] }
        if let side = sides.max(), side > MediaFacts.maxDimension {
            return .unreadable(reason: "the photo states an image side of \(side) pixels")
        }
        return .facts(
            MediaFacts(
                container: MediaContainer(
                    kind: .heif, formatName: "heif", majorBrand: fileType.majorBrand,
                    compatibleBrands: fileType.compatibleBrands),
                image: image, creationTime: exif.creationTime, location: exif.location,
                make: exif.make, model: exif.model, software: exif.software,
                tags: tags.tags, omittedTagCount: tags.omittedCount, unread: tags.unread
            ))
    }

    /// The metadata of every other image a viewer may show or a reader may extract, whose tags a
    /// privacy audit must see as it sees the primary's: the other top-level images (a burst,
    /// a second picture) and the thumbnails of each. Scoped `HEIF image N` and `HEIF thumbnail
    /// N`; the facts (make, model, location) stay the primary image's.
    private func readOtherImages(_ context: OpaquePointer, tags: inout TagList) {
        var ids = [heif_item_id](repeating: 0, count: Int(Self.maxItems))
        let total = Int(heif_context_get_number_of_top_level_images(context))
        let count = Int(max(0, heif_context_get_list_of_top_level_image_IDs(context, &ids, Self.maxItems)))
        if total > count { tags.markUnread("\(total - count) HEIF images beyond the first \(Self.maxItems): their metadata is not read") }
        var ignored = EXIFFacts()
        for id in ids.prefix(count) {
            var handle: OpaquePointer?
            guard heif_context_get_image_handle(context, id, &handle).code == heif_error_Ok, let handle else {
                tags.markUnread("HEIF image \(id): libheif could not open it")
                continue
            }
            defer { heif_image_handle_release(handle) }
            if heif_image_handle_is_primary_image(handle) == 0 { readMetadata(handle, scope: "HEIF image \(id)", tags: &tags, exif: &ignored) }
            var thumbnails = [heif_item_id](repeating: 0, count: Int(Self.maxItems))
            let thumbnailCount = Int(max(0, heif_image_handle_get_list_of_thumbnail_IDs(handle, &thumbnails, Self.maxItems)))
            for thumbnailID in thumbnails.prefix(thumbnailCount) {
                var thumbnail: OpaquePointer?
                guard heif_image_handle_get_thumbnail(handle, thumbnailID, &thumbnail).code == heif_error_Ok, let thumbnail else {
                    tags.markUnread("HEIF thumbnail \(thumbnailID): libheif could not open it")
                    continue
                }
                defer { heif_image_handle_release(thumbnail) }
                readMetadata(thumbnail, scope: "HEIF thumbnail \(thumbnailID)", tags: &tags, exif: &ignored)
            }
        }
    }

    /// The codec from libheif's MIME type for the file (`image/heic` is HEVC).
    private func codec() -> String? {
        guard let head = range.bytes(at: 0, count: Int(min(range.length, 4096))) else { return nil }
        let type = head.withUnsafeBufferPointer { MediaReaderText.string(heif_get_file_mime_type($0.baseAddress, Int32($0.count))) }
        switch type {
        case "image/heic", "image/heic-sequence": return "hevc"
        case "image/avif", "image/avif-sequence": return "av1"
        default:
            // A `mif1` file (any codec) names its codec among its compatible brands.
            let brands = Set([fileType.majorBrand] + fileType.compatibleBrands)
            if !brands.isDisjoint(with: ["heic", "heix", "heim", "heis", "hevc", "hevx"]) { return "hevc" }
            if !brands.isDisjoint(with: ["avif", "avis"]) { return "av1" }
            return nil
        }
    }

    /// The first depth image's size.
    private func depthSize(_ primary: OpaquePointer) -> MediaImageSize? {
        guard heif_image_handle_has_depth_image(primary) != 0 else { return nil }
        var ids = [heif_item_id](repeating: 0, count: Int(Self.maxItems))
        let count = heif_image_handle_get_list_of_depth_image_IDs(primary, &ids, Self.maxItems)
        guard count > 0 else { return nil }
        var depth: OpaquePointer?
        guard heif_image_handle_get_depth_image_handle(primary, ids[0], &depth).code == heif_error_Ok, let depth else { return nil }
        defer { heif_image_handle_release(depth) }
        return MediaImageSize(width: Int(max(0, heif_image_handle_get_width(depth))), height: Int(max(0, heif_image_handle_get_height(depth))))
    }

    /// Every metadata item of the primary image as a tag; EXIF items read as EXIF tags.
    private func readMetadata(_ primary: OpaquePointer, scope: String = "HEIF", tags: inout TagList, exif: inout EXIFFacts) {
        var ids = [heif_item_id](repeating: 0, count: Int(Self.maxItems))
        let count = Int(max(0, heif_image_handle_get_list_of_metadata_block_IDs(primary, nil, &ids, Self.maxItems)))
        var hasEXIF = false
        for id in ids.prefix(count) {
            let type = MediaReaderText.string(heif_image_handle_get_metadata_type(primary, id))
            let contentType = MediaReaderText.string(heif_image_handle_get_metadata_content_type(primary, id))
            let name = contentType == "application/rdf+xml" ? "XMP" : (type.isEmpty ? "item \(id)" : type)
            let size = heif_image_handle_get_metadata_size(primary, id)
            guard size <= limits.maxMetadataBlockBytes else {
                tags.add(name: name, key: name, scope: scope, bytes: Array("(\(size) bytes, more than the limit: not read)".utf8))
                tags.markUnread("the \(scope) \(name) item \(id): \(size) bytes, more than the limit of \(limits.maxMetadataBlockBytes)")
                continue
            }
            var data = [UInt8](repeating: 0, count: size)
            guard heif_image_handle_get_metadata(primary, id, &data).code == heif_error_Ok else {
                tags.add(name: name, key: name, scope: scope, bytes: Array("(unreadable)".utf8))
                tags.markUnread("the \(scope) \(name) item \(id): libheif could not read it")
                continue
            }
            if type == "Exif", let block = Self.exifBlock(data) {
                // The first EXIF item gives the facts; every one gives its tags.
                let facts = EXIFReader(limits: limits).read(block, scope: scope, into: &tags)
                if !hasEXIF { exif = facts; hasEXIF = true }
            } else if name == "XMP" {
                XMPReader(limits: limits).read(data, key: name, scope: scope, into: &tags)
            } else {
                tags.add(name: name, key: name, scope: scope, bytes: data)
            }
        }
    }

    /// A HEIF Exif item is a 32-bit offset to the TIFF header, then the EXIF data; libexif
    /// wants the TIFF data behind an `Exif\0\0` header, as in a JPEG's APP1. (Some writers
    /// put the header at the offset instead of before it; it is not doubled.)
    static func exifBlock(_ item: [UInt8]) -> [UInt8]? {
        guard item.count >= 4 else { return nil }
        let offset = item[0..<4].reduce(0) { $0 << 8 | Int($1) }
        guard offset <= item.count - 4 else { return nil }
        let tiff = item[(4 + offset)...]
        return tiff.starts(with: EXIFReader.header) ? Array(tiff) : EXIFReader.header + tiff
    }

    /// `nil` for success; the reply for libheif's error otherwise.
    static func failure(_ error: heif_error, doing step: String) -> MediaProbeReply? {
        guard error.code != heif_error_Ok else { return nil }
        let reason = MediaText.cut("\(step): \(MediaReaderText.string(error.message))", toUTF8Count: MediaProbeReply.maxReasonBytes)
        return error.code == heif_error_Memory_allocation_error ? .tooMuchMemory(reason: reason) : .unreadable(reason: reason)
    }
}
