import CertificateFixtures
import Foundation
import Testing
@testable import TrustCertificates

/// Every public error of TrustCertificates says what went wrong through `localizedDescription` (not
/// "The operation could not be completed") and carries a stable code.
@Suite struct ErrorCodeTests {
    @Test func loadErrorNamesTheFileAndTheProblem() {
        let path = Fixtures.path("bad/broken-base64.pem")
        #expect {
            _ = try CertificateLoader.load(path: path)
        } throws: { error in
            guard let load = error as? CertificateLoadError else { return false }
            #expect(load.code == "certificate.load.badPEM")
            #expect(error.localizedDescription == "\(path): PEM block at line 1: base64 body is invalid")
            return true
        }
    }

    @Test func loadErrorCodesAreDistinct() {
        let codes = CertificateLoadError.Kind.allCases.map { CertificateLoadError(path: "p", kind: $0, problem: "x").code }
        #expect(Set(codes).count == codes.count)
        #expect(codes.contains("certificate.load.notACRL"))
    }

    @Test func parseErrorsSayWhatIsWrong() {
        #expect {
            _ = try Certificate(der: [0x30, 0x03, 0x02, 0x01, 0x01])
        } throws: { error in
            guard let parse = error as? CertificateParseError else { return false }
            #expect(parse.code == "certificate.parse.malformedDER")
            #expect(error.localizedDescription == "not a DER certificate: DER structure is not a TBSCertificate SEQUENCE")
            return true
        }
        #expect {
            _ = try CertificateRevocationList(der: [0x30, 0x00])
        } throws: { error in
            guard let parse = error as? CRLParseError else { return false }
            #expect(parse.code == "crl.parse.malformedDER")
            #expect(error.localizedDescription == "not a DER CRL: DER is truncated")
            return true
        }
    }

    @Test func derErrors() {
        let cases: [(DERError, String, String)] = [
            (.truncated, "der.truncated", "DER is truncated"),
            (.nonMinimalLength, "der.nonMinimalLength", "DER length is not minimally encoded"),
            (.unexpected("a BIT STRING"), "der.unexpected", "DER structure is not a BIT STRING"),
        ]
        for (error, code, message) in cases {
            #expect(error.code == code)
            #expect((error as Error).localizedDescription == message)
        }
    }

    /// X.690 §8.6.2: at most 7 unused bits, and none in an empty BIT STRING.
    @Test func bitStringUnusedBits() throws {
        func node(_ content: [UInt8]) throws -> DERNode { var reader = DERReader([0x03, UInt8(content.count)] + content); return try reader.read() }
        let marked = try node([0x03, 0xA8]).bitString()
        #expect(marked.unusedBits == 3 && Array(marked.bytes) == [0xA8])
        #expect(throws: DERError.unexpected("a BIT STRING")) { try node([0x08, 0xFF]).bitString() }
        #expect(throws: DERError.unexpected("a BIT STRING")) { try node([0x01]).bitString() }
        #expect(throws: DERError.unexpected("a BIT STRING with no unused bits")) { try node([0x03, 0xA8]).bitStringBytes() }
        #expect(try node([0x00]).bitString().bytes.isEmpty)
    }
}
