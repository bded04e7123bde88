import CommonCryptoCompat
import Foundation
import Testing
import TestSupport
import URLSessionCompat

/// The SPKI pinning delegate of iOS articles — the key's external representation behind its ASN.1 header,
/// hashed with CC_SHA256 — run against local HTTPS servers.
final class ArticlePinningDelegate: NSObject, URLSessionDelegate {
    static let ecDsaSecp256r1Asn1Header: [UInt8] = [
        0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02,
        0x01, 0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07, 0x03,
        0x42, 0x00,
    ]

    let pinnedKeyHashes: [String]

    init(pinnedKeyHashes: [String]) { self.pinnedKeyHashes = pinnedKeyHashes }

    static func sha256(data: Data) -> String {
        var keyWithHeader = Data(ecDsaSecp256r1Asn1Header)
        keyWithHeader.append(data)
        var hash = [UInt8](repeating: 0, count: Int(CC_SHA256_DIGEST_LENGTH))
        keyWithHeader.withUnsafeBytes {
            _ = CC_SHA256($0.baseAddress, CC_LONG(keyWithHeader.count), &hash)
        }
        return Data(hash).base64EncodedString()
    }

    func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        guard challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust,
              let serverTrust = challenge.protectionSpace.serverTrust,
              SecTrustEvaluateWithError(serverTrust, nil),
              let serverPublicKey = SecTrustCopyKey(serverTrust),
              let serverPublicKeyData = SecKeyCopyExternalRepresentation(serverPublicKey, nil) as Data?
        else {
            completionHandler(.cancelAuthenticationChallenge, nil)
            return
        }
        if pinnedKeyHashes.contains(Self.sha256(data: serverPublicKeyData)) {
            completionHandler(.useCredential, URLCredential(trust: serverTrust))
        } else {
            completionHandler(.cancelAuthenticationChallenge, nil)
        }
    }
}

@Suite("CommonCrypto pins in an iOS delegate, live", .serialized)
struct ArticlePinningDelegateTests {
    static let fixtures: LiveTLSFixtures = {
        _ = SecTrustCompatConfiguration.setSystemAnchorsPath(LiveTLSFixtures.systemAnchorsPath)
        return try! LiveTLSFixtures()
    }()

    static func opensslPin(_ identity: LiveTLSFixtures.Identity) throws -> String {
        try LiveTLSFixtures.opensslSPKIPin(identity)
    }

    func load(_ url: URL, pins: [String]) async -> Result<Int, URLError> {
        let session = URLSession(configuration: .ephemeral, delegate: ArticlePinningDelegate(pinnedKeyHashes: pins), delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        do {
            let (_, response) = try await session.data(from: url)
            return .success((response as? HTTPURLResponse)?.statusCode ?? 0)
        } catch let error as URLError {
            return .failure(error)
        } catch {
            Issue.record("not an URLError: \(error)")
            return .failure(URLError(.unknown))
        }
    }

    @Test func theArticlePinIsOpenSSLsSPKIPin() throws {
        let certificate = SecCertificateCreateWithData(nil, try Self.fixtures.valid.der() as CFData)!
        let key = SecKeyCopyExternalRepresentation(SecCertificateCopyKey(certificate)!, nil)! as Data
        #expect(ArticlePinningDelegate.sha256(data: key) == (try Self.opensslPin(Self.fixtures.valid)))
        #expect(ArticlePinningDelegate.sha256(data: key) != (try Self.opensslPin(Self.fixtures.rotated)))
    }

    @Test func pinnedKeyLoadsAndARotatedKeyIsCancelled() async throws {
        let pin = try Self.opensslPin(Self.fixtures.valid)
        let backup = try Self.opensslPin(Self.fixtures.rotated)
        let valid = try LiveHTTPSServer(Self.fixtures.valid)
        let rotated = try LiveHTTPSServer(Self.fixtures.rotated)
        #expect(await load(valid.url("/"), pins: [pin]) == .success(200))
        #expect(await load(rotated.url("/"), pins: [pin]).failureCode == .cancelled)
        #expect(await load(rotated.url("/"), pins: [pin, backup]) == .success(200))
    }

    @Test func aTrustFailureIsCancelledWhateverThePins() async throws {
        let mitm = try LiveHTTPSServer(Self.fixtures.mitm)
        #expect(await load(mitm.url("/"), pins: [try Self.opensslPin(Self.fixtures.mitm)]).failureCode == .cancelled)
    }
}

extension Result where Failure == URLError {
    var failureCode: URLError.Code? {
        if case .failure(let error) = self { return error.code }
        return nil
    }
}
