extension CheckResult.Code {
    // The media itself examined (§8.5 check 15a).

    /// - PASS: the media libraries read the file (the message gives its container, codec, size, frames and
    ///   duration).
    /// - NOT CHECKED: it could not be examined on this machine (the probe is missing, crashed, ran out of
    ///   time or memory), or the package holds more than 16 media files.
    public static let mediaProbe = Self(MediaList.mediaProbe)
    /// FAIL: the media libraries cannot read the file.
    public static let mediaUnreadable = Self(MediaList.mediaUnreadable)
    /// FAIL: the file is not a container rial examines (MP4/QuickTime, HEIF/HEIC, JPEG).
    public static let mediaUnsupported = Self(MediaList.mediaUnsupported)
    /// PASS: by its content the media is of the type the manifest records.
    public static let mediaType = Self(MediaList.mediaType)
    /// FAIL: by its content the media is another type (expected: the content's, actual: the recorded).
    public static let mediaTypeMismatch = Self(MediaList.mediaTypeMismatch)
    /// PASS: the stated codec is the video's.
    public static let mediaCodec = Self(MediaList.mediaCodec)
    /// FAIL: the stated codec is not the video's.
    public static let mediaCodecMismatch = Self(MediaList.mediaCodecMismatch)
    /// - PASS: the stated resolution is the encoded video's size.
    /// - NOT CHECKED: an H.264/HEVC video whose parameter sets could not be read (only its
    ///   container declares a size).
    public static let mediaResolution = Self(MediaList.mediaResolution)
    /// FAIL: the stated resolution is not the encoded video's size.
    public static let mediaResolutionMismatch = Self(MediaList.mediaResolutionMismatch)
    /// FAIL: the container declares another picture size than the stream's own parameter sets
    /// (H.264/HEVC) give: one of them was edited (expected: the stream's, actual: the container's).
    public static let mediaContainerSizeMismatch = Self(MediaList.mediaContainerSizeMismatch)
    /// - PASS: the stated duration agrees with the video's within one frame plus 1 ms.
    /// - NOT CHECKED: the video states no duration.
    public static let mediaDuration = Self(MediaList.mediaDuration)
    /// FAIL: the stated duration disagrees with the video's by more than one frame.
    public static let mediaDurationMismatch = Self(MediaList.mediaDurationMismatch)
    /// - PASS: the stated frame count agrees with the video's within one frame.
    /// - NOT CHECKED: the video's frames could not be counted.
    public static let mediaFrameCount = Self(MediaList.mediaFrameCount)
    /// FAIL: the stated frame count disagrees with the video's by more than one.
    public static let mediaFrameCountMismatch = Self(MediaList.mediaFrameCountMismatch)
    /// - PASS: the media's creation time is within the recording (a photo: `captured_at`), two seconds either side.
    /// - NOT CHECKED: the media states no creation time, none rial reads, or EXIF local time without its offset.
    public static let mediaStartTime = Self(MediaList.mediaStartTime)
    /// FAIL: the video's creation time is outside the recording.
    public static let mediaStartTimeMismatch = Self(MediaList.mediaStartTimeMismatch)
    /// - PASS: a photo's stated depth map size is its HEIC depth image's.
    /// - NOT CHECKED: the photo carries no depth image.
    public static let mediaDepthResolution = Self(MediaList.mediaDepthResolution)
    /// FAIL: the stated depth map size is not the HEIC depth image's.
    public static let mediaDepthResolutionMismatch = Self(MediaList.mediaDepthResolutionMismatch)
    /// - PASS: the metadata's `location` is within 0.0005° of latitude and of longitude of the media's
    ///   embedded GPS position.
    /// - NOT CHECKED: the media carries no position, or was not examined (the message names `location`).
    public static let mediaLocation = Self(MediaList.mediaLocation)
    /// FAIL: the metadata's `location` is farther than 0.0005° from the media's embedded position.
    public static let mediaLocationMismatch = Self(MediaList.mediaLocationMismatch)
    /// - PASS: the metadata's `device_model` is the media's model tag (trimmed, case ignored).
    /// - NOT CHECKED: the media names no model, or was not examined (the message names `device_model`).
    public static let mediaDeviceModel = Self(MediaList.mediaDeviceModel)
    /// FAIL: the metadata's `device_model` is not the media's model tag.
    public static let mediaDeviceModelMismatch = Self(MediaList.mediaDeviceModelMismatch)
    /// PASS: the chain's frame count agrees with the video's within one frame.
    public static let mediaChainFrames = Self(MediaList.mediaChainFrames)
    /// FAIL: the chain's frame count disagrees with the video's by more than one.
    public static let mediaChainFramesMismatch = Self(MediaList.mediaChainFramesMismatch)
}

extension CheckResult.Code {
    /// The codes this file declares, one case each, its raw value the code: a constant above is
    /// made from its case, and ``all`` takes every case (``CodeList``).
    enum MediaList: String, CodeList {
        case mediaProbe = "media.probe"
        case mediaUnreadable = "media.unreadable"
        case mediaUnsupported = "media.unsupported"
        case mediaType = "media.type"
        case mediaTypeMismatch = "media.type.mismatch"
        case mediaCodec = "media.codec"
        case mediaCodecMismatch = "media.codec.mismatch"
        case mediaResolution = "media.resolution"
        case mediaResolutionMismatch = "media.resolution.mismatch"
        case mediaContainerSizeMismatch = "media.container-size.mismatch"
        case mediaDuration = "media.duration"
        case mediaDurationMismatch = "media.duration.mismatch"
        case mediaFrameCount = "media.frame-count"
        case mediaFrameCountMismatch = "media.frame-count.mismatch"
        case mediaStartTime = "media.start-time"
        case mediaStartTimeMismatch = "media.start-time.mismatch"
        case mediaDepthResolution = "media.depth-resolution"
        case mediaDepthResolutionMismatch = "media.depth-resolution.mismatch"
        case mediaLocation = "media.location"
        case mediaLocationMismatch = "media.location.mismatch"
        case mediaDeviceModel = "media.device-model"
        case mediaDeviceModelMismatch = "media.device-model.mismatch"
        case mediaChainFrames = "media.chain-frames"
        case mediaChainFramesMismatch = "media.chain-frames.mismatch"
    }
}
