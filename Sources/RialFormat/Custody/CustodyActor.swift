/// Who performed a custody event.
public struct CustodyActor: Hashable, Sendable {
    /// A person's or system's name, as on their identity document or certificate.
    public var name: String
    /// Their role in the case, e.g. "investigator", "lab technician".
    public var role: String?
    /// Their organisation.
    public var organisation: String?
    /// An identifier the organisation uses: a badge number, a device id.
    public var identifier: String?
    /// SHA-256 of the DER certificate that signed the event, lowercase hex; present exactly
    /// when the event is signed, so removing a signature is visible.
    public var certificateSHA256: String?

    public init(name: String, role: String? = nil, organisation: String? = nil, identifier: String? = nil, certificateSHA256: String? = nil) {
        self.name = name
        self.role = role
        self.organisation = organisation
        self.identifier = identifier
        self.certificateSHA256 = certificateSHA256
    }

    static let keys: Set<String> = ["name", "role", "organisation", "identifier", "certificate_sha256"]

    init(json: JSONValue, path: String) throws(FormatError) {
        let reader = try JSONFieldReader(json, path: path, allowedKeys: Self.keys)
        name = try CustodyText.required(reader, "name")
        role = try CustodyText.optional(reader, "role")
        organisation = try CustodyText.optional(reader, "organisation")
        identifier = try CustodyText.optional(reader, "identifier")
        certificateSHA256 = reader.has("certificate_sha256") ? try reader.digest("certificate_sha256", byteCount: 32) : nil
    }

    package var json: JSONValue {
        var object = JSONObject()
        object["name"] = .string(name)
        if let role { object["role"] = .string(role) }
        if let organisation { object["organisation"] = .string(organisation) }
        if let identifier { object["identifier"] = .string(identifier) }
        if let certificateSHA256 { object["certificate_sha256"] = .string(certificateSHA256) }
        return .object(object)
    }

    /// "Jane Roe (investigator, Metro Police, badge 4411)".
    public var summary: String {
        let extras = [role, organisation, identifier].compactMap { $0 }
        return extras.isEmpty ? name : "\(name) (\(extras.joined(separator: ", ")))"
    }
}
