// An iOS app's URLSession pinning code, as pinning articles write it, run on Linux: on iOS the imports are
// Foundation, Security and CommonCrypto; here URLSessionCompat and CommonCryptoCompat stand for them and
// nothing else changes. `make demo` runs it against local servers (Tests/Demo/ios-delegate.sh).
//
// usage: PinningDelegateExample URL PIN [URL...]
//   Loads the first URL with URLSession.shared (the system's evaluation), then every URL with a session whose
//   delegate pins PIN (base64 SHA-256 of the server's RSA-2048 SubjectPublicKeyInfo). Exit status 0 when each
//   load ended as expected: the first URL loads both times; every later one is refused by the pin.
import CommonCryptoCompat
import Foundation
import URLSessionCompat

let rsa2048Asn1Header: [UInt8] = [
    0x30, 0x82, 0x01, 0x22, 0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86,
    0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00, 0x03, 0x82, 0x01, 0x0f, 0x00,
]

final class PinningDelegate: NSObject, URLSessionDelegate {
    let pinnedKeyHashes: [String]
    private(set) var lastServerKeyHash: String?

    init(pinnedKeyHashes: [String]) {
        self.pinnedKeyHashes = pinnedKeyHashes
    }

    private func sha256(data: Data) -> String {
        var keyWithHeader = Data(rsa2048Asn1Header)
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
              let serverTrust = challenge.protectionSpace.serverTrust else {
            completionHandler(.performDefaultHandling, nil)
            return
        }
        var error: CFError?
        guard SecTrustEvaluateWithError(serverTrust, &error) else {
            print("  delegate: the system does not trust the server: \(error.map { "\($0.localizedDescription)" } ?? "?")")
            completionHandler(.cancelAuthenticationChallenge, nil)
            return
        }
        guard let serverPublicKey = SecTrustCopyKey(serverTrust),
              let serverPublicKeyData = SecKeyCopyExternalRepresentation(serverPublicKey, nil) as Data? else {
            completionHandler(.cancelAuthenticationChallenge, nil)
            return
        }
        let keyHash = sha256(data: serverPublicKeyData)
        lastServerKeyHash = keyHash
        if pinnedKeyHashes.contains(keyHash) {
            print("  delegate: pin sha256/\(keyHash) matched")
            completionHandler(.useCredential, URLCredential(trust: serverTrust))
        } else {
            print("  delegate: no pin matched the server's key sha256/\(keyHash)")
            completionHandler(.cancelAuthenticationChallenge, nil)
        }
    }
}

func describe(_ result: Result<(Data, URLResponse), Error>) -> String {
    switch result {
    case .success(let (data, response)):
        return "HTTP \((response as? HTTPURLResponse)?.statusCode ?? 0), \(data.count) bytes"
    case .failure(let error as URLError):
        return "NSURLErrorDomain \(error.errorCode): \(error.localizedDescription)"
    case .failure(let error):
        return "\(error)"
    }
}

func load(_ url: URL, with session: URLSession) async -> Result<(Data, URLResponse), Error> {
    do { return .success(try await session.data(from: url)) } catch { return .failure(error) }
}

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count >= 2, let first = URL(string: arguments.first!) else {
    print("usage: PinningDelegateExample URL PIN [URL...]")
    exit(2)
}
let pin = String(arguments.dropFirst().first!).replacingOccurrences(of: "sha256/", with: "")
let others = arguments.dropFirst(2).compactMap { URL(string: String($0)) }
var asExpected = true

print("trusted: \(first) with URLSession.shared (the system's evaluation)")
let trusted = await load(first, with: .shared)
print("  \(describe(trusted))")
if case .failure = trusted { asExpected = false }

let delegate = PinningDelegate(pinnedKeyHashes: [pin])
let session = URLSession(configuration: .default, delegate: delegate, delegateQueue: nil)
print("pinned: \(first) with a delegate pinning sha256/\(pin)")
let pinned = await load(first, with: session)
print("  \(describe(pinned))")
if case .failure = pinned { asExpected = false }

for url in others {
    print("refused: \(url) with the same delegate")
    let refused = await load(url, with: session)
    print("  \(describe(refused))")
    if case .failure(let error as URLError) = refused, error.code == .cancelled {} else { asExpected = false }
}
exit(asExpected ? 0 : 1)
