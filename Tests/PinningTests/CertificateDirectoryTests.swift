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
}
