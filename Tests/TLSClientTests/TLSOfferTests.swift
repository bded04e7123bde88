import Foundation
import Testing
import TestSupport
import TLSClient

/// `TLSOffer`: the versions and suites offered decide what a server can agree to.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl")))
struct TLSOfferTests {
    @Test("A TLS 1.1-only server: refused by the default offer, agreed with an offer from TLS 1.1")
    func tls11() async throws {
        let server = try OpenSSLServer(directory: TLSFixtures.directory, ["-cert", "leaf.pem", "-cert_chain", "intermediate.pem",
                                                                          "-key", "leaf.key", "-tls1_1", "-cipher", "DEFAULT@SECLEVEL=0"])
        var configuration = try TLSFixtures.configuration()
        configuration.challengeHandler = { _ in .useCredential }
        await #expect(throws: TLSClientError.self) {
            _ = try await TLSClient.connect(host: "127.0.0.1", port: server.port, configuration: configuration)
        }
        configuration.offer = TLSOffer(minimumVersion: .tls11, suites: .appTransportSecurity)
        let connection = try await TLSClient.connect(host: "127.0.0.1", port: server.port, configuration: configuration)
        #expect(connection.negotiated.protocolVersion == "TLS1.1")
        #expect(connection.negotiated.cipherSuite.contains("ECDHE"))
        await connection.close()
    }

    /// A throw-away RSA certificate (RSA key exchange needs an RSA key; the fixtures' are EC). Trust is not
    /// at issue here: the challenge handler accepts any chain.
    private static func rsaDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tls-offer-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        openssl.arguments = ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "rsa.key", "-out", "rsa.pem", "-days", "2",
                             "-subj", "/CN=localhost"]
        openssl.currentDirectoryURL = directory
        openssl.standardOutput = FileHandle.nullDevice
        openssl.standardError = FileHandle.nullDevice
        try openssl.run()
        openssl.waitUntilExit()
        return directory
    }

    @Test("An RSA-key-exchange-only server: refused by ATS's suites, agreed with the compatibility suites")
    func rsaKeyExchange() async throws {
        let server = try OpenSSLServer(directory: try Self.rsaDirectory(), ["-cert", "rsa.pem", "-key", "rsa.key", "-tls1_2",
                                                                            "-cipher", "AES128-GCM-SHA256"])
        var configuration = try TLSFixtures.configuration()
        configuration.challengeHandler = { _ in .useCredential }
        configuration.offer = TLSOffer(minimumVersion: .tls12, suites: .appTransportSecurity)
        await #expect(throws: TLSClientError.self) {
            _ = try await TLSClient.connect(host: "127.0.0.1", port: server.port, configuration: configuration)
        }
        configuration.offer = TLSOffer(minimumVersion: .tls12, suites: .appTransportSecurityCompatibility)
        let connection = try await TLSClient.connect(host: "127.0.0.1", port: server.port, configuration: configuration)
        #expect(connection.negotiated.cipherSuite == "TLS_RSA_WITH_AES_128_GCM_SHA256")
        await connection.close()
    }
}
