import Testing
import TrustCertificates

/// The policy tree's and revocation's extensions (policyMappings, policyConstraints, inhibitAnyPolicy,
/// cRLDistributionPoints, freshestCRL, issuerAltName) are decoded once, when the certificate is parsed:
/// they are stored values of the model, well formed or `.malformed` with the reason, and a malformed one
/// stays a profile finding (the rule that reads it fails closed), not an unparseable extension.
@Suite struct ProfileExtensionsAtLoadTests {
    /// The properties that must be stored, not recomputed on each access.
    static let decodedAtLoad = ["policyMappings", "policyConstraints", "inhibitAnyPolicy", "crlDistributionPoints",
                                // issuerAltName's entries; `issuerNames` puts the issuer field before them when asked.
                                "freshestCRL", "issuerAlternativeNames"]

    @Test func wellFormedValuesAreDecoded() throws {
        let certificate = try ModelFixtures.certificate("policy-and-revocation-extensions")
        let mappings = try #require(certificate.policyMappings?.value)
        #expect(mappings.mappings == [PolicyMappings.Mapping(issuerDomainPolicy: "1.2.3", subjectDomainPolicy: "1.2.4")])
        #expect(certificate.policyConstraints?.value == PolicyConstraints(requireExplicitPolicy: 0, inhibitPolicyMapping: 2))
        #expect(certificate.inhibitAnyPolicy?.value?.skipCerts == 1)
        let points = try #require(certificate.crlDistributionPoints?.value)
        #expect(points == [DistributionPoint(name: .fullName([.uri("http://crl.example.test/ca.crl")]), reasons: nil, crlIssuer: nil)])
        let freshest = try #require(certificate.freshestCRL?.value)
        #expect(freshest.map(\.name) == [.fullName([.uri("http://crl.example.test/delta.crl")])])
        #expect(certificate.issuerNames == [.directoryName(certificate.issuer), .uri("http://ca.example.test")])
        #expect(certificate.unparseableExtensions.isEmpty)
    }

    @Test func malformedValuesAreRecordedAtLoad() throws {
        let certificate = try ModelFixtures.certificate("policy-and-revocation-extensions-malformed")
        let decoded: [(String, Bool?)] = [
            ("policyMappings", certificate.policyMappings?.isMalformed),
            ("policyConstraints", certificate.policyConstraints?.isMalformed),
            ("inhibitAnyPolicy", certificate.inhibitAnyPolicy?.isMalformed),
            ("cRLDistributionPoints", certificate.crlDistributionPoints?.isMalformed),
            ("freshestCRL", certificate.freshestCRL?.isMalformed),
        ]
        for (name, isMalformed) in decoded { #expect(isMalformed == true, "\(name)") }
        guard case .malformed(let reason)? = certificate.crlDistributionPoints else { return }
        #expect(!reason.isEmpty)
        // An unreadable issuerAltName adds no name to §6.3.3's implicit distribution point.
        #expect(certificate.issuerNames == [.directoryName(certificate.issuer)])
        // The critical ones included: the policy tree and revocation checking fail closed on them, and a
        // profile that reads neither does not refuse the certificate.
        #expect(certificate.extension(ExtensionOID.policyMappings)?.critical == true)
        #expect(certificate.extension(ExtensionOID.crlDistributionPoints)?.critical == true)
        #expect(certificate.unparseableExtensions.isEmpty, "\(certificate.unparseableExtensions)")
    }

    /// Stored at init, so reading them never decodes again: each is a stored property of the model
    /// holding the decoded value (a computed accessor would not appear among the stored children).
    @Test func valuesAreStoredNotRecomputed() throws {
        let certificate = try ModelFixtures.certificate("policy-and-revocation-extensions-malformed")
        let stored = Dictionary(Mirror(reflecting: certificate).children.compactMap { child in
            child.label.map { ($0, child.value) }
        }, uniquingKeysWith: { first, _ in first })
        for name in Self.decodedAtLoad { #expect(stored[name] != nil, "\(name) is not stored") }
        #expect(stored["crlDistributionPoints"] as? DecodedExtension<[DistributionPoint]>? == certificate.crlDistributionPoints)
        #expect(stored["policyMappings"] as? DecodedExtension<PolicyMappings>? == certificate.policyMappings)
    }

    @Test func absentExtensionsAreNil() throws {
        let certificate = try ModelFixtures.certificate("no-aki-no-aia")
        #expect(certificate.policyMappings == nil && certificate.policyConstraints == nil && certificate.inhibitAnyPolicy == nil)
        #expect(certificate.crlDistributionPoints == nil && certificate.freshestCRL == nil)
        #expect(certificate.issuerNames == [.directoryName(certificate.issuer)])
    }
}
