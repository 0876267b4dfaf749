import RialVerifier
import RialFormat

/// The nodes of a JSON-LD graph as they are added, and the document they make: the CASE 1.5 /
/// UCO 1.5 prefixes as its `@context`, the nodes in the order added, every object's keys in
/// byte order, so the same package gives the same bytes.
struct CASEGraph {
    /// The prefixes the export uses. `kb:` names this export's own nodes.
    static let context: JSONValue = .object([
        "case-investigation": .string("https://ontology.caseontology.org/case/investigation/"),
        "kb": .string("urn:rial:kb:"),
        "uco-action": .string("https://ontology.unifiedcyberontology.org/uco/action/"),
        "uco-core": .string("https://ontology.unifiedcyberontology.org/uco/core/"),
        "uco-identity": .string("https://ontology.unifiedcyberontology.org/uco/identity/"),
        "uco-location": .string("https://ontology.unifiedcyberontology.org/uco/location/"),
        "uco-observable": .string("https://ontology.unifiedcyberontology.org/uco/observable/"),
        "uco-tool": .string("https://ontology.unifiedcyberontology.org/uco/tool/"),
        "uco-types": .string("https://ontology.unifiedcyberontology.org/uco/types/"),
        "xsd": .string("http://www.w3.org/2001/XMLSchema#"),
    ])

    private(set) var nodes: [JSONValue] = []
    private var ids: Set<String> = []

    /// Adds a node `@id` of `@type` with `properties`; a node already added (a person named by
    /// several custody events) is kept once.
    mutating func add(_ id: String, _ type: String, _ properties: [String: JSONValue?]) {
        guard ids.insert(id).inserted else { return }
        nodes.append(Self.node(id, type, properties))
    }

    /// A node object: `@id`, `@type` and the properties that have a value.
    static func node(_ id: String, _ type: String, _ properties: [String: JSONValue?]) -> JSONValue {
        var object: JSONObject = ["@id": .string(id), "@type": .string(type)]
        for (key, value) in properties {
            if let value { object[key] = value }
        }
        return .object(object)
    }

    /// A reference to a node.
    static func reference(_ id: String) -> JSONValue { .object(["@id": .string(id)]) }

    /// References to nodes; `nil` (no property) when there are none.
    static func references(_ ids: [String]) -> JSONValue? { ids.isEmpty ? nil : .array(ids.map(reference)) }

    /// A typed literal.
    static func typed(_ value: String, _ datatype: String) -> JSONValue {
        .object(["@type": .string(datatype), "@value": .string(value)])
    }

    static func integer(_ value: UInt64) -> JSONValue { typed(String(value), "xsd:integer") }
    static func dateTime(_ time: Timestamp) -> JSONValue { typed(time.rfc3339, "xsd:dateTime") }
    static func text(_ value: String?) -> JSONValue? { value.map(JSONValue.string) }

    /// The document: `@context` and `@graph`, every object's keys in byte order.
    func bytes() -> [UInt8] {
        JSONWriter.bytes(Self.sorted(.object(["@context": Self.context, "@graph": .array(nodes)])), escaping: .invisibles)
    }

    /// `value` with the keys of every object in byte order. Recursion is over this program's
    /// own nodes, a few levels deep.
    static func sorted(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let object):
            var out = JSONObject()
            for entry in object.entries.sorted(by: { UTF8Order.precedes($0.key, $1.key) }) { out[entry.key] = sorted(entry.value) }
            return .object(out)
        case .array(let items): return .array(items.map(sorted))
        default: return value
        }
    }
}
