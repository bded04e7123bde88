/// A strict reader of DER TLVs (single-byte tags, definite minimal lengths).
public struct DERReader: Sendable {
    private let bytes: ArraySlice<UInt8>
    private var position: Int

    /// A reader at the start of `bytes`.
    public init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        self.position = bytes.startIndex
    }

    /// A reader at the start of `bytes`.
    public init(_ bytes: [UInt8]) { self.init(bytes[...]) }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { position >= bytes.endIndex }

    /// Reads the next TLV, whatever its tag; throws on a truncated or non-minimal encoding.
    public mutating func read() throws -> DERNode {
        let start = position
        guard position < bytes.endIndex else { throw DERError.truncated }
        let tag = bytes[position]
        // High-tag-number form never occurs in certificates; refusing it keeps the reader simple.
        guard tag & 0x1F != 0x1F else { throw DERError.unexpected("a low-number tag") }
        position += 1
        guard position < bytes.endIndex else { throw DERError.truncated }
        let first = bytes[position]
        position += 1
        var length = 0
        if first < 0x80 {
            length = Int(first)
        } else {
            let count = Int(first & 0x7F)
            guard count > 0, count <= 4 else { throw DERError.unexpected("a definite length") }
            guard bytes.endIndex - position >= count else { throw DERError.truncated }
            for _ in 0..<count {
                length = length << 8 | Int(bytes[position])
                position += 1
            }
            guard length >= 0x80, length >> (8 * (count - 1)) != 0 else { throw DERError.nonMinimalLength }
        }
        guard bytes.endIndex - position >= length else { throw DERError.truncated }
        let contentStart = position
        position += length
        return DERNode(tag: tag, encoded: bytes[start..<position], contentStart: contentStart)
    }

    /// Reads the next TLV and requires its tag.
    public mutating func read(tag: UInt8, _ what: String) throws -> DERNode {
        let node = try read()
        guard node.tag == tag else { throw DERError.unexpected(what) }
        return node
    }

    /// Reads the next TLV only if it has `tag`.
    public mutating func readIfPresent(tag: UInt8) throws -> DERNode? {
        guard position < bytes.endIndex, bytes[position] == tag else { return nil }
        return try read()
    }
}
