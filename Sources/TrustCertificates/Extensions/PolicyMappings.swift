/// policyMappings (RFC 5280 §4.2.1.5): which of the issuer's policies the CA considers equivalent to
/// which policies of the subject's domain.
public struct PolicyMappings: Sendable, Hashable {
    /// One issuerDomainPolicy ↦ subjectDomainPolicy pair.
    public struct Mapping: Sendable, Hashable {
        /// The policy OID in the issuing CA's domain, dotted.
        public let issuerDomainPolicy: String
        /// The equivalent policy OID in the subject's domain, dotted.
        public let subjectDomainPolicy: String

        /// A mapping of `issuerDomainPolicy` to `subjectDomainPolicy`.
        public init(issuerDomainPolicy: String, subjectDomainPolicy: String) {
            self.issuerDomainPolicy = issuerDomainPolicy
            self.subjectDomainPolicy = subjectDomainPolicy
        }
    }

    /// The mappings in certificate order.
    public let mappings: [Mapping]

    /// The mappings given.
    public init(_ mappings: [Mapping]) { self.mappings = mappings }

    /// The subjectDomainPolicy values `issuerDomainPolicy` maps to, in certificate order, without repeats.
    public func subjectDomainPolicies(of issuerDomainPolicy: String) -> [String] {
        var seen = Set<String>()
        return mappings.filter { $0.issuerDomainPolicy == issuerDomainPolicy }.map(\.subjectDomainPolicy)
            .filter { seen.insert($0).inserted }
    }

    /// Decodes an extension value: SEQUENCE SIZE (1..MAX) OF SEQUENCE { issuerDomainPolicy OID,
    /// subjectDomainPolicy OID }. An empty sequence is malformed (SIZE 1..MAX).
    init(der value: ArraySlice<UInt8>) throws {
        var reader = DERReader(value)
        let sequence = try reader.read(tag: DERTag.sequence, "a PolicyMappings SEQUENCE")
        guard reader.isAtEnd else { throw DERError.unexpected("a single PolicyMappings SEQUENCE") }
        var result: [Mapping] = []
        for pair in try sequence.children() {
            guard pair.tag == DERTag.sequence else { throw DERError.unexpected("a PolicyMapping SEQUENCE") }
            var fields = DERReader(pair.content)
            let issuer = try Self.oid(try fields.read(tag: DERTag.oid, "an issuerDomainPolicy OID"))
            let subject = try Self.oid(try fields.read(tag: DERTag.oid, "a subjectDomainPolicy OID"))
            guard fields.isAtEnd else { throw DERError.unexpected("a PolicyMapping of two OIDs") }
            result.append(Mapping(issuerDomainPolicy: issuer, subjectDomainPolicy: subject))
        }
        guard !result.isEmpty else { throw DERError.unexpected("a PolicyMappings SEQUENCE of at least one mapping") }
        mappings = result
    }

    private static func oid(_ node: DERNode) throws -> String {
        guard let dotted = OIDDecoder.dotted(node.content) else { throw DERError.unexpected("a well-formed OID") }
        return dotted
    }
}
