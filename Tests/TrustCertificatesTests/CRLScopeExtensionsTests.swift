import Foundation
import Testing
import TestSupport
import TrustCertificates

/// The RFC 5280 extensions CRL processing reads: cRLDistributionPoints / freshestCRL on certificates,
/// issuingDistributionPoint, deltaCRLIndicator and CRLNumber on CRLs, certificateIssuer on entries.
/// Hand-made DER pins the bit and tag layout; the generated `crl-*` vectors (python `cryptography`'s
/// encoder) show the same values come out of another implementation's bytes.
@Suite struct CRLScopeExtensionsTests {
    static func certificate(_ pem: String) throws -> Certificate {
        try CertificateLoader.certificates(in: Array(pem.utf8), from: "vector")[0]
    }

    static func crl(_ pem: String) throws -> CertificateRevocationList {
        try CRLLoader.crls(in: Array(pem.utf8), from: "vector")[0]
    }

    // MARK: DER layout

    /// ReasonFlags bit n (first bit = 0 = unused) is `1 << n`: 0x60 with 5 unused bits is bits 1 and 2.
    @Test func reasonFlagsReadBitsFromTheFirstOctet() throws {
        let points = try DistributionPoint.points(der: [0x30, 0x0A, 0x30, 0x08, 0x81, 0x02, 0x05, 0x60, 0xA2, 0x02, 0x82, 0x00])
        #expect(points.count == 1)
        #expect(points[0].reasons == [.keyCompromise, .cACompromise])
        #expect(points[0].reasons?.description == "keyCompromise, cACompromise")
        #expect(points[0].name == nil)
        #expect(points[0].crlIssuer == [.dnsName("")])
        // aACompromise is bit 8: the second octet's top bit.
        let aa = try DistributionPoint.points(der: [0x30, 0x0B, 0x30, 0x09, 0x81, 0x03, 0x07, 0x00, 0x80, 0xA2, 0x02, 0x82, 0x00])
        #expect(aa[0].reasons == .aACompromise)
        #expect(ReasonFlags.allReasons.description == "all reasons")
        #expect(ReasonFlags(CRLReason.removeFromCRL) == nil && ReasonFlags(CRLReason.unspecified) == nil)
        #expect(ReasonFlags(CRLReason.privilegeWithdrawn) == .privilegeWithdrawn)
    }

    /// §4.2.1.13: a DistributionPoint MUST NOT be only reasons; the list is non-empty.
    @Test func distributionPointWithOnlyReasonsIsRefused() {
        #expect(throws: DERError.self) { try DistributionPoint.points(der: [0x30, 0x06, 0x30, 0x04, 0x81, 0x02, 0x07, 0x80]) }
        #expect(throws: DERError.self) { try DistributionPoint.points(der: [0x30, 0x00]) }
        #expect(throws: DERError.self) { try DistributionPoint.points(der: [0x30, 0x02, 0x04, 0x00]) }
    }

    /// §5.2.5: at most one of the onlyContains… flags; a BOOLEAN is one octet.
    @Test func issuingDistributionPointFlags() throws {
        let indirect = try IssuingDistributionPoint(der: [0x30, 0x06, 0x82, 0x01, 0xFF, 0x84, 0x01, 0xFF])
        #expect(indirect.onlyContainsCACerts && indirect.indirectCRL && !indirect.onlyContainsUserCerts)
        #expect(indirect.name == nil && indirect.onlySomeReasons == nil)
        #expect(indirect.description == "only CA certificates, indirect")
        #expect(throws: DERError.self) { try IssuingDistributionPoint(der: [0x30, 0x06, 0x81, 0x01, 0xFF, 0x82, 0x01, 0xFF]) }
        #expect(throws: DERError.self) { try IssuingDistributionPoint(der: [0x30, 0x04, 0x81, 0x02, 0xFF, 0xFF]) }
        #expect(try IssuingDistributionPoint(der: [0x30, 0x00]).description == "no restriction")
    }

    /// A relative name is appended to the CRL issuer's name (§5.2.5).
    @Test func relativeNameBecomesADirectoryNameUnderTheIssuer() throws {
        let issuer = try DistinguishedName(der: [0x30, 0x0D, 0x31, 0x0B, 0x30, 0x09, 0x06, 0x03, 0x55, 0x04, 0x03,
                                                 0x0C, 0x02, 0x43, 0x41], rfc4514: "CN=CA")
        // RDN { OU = "p1" }
        let rdn: [UInt8] = [0x30, 0x09, 0x06, 0x03, 0x55, 0x04, 0x0B, 0x0C, 0x02, 0x70, 0x31]
        let names = try #require(DistributionPointName.nameRelativeToCRLIssuer(rdn).names(relativeTo: issuer))
        guard case .directoryName(let name)? = names.first else { Issue.record("not a directoryName"); return }
        #expect(name.rdns.count == 2)
        #expect(name.attributes.map { $0.text } == ["CA", "p1"])
    }

    @Test func crlNumbersCompareByValue() {
        #expect(CRLNumber(content: [0x00, 0xFF]) > CRLNumber(content: [0x7F]))
        #expect(CRLNumber(content: [0xFF]) < CRLNumber(content: [0x01]))  // 0xFF alone is negative
        #expect(CRLNumber(content: [0x00, 0x0A]) == CRLNumber(content: [0x0A]))
        #expect(CRLNumber(content: [0x0A]).description == "10")
        #expect(CRLNumber(content: [0x80]).isNegative)
    }

    // MARK: From the generated vectors

    @Test func certificateDistributionPointsAndFreshestCRL() throws {
        let indirect = try RecordedVector(file: "crl-indirect", name: "indirect-crl-revokes")
        let leaf = try Self.certificate(indirect.peer)
        let points = try #require(leaf.crlDistributionPoints?.value)
        #expect(points.count == 1)
        #expect(points[0].name == .fullName([.uri("http://crl.example.test/indirect/authority.crl")]))
        guard case .directoryName(let authority)? = points[0].crlIssuer?.first else {
            Issue.record("cRLIssuer is not a directoryName"); return
        }
        #expect(authority.rfc4514 == "CN=CRL Indirect Authority")
        #expect(leaf.freshestCRL == nil)
        #expect(leaf.issuerNames.first == .directoryName(leaf.issuer))

        let delta = try RecordedVector(file: "crl-delta", name: "delta-revokes-on-clean-base")
        let fresh = try #require(try Self.certificate(delta.peer).freshestCRL?.value)
        #expect(fresh.first?.name == .fullName([.uri("http://crl.example.test/delta/delta.crl")]))
    }

    @Test func deltaCRLIndicatorAndBaseNumber() throws {
        let vector = try RecordedVector(file: "crl-delta", name: "delta-revokes-on-clean-base")
        let base = try Self.crl(vector.crls[0])
        let delta = try Self.crl(vector.crls[1])
        #expect(!base.isDelta && base.number == CRLNumber(content: [10]))
        #expect(base.freshestCRL?.value?.count == 1)
        #expect(delta.isDelta && delta.deltaCRLIndicator?.value == CRLNumber(content: [10]))
        #expect(delta.number == CRLNumber(content: [11]))
        #expect(delta.unknownCriticalExtensions.isEmpty, "deltaCRLIndicator is processed, so understood")
    }

    /// §5.3.3: an entry without certificateIssuer takes the previous entry's; the first the CRL issuer's.
    @Test func certificateIssuerCarriesOverToFollowingEntries() throws {
        let vector = try RecordedVector(file: "crl-indirect", name: "indirect-crl-issuer-carries-over")
        let crl = try Self.crl(vector.crls[0])
        let leaf = try Self.certificate(vector.peer)
        #expect(crl.issuingDistributionPoint?.value?.indirectCRL == true)
        #expect(crl.revokedCertificates.count == 2)
        #expect(crl.revokedCertificates.map(\.namesCertificateIssuer) == [true, false])
        #expect(crl.revokedCertificates.map { $0.certificateIssuer.map(\.description) }
            == [["DirName:CN=Some Other CA"], ["DirName:CN=Some Other CA"]])
        // The leaf's serial is listed, but for Some Other CA.
        #expect(crl.entry(forSerialNumber: leaf.serialNumber) != nil)
        #expect(crl.entry(for: leaf) == nil)

        let revoking = try Self.crl(try RecordedVector(file: "crl-indirect", name: "indirect-crl-revokes").crls[0])
        #expect(revoking.entry(for: leaf)?.reason == .keyCompromise)
        // A direct CRL's entries are for the CRL issuer's certificates.
        let direct = try Self.crl(try RecordedVector(file: "crl-modes", name: "require-every-certificate-answered").crls[0])
        #expect(direct.revokedCertificates.isEmpty)
    }
}
