import ArgumentParser

/// `--examine-media` / `--no-examine-media`, for the commands that verify (`verify`, `audit`).
struct MediaExaminationOption: ParsableArguments {
    @Flag(
        name: .customLong("examine-media"), inversion: .prefixedNo,
        help:
            "Read the media with the media libraries (in a confined child process) and hold every claim about it against what it is (docs/media.md). --no-examine-media: digests only, for a quick fixity sweep; the media checks are NOT CHECKED."
    )
    var examineMedia = true
}
