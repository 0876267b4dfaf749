extension CheckResult.Code {
    // The media itself examined (§8.5 check 15a).

    /// - PASS: the media libraries read the file (the message gives its container, codec, size, frames and
    ///   duration).
    /// - NOT CHECKED: it could not be examined on this machine (the probe is missing, crashed, ran out of
    ///   time or memory), or the package holds more than 16 media files.
    public static let mediaProbe = Self("media.probe")
    /// FAIL: the media libraries cannot read the file.
    public static let mediaUnreadable = Self("media.unreadable")
    /// FAIL: the file is not a container rial examines (MP4/QuickTime, HEIF/HEIC, JPEG).
    public static let mediaUnsupported = Self("media.unsupported")
    /// PASS: by its content the media is of the type the manifest records.
    public static let mediaType = Self("media.type")
    /// FAIL: by its content the media is another type (expected: the content's, actual: the recorded).
    public static let mediaTypeMismatch = Self("media.type.mismatch")
    /// PASS: the stated codec is the video's.
    public static let mediaCodec = Self("media.codec")
    /// FAIL: the stated codec is not the video's.
    public static let mediaCodecMismatch = Self("media.codec.mismatch")
    /// - PASS: the stated resolution is the encoded video's size.
    /// - NOT CHECKED: an H.264/HEVC video whose parameter sets could not be read (only its
    ///   container declares a size).
    public static let mediaResolution = Self("media.resolution")
    /// FAIL: the stated resolution is not the encoded video's size.
    public static let mediaResolutionMismatch = Self("media.resolution.mismatch")
    /// FAIL: the container declares another picture size than the stream's own parameter sets
    /// (H.264/HEVC) give: one of them was edited (expected: the stream's, actual: the container's).
    public static let mediaContainerSizeMismatch = Self("media.container-size.mismatch")
    /// - PASS: the stated duration agrees with the video's within one frame plus 1 ms.
    /// - NOT CHECKED: the video states no duration.
    public static let mediaDuration = Self("media.duration")
    /// FAIL: the stated duration disagrees with the video's by more than one frame.
    public static let mediaDurationMismatch = Self("media.duration.mismatch")
    /// - PASS: the stated frame count agrees with the video's within one frame.
    /// - NOT CHECKED: the video's frames could not be counted.
    public static let mediaFrameCount = Self("media.frame-count")
    /// FAIL: the stated frame count disagrees with the video's by more than one.
    public static let mediaFrameCountMismatch = Self("media.frame-count.mismatch")
    /// - PASS: the media's creation time is within the recording (a photo: `captured_at`), two seconds either side.
    /// - NOT CHECKED: the media states no creation time, none rial reads, or EXIF local time without its offset.
    public static let mediaStartTime = Self("media.start-time")
    /// FAIL: the video's creation time is outside the recording.
    public static let mediaStartTimeMismatch = Self("media.start-time.mismatch")
    /// - PASS: a photo's stated depth map size is its HEIC depth image's.
    /// - NOT CHECKED: the photo carries no depth image.
    public static let mediaDepthResolution = Self("media.depth-resolution")
    /// FAIL: the stated depth map size is not the HEIC depth image's.
    public static let mediaDepthResolutionMismatch = Self("media.depth-resolution.mismatch")
    /// - PASS: the metadata's `location` is within 0.0005° of latitude and of longitude of the media's
    ///   embedded GPS position.
    /// - NOT CHECKED: the media carries no position, or was not examined (the message names `location`).
    public static let mediaLocation = Self("media.location")
    /// FAIL: the metadata's `location` is farther than 0.0005° from the media's embedded position.
    public static let mediaLocationMismatch = Self("media.location.mismatch")
    /// - PASS: the metadata's `device_model` is the media's model tag (trimmed, case ignored).
    /// - NOT CHECKED: the media names no model, or was not examined (the message names `device_model`).
    public static let mediaDeviceModel = Self("media.device-model")
    /// FAIL: the metadata's `device_model` is not the media's model tag.
    public static let mediaDeviceModelMismatch = Self("media.device-model.mismatch")
    /// PASS: the chain's frame count agrees with the video's within one frame.
    public static let mediaChainFrames = Self("media.chain-frames")
    /// FAIL: the chain's frame count disagrees with the video's by more than one.
    public static let mediaChainFramesMismatch = Self("media.chain-frames.mismatch")

    /// Every code of the media examination, for ``all``.
    static let mediaCodes: [Self] = [
        .mediaProbe, .mediaUnreadable, .mediaUnsupported, .mediaType, .mediaTypeMismatch, .mediaCodec, .mediaCodecMismatch,
        .mediaResolution, .mediaResolutionMismatch, .mediaContainerSizeMismatch, .mediaDuration, .mediaDurationMismatch, .mediaFrameCount, .mediaFrameCountMismatch,
        .mediaStartTime, .mediaStartTimeMismatch, .mediaDepthResolution, .mediaDepthResolutionMismatch, .mediaChainFrames,
        .mediaChainFramesMismatch, .mediaLocation, .mediaLocationMismatch, .mediaDeviceModel, .mediaDeviceModelMismatch,
    ]
}
