import Foundation
import Pinning
import Testing
import TrustCertificates

/// Loading a directory as Alamofire's Bundle.af.certificates and AFNetworking's certificatesInBundle do.
@Suite struct CertificateDirectoryTests {
    static let path = PinningFixtures.path("af-directory")

    @Test func alamofireTakesTopLevelDERFilesWithItsExtensions() throws {
        let directory = try CertificateDirectory(path: Self.path)
        // In name order: intermediate.CRT, leaf.der, root-copy.DER, root.cer. The copy of the root is another
        // file, so it counts again, as in Alamofire, which deduplicates paths, not certificates.
        #expect(directory.certificates.map(\.subjectSummary)
            == ["Evaluator Test Intermediate", "api.example.com", "Evaluator Test Root", "Evaluator Test Root"])
        #expect(Set(directory.skippedFiles.keys) == ["garbage.crt", "pem-inside.cer"])
        #expect(directory.publicKeys.count == 4)
        #expect(CertificateDirectory.fileExtensions == ["cer", "CER", "crt", "CRT", "der", "DER"])
    }

    @Test func afNetworkingTakesEveryCerFileUnchecked() throws {
        let data = try AFSecurityPolicy.certificates(inDirectory: Self.path)
        let expected = try ["root.cer", "pem-inside.cer"].map { try Data(contentsOf: URL(fileURLWithPath: Self.path + "/" + $0)) }
        #expect(data == Set(expected))
    }

    @Test func aMissingDirectoryIsAnError() {
        #expect(throws: CertificateLoadError.self) { _ = try CertificateDirectory(path: Self.path + "/absent") }
        #expect(throws: CertificateLoadError.self) { _ = try AFSecurityPolicy.certificates(inDirectory: Self.path + "/absent") }
    }

    /// What SecCertificateCreateWithData refuses (here a version 4 certificate, which GnuTLS and TrustCheck
    /// load) is skipped by Alamofire's directory and pins nothing in AFNetworking's policy.
    @Test func whatAppleRefusesToCreateGivesNoCertificate() throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("TrustEvaluationTests/Fixtures/encoding")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("af-refused-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let version4 = try CertificateLoader.load(path: fixtures.appendingPathComponent("version4-leaf.pem").path)[0]
        let good = try CertificateLoader.load(path: fixtures.appendingPathComponent("leaf.pem").path)[0]
        try Data(version4.der).write(to: directory.appendingPathComponent("version4.cer"))
        try Data(good.der).write(to: directory.appendingPathComponent("good.cer"))

        let loaded = try CertificateDirectory(path: directory.path)
        #expect(loaded.certificates.map(\.der) == [good.der])
        #expect(loaded.skippedFiles["version4.cer"]?.hasPrefix("SecCertificateCreateWithData refuses it") == true)

        let policy = AFSecurityPolicy(pinningMode: .certificate, pinnedCertificates: [Data(version4.der), Data(good.der)])
        #expect(policy.pinnedPublicKeys.map(\.spkiSHA256) == [good.publicKey.spkiSHA256])
    }
}
