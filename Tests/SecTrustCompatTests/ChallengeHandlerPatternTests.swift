import Foundation
import SecTrustCompat
import Testing

// The usual iOS server-trust challenge handler with public-key pinning, written exactly as apps write it for
// Apple's Security framework. Only the imports differ: `import SecTrustCompat` instead of `import Security`
// (plus Foundation). The `as CFArray` / `as CFData` / `as CFString` / `as CFDate` / `as Data?` casts are the
// ones iOS code uses. The certificates come from Fixtures/ (see generate.sh); the verify date is fixed so
// the verdicts do not depend on today.

/// What the handler tells URLSession (URLSession.AuthChallengeDisposition, reduced to the two outcomes).
enum ChallengeDisposition: Equatable {
    case useCredential
    case cancelAuthenticationChallenge
}

/// A TrustKit-style pinning validator: the server must pass default trust evaluation against the app's own
/// anchors, and the leaf's public key must be one of the pinned SPKI SHA-256 hashes.
struct ServerTrustValidator {
    // TrustKit's ASN.1 SubjectPublicKeyInfo headers (TSKSPKIHashCache.m).
    static let rsa2048Asn1Header: [UInt8] = [
        0x30, 0x82, 0x01, 0x22, 0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86,
        0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00, 0x03, 0x82, 0x01, 0x0f, 0x00,
    ]
    static let ecDsaSecp256r1Asn1Header: [UInt8] = [
        0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02,
        0x01, 0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07, 0x03,
        0x42, 0x00,
    ]

    let anchorCertificates: [SecCertificate]
    let pinnedKeyHashes: Set<String>
    let verifyDate: Date

    /// What the last evaluation said, for the tests to inspect.
    struct Report {
        var trusted = false
        var result = SecTrustResultType.invalid
        var errorCode: Int?
        var errorMessage: String?
        var leafKeyHash: String?
    }

    init(anchorFiles: [URL], pinnedKeyHashes: Set<String>, verifyDate: Date) {
        var anchors: [SecCertificate] = []
        for file in anchorFiles {
            guard let data = try? Data(contentsOf: file),
                  let certificate = SecCertificateCreateWithData(nil, data as CFData)
            else { continue }
            anchors.append(certificate)
        }
        self.anchorCertificates = anchors
        self.pinnedKeyHashes = pinnedKeyHashes
        self.verifyDate = verifyDate
    }

    /// urlSession(_:didReceive:completionHandler:) for NSURLAuthenticationMethodServerTrust.
    func handle(serverTrust: SecTrust, host: String, report: inout Report) -> ChallengeDisposition {
        let policy = SecPolicyCreateSSL(true, host as CFString)
        SecTrustSetPolicies(serverTrust, policy)
        SecTrustSetAnchorCertificates(serverTrust, anchorCertificates as CFArray)
        SecTrustSetAnchorCertificatesOnly(serverTrust, true)
        SecTrustSetVerifyDate(serverTrust, verifyDate as CFDate)

        var error: CFError?
        let trusted = SecTrustEvaluateWithError(serverTrust, &error)
        var result = SecTrustResultType.invalid
        SecTrustGetTrustResult(serverTrust, &result)
        report.trusted = trusted
        report.result = result
        if let error = error {
            report.errorCode = CFErrorGetCode(error)
            report.errorMessage = (error as Error).localizedDescription
        }

        guard let leafKey = SecTrustCopyKey(serverTrust),
              let keyHash = publicKeyHash(of: leafKey)
        else { return .cancelAuthenticationChallenge }
        report.leafKeyHash = keyHash

        guard trusted, result == .unspecified || result == .proceed else {
            return .cancelAuthenticationChallenge
        }
        return pinnedKeyHashes.contains(keyHash) ? .useCredential : .cancelAuthenticationChallenge
    }

    /// SHA-256 of the key's SubjectPublicKeyInfo, base64: the TrustKit / HPKP pin.
    func publicKeyHash(of key: SecKey) -> String? {
        guard let attributes = SecKeyCopyAttributes(key) as? [String: Any],
              let keyType = attributes[kSecAttrKeyType as String] as? String,
              let keySize = attributes[kSecAttrKeySizeInBits as String] as? Int,
              let publicKeyData = SecKeyCopyExternalRepresentation(key, nil) as Data?
        else { return nil }

        let header: [UInt8]
        if keyType == (kSecAttrKeyTypeRSA as String) && keySize == 2048 {
            header = Self.rsa2048Asn1Header
        } else if keyType == (kSecAttrKeyTypeECSECPrimeRandom as String) && keySize == 256 {
            header = Self.ecDsaSecp256r1Asn1Header
        } else {
            return nil
        }
        var keyWithHeader = Data(header)
        keyWithHeader.append(publicKeyData)
        return Hash.sha256(keyWithHeader).base64EncodedString()
    }
}

/// What the TLS stack hands the delegate: a SecTrust for the certificates the server presented.
func serverTrust(presenting certificateFiles: [URL], host: String) -> SecTrust? {
    var certificates: [SecCertificate] = []
    for file in certificateFiles {
        guard let data = try? Data(contentsOf: file),
              let certificate = SecCertificateCreateWithData(nil, data as CFData)
        else { return nil }
        certificates.append(certificate)
    }
    let policy = SecPolicyCreateSSL(true, host as CFString)
    var trust: SecTrust?
    let status = SecTrustCreateWithCertificates(certificates as CFArray, policy, &trust)
    guard status == errSecSuccess else { return nil }
    return trust
}

@Suite("The iOS challenge-handler pattern, unchanged")
struct ChallengeHandlerPatternTests {
    let certificates = Fixtures.directory

    func file(_ name: String) -> URL { certificates.appendingPathComponent(name) }

    func validator(anchors: [String], pins: [String]) -> ServerTrustValidator {
        ServerTrustValidator(anchorFiles: anchors.map(file), pinnedKeyHashes: Set(pins), verifyDate: Fixtures.verifyDate)
    }

    @Test("A valid chain to the app's own root, with the EC P-256 leaf key pinned, is accepted")
    func pinnedServerIsAccepted() throws {
        let validator = validator(anchors: ["root.cer"], pins: [Fixtures.spkiPin("leaf")])
        let trust = try #require(serverTrust(presenting: [file("leaf.cer"), file("intermediate.cer")],
                                             host: "www.trustcheck.test"))
        var report = ServerTrustValidator.Report()

        #expect(validator.handle(serverTrust: trust, host: "www.trustcheck.test", report: &report) == .useCredential)
        #expect(report.trusted)
        #expect(report.result == .unspecified)
        #expect(report.errorCode == nil)
        #expect(report.leafKeyHash == Fixtures.spkiPin("leaf"))
        #expect(SecTrustGetCertificateCount(trust) == 3)
    }

    @Test("A valid chain whose key is not pinned is refused, though trust evaluation passes")
    func unpinnedKeyIsRefused() throws {
        let validator = validator(anchors: ["root.cer"], pins: [Fixtures.spkiPin("selfsigned")])
        let trust = try #require(serverTrust(presenting: [file("leaf.cer"), file("intermediate.cer")],
                                             host: "www.trustcheck.test"))
        var report = ServerTrustValidator.Report()

        #expect(validator.handle(serverTrust: trust, host: "www.trustcheck.test", report: &report)
            == .cancelAuthenticationChallenge)
        #expect(report.trusted)
        #expect(report.leafKeyHash == Fixtures.spkiPin("leaf"))
    }

    @Test("Hostname mismatch: -67602, “<leaf>” certificate name does not match input")
    func hostnameMismatch() throws {
        let validator = validator(anchors: ["root.cer"], pins: [Fixtures.spkiPin("leaf")])
        let trust = try #require(serverTrust(presenting: [file("leaf.cer"), file("intermediate.cer")],
                                             host: "api.example.com"))
        var report = ServerTrustValidator.Report()

        #expect(validator.handle(serverTrust: trust, host: "api.example.com", report: &report)
            == .cancelAuthenticationChallenge)
        #expect(!report.trusted)
        #expect(report.result == .recoverableTrustFailure)
        #expect(report.errorCode == -67602)
        #expect(report.errorMessage == "\u{201C}www.trustcheck.test\u{201D} certificate name does not match input")
    }

    @Test("Untrusted root: -67843, “<root>” certificate is not trusted")
    func untrustedRoot() throws {
        // The app trusts only another root; the server sends its full chain including its own root.
        let validator = validator(anchors: ["system-root.cer"], pins: [Fixtures.spkiPin("leaf")])
        let trust = try #require(serverTrust(
            presenting: [file("leaf.cer"), file("intermediate.cer"), file("root.cer")], host: "www.trustcheck.test"))
        var report = ServerTrustValidator.Report()

        #expect(validator.handle(serverTrust: trust, host: "www.trustcheck.test", report: &report)
            == .cancelAuthenticationChallenge)
        #expect(report.result == .recoverableTrustFailure)
        #expect(report.errorCode == -67843)
        #expect(report.errorMessage == "\u{201C}TrustCheck Test Root CA\u{201D} certificate is not trusted")
    }

    @Test("Expired leaf: -67818, “<leaf>” certificate is expired")
    func expiredLeaf() throws {
        let validator = validator(anchors: ["root.cer"], pins: [])
        let trust = try #require(serverTrust(presenting: [file("expired.cer"), file("intermediate.cer")],
                                             host: "expired.trustcheck.test"))
        var report = ServerTrustValidator.Report()

        #expect(validator.handle(serverTrust: trust, host: "expired.trustcheck.test", report: &report)
            == .cancelAuthenticationChallenge)
        #expect(report.result == .recoverableTrustFailure)
        #expect(report.errorCode == -67818)
        #expect(report.errorMessage == "\u{201C}expired.trustcheck.test\u{201D} certificate is expired")
    }

    @Test("A self-signed server certificate pinned as the only anchor, with its RSA-2048 key pinned")
    func pinnedSelfSignedServer() throws {
        let validator = validator(anchors: ["selfsigned.cer"], pins: [Fixtures.spkiPin("selfsigned")])
        let trust = try #require(serverTrust(presenting: [file("selfsigned.cer")], host: "selfsigned.trustcheck.test"))
        var report = ServerTrustValidator.Report()

        #expect(validator.handle(serverTrust: trust, host: "selfsigned.trustcheck.test", report: &report)
            == .useCredential)
        #expect(report.result == .unspecified)
        #expect(report.leafKeyHash == Fixtures.spkiPin("selfsigned"))
        #expect(SecTrustGetCertificateCount(trust) == 1)
    }

    @Test("The same self-signed certificate without being an anchor: -67843 on the leaf itself")
    func selfSignedServerWithoutAnchor() throws {
        let validator = validator(anchors: ["root.cer"], pins: [Fixtures.spkiPin("selfsigned")])
        let trust = try #require(serverTrust(presenting: [file("selfsigned.cer")], host: "selfsigned.trustcheck.test"))
        var report = ServerTrustValidator.Report()

        #expect(validator.handle(serverTrust: trust, host: "selfsigned.trustcheck.test", report: &report)
            == .cancelAuthenticationChallenge)
        #expect(report.errorCode == -67843)
        #expect(report.errorMessage == "\u{201C}selfsigned.trustcheck.test\u{201D} certificate is not trusted")
    }
}
