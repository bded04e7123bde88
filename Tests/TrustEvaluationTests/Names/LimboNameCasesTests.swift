import Foundation
import Testing
import TrustCertificates
@testable import TrustEvaluation

/// Runs x509-limbo's name-related cases through the `.webpki` name logic alone, when the suite
/// (`LIMBO_JSON`, else the shared checkout) and the system Public Suffix List are present. A case passes the names when some path from the
/// peer to a trusted certificate has its names accepted: the peer matches every expected peer name
/// and no certificate breaks the name constraints of a CA above it. Certificates or extensions that
/// cannot be parsed count as failures, as the engine must treat them.
struct LimboNameCasesTests {
    /// `LIMBO_JSON`, else `../shared/limbo/limbo.json` beside the package, as the README says.
    static let path = ProcessInfo.processInfo.environment["LIMBO_JSON"]
        ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/limbo/limbo.json").path

    static let prefixes = [
        "rfc5280::nc::", "rfc5280::san::", "webpki::nc::", "webpki::san::", "cve::cve-2025-61727",
        "pathological::nc-dos-", "bettertls::nameconstraints::",
    ]

    /// Expected failures the name logic must not catch: they fail on checks outside names.
    static let failingOutsideNames: Set<String> = [
        "rfc5280::nc::not-allowed-in-ee-critical",  // NameConstraints in an end-entity certificate
        "rfc5280::nc::not-allowed-in-ee-noncritical",
        "rfc5280::san::noncritical-with-empty-subject",  // SAN criticality
        "webpki::san::san-critical-with-nonempty-subject",
    ]

    struct Suite: Decodable {
        let testcases: [Case]
    }

    struct Case: Decodable {
        struct Name: Decodable {
            let kind: String
            let value: String
        }

        let id: String
        let features: [String]
        let trusted_certs: [String]
        let untrusted_intermediates: [String]
        let peer_certificate: String
        let expected_peer_name: Name?
        let expected_peer_names: [Name]
        let expected_result: String
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: path) && !PublicSuffixList.system.isMissing))
    func namesAgreeWithLimbo() throws {
        let suite = try JSONDecoder().decode(Suite.self, from: Data(contentsOf: URL(fileURLWithPath: Self.path)))
        let cases = suite.testcases.filter { testCase in
            Self.prefixes.contains { testCase.id.hasPrefix($0) }
                // RFC 5280's stricter reading; webpki expects the opposite (webpki::nc::permitted-dns-match-noncritical).
                && !testCase.features.contains("rfc5280-incompatible-with-webpki")
        }
        #expect(cases.count > 9_000)
        var disagreements: [String] = []
        for testCase in cases where Self.namesAccepted(testCase) != (testCase.expected_result == "SUCCESS") {
            disagreements.append(testCase.id)
        }
        #expect(Set(disagreements) == Self.failingOutsideNames)
    }

    static func namesAccepted(_ testCase: Case) -> Bool {
        func parse(_ pem: String) -> Certificate? {
            let base64 = pem.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
            return Data(base64Encoded: base64).flatMap { try? Certificate(der: Array($0)) }
        }
        guard let peer = parse(testCase.peer_certificate) else { return false }
        var peers = testCase.expected_peer_names.map { PeerName.email($0.value) }
        if let name = testCase.expected_peer_name {
            peers.append(name.kind == "RFC822" ? .email(name.value) : PeerName(parsing: name.value))
        }
        guard peers.allSatisfy({ HostnameMatcher.matches(peer, peer: $0, rules: .webpki) }) else { return false }
        let anchors = testCase.trusted_certs.compactMap(parse)
        let pool = testCase.untrusted_intermediates.compactMap(parse) + anchors
        // Depth-first over issuers, so that a constraint on one path cannot hide a clean one.
        func search(_ path: [Certificate]) -> Bool {
            let top = path.last!
            if anchors.contains(top) { return pathIsClean(path) }
            guard path.count < 8 else { return false }
            return pool.contains { issuer in
                issuer.subject.normalized == top.issuer.normalized && !path.contains(issuer) && search(path + [issuer])
            }
        }
        return search([peer])
    }

    /// Leaf first: each CA's constraints against every certificate below it.
    static func pathIsClean(_ path: [Certificate]) -> Bool {
        let names = [ExtensionOID.subjectAltName, ExtensionOID.nameConstraints]
        guard path.allSatisfy({ certificate in !names.contains { certificate.unparseableExtensions[$0] != nil } }) else {
            return false
        }
        for (index, ca) in path.enumerated().dropFirst() {
            guard let constraints = ca.nameConstraints else { continue }
            for (below, certificate) in path[..<index].enumerated() {
                let violations = NameConstraintsChecker.violations(
                    of: constraints, for: certificate, isLeaf: below == 0, isSelfIssued: certificate.isSelfIssued, rules: .webpki)
                if !violations.isEmpty { return false }
            }
        }
        return true
    }
}
