import TrustCertificates

/// What the policy tree reads from one certificate of the path, decoded once per evaluation.
struct PolicyCertificate {
    /// The certificate's position in the path (0 = leaf).
    let index: Int
    /// How messages name it: Apple's subject summary, else the subject.
    let name: String
    /// certificatePolicies in order, a repeated OID kept once (§4.2.1.4: it MUST NOT repeat); nil when
    /// the extension is absent.
    let policies: [CertificatePolicy]?
    let mappings: PolicyMappings?
    let constraints: PolicyConstraints?
    let inhibitAnyPolicy: InhibitAnyPolicy?
    let isSelfIssued: Bool
    /// The mappings by issuerDomainPolicy, in certificate order, a repeated pair kept once.
    let mappingGroups: [(issuerDomainPolicy: String, subjectDomainPolicies: [String])]
    /// subjectDomainPolicy -> the issuerDomainPolicies mapped to it.
    let issuerPoliciesBySubjectPolicy: [String: [String]]

    /// A policy extension of a certificate that cannot be decoded: the tree cannot be run (fail closed).
    struct Malformed: Error {
        let index: Int
        let oid: String
        let problem: String
    }

    init(index: Int, name: String, policies: [CertificatePolicy]?, mappings: PolicyMappings? = nil,
         constraints: PolicyConstraints? = nil, inhibitAnyPolicy: InhibitAnyPolicy? = nil, isSelfIssued: Bool = false)
    {
        self.index = index
        self.name = name
        var seen = Set<String>()
        self.policies = policies?.filter { seen.insert($0.oid).inserted }
        self.mappings = mappings
        self.constraints = constraints
        self.inhibitAnyPolicy = inhibitAnyPolicy
        self.isSelfIssued = isSelfIssued
        // One pass over the mappings (a certificate may hold many; see PolicyTreeProcessor on cost).
        var order: [String] = []
        var subjects: [String: [String]] = [:]
        var inverse: [String: [String]] = [:]
        var pairs = Set<PolicyMappings.Mapping>()
        for mapping in mappings?.mappings ?? [] where pairs.insert(mapping).inserted {
            if subjects[mapping.issuerDomainPolicy] == nil { order.append(mapping.issuerDomainPolicy) }
            subjects[mapping.issuerDomainPolicy, default: []].append(mapping.subjectDomainPolicy)
            inverse[mapping.subjectDomainPolicy, default: []].append(mapping.issuerDomainPolicy)
        }
        mappingGroups = order.map { ($0, subjects[$0]!) }
        issuerPoliciesBySubjectPolicy = inverse
    }

    /// The view of `certificate`; throws when one of its policy extensions is malformed. A
    /// certificatePolicies GnuTLS could not read is already `UnparseableExtension` in every profile, and
    /// counts here as malformed too.
    init(_ certificate: Certificate, index: Int) throws(Malformed) {
        func value<T>(_ oid: String, _ decoded: DecodedExtension<T>?) throws(Malformed) -> T? {
            switch decoded {
            case nil: return nil
            case .valid(let value): return value
            case .malformed(let problem): throw Malformed(index: index, oid: oid, problem: problem)
            }
        }
        if certificate.policies == nil, certificate.extension(ExtensionOID.certificatePolicies) != nil {
            throw Malformed(index: index, oid: ExtensionOID.certificatePolicies,
                            problem: certificate.unparseableExtensions[ExtensionOID.certificatePolicies] ?? "cannot be read")
        }
        self.init(index: index, name: certificate.subjectSummary ?? certificate.subject.rfc4514,
                  policies: certificate.policies,
                  mappings: try value(ExtensionOID.policyMappings, certificate.policyMappings),
                  constraints: try value(ExtensionOID.policyConstraints, certificate.policyConstraints),
                  inhibitAnyPolicy: try value(ExtensionOID.inhibitAnyPolicy, certificate.inhibitAnyPolicy),
                  isSelfIssued: certificate.isSelfIssued)
    }

    /// The certificate's anyPolicy entry, when it asserts anyPolicy.
    var anyPolicy: CertificatePolicy? { policies?.first(where: \.isAnyPolicy) }
}
