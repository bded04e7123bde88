import Foundation
import Pinning
import Testing
import TrustCertificates

/// Pin text forms, their errors, and the digests pins are compared with.
@Suite struct PublicKeyPinTests {
    @Test func theThreeTextFormsReadTheSameSPKIPin() throws {
        let base64 = try PinningFixtures.spkiPin("leaf.pem")
        let forms = [base64, "sha256/\(base64)", "pin-sha256=\"\(base64)\"", "  PIN-SHA256 = \"\(base64)\"\n",
                     "pin-sha256=\(base64)", "SHA256/\(base64)"]
        let pins = try forms.map { try PublicKeyPin(parsing: $0) }
        #expect(Set(pins).count == 1)
        #expect(pins[0].algorithm == .spkiSHA256)
        #expect(pins[0].base64 == base64)
        #expect(pins[0].hpkpDirective == "pin-sha256=\"\(base64)\"")
        #expect(pins[0].okHttpForm == "sha256/\(base64)")
    }

    @Test func aBareDigestThatBeginsLikeAPrefixIsStillBare() throws {
        // 'sha256/' is valid base64, so a digest may start with it; 44 characters decoding to 32 bytes are a digest.
        let text = "sha256/" + String(repeating: "A", count: 36) + "="
        let digest = Array(Data(base64Encoded: text)!)
        #expect(digest.count == 32)
        let pin = try PublicKeyPin(parsing: text)
        #expect(pin.digest == digest)
    }

    @Test(arguments: [
        ("", PinFormatError.Code.empty, "the pin is empty"),
        ("   ", .empty, "the pin is empty"),
        ("sha256/not base64!", .notBase64, "\"not base64!\" is not base64"),
        ("AAAA", .wrongLength, "it decodes to 3 bytes, a SHA-256 pin is 32"),
        ("pin-sha256=\"AAAA\"", .wrongLength, "it decodes to 3 bytes, a SHA-256 pin is 32"),
        ("sha1/2jmj7l5rSw0yVb/vlWAYkK/YBwk=", .unsupportedHash, "SHA1 pins are not supported, only SHA-256"),
        ("pin-sha1=\"2jmj7l5rSw0yVb/vlWAYkK/YBwk=\"", .unsupportedHash, "SHA1 pins are not supported, only SHA-256"),
    ])
    func badPinTextIsRefusedNamingTheProblem(text: String, code: PinFormatError.Code, problem: String) {
        #expect {
            try PublicKeyPin(parsing: text)
        } throws: { error in
            guard let error = error as? PinFormatError else { return false }
            return error.code == code && error.problem == problem && error.text == text
                && error.localizedDescription == "invalid pin \"\(text)\": \(problem)"
        }
    }

    @Test func prefixedFormsAreSPKIPinsOnly() throws {
        let base64 = try PinningFixtures.expected()["leaf.pem"]!.external_representation_sha256
        #expect(throws: PinFormatError.self) { try PublicKeyPin(parsing: "sha256/\(base64)", algorithm: .externalRepresentationSHA256) }
        let error = try #require(throws: PinFormatError.self) {
            try PublicKeyPin(parsing: "pin-sha256=\"\(base64)\"", algorithm: .externalRepresentationSHA256)
        }
        #expect(error.code == .formNotForAlgorithm)
        #expect(error.problem == "pin-sha256= names an SPKI SHA-256 pin, not a external-representation-sha256 pin")
        #expect(try PublicKeyPin(parsing: base64, algorithm: .externalRepresentationSHA256).algorithm == .externalRepresentationSHA256)
    }

    /// Both digests against python's, for every key kind in the fixtures; the two never match each other.
    @Test(arguments: ["root.pem", "intermediate.pem", "leaf.pem", "p384-leaf.pem", "p521-leaf.pem",
                      "rsa3072-leaf.pem", "rsa-e3-leaf.pem", "backup.pem"])
    func digestsAreThoseOfTheSPKIAndOfApplesExternalRepresentation(file: String) throws {
        let certificate = try PinningFixtures.certificate(file)
        let expected = try #require(try PinningFixtures.expected()[file])
        let spki = try #require(PublicKeyPin(of: certificate))
        let external = try #require(PublicKeyPin(of: certificate, algorithm: .externalRepresentationSHA256))
        #expect(spki.base64 == expected.spki_sha256)
        #expect(external.base64 == expected.external_representation_sha256)
        #expect(spki.matches(certificate) && external.matches(certificate))
        let crossed = try PublicKeyPin(algorithm: .externalRepresentationSHA256, digest: spki.digest)
        #expect(!crossed.matches(certificate))
    }

    /// TrustKit's rebuilt-SPKI hash: the real pin for its five kinds with e=65537, another hash for
    /// e=3, none for P-521.
    @Test(arguments: ["root.pem", "intermediate.pem", "leaf.pem", "p384-leaf.pem", "p521-leaf.pem",
                      "rsa3072-leaf.pem", "rsa-e3-leaf.pem"])
    func trustKitHashesMatchPythonsRebuild(file: String) throws {
        let certificate = try PinningFixtures.certificate(file)
        let expected = try #require(try PinningFixtures.expected()[file])
        let hash = TrustKitSPKIHash(key: certificate.publicKey)
        switch (hash, expected.trustkit_sha256) {
        case (.hash(let digest, let equalsSPKI), let trustKit?):
            #expect(Base64.encode(digest) == trustKit)
            #expect(equalsSPKI == (trustKit == expected.spki_sha256))
            #expect(equalsSPKI == (file != "rsa-e3-leaf.pem"))
        case (.unsupported(let reason), nil):
            #expect(file == "p521-leaf.pem")
            #expect(reason == "TrustKit cannot pin EC P-521 keys, only RSA 2048/3072/4096 and EC P-256/P-384")
        default:
            Issue.record("\(file): \(hash) but python says \(String(describing: expected.trustkit_sha256))")
        }
    }
}
