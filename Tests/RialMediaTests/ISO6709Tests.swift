import Testing
import RialMedia

/// The ISO 6709 strings QuickTime stores for a location.
@Suite("ISO6709")
struct ISO6709Tests {
    @Test(
        arguments: [
            ("+48.8584+002.2945/", 48.8584, 2.2945, nil),
            ("+48.8584+002.2945", 48.8584, 2.2945, nil),
            ("-33.8688+151.2093+012.500/", -33.8688, 151.2093, 12.5),
            ("+40.7589-073.9851-010.5CRSWGS_84/", 40.7589, -73.9851, -10.5),
            ("+4851.504+00217.670/", 48.8584, 2.294_5, nil),  // degrees and minutes
            ("+485130.24+0021740.2/", 48.8584, 2.2945, nil),  // degrees, minutes and seconds
            ("+90+180/", 90, 180, nil),
            ("-90.0000-180.0000/", -90, -180, nil),
        ] as [(String, Double, Double, Double?)])
    func readsAPoint(_ text: String, _ latitude: Double, _ longitude: Double, _ altitude: Double?) throws {
        let point = try #require(ISO6709.parse(text))
        #expect(abs(point.latitude - latitude) < 1e-9)
        #expect(abs(point.longitude - longitude) < 1e-9)
        #expect(point.altitude == altitude)
    }

    @Test(arguments: [
        "", "/", "48.8584+002.2945/", "+48.8584", "+91+000/", "+00+181/", "+48.8584+02.2945/", "+4860.0+00200.0/",
        "+48.8584+002.2945//", "+48.8584+002.2945/x", "+48.+002.2945/", "+48.8584+002.2945CRS", "+48.8584 +002.2945/",
        "+1234567890+002/", String(repeating: "+1", count: 100),
    ])
    func refusesAnythingElse(_ text: String) {
        #expect(ISO6709.parse(text) == nil)
    }
}
