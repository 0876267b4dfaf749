/// Reads the ISO 6709 point strings QuickTime stores for a location (`©xyz`,
/// `com.apple.quicktime.location.ISO6709`): `+48.8584+002.2945/`, with an optional altitude
/// (`+035.000`) and coordinate reference (`CRSWGS_84`) before the closing `/`.
///
/// Degrees may be decimal (`±DD.D`, `±DDD.D`), or in degrees and minutes (`±DDMM.M`,
/// `±DDDMM.M`) or degrees, minutes and seconds (`±DDMMSS.S`, `±DDDMMSS.S`), as the standard allows.
package enum ISO6709 {
    /// A point read from the string.
    package struct Point: Hashable, Sendable {
        package var latitude: Double
        package var longitude: Double
        package var altitude: Double?
    }

    /// Reads `text`; anything but one point (one trailing `/` optional) is `nil`.
    /// - Parameter text: the stored string.
    /// - Returns: the point, or `nil` when `text` is not an ISO 6709 point within range.
    package static func parse(_ text: String) -> Point? {
        let bytes = Array(text.utf8)
        guard bytes.count <= 128 else { return nil }
        var index = 0
        guard let latitude = angle(bytes, &index, degreeDigits: 2, limit: 90),
            let longitude = angle(bytes, &index, degreeDigits: 3, limit: 180)
        else { return nil }
        var altitude: Double?
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            guard let (sign, integer, fraction) = signedNumber(bytes, &index), integer.count <= 9 else { return nil }
            altitude = sign * (Double(digitsValue(integer)) + fractionValue(fraction))
        }
        if bytes[index...].starts(with: Array("CRS".utf8)) {
            // The reference system's name runs to the closing slash.
            while index < bytes.count, bytes[index] != UInt8(ascii: "/") { index += 1 }
            guard index < bytes.count else { return nil }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "/") { index += 1 }
        guard index == bytes.count else { return nil }
        return Point(latitude: latitude, longitude: longitude, altitude: altitude)
    }

    /// One signed angle of `degreeDigits` degree digits, optionally followed by two minute
    /// digits and two second digits, then an optional fraction of the last unit.
    private static func angle(_ bytes: [UInt8], _ index: inout Int, degreeDigits: Int, limit: Double) -> Double? {
        guard let (sign, digits, fraction) = signedNumber(bytes, &index) else { return nil }
        let integer = Array(digits)
        let value: Double
        switch integer.count - degreeDigits {
        case 0:
            value = Double(digitsValue(integer[...])) + fractionValue(fraction)
        case 2:
            let minutes = Double(digitsValue(integer[degreeDigits...])) + fractionValue(fraction)
            guard minutes < 60 else { return nil }
            value = Double(digitsValue(integer[..<degreeDigits])) + minutes / 60
        case 4:
            let minutes = digitsValue(integer[degreeDigits..<(degreeDigits + 2)])
            let seconds = Double(digitsValue(integer[(degreeDigits + 2)...])) + fractionValue(fraction)
            guard minutes < 60, seconds < 60 else { return nil }
            value = Double(digitsValue(integer[..<degreeDigits])) + Double(minutes) / 60 + seconds / 3600
        default:
            return nil
        }
        guard value <= limit else { return nil }
        return sign * value
    }

    /// `±digits[.digits]`: the sign, the integer digits and the fraction digits.
    private static func signedNumber(_ bytes: [UInt8], _ index: inout Int) -> (Double, ArraySlice<UInt8>, ArraySlice<UInt8>)? {
        guard index < bytes.count else { return nil }
        let sign: Double
        switch bytes[index] {
        case UInt8(ascii: "+"): sign = 1
        case UInt8(ascii: "-"): sign = -1
        default: return nil
        }
        index += 1
        let integerStart = index
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        let integer = bytes[integerStart..<index]
        guard !integer.isEmpty else { return nil }
        var fraction = bytes[index..<index]
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            fraction = bytes[fractionStart..<index]
            guard !fraction.isEmpty, fraction.count <= 12 else { return nil }
        }
        return (sign, integer, fraction)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// The value of at most nine decimal digits (callers bound the count).
    private static func digitsValue(_ digits: ArraySlice<UInt8>) -> Int {
        digits.prefix(9).reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }

    private static func fractionValue(_ digits: ArraySlice<UInt8>) -> Double {
        guard !digits.isEmpty else { return 0 }
        return Double(digitsValue(digits)) / pow10(digits.count)
    }

    private static func pow10(_ exponent: Int) -> Double {
        (0..<exponent).reduce(1.0) { result, _ in result * 10 }
    }
}
