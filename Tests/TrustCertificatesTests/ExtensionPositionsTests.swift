import Testing
@testable import TrustCertificates

/// `ExtensionPositions` answers "where does the first extension with this OID sit" from one pass; it
/// must answer exactly as scanning the list by OID text does, for every OID and every list.
@Suite struct ExtensionPositionsTests {
    static let oids = [
        "2.5.29.0", "2.5.29.14", "2.5.29.19", "2.5.29.35", "2.5.29.46", "2.5.29.54", "2.5.29.63", "2.5.29.64",
        "2.5.29.100", "2.5.29.1234", "2.5.29.019", "2.5.29.", "2.5.290.1", "2.5.29.1.1", "2.5.2.9",
        "1.3.6.1.5.5.7.1.1", "1.3.6.1.5.5.7.1.11", "1.3.6.1.5.5.7.1.31", "1.3.6.1.5.5.7.1.32",
        "1.3.6.1.5.5.7.1.01", "1.3.6.1.5.5.7.48.1.5", "1.2.840.113549.1.9.1", "2.16.840.1.113730.1.1", "",
    ]

    @Test func answersAsAScanByOIDTextDoes() {
        // Lists with duplicates, in several orders, so "first" is tested as well as "present".
        var lists: [[String]] = [[], Self.oids, Self.oids.reversed(), Self.oids + Self.oids]
        for stride in [3, 5, 7] { lists.append(Self.oids.enumerated().filter { $0.offset % stride == 0 }.map(\.element) + Self.oids) }
        for oids in lists {
            let extensions = oids.enumerated().map { CertificateExtension(oid: $0.element, critical: false, value: [UInt8($0.offset % 256)]) }
            let positions = ExtensionPositions(extensions)
            for oid in Self.oids + ["2.5.29.17", "9.9"] {
                #expect(positions.first(oid, in: extensions) == extensions.firstIndex { $0.oid == oid }, "\(oid) in \(oids.count)")
            }
        }
    }

    @Test func slotsAreTheOIDsArcsAndNothingElse() {
        #expect(ExtensionPositions.slot(of: "2.5.29.0") == 0)
        #expect(ExtensionPositions.slot(of: "2.5.29.63") == 63)
        #expect(ExtensionPositions.slot(of: "1.3.6.1.5.5.7.1.1") == 65)
        #expect(ExtensionPositions.slot(of: "1.3.6.1.5.5.7.1.31") == 95)
        for other in ["2.5.29.64", "2.5.29.019", "2.5.29.", "2.5.29.1.1", "1.3.6.1.5.5.7.1.32", "1.3.6.1.5.5.7.1.01", "2.5.4.3", ""] {
            #expect(ExtensionPositions.slot(of: other) == nil, "\(other)")
        }
    }
}
