import Foundation
import Testing
import TrustCertificates
import TrustEvaluation

/// The README's library example, on the README chain: it must compile as written and give the verdict it claims.
@Suite struct ReadmeExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The README's code, with its file names and time made parameters and `print` collected.
    func example(chainPath: String, anchorsPath: String, host: String, at date: Date) -> [String] {
        var printed: [String] = []
        func print(_ text: String) { printed.append(text) }
        do {
            let chain = try CertificateLoader.load(paths: [chainPath])
            let anchors = TrustAnchors.only(CertificateStore(try CertificateLoader.load(path: anchorsPath)))
            let evaluator = TrustEvaluator(anchors: anchors, policies: [.ssl(hostname: host)])
            let result = evaluator.evaluate(leaf: chain[0], intermediates: Array(chain.dropFirst()), at: date)
            if let error = result.error {
                print("not trusted: \(result.reason)")
                print("  Apple: \(error.code) \(error.message)")
                for failure in result.failures { print("  \(failure)") }
            } else {
                print("trusted")
            }
        } catch {
            print(error.localizedDescription)
        }
        return printed
    }

    func chainFile() throws -> String {
        let directory = Self.root.appendingPathComponent("vectors/readme-chain")
        let chain = try Data(contentsOf: directory.appendingPathComponent("leaf.pem"))
            + Data(contentsOf: directory.appendingPathComponent("intermediate.pem"))
        let path = NSTemporaryDirectory() + "readme-chain-\(UUID().uuidString).pem"
        try chain.write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func trustsTheReadmeChain() throws {
        let chain = try chainFile()
        defer { try? FileManager.default.removeItem(atPath: chain) }
        let at = try #require(RFC3339.date("2026-12-01T00:00:00Z"))
        let anchors = Self.root.appendingPathComponent("anchors").path
        #expect(example(chainPath: chain, anchorsPath: anchors, host: "www.example.test", at: at) == ["trusted"])
        let mismatch = example(chainPath: chain, anchorsPath: anchors, host: "other.example.test", at: at)
        #expect(mismatch.first == "not trusted: host name mismatch: the certificate is valid for www.example.test, not other.example.test (-67602)")
        #expect(mismatch.dropFirst().first == "  Apple: -67602 \u{201C}www.example.test\u{201D} certificate name does not match input")
        #expect(mismatch.dropFirst(2).first?.hasPrefix("  [0] SSLHostname") == true)
    }

    @Test func errorsSayWhatWentWrong() throws {
        let empty = NSTemporaryDirectory() + "readme-empty-\(UUID().uuidString).pem"
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        defer { try? FileManager.default.removeItem(atPath: empty) }
        #expect(example(chainPath: empty, anchorsPath: "anchors/", host: "x.test", at: Date()) == ["\(empty): file is empty"])
    }
}
