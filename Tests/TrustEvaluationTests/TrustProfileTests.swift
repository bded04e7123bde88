import Testing
import TrustCertificates
@testable import TrustEvaluation

/// What each profile counts as an unknown critical extension.
@Suite struct TrustProfileTests {
    /// The apple profile filters a certificate's not-understood critical extensions rather than all its
    /// critical ones; that is the same only while Apple knows every extension TrustCheck understands.
    @Test func appleKnowsEveryExtensionTrustCheckUnderstands() {
        #expect(ExtensionOID.understood.isSubset(of: ExtensionOID.knownToApple))
    }

    /// Critical: a subjectAltName (understood by all), privateKeyUsagePeriod (known to Apple only), a
    /// policyConstraints (known to the profiles that run the policy tree) and a private OID (known to none).
    @Test func eachProfileNamesTheCriticalExtensionsItDoesNotKnowInCertificateOrder() throws {
        let empty: [UInt8] = [0x30, 0x00]
        let certificate = try TestCertificate(
            subject: [[.cn("profiles.example")]], san: [.dns("profiles.example")], sanCritical: true,
            otherExtensions: [
                (oid: "1.3.6.1.4.1.55555.1", critical: true, value: [0x05, 0x00]),
                (oid: ExtensionOID.privateKeyUsagePeriod, critical: true, value: empty),
                (oid: ExtensionOID.policyConstraints, critical: true, value: [0x30, 0x03, 0x80, 0x01, 0x00]),
            ]).build()
        #expect(certificate.criticalExtensionOIDs.count == 4)
        // The definition the apple profile's shortcut must agree with: every critical OID Apple does not know.
        #expect(TrustProfile.apple.unknownCriticalExtensions(of: certificate)
            == certificate.criticalExtensionOIDs.filter { !ExtensionOID.isKnownToApple($0) })
        #expect(TrustProfile.apple.unknownCriticalExtensions(of: certificate) == ["1.3.6.1.4.1.55555.1"])
        #expect(TrustProfile.rfc5280.unknownCriticalExtensions(of: certificate)
            == ["1.3.6.1.4.1.55555.1", ExtensionOID.privateKeyUsagePeriod])
        #expect(TrustProfile.webpki.unknownCriticalExtensions(of: certificate)
            == ["1.3.6.1.4.1.55555.1", ExtensionOID.privateKeyUsagePeriod, ExtensionOID.policyConstraints])
    }
}
