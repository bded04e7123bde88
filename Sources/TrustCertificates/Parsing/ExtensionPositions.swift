/// Where each extension under id-ce (2.5.29.n) or id-pe (1.3.6.1.5.5.7.1.n) first occurs in a list of
/// extensions, found in one pass: the model decodes fifteen of them, and profile checks ask for
/// several more on every evaluation, each of which would otherwise scan the whole list comparing OID
/// text. Other OIDs are looked up by scanning, as before.
struct ExtensionPositions: Sendable {
    /// id-ce arcs 0..<64 (every one RFC 5280 and its successors define), then id-pe arcs 0..<32.
    private static let idCECount = 64, slotCount = 96
    /// The first index of each slot's extension; -1 when absent.
    private let positions: [Int32]

    init(_ extensions: [CertificateExtension]) {
        var positions = [Int32](repeating: -1, count: Self.slotCount)
        for (index, entry) in extensions.enumerated() {
            if let slot = Self.slot(of: entry.oid), positions[slot] < 0 { positions[slot] = Int32(index) }
        }
        self.positions = positions
    }

    /// The index of the first extension with `oid` in `extensions` (the list this was made from).
    func first(_ oid: String, in extensions: [CertificateExtension]) -> Int? {
        guard let slot = Self.slot(of: oid) else { return extensions.firstIndex { $0.oid == oid } }
        let position = positions[slot]
        return position < 0 ? nil : Int(position)
    }

    /// The slot of "2.5.29.n" (n < 64) or "1.3.6.1.5.5.7.1.n" (n < 32); nil for any other text.
    static func slot(of oid: String) -> Int? {
        let utf8 = oid.utf8
        // The literals are small strings: no allocation to compare with them.
        if utf8.starts(with: "2.5.29.".utf8) {
            return arc(utf8.dropFirst(7)).flatMap { $0 < idCECount ? $0 : nil }
        }
        if utf8.starts(with: "1.3.6.1.5.5.7.1.".utf8) {
            return arc(utf8.dropFirst(16)).flatMap { $0 < slotCount - idCECount ? idCECount + $0 : nil }
        }
        return nil
    }

    /// The number a final arc's text writes: 1–3 decimal digits, no leading zero (as `OIDDecoder` writes).
    private static func arc(_ text: Substring.UTF8View) -> Int? {
        guard (1...3).contains(text.count), text.count == 1 || text.first != UInt8(ascii: "0") else { return nil }
        var value = 0
        for byte in text {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
