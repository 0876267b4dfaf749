extension TimeStampResponse {
    /// Reads what a client stored from a TSA: either the whole DER TimeStampResp, or only the
    /// TimeStampToken (the CMS ContentInfo) inside it, as clients that keep just the token do.
    ///
    /// A bare token is read as a response with status granted around it, so both go through
    /// the one strict reader (no trailing bytes, a token with a TSTInfo) and carry the same facts.
    /// - Parameter der: the stored bytes.
    /// - Throws: ``Problem``, as ``init(der:)``.
    package convenience init(responseOrToken der: [UInt8]) throws(Problem) {
        try self.init(der: Self.isContentInfo(der) ? Self.grantedResponse(around: der) : der)
    }

    /// Whether `der` starts as a CMS ContentInfo does, `SEQUENCE { OBJECT IDENTIFIER, … }`; a
    /// TimeStampResp starts `SEQUENCE { SEQUENCE (PKIStatusInfo), … }`. Anything else is left
    /// for the strict reader to refuse.
    static func isContentInfo(_ der: [UInt8]) -> Bool {
        guard der.count >= 2, der[0] == 0x30 else { return false }
        var contents = 2
        if der[1] & 0x80 != 0 {
            let lengthBytes = Int(der[1] & 0x7F)
            guard (1...4).contains(lengthBytes) else { return false }
            contents += lengthBytes
        }
        return contents < der.count && der[contents] == 0x06
    }

    /// `TimeStampResp ::= SEQUENCE { status PKIStatusInfo (granted), timeStampToken }`.
    static func grantedResponse(around token: [UInt8]) -> [UInt8] {
        let granted: [UInt8] = [0x30, 0x03, 0x02, 0x01, 0x00]
        return [0x30] + DERElement.length(granted.count + token.count) + granted + token
    }
}

extension TimeStampResponse {
    /// The TimeStampToken (the CMS ContentInfo) inside a DER TimeStampResp, byte for byte: what
    /// an RFC 4998 archive timestamp stores. A bare token is returned as it is.
    /// - Throws: ``CryptoError`` `.malformed` when it is neither.
    package static func tokenDER(of der: [UInt8]) throws(CryptoError) -> [UInt8] {
        if isContentInfo(der) { return try DERElement(der: der).encoded }
        let response = try DERElement(der: der)
        let parts = try response.children(limit: 2)
        guard response.tag == DERElement.sequence, parts.count == 2, parts[1].tag == DERElement.sequence else {
            throw CryptoError(.malformed, "the response holds no timestamp token")
        }
        return parts[1].encoded
    }
}
