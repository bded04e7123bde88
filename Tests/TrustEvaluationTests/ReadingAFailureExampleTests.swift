import Foundation
import Testing
import TrustCertificates
import TrustEvaluation

/// The DocC article "Reading a failure": its switch over a failure's typed context compiles and says what
/// the article says, on the README chain.
@Suite struct ReadingAFailureExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    func explain(_ result: TrustEvaluationResult) -> [String] {
        var lines: [String] = []
        func print(_ items: Any...) { lines.append(items.map { "\($0)" }.joined(separator: " ")) }
        for failure in result.failures {
            switch failure.context {
            case .hostname(let requested, let dnsNames, _, _, _, _)?:
                print("valid for \(dnsNames.joined(separator: ", ")), not \(requested)")
            case .missingIssuer(let issuer, _, let searched, _)?:
                print("no issuer \(issuer.rfc4514) in \(searched)")
            case .validity(let notBefore, let notAfter, let at)?:
                print(at < notBefore ? "not yet valid" : "expired", notBefore, notAfter)
            case .validityPeriod(let days, let limit, _)?:
                print("valid for \(days) days; at most \(limit) allowed")
            default:
                print(failure)
            }
        }
        return lines
    }

    @Test func theArticlesSwitchExplainsFailures() throws {
        let chain = Self.root.appendingPathComponent("vectors/readme-chain")
        let leaf = try CertificateLoader.load(path: chain.appendingPathComponent("leaf.pem").path)[0]
        let intermediate = try CertificateLoader.load(path: chain.appendingPathComponent("intermediate.pem").path)[0]
        let anchors = TrustAnchors.only(CertificateStore(try CertificateLoader.load(path: Self.root.appendingPathComponent("anchors").path)))
        let at = try #require(RFC3339.date("2026-12-01T00:00:00Z"))

        let mismatch = TrustEvaluator(anchors: anchors, policies: [.ssl(hostname: "other.example.test")])
            .evaluate(leaf: leaf, intermediates: [intermediate], at: at)
        #expect(explain(mismatch).first?.hasPrefix("valid for www.example.test, not ") == true)

        let missing = TrustEvaluator(anchors: anchors).evaluate(leaf: leaf, at: at)
        #expect(explain(missing).first?.hasPrefix("no issuer CN=TrustCheck Example Intermediate in ") == true)

        let later = try #require(RFC3339.date("2030-01-01T00:00:00Z"))
        let expired = TrustEvaluator(anchors: anchors).evaluate(leaf: leaf, intermediates: [intermediate], at: later)
        #expect(explain(expired).first?.hasPrefix("expired ") == true)

        // The one line the article shows first.
        #expect(mismatch.reason == "host name mismatch: the certificate is valid for www.example.test, not other.example.test (-67602)")
        let early = try #require(RFC3339.date("2026-10-01T00:00:00Z"))
        let notYet = TrustEvaluator(anchors: anchors, policies: [.ssl(hostname: "www.example.test")])
            .evaluate(leaf: leaf, intermediates: [intermediate], at: early)
        #expect(notYet.reason.hasPrefix("not yet valid: the leaf \u{201C}www.example.test\u{201D} is valid from 2026-11-01T00:00:00Z, "
            + "evaluated at "))
        let trusted = TrustEvaluator(anchors: anchors, policies: [.ssl(hostname: "www.example.test")])
            .evaluate(leaf: leaf, intermediates: [intermediate], at: at)
        #expect(trusted.reason == "chain to \u{201C}TrustCheck Example Root\u{201D} (anchor)")
    }
}
