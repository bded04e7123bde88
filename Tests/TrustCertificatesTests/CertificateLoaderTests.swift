import CertificateFixtures
import Foundation
import Testing
@testable import TrustCertificates

@Suite struct CertificateLoaderTests {
    private func fingerprints(_ certificates: [Certificate]) -> [String] { certificates.map { hex($0.sha256) } }

    private func expectedFingerprints(_ file: String) -> [String] {
        Fixtures.entries(in: file).sorted { $0.index < $1.index }.map(\.sha256)
    }

    @Test func pemBundleWithTextAroundBlocks() throws {
        let loaded = try CertificateLoader.load(path: Fixtures.path("bundle.pem"))
        #expect(loaded.count == 3)
        #expect(fingerprints(loaded) == expectedFingerprints("bundle.pem"))
    }

    @Test func concatenatedDERBundle() throws {
        let loaded = try CertificateLoader.load(path: Fixtures.path("bundle.der"))
        #expect(loaded.count == 2)
        #expect(fingerprints(loaded) == expectedFingerprints("bundle.der"))
    }

    /// Files are taken by content: a DER file without extension and PEM in ".txt" and ".cer" load;
    /// the README and the public key are skipped.
    @Test func directoryRecognisesFilesByContent() throws {
        let expected = try Fixtures.expected.get().directory
        #expect(expected.map(\.file) == ["chain.cer", "first.crt", "second", "third.txt"])
        let loaded = try CertificateLoader.load(path: Fixtures.path("directory"))
        #expect(fingerprints(loaded) == expected.flatMap(\.sha256))
    }

    @Test func loadPathsDropsDuplicatesAcrossInputs() throws {
        // directory/first.crt is the same certificate as rsa2048-root.pem.
        let loaded = try CertificateLoader.load(paths: [Fixtures.path("rsa2048-root.pem"), Fixtures.path("directory")])
        let directory = try CertificateLoader.load(path: Fixtures.path("directory"))
        #expect(loaded.count == directory.count)
        #expect(fingerprints(loaded).first == expectedFingerprints("rsa2048-root.pem").first)
        #expect(Set(fingerprints(loaded)) == Set(fingerprints(directory)))
    }

    @Test func bareBase64DER() throws {
        let der = try #require(try CertificateLoader.load(path: Fixtures.path("ed25519-leaf.der")).first).der
        let text = Data(der).base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
        let loaded = try CertificateLoader.certificates(in: Array(text.utf8), from: "memory")
        #expect(fingerprints(loaded) == expectedFingerprints("ed25519-leaf.der"))
    }

    /// Every bad input the generator writes, with the kind of error it must produce and a fragment
    /// of the message (the message must say what is wrong, not only that something is).
    static let badInputs: [(path: String, kind: CertificateLoadError.Kind, says: String)] = [
        ("bad/empty.pem", .empty, "empty"),
        ("bad/garbage.txt", .notACertificate, "not a certificate"),
        ("bad/truncated.der", .truncated, "truncated"),
        ("bad/broken-base64.pem", .badPEM, "base64"),
        ("bad/no-end-line.pem", .badPEM, "no END line"),
        ("bad/mismatched-end.pem", .badPEM, "END line does not match"),
        ("bad/public-key-only.pem", .notACertificate, "no CERTIFICATE block"),
        ("bad/not-a-certificate.der", .badCertificate, "not a DER certificate"),
        ("bad/second-block-not-a-certificate.pem", .badCertificate, "certificate 2 of 2"),
        ("bad/no-certificates", .noCertificatesInDirectory, "no certificates"),
        ("bad/does-not-exist.pem", .unreadable, "no such file"),
    ]

    @Test(arguments: badInputs)
    func badInput(path: String, kind: CertificateLoadError.Kind, says: String) {
        let fullPath = Fixtures.path(path)
        #expect {
            _ = try CertificateLoader.load(path: fullPath)
        } throws: { error in
            guard let error = error as? CertificateLoadError else { return false }
            #expect(error.kind == kind)
            #expect(error.path == fullPath)
            #expect(error.description.hasPrefix(fullPath + ": "))
            #expect(error.problem.contains(says), "\(error.problem)")
            return true
        }
    }

    @Test func everyGeneratedBadInputIsCovered() throws {
        let generated = try Fixtures.expected.get().badInputs.map(\.path)
        #expect(Set(generated).isSubset(of: Set(Self.badInputs.map(\.path))))
        #expect(generated.count == Self.badInputs.count - 1, "only does-not-exist.pem is not generated")
    }

    @Test func oneBadFileFailsAMultiPathLoadAndIsNamed() throws {
        let bad = Fixtures.path("bad/truncated.der")
        #expect(throws: CertificateLoadError(path: bad, kind: .truncated,
                                             problem: "truncated DER: certificate 1 ends before its declared length")) {
            _ = try CertificateLoader.load(paths: [Fixtures.path("rsa2048-root.pem"), bad])
        }
    }

    /// A 50 MB file is refused from its size, before it is read.
    @Test func oversizedFileIsRefused() throws {
        let path = NSTemporaryDirectory() + "huge-\(UUID().uuidString).pem"
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 50_000_000)  // sparse: costs no disk
        try handle.close()
        #expect(throws: CertificateLoadError(
            path: path, kind: .tooLarge, problem: "file is 50000000 bytes, larger than the 32 MiB limit")) {
            _ = try CertificateLoader.load(path: path)
        }
    }

    /// A bundle of 10,000 certificates loads whole; past the limit it is refused with a count.
    @Test func largeBundlesAreBounded() throws {
        let pem = try String(contentsOfFile: Fixtures.path("ec-p256-leaf.pem"), encoding: .utf8)
        let tenThousand = Array(String(repeating: pem, count: 10_000).utf8)
        #expect(try CertificateLoader.certificates(in: tenThousand, from: "bundle").count == 10_000)
        let tooMany = Array(String(repeating: pem, count: CertificateLoader.maximumCertificates + 1).utf8)
        #expect { _ = try CertificateLoader.certificates(in: tooMany, from: "bundle") } throws: { error in
            (error as? CertificateLoadError)?.kind == .tooManyCertificates
        }
    }
}

@Suite struct EncodingTests {
    @Test func hexEncodes() {
        #expect(Hex.encode([0x00, 0x0f, 0xa0, 0xff]) == "000fa0ff")
        #expect(Hex.encode([0xde, 0xad], separator: ":") == "de:ad")
        #expect(Hex.encode([]) == "")
    }

    /// RFC 4648 section 10 test vectors.
    @Test func base64RoundTrips() {
        #expect(Base64.encode(Array("foobar".utf8)) == "Zm9vYmFy")
        #expect(Base64.encode(Array("fo".utf8)) == "Zm8=")
        #expect(Base64.decode("Zm9vYg==") == Array("foob".utf8))
        #expect(Base64.decode("Zm9v YmFy") == nil, "whitespace is the caller's to strip")
        #expect(Base64.decode("Zm9vYg=") == nil, "padding must be complete")
    }
}
