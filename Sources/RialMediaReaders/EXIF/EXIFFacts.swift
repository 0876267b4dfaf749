import RialMedia

/// The well-known facts among a block's EXIF tags.
struct EXIFFacts {
    /// `DateTimeOriginal`, else `DateTime`.
    var creationTime: MediaTagValue?
    /// From `GPSLatitude`/`GPSLatitudeRef`, `GPSLongitude`/`GPSLongitudeRef`, `GPSAltitude`/`GPSAltitudeRef`.
    var location: MediaLocation?
    var make: MediaTagValue?
    var model: MediaTagValue?
    var software: MediaTagValue?
    /// `Orientation`, 1...8.
    var orientation: Int?

    /// The counterclockwise rotation (``MediaVideo/rotation``'s convention) that `Orientation`
    /// asks a viewer to apply, mirroring aside: 3 and 4 are 180, 6 and 7 a quarter turn
    /// clockwise (270), 5 and 8 a quarter turn counterclockwise (90).
    var rotation: Double? {
        switch orientation {
        case 1, 2: return 0
        case 3, 4: return 180
        case 5, 8: return 90
        case 6, 7: return 270
        default: return nil
        }
    }
}
