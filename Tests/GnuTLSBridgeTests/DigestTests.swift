import CertificateFixtures
import GnuTLSBridge
import Testing

@Suite struct DigestTests {
    /// FIPS 180 examples ("abc") and the empty message.
    @Test func knownAnswers() {
        #expect(hex(Digest.sha256(Array("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(hex(Digest.sha256([])) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(hex(Digest.sha1(Array("abc".utf8))) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(hex(Digest.sha1([])) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
    }

    /// Longer than one 64-byte block and not a multiple of it.
    @Test func multiBlockMessage() {
        let message = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        #expect(hex(Digest.sha256(message)) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(hex(Digest.sha1(message)) == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
    }

    @Test(arguments: Fixtures.entries)
    func certificateFingerprintsMatchPython(_ entry: Fixtures.Entry) throws {
        let der = try Fixtures.der(entry.location)
        #expect(hex(Digest.sha256(der)) == entry.sha256)
        #expect(hex(Digest.sha1(der)) == entry.sha1)
    }
}
