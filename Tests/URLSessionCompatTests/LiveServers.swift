import Foundation
import Testing
import TestSupport
import URLSessionCompat

/// The live fixtures, with the tests' system trust store installed first (SecTrustCompat reads it once per
/// process, and every test target shares the process: all install the same file).
enum LiveServers {
    static let fixtures: LiveTLSFixtures = {
        _ = SecTrustCompatConfiguration.setSystemAnchorsPath(LiveTLSFixtures.systemAnchorsPath)
        return try! LiveTLSFixtures()
    }()

    /// A server presenting one of the fixtures' identities.
    static func server(_ identity: KeyPath<LiveTLSFixtures, LiveTLSFixtures.Identity>) throws -> LiveHTTPSServer {
        try LiveHTTPSServer(fixtures[keyPath: identity])
    }

    /// The certificate of an identity, as an app bundles it (DER).
    static func certificate(_ identity: KeyPath<LiveTLSFixtures, LiveTLSFixtures.Identity>) throws -> SecCertificate {
        SecCertificateCreateWithData(nil, try fixtures[keyPath: identity].der() as CFData)!
    }

    static func mitmRoot() throws -> SecCertificate {
        SecCertificateCreateWithData(nil, try LiveTLSFixtures.der(ofPEM: fixtures.mitmRoot) as CFData)!
    }
}

/// The result of a completion-handler task.
struct Loaded: @unchecked Sendable {
    let data: Data?
    let response: URLResponse?
    let error: Error?

    var urlError: URLError? { error as? URLError }
    var status: Int? { (response as? HTTPURLResponse)?.statusCode }
    var text: String? { data.map { String(decoding: $0, as: UTF8.self) } }
}

extension URLSession {
    /// Runs a completion-handler data task and waits for it.
    func load(_ request: URLRequest) async -> Loaded {
        await withCheckedContinuation { continuation in
            dataTask(with: request) { data, response, error in
                continuation.resume(returning: Loaded(data: data, response: response, error: error))
            }.resume()
        }
    }

    func load(_ url: URL) async -> Loaded { await load(URLRequest(url: url)) }
}

/// Expects `body` to throw an URLError with `code` (URLError's == compares the user info too).
func expectURLError(_ code: URLError.Code, sourceLocation: SourceLocation = #_sourceLocation,
                    _ body: () async throws -> Void) async {
    do {
        try await body()
        Issue.record("expected URLError \(code.rawValue), nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as URLError {
        #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
    } catch {
        Issue.record("expected URLError \(code.rawValue), \(error) was thrown", sourceLocation: sourceLocation)
    }
}
