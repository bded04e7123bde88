import CertificateFixtures
import Foundation
import Testing
@testable import TrustCertificates

/// Every field of `Certificate` against the values openssl and python `cryptography` computed for
/// the same file (vectors/certificates/expected.json).
@Suite struct CertificateModelTests {
    private func certificate(_ entry: ExpectedCertificate) throws -> Certificate {
        let certificates = try CertificateLoader.load(path: Fixtures.path(entry.file))
        try #require(entry.index < certificates.count, "\(entry.file) has \(certificates.count) certificates")
        return certificates[entry.index]
    }

    @Test func expectedJSONDecodes() throws {
        let expected = try Fixtures.expected.get()
        // The generator writes 39 certificates; fewer means the parameterised tests silently shrank.
        #expect(expected.certificates.count == 39)
    }

    @Test func everyFixtureFileHasExpectedValues() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Fixtures.directory.path)
            .filter { $0.hasSuffix(".pem") || $0.hasSuffix(".der") }
        #expect(!files.isEmpty)
        #expect(Set(files) == Set(Fixtures.certificates.map(\.file)))
    }

    @Test(arguments: Fixtures.certificates)
    func identity(_ entry: ExpectedCertificate) throws {
        let cert = try certificate(entry)
        #expect(hex(cert.sha256) == entry.sha256)
        #expect(hex(cert.sha1) == entry.sha1)
        #expect(cert.version == entry.version)
        #expect(hex(cert.serialNumber) == entry.serialHex)
        #expect(cert.signatureAlgorithm.oid == entry.signatureAlgorithmOid)
        // GnuTLS names digests "SHA256", cryptography "sha256"; EdDSA has no separate digest.
        #expect(cert.signatureAlgorithm.hash?.name.lowercased() == entry.signatureHash)
        // Digest itself is checked against known answers in GnuTLSBridgeTests, and against
        // python's hashlib by the sha256 line above.
        #expect(hex(SHA256.hash(cert.tbsCertificate)) == entry.tbsSha256)
        #expect(hex(cert.signature) == entry.signatureHex)
    }

    @Test(arguments: Fixtures.certificates)
    func names(_ entry: ExpectedCertificate) throws {
        let cert = try certificate(entry)
        #expect(hex(cert.subject.der) == entry.subjectDerHex)
        #expect(cert.subject.rfc4514 == entry.subjectRfc4514)
        #expect(cert.subject.attributes.map(\.oid) == entry.subjectAttributes.map(\.oid))
        #expect(cert.subject.attributes.map(\.text) == entry.subjectAttributes.map(\.value))
        #expect(cert.subject.rdns.count == entry.subjectAttributes.count, "the fixtures have single-valued RDNs only")
        #expect(cert.subject.isEmpty == entry.subjectAttributes.isEmpty)
        #expect(cert.commonNames == entry.commonNames)
        #expect(cert.subject.commonNames == entry.commonNames)
        #expect(hex(cert.issuer.der) == entry.issuerDerHex)
        #expect(cert.issuer.rfc4514 == entry.issuerRfc4514)
        #expect(cert.isSelfIssued == (entry.subjectDerHex == entry.issuerDerHex))
    }

    @Test(arguments: Fixtures.certificates)
    func validity(_ entry: ExpectedCertificate) throws {
        let cert = try certificate(entry)
        #expect(cert.notBefore == Date(timeIntervalSince1970: TimeInterval(entry.notBefore)))
        #expect(cert.notAfter == Date(timeIntervalSince1970: TimeInterval(entry.notAfter)))
    }

    @Test(arguments: Fixtures.certificates)
    func publicKey(_ entry: ExpectedCertificate) throws {
        let key = try certificate(entry).publicKey
        switch entry.key.type {
        case "RSA": #expect(key.algorithm == .rsa)
        case "EC": #expect(key.algorithm == .ecdsa(curve: try #require(entry.key.curve)))
        case "Ed25519": #expect(key.algorithm == .ed25519)
        default: Issue.record("fixture key type \(entry.key.type) is not covered here")
        }
        #expect(key.bits == entry.key.bits)
        #expect(hex(key.subjectPublicKeyInfo) == entry.spkiHex)
        #expect(Base64.encode(key.spkiSHA256) == entry.spkiSha256Base64)
        #expect(key.pin == "sha256/" + entry.spkiSha256Base64)
        #expect(hex(key.externalRepresentation) == entry.externalRepresentationHex)
        #expect(hex(key.externalRepresentationSHA256) == entry.externalRepresentationSha256)
        #expect(key.canVerifySignatures, "GnuTLS imports every fixture key")
    }

    @Test(arguments: Fixtures.certificates)
    func extensions(_ entry: ExpectedCertificate) throws {
        let cert = try certificate(entry)
        #expect(cert.extensions.map { ExpectedCertificate.Extension(oid: $0.oid, critical: $0.critical) }
            == entry.extensions)
        #expect(cert.criticalExtensionOIDs == entry.extensions.filter(\.critical).map(\.oid))
        #expect(cert.unknownCriticalExtensions == entry.unknownCriticalExtensions)
        // cryptography cannot even load a certificate with a repeated extension, so none has one.
        #expect(cert.duplicateExtensions.isEmpty)
        #expect(cert.unparseableExtensions.isEmpty)

        #expect(cert.basicConstraints?.isCA == entry.basicConstraints?.ca)
        #expect(cert.basicConstraints?.pathLength == entry.basicConstraints?.pathLength)
        #expect(cert.basicConstraints?.critical == entry.basicConstraints?.critical)
        #expect(cert.isCA == (entry.basicConstraints?.ca ?? false))

        #expect(cert.keyUsage?.names == entry.keyUsage?.names)
        #expect(cert.extensions.first { $0.oid == ExtensionOID.keyUsage }?.critical == entry.keyUsage?.critical)
        #expect(cert.extendedKeyUsage == entry.extendedKeyUsage)
        #expect(cert.subjectAlternativeNames?.map(expectedForm) == entry.subjectAltNames)
        #expect(cert.subjectKeyIdentifier.map(hex) == entry.subjectKeyIdentifier)
        #expect(cert.authorityKeyIdentifier.map(hex) == entry.authorityKeyIdentifier)

        #expect(cert.nameConstraints?.permitted.map(expectedForm) == entry.nameConstraints?.permitted)
        #expect(cert.nameConstraints?.excluded.map(expectedForm) == entry.nameConstraints?.excluded)
        #expect(cert.nameConstraints?.critical == entry.nameConstraints?.critical)

        #expect(cert.policies?.map(\.oid) == entry.policies?.map(\.oid))
        #expect(cert.policies?.map(\.cpsURIs) == entry.policies?.map(\.cpsUris))
        #expect(cert.policies?.map(\.userNotices) == entry.policies?.map(\.userNotices))
    }

    @Test(arguments: Fixtures.certificates)
    func derivedViews(_ entry: ExpectedCertificate) throws {
        let cert = try certificate(entry)
        #expect(cert.subjectSummary == entry.subjectSummary)
        #expect(cert.emailAddresses == entry.emailAddresses)
        #expect(cert.dnsNames == entry.dnsNames)
        #expect(cert.ipAddresses.map(hex) == (entry.subjectAltNames ?? []).compactMap(\.hex))
        #expect(cert.spkiSHA256 == cert.publicKey.spkiSHA256)
        #expect(cert.pin == "sha256/" + entry.spkiSha256Base64)
        #expect(cert.description == entry.subjectSummary ?? entry.subjectRfc4514)
    }

    /// The rule cases the fixtures were made for, spelled out so a wrong expected.json cannot hide
    /// a wrong rule (apple-sectrust.md 5.3).
    @Test(arguments: [
        ("summary-multiple-cn.pem", "beta.example.com, alpha.example.com"),
        ("summary-cn-description.pem", "Gamma Server (staging only)"),
        ("summary-multiple-cn-description.pem", "two, one (pair)"),
        ("summary-email-san.pem", "postmaster@example.com"),
        ("summary-email-attribute.pem", "contact@example.com"),
        ("summary-dns-san.pem", "dns-only.example.com"),
        ("summary-ou-o.pem", "Unit Two, Unit One"),
        ("summary-o-only.pem", "TrustCheck Tests"),
        ("summary-empty-subject-san.pem", "no-subject.example.com"),
    ])
    func subjectSummaryRule(file: String, summary: String) throws {
        let cert = try #require(try CertificateLoader.load(path: Fixtures.path(file)).first)
        #expect(cert.subjectSummary == summary)
        #expect(Fixtures.entries(in: file).first?.subjectSummary == summary)
    }

    @Test func emptySubjectWithoutNamesHasNoSummary() throws {
        let cert = try #require(try CertificateLoader.load(path: Fixtures.path("summary-empty-subject.pem")).first)
        #expect(cert.subject.isEmpty)
        #expect(cert.subjectSummary == nil)
    }

    @Test func datesOutsideTimeTRange() throws {
        let cert = try #require(try CertificateLoader.load(path: Fixtures.path("dates-1950-2060.pem")).first)
        // -631152000 is 1950-01-01T00:00:00Z; GnuTLS alone would clamp it to 1970.
        #expect(cert.notBefore.timeIntervalSince1970 == -631_152_000)
        #expect(cert.notAfter.timeIntervalSince1970 == 2_840_140_800)
    }

    @Test func serialKeepsLeadingZero() throws {
        let cert = try #require(try CertificateLoader.load(path: Fixtures.path("serial-leading-zero.pem")).first)
        #expect(cert.serialNumber.first == 0x00)
        #expect(cert.serialNumber.dropFirst().first == 0x80)
    }

    /// Apple's SecCertificateCreateWithData ignores bytes after the certificate (apple-sectrust.md 1.3).
    @Test func trailingBytesAfterTheCertificateAreIgnored() throws {
        let original = try #require(try CertificateLoader.load(path: Fixtures.path("ec-p384-leaf.der")).first)
        let input = original.der + [0x00, 0x01, 0x02]
        let extended = try Certificate(der: input)
        #expect(extended.der == original.der)
        #expect(extended == original)
        #expect(extended.serialNumber == original.serialNumber && extended.subject == original.subject
            && extended.issuer == original.issuer && extended.signature == original.signature
            && extended.publicKey.subjectPublicKeyInfo == original.publicKey.subjectPublicKeyInfo
            && extended.extensions == original.extensions)
        // The fields are slices of the certificate's own copy, not of the input with its trailing bytes
        // (which they would otherwise keep alive).
        let own = extended.der.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        let ownRange = own..<own + UInt(extended.der.count)
        let given = input.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        for slice in [extended.serialBytes, extended.subject.derBytes, extended.publicKey.spkiBytes,
                      extended.signatureValue.octets, extended.extensions[0].valueBytes] {
            let start = slice.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
            #expect(ownRange.contains(start) && start != given)
        }
    }

    /// Each field read from a certificate is bytes of its DER, and the SPKI pin is over those bytes.
    @Test func fieldsAreTheCertificatesOwnBytes() throws {
        let certificate = try #require(try CertificateLoader.load(path: Fixtures.path("ec-p384-leaf.der")).first)
        let der = certificate.der
        func contains(_ part: [UInt8]) -> Bool {
            !part.isEmpty && der.indices.contains { der[$0...].starts(with: part) }
        }
        #expect(contains(certificate.serialNumber) && contains(certificate.subject.der) && contains(certificate.issuer.der))
        #expect(contains(certificate.publicKey.subjectPublicKeyInfo) && contains(certificate.signature))
        #expect(certificate.extensions.allSatisfy { contains($0.value) })
        #expect(certificate.publicKey.spkiSHA256 == SHA256.hash(certificate.publicKey.subjectPublicKeyInfo))
    }

    @Test func equalityIsDERByteEquality() throws {
        let a = try CertificateLoader.load(path: Fixtures.path("rsa2048-root.pem"))
        let b = try CertificateLoader.load(path: Fixtures.path("directory/first.crt"))
        let other = try CertificateLoader.load(path: Fixtures.path("rsa4096-root.pem"))
        #expect(a == b)
        #expect(Set(a + b).count == 1)
        #expect(a != other)
    }

    @Test func garbageIsNotACertificate() {
        #expect(throws: CertificateParseError.self) { try Certificate(der: [0x30, 0x03, 0x02, 0x01, 0x01]) }
        #expect(throws: CertificateParseError.self) { try Certificate(der: []) }
    }
}

/// The comparison form of a GeneralName in expected.json.
private func expectedForm(_ name: GeneralName) -> ExpectedCertificate.Name {
    switch name {
    case .dnsName(let value): return .init(type: "dns", value: value, hex: nil)
    case .rfc822Name(let value): return .init(type: "email", value: value, hex: nil)
    case .uri(let value): return .init(type: "uri", value: value, hex: nil)
    case .ipAddress(let bytes): return .init(type: "ip", value: IPAddress.text(bytes), hex: hex(bytes))
    default: return .init(type: "unexpected", value: name.description, hex: nil)
    }
}
