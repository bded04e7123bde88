import FoundationEssentials

/// A CRL's revokedCertificates (RFC 5280 §5.1.2.6) as slices of the CRL's DER: every entry is read and
/// checked once, when the CRL is parsed, but only its position is kept — an entry becomes a
/// `RevokedCertificate` when it is asked for. A CRL of a million entries so costs its DER and a few
/// tens of bytes per entry (its position, a hash-table slot for its serial and the link to the entry
/// before it with the same hash), not a million values with their arrays.
///
/// Serial numbers are looked up by integer value (`DERInteger.minimal`): an entry written with a
/// redundant leading 0x00 or 0xFF still matches the certificate's minimal serial.
public struct RevokedCertificateList: RandomAccessCollection, Sendable {
    /// The CRL's DER, shared with the CRL (one buffer, not a copy).
    private let der: [UInt8]
    /// Where each entry's TLV starts in `der`, in CRL order.
    private let starts: [UInt32]
    /// The certificate issuer in force from an entry on (RFC 5280 §5.3.3): the entries that carry a
    /// certificateIssuer extension, in order, with the names; before the first, the CRL's issuer.
    private let issuerChanges: [IssuerChange]
    /// The CRL's issuer as a GeneralName: the certificate issuer of entries before any change.
    private let crlIssuer: [GeneralName]
    /// The last entry (by position) of each serial hash; `nextWithSameHash` chains the others.
    private let firstBySerialHash: [Int: UInt32]
    /// For each entry, the previous entry whose serial has the same hash; `UInt32.max` ends the chain.
    private let nextWithSameHash: [UInt32]
    /// Critical entry extensions TrustCheck does not understand, each OID once, in order of appearance.
    let unknownCriticalExtensions: [String]

    private struct IssuerChange: Sendable {
        let position: Int
        let names: [GeneralName]
    }

    /// Reads and checks every entry of the revokedCertificates SEQUENCE `list` (nil when absent), a
    /// slice of `der`; refuses more than `maximumEntries` before reading any entry's content.
    init(der: [UInt8], list: DERNode?, crlIssuer issuer: DistinguishedName, maximumEntries: Int) throws(CRLParseError) {
        self.der = der
        crlIssuer = [.directoryName(issuer)]
        guard let list else {
            (starts, issuerChanges, firstBySerialHash, nextWithSameHash, unknownCriticalExtensions) = ([], [], [:], [], [])
            return
        }
        // The pre-scan: TLV headers only, so an over-long list is refused for the cost of skipping it.
        var positions: [UInt32] = []
        var scan = DERReader(list.content)
        do {
            while !scan.isAtEnd {
                let node = try scan.read()
                guard positions.count < maximumEntries else {
                    throw CRLParseError(.tooManyEntries, "the CRL has more than \(maximumEntries) revoked entries, the limit "
                                        + "(CRLLimits.maximumEntries)")
                }
                positions.append(UInt32(node.encoded.startIndex))
            }
        } catch let error as CRLParseError {
            throw error
        } catch {
            throw CRLParseError(.malformedDER, "not a DER CRL: revokedCertificates: \(error)")
        }

        var changes: [IssuerChange] = []
        var heads: [Int: UInt32] = [:]
        heads.reserveCapacity(positions.count)
        var next = [UInt32](repeating: .max, count: positions.count)
        var unknown: [String] = []
        var seenUnknown = Set<String>()
        var current = crlIssuer
        for (index, start) in positions.enumerated() {
            let parsed: RevokedCertificate
            do {
                parsed = try Self.entry(in: der, at: Int(start), issuer: current)
            } catch let error as CRLParseError {
                throw CRLParseError(.badEntry, "revoked entry \(index + 1): \(error.reason)")
            } catch {
                throw CRLParseError(.badEntry, "revoked entry \(index + 1): \(error)")
            }
            if parsed.namesCertificateIssuer {
                current = parsed.certificateIssuer
                changes.append(IssuerChange(position: index, names: current))
            }
            for oid in parsed.extensions.lazy.filter({ $0.critical && !CRLExtensionOID.understoodInEntries.contains($0.oid) }).map(\.oid)
            where seenUnknown.insert(oid).inserted {
                unknown.append(oid)
            }
            let hash = Self.serialHash(parsed.serialNumber)
            // Each entry goes to the head of its chain; `entries(forSerialNumber:)` puts them back in order.
            next[index] = heads[hash] ?? .max
            heads[hash] = UInt32(index)
        }
        starts = positions
        issuerChanges = changes
        firstBySerialHash = heads
        nextWithSameHash = next
        unknownCriticalExtensions = unknown
    }

    /// 0.
    public var startIndex: Int { 0 }
    /// The number of entries.
    public var endIndex: Int { starts.count }

    /// The entry at `position`, decoded from the DER (checked when the CRL was parsed).
    public subscript(position: Int) -> RevokedCertificate {
        guard let entry = try? Self.entry(in: der, at: Int(starts[position]), issuer: issuer(at: position)) else {
            preconditionFailure("revoked entry \(position + 1) was checked when the CRL was parsed")
        }
        return entry
    }

    /// Every entry whose serial number is the integer `serial` (DER INTEGER content octets, minimal or
    /// not), in CRL order.
    public func entries(forSerialNumber serial: [UInt8]) -> [RevokedCertificate] {
        let wanted = DERInteger.minimal(serial)
        var result: [RevokedCertificate] = []
        var position = firstBySerialHash[Self.serialHash(serial)]
        while let index = position {
            let entry = self[Int(index)]
            if DERInteger.minimal(entry.serialNumber).elementsEqual(wanted) { result.append(entry) }
            let following = nextWithSameHash[Int(index)]
            position = following == .max ? nil : following
        }
        return result.reversed()
    }

    /// The certificate issuer in force at entry `position`.
    private func issuer(at position: Int) -> [GeneralName] {
        // The last change at or before `position` (binary search: changes are in entry order).
        var low = 0, high = issuerChanges.count
        while low < high {
            let middle = (low + high) / 2
            if issuerChanges[middle].position <= position { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? crlIssuer : issuerChanges[low - 1].names
    }

    /// The hash of a serial's integer value, so that non-minimal encodings land with the minimal one.
    private static func serialHash(_ serial: [UInt8]) -> Int {
        var hasher = Hasher()
        DERInteger.minimal(serial).withUnsafeBytes { hasher.combine(bytes: $0) }
        return hasher.finalize()
    }

    /// The entry whose TLV starts at `start`, with the certificate issuer in force before it (`previous`).
    private static func entry(in der: [UInt8], at start: Int, issuer previous: [GeneralName]) throws -> RevokedCertificate {
        var reader = DERReader(der[start...])
        let node = try reader.read()
        guard node.tag == DERTag.sequence else { throw DERError.unexpected("a revoked-certificate SEQUENCE") }
        var fields = DERReader(node.content)
        let serial = try fields.read(tag: DERTag.integer, "a userCertificate serial number")
        guard !serial.content.isEmpty else { throw DERError.unexpected("a non-empty serial number") }
        let date = try X509Time.decode(try fields.read())
        let extensions = try fields.readIfPresent(tag: DERTag.sequence).map(CertificateExtension.list) ?? []
        guard fields.isAtEnd else { throw DERError.unexpected("an entry of serial, date and extensions") }
        var reason: CRLReason?
        if let code = extensions.first(oid: CRLExtensionOID.reasonCode) {
            var value = DERReader(code.valueBytes)
            let enumerated = try value.read(tag: DERTag.enumerated, "a reasonCode ENUMERATED")
            guard value.isAtEnd, enumerated.content.count == 1, let parsed = CRLReason(rawValue: Int(enumerated.content.first!))
            else { throw CRLParseError(.badEntry, "reasonCode is not one of RFC 5280's reasons") }
            reason = parsed
        }
        var issuer = previous
        if let named = extensions.first(oid: CRLExtensionOID.certificateIssuer) {
            do {
                issuer = try GeneralName.names(der: named.valueBytes)
            } catch {
                throw CRLParseError(.badEntry, "certificateIssuer is not GeneralNames: \(error)")
            }
            guard !issuer.isEmpty else { throw CRLParseError(.badEntry, "certificateIssuer names no issuer") }
        }
        return RevokedCertificate(serialNumber: Array(serial.content), revocationDate: date, reason: reason,
                                  extensions: extensions, certificateIssuer: issuer)
    }
}
