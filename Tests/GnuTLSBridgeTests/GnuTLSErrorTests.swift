import Foundation
import GnuTLSBridge
import Testing

@Suite struct GnuTLSErrorTests {
    /// GnuTLS's own number is the stable code; the description names the call and GnuTLS's words.
    @Test func localizedDescriptionSaysWhatFailed() {
        #expect {
            _ = try PublicKeyVerifier(subjectPublicKeyInfo: [0x30, 0x03, 0x02, 0x01, 0x00])
        } throws: { error in
            guard let gnutls = error as? GnuTLSError else { return false }
            #expect(gnutls.function == "gnutls_pubkey_import")
            #expect(gnutls.name.hasPrefix("GNUTLS_E_"))
            #expect(error.localizedDescription == "gnutls_pubkey_import: \(gnutls.message) (\(gnutls.code))")
            #expect(!error.localizedDescription.contains("could not be completed"))
            return true
        }
        #expect(GnuTLSError(code: -89, function: "f").name == "GNUTLS_E_PK_SIG_VERIFY_FAILED")
    }
}
