import RialVerifier
import RialFormat

extension JSONReportRenderer {
    /// The case fields of `bag-info.txt` (report version 1.4, `schema/SPEC.md` §9.1.3): the
    /// three `rial pack` names, when present, then every field a person gave, in file order.
    package static func caseValue(_ fields: CaseFields) -> JSONValue {
        var object = JSONObject()
        if let number = fields.caseNumber { object["case_number"] = .string(number) }
        if let organisation = fields.organisation { object["organisation"] = .string(organisation) }
        if let description = fields.externalDescription { object["description"] = .string(description) }
        object["fields"] = .array(fields.fields.map { .object(["label": .string($0.label), "value": .string($0.value)]) })
        return .object(object)
    }
}
