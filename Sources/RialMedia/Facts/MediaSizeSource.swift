/// Where a video's width and height come from.
package enum MediaSizeSource: String, Hashable, Sendable {
    /// The stream's own parameter sets (an H.264 or HEVC sequence parameter set, cropped as the
    /// decoder crops it), read from the first packet: what a player shows.
    case parameterSets = "parameter-sets"
    /// Only the container declares it (the sample entry's width and height): the codec has no
    /// parameter sets rial reads, or they could not be read.
    case container
}
