import Foundation

/// The repository's committed fixtures, read in place: the README chain (vectors/readme-chain, anchors/), the
/// vectors, and the fixtures other test targets generated (each directory's generate script says how).
enum RepositoryFiles {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// The README chain, `make demo`'s: leaf and intermediate for www.example.test under anchors/example-root.pem.
    static let readmeLeaf = path("vectors/readme-chain/leaf.pem")
    static let readmeIntermediate = path("vectors/readme-chain/intermediate.pem")
    static let readmeRoot = path("vectors/readme-chain/root.pem")
    static let anchors = path("anchors")
    /// `make demo`'s time, inside the README chain's validity.
    static let demoTime = "2026-12-01T00:00:00Z"
    /// The README chain's SPKI pins, as `trustcheck pin` prints them (README, Makefile's demo).
    static let readmeLeafPin = "o4i7NgKxIHkeLkltshnJM7W0Rk19cMkpMVgk2BsiZqU="
    static let readmeIntermediatePin = "EdvA97xOVeN719w8bHRNhCcNF8V2UmUNgUA34qvtRbY="
    static let readmeRootPin = "N+9Z+6GUtXGOqLcqeuPbAikw8us9JyYV2ujD9JuLtRU="

    /// Tests/PinningTests/Fixtures: example.com's chain (www.example.com, api.example.com ...) and TrustKit files.
    static func pinning(_ name: String) -> String { path("Tests/PinningTests/Fixtures/" + name) }
    /// Inside the pinning fixtures' validity.
    static let pinningTime = "2025-01-01T00:00:00Z"
    static let pinningIntermediatePin = "hxiHr3WPqKxDCjfemE6LdA3XfzMc7cpIcBaakPBKRfk="
    static let pinningBackupPin = "/SWKtJU1bA+lu5Ggz3h8r8xrCMXizun490d7eYuQdwI="

    /// Tests/TrustCheckCLITests/Fixtures/audit: the audit fixtures (generate.py there), pins in expected.json.
    static func audit(_ name: String) -> String { path("Tests/TrustCheckCLITests/Fixtures/audit/" + name) }

    /// Tests/TLSClientTests/Fixtures: localhost / tls.example.com under root.pem, with keys and OCSP staples.
    static func tls(_ name: String) -> String { path("Tests/TLSClientTests/Fixtures/" + name) }
    static let tlsTime = "2026-12-01T00:00:00Z"

    /// Tests/TrustEvaluationTests/Fixtures/crl and ocsp.
    static func crl(_ name: String) -> String { path("Tests/TrustEvaluationTests/Fixtures/crl/" + name) }
    static func ocsp(_ name: String) -> String { path("Tests/TrustEvaluationTests/Fixtures/ocsp/" + name) }

    /// vectors/certificates: the model fixtures, and bad/ with inputs that are not certificates.
    static func certificate(_ name: String) -> String { path("vectors/certificates/" + name) }
}
