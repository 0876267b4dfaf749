import RialVerifier
import RialFormat

/// Builds one export's graph, part by part; ``CASERenderer`` says which parts. Each part
/// records the nodes the provenance record links.
struct CASEGraphBuilder {
    let export: CASEExport
    let ids: CASEIdentifier
    var graph = CASEGraph()
    /// The package node's IRI.
    private(set) var packageIRI = ""
    /// Each bag file's node, by bag path.
    private(set) var fileIRIs: [String: String] = [:]
    /// What the provenance record links, in the order added.
    var linked: [String] = []

    init(export: CASEExport, ids: CASEIdentifier) {
        self.export = export
        self.ids = ids
    }

    // MARK: The package and its files

    /// The package as a file (or, for a bag, a directory) and every file it holds, each
    /// `Contained_Within` the package.
    mutating func addPackage() throws {
        packageIRI = try ids.iri("package", "package")
        let report = export.report
        let name = export.packageFile.map { Self.lastComponent($0.path) } ?? Self.lastComponent(report.subjectPath)
        // A package read from standard input has no name and was not kept to be hashed.
        var facets: [JSONValue] = []
        if report.subjectPath != Verifier.standardInput {
            facets.append(try fileFacet("package", name: name, path: nil, size: export.packageFile?.size, isDirectory: report.subjectKind == .bag))
        }
        if let file = export.packageFile { facets.append(try contentFacet("package", file)) }
        graph.add(
            packageIRI, "uco-observable:File",
            [
                "uco-core:name": .string(report.packageID ?? name),
                "uco-core:description": .string(report.subjectKind == .package ? "rial evidence package" : "BagIt bag directory"),
                "uco-core:hasFacet": facets.isEmpty ? nil : .array(facets),
            ])
        linked.append(packageIRI)
        let signatures = custodySignatures()
        for file in export.files {
            let iri = try ids.iri("file", "file \(file.path)")
            fileIRIs[file.path] = iri
            var facets = [
                try fileFacet(
                    "file \(file.path)", name: Self.lastComponent(file.path),
                    path: export.root.map { $0 + "/" + file.path } ?? file.path, size: file.size, isDirectory: false),
                try contentFacet("file \(file.path)", file),
            ]
            if let signature = signatures[file.path] { facets.append(try signatureFacet(file.path, signature)) }
            graph.add(iri, "uco-observable:File", ["uco-core:hasFacet": .array(facets)])
            graph.add(
                try ids.iri("relationship", "contained \(file.path)"), "uco-core:Relationship",
                [
                    "uco-core:source": CASEGraph.reference(iri),
                    "uco-core:target": CASEGraph.reference(packageIRI),
                    "uco-core:kindOfRelationship": .string("Contained_Within"),
                    "uco-core:isDirectional": .bool(true),
                ])
            linked.append(iri)
        }
    }

    private func fileFacet(_ role: String, name: String, path: String?, size: UInt64?, isDirectory: Bool) throws -> JSONValue {
        CASEGraph.node(
            try ids.iri("file-facet", role), "uco-observable:FileFacet",
            [
                "uco-observable:fileName": .string(name),
                "uco-observable:filePath": CASEGraph.text(path),
                "uco-observable:sizeInBytes": size.map(CASEGraph.integer),
                "uco-observable:isDirectory": isDirectory ? .bool(true) : nil,
            ])
    }

    /// Size and the digests rial computed: SHA-256 and, where computed, SHA-512.
    private func contentFacet(_ role: String, _ file: CASEExport.File) throws -> JSONValue {
        var hashes: [JSONValue] = []
        for (method, value) in [("SHA256", file.sha256), ("SHA512", file.sha512)] {
            guard let value else { continue }
            hashes.append(
                CASEGraph.node(
                    try ids.iri("hash", "\(role) \(method)"), "uco-types:Hash",
                    [
                        "uco-types:hashMethod": .string(method),
                        "uco-types:hashValue": CASEGraph.typed(value, "xsd:hexBinary"),
                    ]))
        }
        return CASEGraph.node(
            try ids.iri("content-data-facet", role), "uco-observable:ContentDataFacet",
            [
                "uco-observable:sizeInBytes": CASEGraph.integer(file.size),
                "uco-observable:hash": hashes.isEmpty ? nil : .array(hashes),
            ])
    }

    /// Each custody event file's entry, by path: its signature state goes on the file.
    private func custodySignatures() -> [String: CustodyEntry] {
        var byPath: [String: CustodyEntry] = [:]
        for entry in export.report.custody?.entries ?? [] { byPath[entry.path] = entry }
        return byPath
    }

    /// Whether the event file is signed and how its signature came out: `signatureVerified`
    /// is true when the signature is valid over the event's bytes, whoever the signer; the
    /// description says whether the signer chains to an anchor the verifier gave.
    private func signatureFacet(_ path: String, _ entry: CustodyEntry) throws -> JSONValue {
        let valid = entry.signature == .validTrusted || entry.signature == .validUntrusted
        return CASEGraph.node(
            try ids.iri("digital-signature-info-facet", "signature \(path)"), "uco-observable:DigitalSignatureInfoFacet",
            [
                "uco-observable:signatureExists": .bool(entry.signaturePath != nil),
                "uco-observable:signatureVerified": entry.signaturePath == nil ? nil : .bool(valid),
                "uco-observable:signatureDescription": .string(Self.signatureWords(entry)),
            ])
    }

    /// The signature's state in plain words, with the certificate's identity when signed.
    static func signatureWords(_ entry: CustodyEntry) -> String {
        var words = PlainWords.signature(entry.signature) + " (\(entry.signature.rawValue))"
        let identity = [entry.signerCommonName, entry.signerOrganization].compactMap { $0 }
        if !identity.isEmpty {
            words += "; certificate of " + identity.joined(separator: ", ")
        } else if let subject = entry.signerSubject {
            words += "; certificate " + subject
        }
        return words
    }

    static func lastComponent(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
