/// What a probe read the media in, as `rial-media-probe` says in its reply: its confinement (the
/// seccomp allow-list, the namespaces the kernel gave it or why not) and the media libraries it
/// had loaded, with their versions. A report states it among its settings, so that two machines
/// whose verdicts on the same media differ can be told apart.
package struct MediaProbeEnvironment: Hashable, Sendable {
    /// `seccomp allow-list (36 system calls; any other kills the probe); user, network and
    /// mount namespaces`.
    package let confinement: String
    /// Each library's name and version, in the probe's order (`FFmpeg` `5.1.9-0+deb12u1`,
    /// `libheif` `1.15.1`, `libexif` `libexif.so.12.3.4`).
    package let libraries: [Library]

    package struct Library: Hashable, Sendable {
        package let name: String
        package let version: String

        package init(name: String, version: String) {
            self.name = name
            self.version = version
        }
    }

    /// The most libraries a reply may list.
    package static let maxLibraries = 16

    package init(confinement: String, libraries: [Library]) {
        self.confinement = confinement
        self.libraries = libraries
    }
}
