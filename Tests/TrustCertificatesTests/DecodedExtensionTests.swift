import Testing
import TrustCertificates

/// authorityKeyIdentifier and authorityInfoAccess as the model decodes them at load: a malformed
/// value still loads (the profile rules report it), and absence is nil.
@Suite struct DecodedExtensionTests {
    @Test func keyIdentifierOnly() throws {
        let ca = try ModelFixtures.certificate("ca")
        let aki = try #require(try ModelFixtures.certificate("aki-key-only").authorityKeyIdentifierFields?.value)
        #expect(aki.keyIdentifier == ca.subjectKeyIdentifier)
        #expect(aki.authorityCertIssuer == nil && aki.authorityCertSerialNumber == nil)
        #expect(aki.holdsOnlyKeyIdentifier)
    }

    @Test func issuerAndSerial() throws {
        let ca = try ModelFixtures.certificate("ca")
        let aki = try #require(try ModelFixtures.certificate("aki-issuer-serial").authorityKeyIdentifierFields?.value)
        #expect(aki.keyIdentifier == ca.subjectKeyIdentifier)
        #expect(aki.authorityCertIssuer == [.directoryName(ca.subject)])
        #expect(aki.authorityCertSerialNumber == [1])
        #expect(!aki.holdsOnlyKeyIdentifier)
    }

    @Test func fieldsOutOfOrderAreMalformed() throws {
        let certificate = try ModelFixtures.certificate("aki-out-of-order")
        let decoded = try #require(certificate.authorityKeyIdentifierFields)
        #expect(decoded.isMalformed)
        #expect(decoded.value == nil)
        guard case .malformed(let reason) = decoded else { return }
        #expect(reason.contains("AuthorityKeyIdentifier"))
    }

    @Test func accessDescriptionsInOrder() throws {
        let access = try #require(try ModelFixtures.certificate("aia-two-descriptions").authorityInfoAccess?.value)
        #expect(access.map(\.accessMethod) == ["1.3.6.1.5.5.7.48.1", "1.3.6.1.5.5.7.48.2"])
        #expect(access.map(\.accessLocation) == [.uri("http://ocsp.example.test"), .uri("http://ca.example.test/ca.der")])
    }

    @Test func emptyAccessDescriptionsAreMalformed() throws {
        let certificate = try ModelFixtures.certificate("aia-empty")
        #expect(certificate.authorityInfoAccess?.isMalformed == true)
        #expect(certificate.unparseableExtensions[ExtensionOID.authorityInfoAccess] == nil,
                "a malformed AIA is a profile finding, not an unparseable extension")
    }

    /// Only the structure decides well-formedness (as the RFC 5280 profile rule always has): an
    /// undecodable location is kept as nil.
    @Test func unknownLocationFormIsWellFormed() throws {
        let access = try #require(try ModelFixtures.certificate("aia-unknown-location").authorityInfoAccess?.value)
        #expect(access.map(\.accessMethod) == ["1.3.6.1.5.5.7.48.2"])
        #expect(access.map(\.accessLocation) == [nil])
    }

    @Test func absentExtensionsAreNil() throws {
        let certificate = try ModelFixtures.certificate("no-aki-no-aia")
        #expect(certificate.authorityKeyIdentifierFields == nil)
        #expect(certificate.authorityInfoAccess == nil)
        #expect(certificate.extension(ExtensionOID.authorityKeyIdentifier) == nil)
    }
}
