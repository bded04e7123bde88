import Foundation
import Testing

/// Bad signatures, broken keys and unreadable CRLs are verdicts (exit 1), not input errors (exit 2).
@Suite struct VerifyVerdictTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("TrustEvaluationTests/Fixtures")
    static func signatures(_ name: String) -> String { fixtures.appendingPathComponent("signatures/" + name).path }
    static func keys(_ name: String) -> String { fixtures.appendingPathComponent("keys/" + name).path }
    static let at = ["--at", "2026-01-01T00:00:00Z"]

    @Test func certificateWithUnusedSignatureBitsIsNotTrusted() {
        let result = trustcheck(["verify", Self.signatures("unused-bits-leaf.pem"), Self.signatures("intermediate.pem"),
                                 "--anchors", Self.signatures("root.pem")] + Self.at)
        #expect(result.status == 1)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.contains("(signature BIT STRING has 1 unused bit)"))
    }

    @Test func leafForgedUnderAnExponentOneKeyIsNotTrusted() {
        let result = trustcheck(["verify", Self.keys("forged-leaf.pem"), Self.keys("exponent-1-intermediate.pem"),
                                 "--anchors", Self.keys("root.pem"), "--profile", "webpki"] + Self.at)
        #expect(result.status == 1)
        #expect(result.stdoutLines.prefix(2) == [
            "NOT TRUSTED: broken key: the intermediate \u{201C}Exponent 1 Intermediate\u{201D}: RSA public exponent 1 is less than 3 (-67735)",
            "SecTrust result: fatalTrustFailure, error -67735: \u{201C}Exponent 1 Intermediate\u{201D} certificate is using a broken key size",
        ])
        #expect(result.stdout.contains("✗ WeakKeySize: Certificate is using a broken key size (RSA public exponent 1 is less than 3)"))
    }

    /// One unreadable CRL among several --crl files: a warning, and the others decide.
    @Test func unreadableCRLAmongSeveralIsAWarning() {
        let chain = ["verify", Self.signatures("leaf.pem"), Self.signatures("intermediate.pem"),
                     "--anchors", Self.signatures("root.pem")] + Self.at
        let several = trustcheck(chain + ["--crl", Self.signatures("several.crl.pem")])
        #expect(several.status == 0)
        #expect(several.stderr == "trustcheck: warning: unusable CRL \(Self.signatures("several.crl.pem")), CRL 2 of 3: "
            + "not a DER CRL: DER structure is not a TBSCertList SEQUENCE\n")
        let mattered = trustcheck(chain + ["--crl", Self.signatures("root.crl.pem"), "--crl", Self.signatures("bad-time.crl.pem")])
        #expect(mattered.status == 1)
        #expect(mattered.stdout.contains("✗ RevocationResponseRequired: Failed to check revocation (no usable CRL; CRL in "
            + Self.signatures("bad-time.crl.pem") + ": not usable: it does not parse: not a DER CRL"))
    }

    /// A file that holds no CRL at all is still an input error.
    @Test func fileThatIsNoCRLIsStillAnInputError() {
        let result = trustcheck(["verify", Self.signatures("leaf.pem"), Self.signatures("intermediate.pem"),
                                 "--anchors", Self.signatures("root.pem"), "--crl", Self.signatures("root.pem")] + Self.at)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "trustcheck: \(Self.signatures("root.pem")): PEM file holds no X509 CRL block\n")
    }
}
