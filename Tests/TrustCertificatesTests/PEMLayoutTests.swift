import CertificateFixtures
import Foundation
import Testing
@testable import TrustCertificates

/// PEM as people have it: Windows and old Mac line endings, a byte order mark, text around blocks,
/// and files so large that scanning them line by line as strings would cost gigabytes.
@Suite struct PEMLayoutTests {
    static func pem(_ file: String) throws -> String { try String(contentsOfFile: Fixtures.path(file), encoding: .utf8) }

    static func fingerprints(_ text: [UInt8]) throws -> [[UInt8]] {
        try CertificateLoader.certificates(in: text, from: "memory").map(\.sha256)
    }

    static func expected(_ file: String) throws -> [[UInt8]] { try CertificateLoader.load(path: Fixtures.path(file)).map(\.sha256) }

    /// Line endings: "\n" → each of these.
    @Test(arguments: ["\r\n", "\r"])
    func lineEndings(ending: String) throws {
        let text = try Self.pem("bundle.pem").replacingOccurrences(of: "\n", with: ending)
        #expect(try Self.fingerprints(Array(text.utf8)) == Self.expected("bundle.pem"))
    }

    @Test func mixedLineEndingsAndTextAroundBlocks() throws {
        let lines = try Self.pem("bundle.pem").split(separator: "\n", omittingEmptySubsequences: false)
        let endings = ["\r\n", "\n", "\r"]
        let mixed = lines.enumerated().map { $0.element + endings[$0.offset % 3] }.joined()
        let text = "Exported from the certificate store\r\n\r\n" + mixed + "\r\n-- end of bundle: ünïcode text --\n"
        #expect(try Self.fingerprints(Array(text.utf8)) == Self.expected("bundle.pem"))
    }

    /// A UTF-8 byte order mark at the start of the file, and before each block of files pasted together.
    @Test func byteOrderMarks() throws {
        let bom = PEMDecoder.byteOrderMark
        let one = try Self.pem("rsa2048-root.pem").replacingOccurrences(of: "\n", with: "\r\n")
        #expect(try Self.fingerprints(bom + Array(one.utf8)) == Self.expected("rsa2048-root.pem"))
        #expect(try Self.fingerprints(bom + Array(one.utf8) + bom + Array(one.utf8)).count == 2)
    }

    @Test func bareBase64WithWindowsLineEndings() throws {
        let der = try CertificateLoader.load(path: Fixtures.path("ed25519-leaf.der"))[0].der
        let text = Data(der).base64EncodedString(options: [.lineLength64Characters, .endLineWithCarriageReturn, .endLineWithLineFeed])
        #expect(text.contains("\r\n"))
        #expect(try Self.fingerprints(PEMDecoder.byteOrderMark + Array(text.utf8)) == [SHA256.hash(der)])
    }

    @Test func errorsNameTheLineWhateverTheEndings() throws {
        let text = "intro\r\n-----BEGIN CERTIFICATE-----\rMIIB\r\n-----END X509 CRL-----\n"
        #expect(throws: CertificateLoadError(path: "memory", kind: .badPEM,
                                             problem: "PEM block at line 2: END line does not match BEGIN CERTIFICATE")) {
            try CertificateLoader.certificates(in: Array(text.utf8), from: "memory")
        }
        #expect(throws: CertificateLoadError(path: "memory", kind: .empty, problem: "file is empty")) {
            try CertificateLoader.certificates(in: PEMDecoder.byteOrderMark + Array("\r\n \t\r".utf8), from: "memory")
        }
    }

    /// 30 MiB of blank lines (CRLF) and one certificate, under the 32 MiB limit, through the file loader.
    /// Time and memory are measured outside the tests; this checks that it loads.
    @Test func thirtyMebibytesOfBlankLinesAndOneCertificate() throws {
        let certificate = Array(try Self.pem("rsa2048-root.pem").replacingOccurrences(of: "\n", with: "\r\n").utf8)
        let bytes = Array(String(repeating: "\r\n", count: 15 * 1024 * 1024).utf8) + certificate
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("blank-lines-\(UUID().uuidString).pem").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(bytes.count < CertificateLoader.maximumFileSize)
        #expect(try CertificateLoader.load(path: path).map(\.sha256) == Self.expected("rsa2048-root.pem"))
    }
}
