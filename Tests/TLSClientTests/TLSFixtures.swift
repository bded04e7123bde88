import Foundation
import GnuTLSBridge
import SecTrustCompat
import TLSClient
import TrustCertificates
import TrustEvaluation

/// The generated certificates (make_fixtures.py) and a client configured to trust only their root.
enum TLSFixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    /// Inside every fixture's validity (leaves: 2026-01-01 .. 2027-01-01).
    static let time = ISO8601DateFormatter().date(from: "2026-12-01T00:00:00Z")!

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    static func certificate(_ name: String) throws -> Certificate {
        try CertificateLoader.load(path: directory.appendingPathComponent(name).path)[0]
    }

    /// SecTrustCompat reads its system store once per process, on the first evaluation, and `swift test`
    /// runs every test target in one process: install the store SecTrustCompatTests expects (their
    /// Fixtures/system-anchors.pem, same path) before any SecTrust here is evaluated, so that whichever
    /// target runs first, both see the same store.
    static let sharedSystemAnchors: Bool = SecTrustCompatConfiguration.setSystemAnchorsPath(
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("SecTrustCompatTests").appendingPathComponent("Fixtures")
            .appendingPathComponent("system-anchors.pem").path)

    /// Trusts root.pem only, at `time`, for "localhost", with short timeouts.
    static func configuration() throws -> TLSClientConfiguration {
        _ = sharedSystemAnchors
        var configuration = TLSClientConfiguration()
        configuration.anchors = .only(CertificateStore([try certificate("root.pem")]))
        configuration.verificationTime = time
        configuration.serverName = "localhost"
        configuration.connectTimeout = 5
        configuration.handshakeTimeout = 5
        return configuration
    }

    /// A server presenting leaf + intermediate (or `chain`), stopped by the caller.
    static func server(chain: String = "server-chain.pem", key: String = "leaf.key", priority: String = "NORMAL",
                       ocsp: String? = nil, alpn: [String] = [], ipv6: Bool = false,
                       behaviour: LoopbackTLSServer.Behaviour? = nil) throws -> LoopbackTLSServer
    {
        let ocspBytes = try ocsp.map(bytes)
        if let behaviour {
            return try LoopbackTLSServer(chainPEM: bytes(chain), keyPEM: bytes(key), priority: priority,
                                         ocspResponse: ocspBytes, alpn: alpn, ipv6: ipv6, behaviour: behaviour)
        }
        return try LoopbackTLSServer(chainPEM: bytes(chain), keyPEM: bytes(key), priority: priority,
                                     ocspResponse: ocspBytes, alpn: alpn, ipv6: ipv6)
    }
}

extension TLSFixtures {
    /// The error connecting fails with; nil (after closing it) when the connection succeeds.
    static func failure(host: String = "127.0.0.1", port: UInt16, configuration: TLSClientConfiguration) async
        -> TLSClientError?
    {
        do {
            let connection = try await TLSClient.connect(host: host, port: port, configuration: configuration)
            await connection.close()
            return nil
        } catch {
            return error
        }
    }
}
