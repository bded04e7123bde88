import Foundation
import GnuTLSBridge
import Testing
import TestSupport
import TLSClient

/// Interoperability: the same client against `openssl s_server` (Debian's openssl, in the Makefile's
/// packages), started on 127.0.0.1 with an ephemeral port that it prints as "ACCEPT 127.0.0.1:PORT".
@Suite struct OpenSSLServerTests {
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl")))
    func opensslServerWithStapleIsTrustedOverTLS12AndTLS13() async throws {
        let server = try OpenSSLServer(directory: TLSFixtures.directory, ["-cert", "leaf.pem", "-cert_chain", "intermediate.pem",
                                                                          "-key", "leaf.key", "-status_file", "ocsp-good.der"])
        var configuration = try TLSFixtures.configuration()
        for versions in [TLSVersions.tls13Only, .tls12Only] {
            configuration.versions = versions
            let connection = try await TLSClient.connect(host: "127.0.0.1", port: server.port, configuration: configuration)
            #expect(connection.verdict.isTrusted)
            #expect(connection.negotiated.protocolVersion == (versions == .tls13Only ? "TLS1.3" : "TLS1.2"))
            #expect(connection.presentedChain.count == 2)
            #expect(connection.stapledOCSPResponse == (try TLSFixtures.bytes("ocsp-good.der")))
            let response = try await HTTPDiagnosticRequest.get(host: "localhost", on: connection)
            #expect(response.statusCode == 200)
            await connection.close()
        }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl")))
    func opensslServerWithAnUnknownRootIsRefused() async throws {
        let server = try OpenSSLServer(directory: TLSFixtures.directory, ["-cert", "other-leaf.pem", "-key", "other-leaf.key"])
        let configuration = try TLSFixtures.configuration()
        let failure = await TLSFixtures.failure(port: server.port, configuration: configuration)
        #expect(failure?.code == "trust.refused")
    }
}
