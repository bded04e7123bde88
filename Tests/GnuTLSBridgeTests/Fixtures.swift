import CertificateFixtures
import Foundation
import Testing

/// The certificate fixtures and the values openssl/cryptography computed for them. This target
/// sees only GnuTLSBridge, so PEM/DER are split by hand rather than with TrustCertificates' loader.
enum Fixtures {
    typealias Entry = ExpectedCertificate

    static let directory = CertificateFixtures.directory
    static let expected = CertificateFixtures.expected
    static var entries: [Entry] { CertificateFixtures.certificates }

    /// Certificates whose own key has the issuer's key type and size but is not the issuer's key.
    static var signedByAnotherKeyOfTheSameKind: [Entry] {
        entries.filter { entry in
            !entry.isSelfSigned && entries.first { $0.location == entry.issuerLocation }?.key == entry.key
        }
    }

    static func entry(_ location: Entry.Location) throws -> Entry {
        try #require(CertificateFixtures.entry(location))
    }

    /// The DER of one certificate of a fixture file (PEM blocks or concatenated DER).
    static func der(_ location: Entry.Location) throws -> [UInt8] {
        let bytes = Array(try Data(contentsOf: directory.appendingPathComponent(location.file)))
        let certificates = bytes.first == 0x30 ? try splitDER(bytes) : try pemBlocks(bytes)
        try #require(location.index < certificates.count)
        return certificates[location.index]
    }

    private static func pemBlocks(_ bytes: [UInt8]) throws -> [[UInt8]] {
        var blocks: [[UInt8]] = []
        var body: String?
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            if line == "-----BEGIN CERTIFICATE-----" {
                body = ""
            } else if line == "-----END CERTIFICATE-----", let text = body {
                blocks.append(Array(try #require(Data(base64Encoded: text))))
                body = nil
            } else if body != nil {
                body! += line
            }
        }
        return blocks
    }

    private static func splitDER(_ bytes: [UInt8]) throws -> [[UInt8]] {
        var result: [[UInt8]] = []
        var rest = bytes[...]
        while !rest.isEmpty {
            let (header, length) = try tlvLength(rest)
            result.append(Array(rest.prefix(header + length)))
            rest = rest.dropFirst(header + length)
        }
        return result
    }

    /// (header size, content length) of the TLV at the start of `bytes`; certificates use short or
    /// one/two-byte long-form lengths only.
    static func tlvLength(_ bytes: ArraySlice<UInt8>) throws -> (Int, Int) {
        let start = bytes.startIndex
        try #require(bytes.count >= 2)
        let first = bytes[start + 1]
        if first < 0x80 { return (2, Int(first)) }
        let count = Int(first & 0x7F)
        try #require((1...2).contains(count) && bytes.count >= 2 + count)
        return (2 + count, bytes[(start + 2)..<(start + 2 + count)].reduce(0) { $0 << 8 | Int($1) })
    }

    /// The TBSCertificate TLV: the first element inside the outer Certificate SEQUENCE.
    static func tbs(of der: [UInt8]) throws -> [UInt8] {
        let (outerHeader, _) = try tlvLength(der[...])
        let inner = der[outerHeader...]
        let (header, length) = try tlvLength(inner)
        return Array(inner.prefix(header + length))
    }
}

func bytes(hex text: String) -> [UInt8] {
    let digits = Array(text.utf8)
    return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)! }
}

extension ExpectedCertificate: CustomTestStringConvertible {
    public var testDescription: String { label }
}
