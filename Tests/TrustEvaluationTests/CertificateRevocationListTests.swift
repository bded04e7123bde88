import Foundation
import Testing
import TrustCertificates

/// The CRL model and loader, checked against what python `cryptography` reads from the same files.
@Suite struct CertificateRevocationListTests {
    @Test func expectedJSONDecodes() throws {
        #expect(try CRLFixtures.expected.get().count >= 10)
    }

    @Test(arguments: CRLFixtures.files)
    func fieldsMatchCryptography(file: String) throws {
        let expected = try #require(try CRLFixtures.expected.get()[file])
        let crls = try CRLLoader.load(path: CRLFixtures.path(file))
        #expect(crls.count == expected.count)
        for (crl, want) in zip(crls, expected) {
            #expect(crl.version == 2)
            #expect(crl.issuer.rfc4514 == want.issuerRfc4514)
            #expect(crl.thisUpdate == Date(timeIntervalSince1970: TimeInterval(want.thisUpdate)))
            #expect(crl.nextUpdate == want.nextUpdate.map { Date(timeIntervalSince1970: TimeInterval($0)) })
            #expect(crl.crlNumber.map(Self.integerHex) == want.crlNumberHex)
            #expect(crl.crlNumberIsCritical == want.crlNumberCritical)
            #expect(crl.signatureAlgorithm.oid == want.signatureAlgorithmOid)
            #expect(crl.signatureAlgorithm.isKnown, "GnuTLS knows the algorithm")
            #expect(Hex.encode(SHA256.hash(crl.tbsCertList)) == want.tbsSha256)
            #expect(Hex.encode(crl.signature) == want.signatureHex)
            #expect(crl.extensions.map { CRLFixtures.Extension(oid: $0.oid, critical: $0.critical) } == want.extensions)
            #expect(crl.revokedCertificates.count == want.entries.count)
            for (entry, wanted) in zip(crl.revokedCertificates, want.entries) {
                #expect(Self.integerHex(entry.serialNumber) == wanted.serialHex)
                #expect(entry.revocationDate == Date(timeIntervalSince1970: TimeInterval(wanted.revocationDate)))
                #expect(entry.reason?.description == wanted.reason)
                #expect(entry.extensions.map { CRLFixtures.Extension(oid: $0.oid, critical: $0.critical) } == wanted.extensions)
            }
        }
    }

    /// INTEGER content octets as cryptography prints a non-negative integer: lower-case hex, no leading zeros.
    static func integerHex(_ bytes: [UInt8]) -> String {
        let hex = Hex.encode(Array(bytes.drop { $0 == 0 }))
        let trimmed = hex.drop { $0 == "0" }
        return trimmed.isEmpty ? "0" : String(trimmed)
    }

    @Test func entryIsFoundByTheCertificatesSerial() throws {
        let crl = try #require(try CRLFixtures.crls(["intermediate.crl.pem"]).first)
        let revoked = try CRLFixtures.certificate("revoked-leaf.pem")
        // Both sides keep the DER sign octet of a serial with its top bit set.
        #expect(revoked.serialNumber == [0x00, 0xDE, 0x57, 0xC0, 0xDE, 0x01])
        let entry = try #require(crl.entry(forSerialNumber: revoked.serialNumber))
        #expect(entry.reason == .keyCompromise)
        #expect(entry.extensions.map(\.oid) == [CRLExtensionOID.reasonCode, CRLExtensionOID.invalidityDate])
        #expect(crl.entry(forSerialNumber: try CRLFixtures.certificate("good-leaf.pem").serialNumber) == nil)
        // An entry without a reasonCode has no reason, rather than "unspecified".
        #expect(crl.revokedCertificates[0].reason == nil)
    }

    @Test func derAndPEMFilesAndBundlesLoad() throws {
        let der = try CRLFixtures.crls(["intermediate.crl.der"])
        #expect(der.count == 1)
        #expect(try CertificateRevocationList(der: der[0].der) == der[0])
        let bundle = try CRLFixtures.crls(["bundle.crl.pem"])
        #expect(bundle.map(\.issuer.rfc4514) == ["CN=CRL Test Intermediate", "CN=CRL Test Root"])
        // Loading several paths drops exact duplicates.
        #expect(try CRLFixtures.crls(["root.crl.pem", "root.crl.pem"]).count == 1)
    }

    @Test func unknownCriticalExtensionsAreListed() throws {
        // issuingDistributionPoint is processed (RFC 5280 §6.3.3 (b)), so it is understood when critical.
        let partitioned = try CRLFixtures.crls(["partitioned.crl.pem"])[0]
        #expect(partitioned.unknownCriticalExtensions.isEmpty)
        let scope = try #require(partitioned.issuingDistributionPoint?.value)
        #expect(scope.name == .fullName([.uri("http://crl.example.test/1.crl")]))
        #expect(scope.onlyContainsUserCerts && !scope.onlyContainsCACerts && !scope.indirectCRL && scope.onlySomeReasons == nil)
        #expect(try CRLFixtures.crls(["intermediate.crl.pem"])[0].unknownCriticalExtensions.isEmpty)
        // A critical CRLNumber is understood; whether the CRL may be used is the evaluator's call.
        #expect(try CRLFixtures.crls(["critical-crlnumber.crl.pem"])[0].unknownCriticalExtensions.isEmpty)
    }

    @Test func missingCRLNumberIsNil() throws {
        let crl = try CRLFixtures.crls(["no-crlnumber.crl.pem"])[0]
        #expect(crl.crlNumber == nil)
        #expect(!crl.crlNumberIsCritical)
    }

    static let badInputs: [(file: String, kind: CertificateLoadError.Kind, says: String)] = [
        ("bad-truncated.crl.der", .truncated, "truncated DER: CRL 1 ends before its declared length"),
        ("bad-garbage.crl", .notACRL, "not a CRL: neither PEM nor DER"),
        ("bad-certificate-not-crl.pem", .notACRL, "PEM file holds no X509 CRL block"),
        ("bad-tbs.crl.pem", .badCRL, "not a DER CRL: DER structure is not a TBSCertList SEQUENCE"),
        ("does-not-exist.crl", .unreadable, "no such file or directory"),
        (".", .unreadable, "is a directory, not a file of CRLs"),
    ]

    @Test(arguments: badInputs)
    func badInputIsNamedAndExplained(file: String, kind: CertificateLoadError.Kind, says: String) {
        let path = CRLFixtures.path(file)
        #expect(throws: CertificateLoadError(path: path, kind: kind, problem: says)) {
            _ = try CRLLoader.load(path: path)
        }
    }

    @Test func emptyInputIsRefused() {
        #expect(throws: CertificateLoadError(path: "memory", kind: .empty, problem: "file is empty")) {
            _ = try CRLLoader.crls(in: Array(" \n".utf8), from: "memory")
        }
    }

    @Test func aCertificateIsNotACRL() throws {
        let certificate = try CRLFixtures.certificate("root.pem")
        #expect(throws: CRLParseError(.malformedDER, "not a DER CRL: DER structure is not a signature AlgorithmIdentifier")) {
            _ = try CertificateRevocationList(der: certificate.der)
        }
    }

    @Test func bytesAfterTheCRLAreRefused() throws {
        let crl = try CRLFixtures.crls(["root.crl.pem"])[0]
        #expect(throws: CRLParseError(.malformedDER, "not a DER CRL: DER structure is not a single CertificateList (bytes follow it)")) {
            _ = try CertificateRevocationList(der: crl.der + [0x00, 0x00])
        }
    }

    @Test func badEntryIsNamedByPosition() throws {
        // The bundle's first CRL, with the only entry's serial INTEGER tag turned into a BOOLEAN.
        var der = try CRLFixtures.crls(["intermediate.crl.der"])[0].der
        let serial: [UInt8] = [0x02, 0x06, 0x00, 0xDE, 0x57, 0xC0, 0xDE, 0x01]
        let at = try #require((0...(der.count - serial.count)).first { Array(der[$0..<$0 + serial.count]) == serial })
        der[at] = DERTag.boolean
        #expect(throws: CRLParseError(.badEntry, "revoked entry 1: DER structure is not a userCertificate serial number")) {
            _ = try CertificateRevocationList(der: der)
        }
    }
}
