import Testing
@testable import TrustCertificates

/// The DER readers of policyMappings, policyConstraints and inhibitAnyPolicy (RFC 5280 §4.2.1.5, .11, .14),
/// on hand-assembled values.
@Suite("Policy extension decoding")
struct PolicyExtensionDecodingTests {
    /// OID 1.2.3 and 1.2.4 (06 02 2A 03 / 06 02 2A 04) and anyPolicy 2.5.29.32.0 (06 04 55 1D 20 00).
    static let oid123: [UInt8] = [0x06, 0x02, 0x2A, 0x03]
    static let oid124: [UInt8] = [0x06, 0x02, 0x2A, 0x04]

    @Test func policyMappings() throws {
        let pair = [0x30, 0x08] + Self.oid123 + Self.oid124
        let mappings = try PolicyMappings(der: [0x30, 0x0A] + pair)
        #expect(mappings.mappings == [PolicyMappings.Mapping(issuerDomainPolicy: "1.2.3", subjectDomainPolicy: "1.2.4")])
        #expect(mappings.subjectDomainPolicies(of: "1.2.3") == ["1.2.4"])
        #expect(throws: DERError.self) { try PolicyMappings(der: [0x30, 0x00]) }  // SIZE (1..MAX)
        #expect(throws: DERError.self) { try PolicyMappings(der: [0x30, 0x06, 0x30, 0x04] + Self.oid123) }  // one OID
        #expect(throws: DERError.self) { try PolicyMappings(der: [0x30, 0x0A] + pair + [0x00]) }  // trailing byte
    }

    @Test func policyConstraints() throws {
        let both = try PolicyConstraints(der: [0x30, 0x06, 0x80, 0x01, 0x00, 0x81, 0x01, 0x02])
        #expect(both == PolicyConstraints(requireExplicitPolicy: 0, inhibitPolicyMapping: 2))
        let second = try PolicyConstraints(der: [0x30, 0x03, 0x81, 0x01, 0x05])
        #expect(second == PolicyConstraints(requireExplicitPolicy: nil, inhibitPolicyMapping: 5))
        #expect(throws: DERError.self) { try PolicyConstraints(der: [0x30, 0x00]) }  // empty: MUST NOT be issued
        #expect(throws: DERError.self) { try PolicyConstraints(der: [0x30, 0x03, 0x80, 0x01, 0xFF]) }  // negative
        #expect(throws: DERError.self) { try PolicyConstraints(der: [0x30, 0x04, 0x80, 0x02, 0x00, 0x01]) }  // not minimal
        #expect(throws: DERError.self) { try PolicyConstraints(der: [0x30, 0x06, 0x81, 0x01, 0x00, 0x80, 0x01, 0x00]) }  // order
    }

    @Test func inhibitAnyPolicy() throws {
        #expect(try InhibitAnyPolicy(der: [0x02, 0x01, 0x00]).skipCerts == 0)
        #expect(try InhibitAnyPolicy(der: [0x02, 0x02, 0x00, 0x80]).skipCerts == 128)
        // A huge SkipCerts means "never reached": clamped, not overflowed.
        #expect(try InhibitAnyPolicy(der: [0x02, 0x09, 0x7F] + Array(repeating: 0xFF, count: 8)).skipCerts == Int(Int32.max))
        #expect(throws: DERError.self) { try InhibitAnyPolicy(der: [0x02, 0x00]) }
        #expect(throws: DERError.self) { try InhibitAnyPolicy(der: [0x04, 0x01, 0x00]) }
    }
}
