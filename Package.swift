// swift-tools-version:6.0
// The Rial evidence-package toolkit: packs a capture into a `.rialpkg` archive and verifies it offline.
//
// The modules, what each owns and what each may import: docs/architecture.md (ArchitectureTests
// holds this file's graph, the page and every source file's imports to one another).
import PackageDescription

let package = Package(
    name: "rial",
    products: [
        .executable(name: "rial", targets: ["rial"]),
        .library(name: "RialVerifier", targets: ["RialVerifier"]),
        .library(name: "RialPackager", targets: ["RialPackager"]),
        .library(name: "RialAmender", targets: ["RialAmender"]),
        .library(name: "RialReport", targets: ["RialReport"]),
        .library(name: "RialExtractor", targets: ["RialExtractor"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
    ],
    targets: [
        // System C libraries, from Debian's -dev packages.
        .systemLibrary(
            name: "CRialArchive",
            pkgConfig: "libarchive",
            providers: [.apt(["libarchive-dev"])]
        ),
        .systemLibrary(
            name: "CRialOpenSSL",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        .systemLibrary(
            name: "CRialXML",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        // FFmpeg: libavformat demuxes, libavutil and libavcodec (codec names only) come with it.
        .systemLibrary(
            name: "CRialAVFormat",
            pkgConfig: "libavformat",
            providers: [.apt(["libavformat-dev", "libavcodec-dev", "libavutil-dev"])]
        ),
        .systemLibrary(
            name: "CRialHEIF",
            pkgConfig: "libheif",
            providers: [.apt(["libheif-dev"])]
        ),
        .systemLibrary(
            name: "CRialEXIF",
            pkgConfig: "libexif",
            providers: [.apt(["libexif-dev"])]
        ),
        .systemLibrary(
            name: "CRialIPTC",
            pkgConfig: "libiptcdata",
            providers: [.apt(["libiptcdata0-dev"])]
        ),
        // The media probe's system-call allow-list.
        .systemLibrary(
            name: "CRialSeccomp",
            pkgConfig: "libseccomp",
            providers: [.apt(["libseccomp-dev"])]
        ),
        .systemLibrary(
            name: "CRialXMP",
            pkgConfig: "exempi-2.0",
            providers: [.apt(["libexempi-dev"])]
        ),

        // The audit ledger's stores (docs/ledger.md).
        .systemLibrary(
            name: "CRialSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .systemLibrary(
            name: "CRialPQ",
            pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"])]
        ),

        .target(name: "RialErrors"),
        // The format's Foundation-free base, which the media probe links (RialFormat re-exports it).
        .target(name: "RialFormatCore", dependencies: ["RialErrors"]),
        .target(name: "RialFormat", dependencies: ["RialErrors", "RialFormatCore"]),
        .target(name: "RialCrypto", dependencies: ["CRialOpenSSL", "RialErrors"]),
        .target(name: "RialArchive", dependencies: ["CRialArchive", "CRialFiles", "RialErrors", "RialFormat"]),
        .target(name: "RialXML", dependencies: ["CRialXML", "RialErrors", "RialFormat"]),
        // pipe2, prctl and capset for the media probe's isolation (Swift's Glibc lacks them).
        .systemLibrary(name: "CRialProcess"),
        .systemLibrary(name: "CRialFiles"),
        // RialMedia, RialMediaReaders and the probe import nothing that imports Foundation: the
        // probe forks once per media file, and every library mapped makes each fork dearer.
        .target(name: "RialMedia", dependencies: ["CRialProcess", "RialErrors", "RialFormatCore"]),
        .target(name: "RialMediaReaders", dependencies: ["CRialAVFormat", "CRialHEIF", "CRialEXIF", "CRialIPTC", "CRialXMP", "RialMedia", "RialFormatCore"]),
        // The media's facts held against the package's claims and privacy levels (packer and verifier).
        .target(name: "RialMediaClaims", dependencies: ["RialMedia", "RialFormat"]),
        .target(name: "RialProbeSandbox", dependencies: ["CRialSeccomp"]),
        .executableTarget(name: "rial-media-probe", dependencies: ["RialMedia", "RialMediaReaders", "RialProbeSandbox"]),
        .target(name: "RialPackager", dependencies: ["RialErrors", "RialFormat", "RialCrypto", "RialArchive", "RialMedia", "RialMediaClaims"]),
        .target(name: "RialVerifier", dependencies: ["RialErrors", "RialFormat", "RialCrypto", "RialArchive", "RialMedia", "RialMediaClaims"]),
        .target(name: "RialReport", dependencies: ["RialErrors", "RialFormat", "RialCrypto", "RialXML", "RialMedia", "RialVerifier"]),
        .target(name: "RialExtractor", dependencies: ["RialErrors", "RialFormat", "RialCrypto", "RialArchive", "RialVerifier", "RialReport"]),
        .target(name: "RialAmender", dependencies: ["RialErrors", "RialFormat", "RialCrypto", "RialArchive", "RialPackager", "RialVerifier", "RialExtractor"]),
        .target(name: "RialLedger", dependencies: ["CRialSQLite", "CRialPQ", "RialErrors", "RialFormat", "RialCrypto"]),
        // The audit workflow over the ledger: a store verified, recorded and compared; typed verdicts.
        .target(name: "RialAudit", dependencies: ["RialFormat", "RialCrypto", "RialArchive", "RialLedger", "RialVerifier", "RialReport"]),
        .executableTarget(
            name: "rial",
            dependencies: [
                "RialErrors", "RialFormat", "RialCrypto", "RialArchive", "RialPackager", "RialVerifier", "RialReport", "RialExtractor", "RialAmender",
                "RialLedger", "RialAudit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // libFuzzer targets (scripts/fuzz.sh, Tests/Fuzz/README.md); built without -DFUZZING each
        // replays its seed corpus and saved crashers (make fuzz-replay, part of make test).
        .target(name: "FuzzSupport", path: "Sources/Fuzz/FuzzSupport"),
        .executableTarget(name: "FuzzTar", dependencies: ["FuzzSupport", "RialArchive", "RialFormat"], path: "Sources/Fuzz/FuzzTar"),
        .executableTarget(name: "FuzzBagText", dependencies: ["FuzzSupport", "RialFormat"], path: "Sources/Fuzz/FuzzBagText"),
        .executableTarget(name: "FuzzJSON", dependencies: ["FuzzSupport", "RialFormat"], path: "Sources/Fuzz/FuzzJSON"),
        .executableTarget(name: "FuzzReport", dependencies: ["FuzzSupport", "RialFormat", "RialVerifier", "RialReport"], path: "Sources/Fuzz/FuzzReport"),
        .executableTarget(name: "FuzzMedia", dependencies: ["FuzzSupport", "RialFormat", "RialMedia", "RialMediaReaders"], path: "Sources/Fuzz/FuzzMedia"),

        // What a test needs from outside (a tool, a server, the test PKI): skipped when missing, failed when a RIAL_REQUIRE_* says it must run.
        .target(
            name: "RialTestSupport", dependencies: ["RialFormat", "RialCrypto", "RialPackager", "RialVerifier", "RialReport", "RialXML", "RialAmender"],
            path: "Tests/RialTestSupport"),
        .testTarget(name: "RialErrorsTests", dependencies: ["RialErrors"]),
        .testTarget(name: "RialFormatTests", dependencies: ["RialFormat", "RialErrors"]),
        .testTarget(name: "RialCryptoTests", dependencies: ["RialTestSupport", "RialCrypto", "RialErrors"]),
        .testTarget(name: "RialArchiveTests", dependencies: ["RialArchive", "RialFormat", "RialErrors"]),
        .testTarget(name: "RialXMLTests", dependencies: ["RialXML", "RialErrors"]),
        .testTarget(name: "RialPackagerTests", dependencies: ["RialTestSupport", "RialPackager", "RialFormat", "RialCrypto", "RialErrors"]),
        .testTarget(
            name: "RialVerifierTests",
            dependencies: [
                "RialTestSupport", "RialVerifier", "RialReport", "RialExtractor", "RialPackager", "RialAmender", "RialFormat", "RialArchive", "RialCrypto",
                "RialXML", "RialMediaClaims",
            ]),
        .testTarget(name: "RialAmenderTests", dependencies: ["RialTestSupport", "RialAmender", "RialPackager", "RialVerifier", "RialFormat", "RialCrypto"]),
        // Runs the built rial-media-probe (a dependency so that it is built) and the in-process reader.
        .testTarget(
            name: "RialMediaTests",
            dependencies: ["RialTestSupport", "RialMedia", "RialMediaReaders", "rial-media-probe", "RialFormat", "RialErrors", "RialMediaClaims"]),
        .testTarget(name: "RialLedgerTests", dependencies: ["RialTestSupport", "RialLedger", "RialArchive", "RialFormat", "RialErrors"]),
        .testTarget(
            name: "RialAuditTests", dependencies: ["RialTestSupport", "RialAudit", "RialLedger", "RialVerifier", "RialPackager", "RialFormat", "RialCrypto"]),
        .testTarget(name: "RialCLITests", dependencies: ["RialTestSupport", "rial", "RialXML"], exclude: ["Fixtures", "Golden"]),
    ],
    swiftLanguageModes: [.v6]
)
