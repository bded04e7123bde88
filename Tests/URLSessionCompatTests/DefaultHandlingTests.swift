import Foundation
import Testing
import TestSupport
import URLSessionCompat

/// No delegate: the system's evaluation decides, and a refusal is Apple's -1202 with the peer trust.
@Suite("Default handling against local servers")
struct DefaultHandlingTests {
    @Test("A server with a certificate under a system root loads, with its status, headers and body")
    func trusted() async throws {
        let server = try LiveServers.server(\.valid)
        let (data, response) = try await URLSession.shared.data(from: server.url("/json"))
        let http = try #require(response as? HTTPURLResponse)
        #expect(http.statusCode == 200)
        #expect(http.mimeType == "application/json")
        #expect(http.value(forHTTPHeaderField: "content-type") == "application/json")
        #expect(http.url == server.url("/json"))
        let json = try JSONSerialization.jsonObject(with: data) as? [String: String]
        #expect(json?["hello"] == "world")
    }

    @Test("The name localhost is checked as well as the address")
    func trustedByName() async throws {
        let server = try LiveServers.server(\.valid)
        let loaded = await URLSession.shared.load(server.url("/", host: "localhost"))
        #expect(loaded.error == nil)
        #expect(loaded.text == "hello")
    }

    /// The servers the system's evaluation refuses, with the SecureTransport code and the OSStatus Apple gives
    /// (the MITM server presents its leaf alone: no chain to any anchor can be built).
    enum RefusedServer: CaseIterable, Sendable {
        case wrongHost, expired, mitm

        var identity: KeyPath<LiveTLSFixtures, LiveTLSFixtures.Identity> & Sendable {
            switch self {
            case .wrongHost: \LiveTLSFixtures.wrongHost
            case .expired: \LiveTLSFixtures.expired
            case .mitm: \LiveTLSFixtures.mitm
            }
        }
        var streamCode: Int { self == .wrongHost ? -9843 : self == .expired ? -9814 : -9813 }
        var status: OSStatus { self == .wrongHost ? errSecHostNameMismatch : self == .expired ? errSecCertificateExpired : errSecCreateChainFailed }
    }

    @Test("Refused servers fail with -1202, Apple's message, the peer trust and the SecureTransport code",
          arguments: RefusedServer.allCases)
    func refused(server refused: RefusedServer) async throws {
        let (identity, streamCode, status) = (refused.identity, refused.streamCode, refused.status)
        let server = try LiveServers.server(identity)
        let url = server.url("/")
        let loaded = await URLSession.shared.load(url)
        let error = try #require(loaded.urlError)
        #expect(error.code == .serverCertificateUntrusted)
        #expect(error.errorCode == -1202)
        #expect(error.localizedDescription == "The certificate for this server is invalid. You might be connecting to a server "
            + "that is pretending to be “127.0.0.1” which could put your confidential information at risk.")
        #expect(error.userInfo[NSLocalizedRecoverySuggestionErrorKey] as? String == "Would you like to connect to the server anyway?")
        #expect(error.failingURL == url)
        #expect(error.userInfo["_kCFStreamErrorCodeKey"] as? Int == streamCode)
        let underlying = try #require(error.userInfo[NSUnderlyingErrorKey] as? NSError)
        #expect(underlying.code == Int(status))
        // The trust the app can inspect, as iOS code does with `error.serverTrust`-style lookups.
        let trust = try #require(error.userInfo[NSURLErrorFailingURLPeerTrustErrorKey].map { $0 as! SecTrust })
        #expect(!SecTrustEvaluateWithError(trust, nil))
        #expect(loaded.response == nil)
        #expect(loaded.data == nil)
    }

    /// The porting guide's warning: swift-corelibs-foundation declares the TLS group of NSURLError constants one
    /// off from Apple's, so code comparing against them must compare `URLError.Code` instead. When Foundation
    /// fixes them, this fails and the guide's warning goes.
    @Test("Foundation's NSURLError constants for TLS are one off on Linux; URLError.Code's are right")
    func foundationConstants() {
        #expect(NSURLErrorServerCertificateUntrusted == -1203)
        #expect(NSURLErrorSecureConnectionFailed == -1201)
        #expect(URLError.Code.serverCertificateUntrusted.rawValue == -1202)
        #expect(URLError.Code.secureConnectionFailed.rawValue == -1200)
    }

    @Test("openssl s_server with the valid chain: the system evaluation trusts it")
    func opensslServer() async throws {
        let identity = LiveServers.fixtures.valid
        let server = try OpenSSLServer(directory: LiveServers.fixtures.directory,
                                       ["-cert", identity.certificate.path, "-key", identity.key.path])
        let loaded = await URLSession.shared.load(URL(string: "https://127.0.0.1:\(server.port)/")!)
        #expect(loaded.error == nil)
        #expect(loaded.status == 200)
        #expect(loaded.text?.contains("s_server") == true)
    }

    @Test("http:// is refused as App Transport Security refuses it by default (-1022)")
    func cleartext() async {
        let loaded = await URLSession.shared.load(URL(string: "http://127.0.0.1:9/")!)
        #expect(loaded.urlError?.code == .appTransportSecurityRequiresSecureConnection)
    }

    @Test("Nothing listening: -1004; an unknown host: -1003")
    func unreachable() async throws {
        let closed = try FreePort.reserve()
        let refused = await URLSession.shared.load(URL(string: "https://127.0.0.1:\(closed)/")!)
        #expect(refused.urlError?.code == .cannotConnectToHost)
        let unknown = await URLSession.shared.load(URL(string: "https://no-such-host.invalid/")!)
        #expect(unknown.urlError?.code == .cannotFindHost)
    }
}

/// A port nothing listens on: a server's, after the server is gone.
enum FreePort {
    static func reserve() throws -> UInt16 {
        var server: LiveHTTPSServer? = try LiveServers.server(\.valid)
        let port = server!.port
        server = nil
        return port
    }
}
