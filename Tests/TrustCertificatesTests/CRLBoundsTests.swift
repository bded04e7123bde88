import Foundation
import Testing
import TestSupport
@testable import TrustCertificates

/// CRLs are bounded before GnuTLS sees them (`CRLLimits`), GnuTLS never decodes their entries, and the
/// entries stay slices of the DER. The CRLs are built here, entry by entry (the signature is not
/// checked by parsing, so it is a placeholder).
@Suite struct CRLBoundsTests {
    static func tlv(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] { [tag] + DEREncoder.length(content.count) + content }

    static let issuer = tlv(0x30, tlv(0x31, tlv(0x30, [0x06, 0x03, 0x55, 0x04, 0x03] + tlv(0x0C, Array("Bounds CA".utf8)))))
    static let algorithm = tlv(0x30, [0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x04, 0x03, 0x02])

    /// An entry for `serial` (content octets as given), revoked 2026-04-01, with a reasonCode extension
    /// (keyCompromise) and an invalidityDate extension when `extensions`.
    static func entry(_ serial: [UInt8], extensions: Bool = true) -> [UInt8] {
        var content = tlv(0x02, serial) + tlv(0x17, Array("260401000000Z".utf8))
        if extensions {
            let reason = tlv(0x30, [0x06, 0x03, 0x55, 0x1D, 0x15] + tlv(0x04, [0x0A, 0x01, 0x01]))
            let invalidity = tlv(0x30, [0x06, 0x03, 0x55, 0x1D, 0x18] + tlv(0x04, tlv(0x18, Array("20260301000000Z".utf8))))
            content += tlv(0x30, reason + invalidity)
        }
        return tlv(0x30, content)
    }

    /// A v2 CRL (CRLNumber 1) of `entries` (each already encoded).
    static func crl(_ entries: [UInt8]) -> [UInt8] {
        let number = tlv(0xA0, tlv(0x30, tlv(0x30, [0x06, 0x03, 0x55, 0x1D, 0x14] + tlv(0x04, [0x02, 0x01, 0x01]))))
        let tbs = tlv(0x30, [0x02, 0x01, 0x01] + algorithm + issuer + tlv(0x17, Array("260501000000Z".utf8))
                      + tlv(0x17, Array("260701000000Z".utf8)) + (entries.isEmpty ? [] : tlv(0x30, entries)) + number)
        return tlv(0x30, tbs + algorithm + tlv(0x03, [0x00] + [UInt8](repeating: 0x5A, count: 70)))
    }

    /// About `bytes` of entries with extensions, serials 0x10000000 upwards, and the entries' count.
    static func entries(filling bytes: Int, extensions: Bool = true) -> (der: [UInt8], count: Int) {
        var der: [UInt8] = []
        der.reserveCapacity(bytes + 100)
        var count = 0
        while der.count < bytes {
            let value = 0x1000_0000 + count
            der += entry([UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)],
                         extensions: extensions)
            count += 1
        }
        return (der, count)
    }

    static func seconds(_ work: () throws -> Void) rethrows -> Double {
        let start = ContinuousClock.now
        try work()
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// 10 MB of entries with extensions — minutes inside libtasn1 when GnuTLS was given the entries —
    /// parses in seconds, and every entry is there to look up.
    @Test func tenMegabytesOfEntriesWithExtensionsParseInSeconds() throws {
        let (entries, count) = Self.entries(filling: 10_000_000)
        let der = Self.crl(entries)
        var parsed: CertificateRevocationList?
        let elapsed = try Self.seconds { parsed = try CertificateRevocationList(der: der) }
        let crl = try #require(parsed)
        #expect(elapsed < TimeBound.seconds(8), "took \(elapsed) s (debug build)")
        #expect(crl.revokedCertificates.count == count)
        #expect(crl.crlNumber == [0x01] && crl.issuer.rfc4514 == "CN=Bounds CA")
        let middle = 0x1000_0000 + count / 2
        let serial: [UInt8] = [UInt8(middle >> 24), UInt8(middle >> 16 & 0xFF), UInt8(middle >> 8 & 0xFF), UInt8(middle & 0xFF)]
        #expect(crl.entry(forSerialNumber: serial)?.reason == .keyCompromise)
        #expect(crl.entry(forSerialNumber: [0x00] + serial) != nil, "a redundant leading zero is the same integer")
        #expect(crl.entry(forSerialNumber: [0x7F]) == nil)
    }

    /// The entries are slices of the DER: the CRL keeps the caller's buffer, not a copy, and holds no
    /// value per entry (an entry is decoded when asked for, so two reads are equal, not shared).
    @Test func theDERIsKeptNotCopied() throws {
        let der = Self.crl(Self.entries(filling: 1_000_000).der)
        let crl = try CertificateRevocationList(der: der)
        let kept = crl.der.withUnsafeBufferPointer { $0.baseAddress }
        let given = der.withUnsafeBufferPointer { $0.baseAddress }
        #expect(kept == given)
        #expect(crl.tbsCertList.startIndex > 0 && crl.tbsCertList.count < der.count)
        #expect(crl.revokedCertificates[5] == crl.revokedCertificates[5])
    }

    @Test func aCRLOverTheByteLimitIsRefusedWithTheLimitNamed() throws {
        let der = Self.crl(Self.entries(filling: 200_000).der)
        let limits = CRLLimits(maximumBytes: 100_000)
        #expect {
            try CertificateRevocationList(der: der, limits: limits)
        } throws: { error in
            guard let error = error as? CRLParseError else { return false }
            return error.kind == .tooLarge && error.reason.contains("100000") && error.reason.contains("CRLLimits.maximumBytes")
        }
        // Through the loader: the file and the limit are named.
        #expect {
            try CRLLoader.crls(in: der, from: "huge.crl", limits: limits)
        } throws: { error in
            guard let error = error as? CertificateLoadError else { return false }
            return error.kind == .tooLarge && error.description.hasPrefix("huge.crl: ")
                && error.description.contains("CRLLimits.maximumBytes")
        }
    }

    /// The entry count is checked by skipping TLV headers, before any entry is read or GnuTLS is called.
    @Test func aCRLOverTheEntryLimitIsRefusedBeforeItsEntriesAreRead() throws {
        let (entries, count) = Self.entries(filling: 10_000_000, extensions: false)
        let der = Self.crl(entries)
        var thrown: CRLParseError?
        let elapsed = Self.seconds {
            do { _ = try CertificateRevocationList(der: der, limits: CRLLimits(maximumEntries: count - 1)) } catch let error as CRLParseError { thrown = error } catch {}
        }
        #expect(thrown?.kind == .tooManyEntries && thrown?.reason.contains("CRLLimits.maximumEntries") == true)
        #expect(elapsed < TimeBound.seconds(3), "took \(elapsed) s")
    }

    @Test func theDefaultLimitsAreTheDocumentedOnes() {
        #expect(CRLLimits.default.maximumBytes == CertificateLoader.maximumFileSize)
        #expect(CRLLimits.default.maximumEntries == 2_000_000)
        #expect(CRLLimits.default == CRLLimits())
    }

    /// Integer value semantics of serials (X.690 §8.3.2): redundant sign octets go, the sign stays.
    @Test func serialsCompareAsIntegers() {
        #expect(Array(DERInteger.minimal([0x00, 0x7F, 0x01])) == [0x7F, 0x01])
        #expect(Array(DERInteger.minimal([0x00, 0x00, 0x80])) == [0x00, 0x80])
        #expect(Array(DERInteger.minimal([0x00, 0x80])) == [0x00, 0x80])
        #expect(Array(DERInteger.minimal([0xFF, 0xFF, 0x80])) == [0x80], "-128")
        #expect(Array(DERInteger.minimal([0xFF, 0x7F])) == [0xFF, 0x7F])
        #expect(Array(DERInteger.minimal([0x00])) == [0x00])
        #expect(Array(DERInteger.minimal([])) == [])
        #expect(DERInteger.sameValue([0x00, 0x00, 0x7F], [0x7F]))
        #expect(!DERInteger.sameValue([0x00, 0x80], [0x80]), "128 is not -128")
        #expect(DERInteger.sameValue([0xFF, 0x80], [0x80]), "both -128")
    }

    /// Duplicate entries for one serial are all found, in CRL order, and one that revokes decides over
    /// removeFromCRL whatever the order.
    @Test func duplicateEntriesAreAllFound() throws {
        let remove = Self.tlv(0x30, Self.tlv(0x02, [0x05]) + Self.tlv(0x17, Array("260401000000Z".utf8))
            + Self.tlv(0x30, Self.tlv(0x30, [0x06, 0x03, 0x55, 0x1D, 0x15] + Self.tlv(0x04, [0x0A, 0x01, 0x08]))))
        let revoke = Self.entry([0x00, 0x05])
        for entries in [remove + revoke, revoke + remove] {
            let crl = try CertificateRevocationList(der: Self.crl(entries))
            #expect(crl.revokedCertificates.entries(forSerialNumber: [0x05]).count == 2)
            #expect(crl.revokedCertificates.entries(forSerialNumber: [0x05]).map(\.reason)
                    == crl.revokedCertificates.map(\.reason))
        }
    }
}
