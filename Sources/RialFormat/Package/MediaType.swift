/// The IANA media type the manifest records for a file, from its extension.
package enum MediaType {
    /// The media type for a file name's extension; `application/octet-stream` when unknown.
    package static func forExtension(_ fileExtension: String) -> String {
        switch fileExtension.lowercased() {
        case "mov": return "video/quicktime"
        case "mp4", "m4v": return "video/mp4"
        case "heic", "heif": return "image/heic"
        case "jpg", "jpeg": return "image/jpeg"
        case "png": return "image/png"
        case "tif", "tiff": return "image/tiff"
        case "dng": return "image/x-adobe-dng"
        case "json": return "application/json"
        case "txt": return "text/plain"
        case "p7s": return "application/pkcs7-signature"
        case "tsr": return "application/timestamp-reply"
        default: return "application/octet-stream"
        }
    }
}
