import FoundationEssentials

/// One DER TLV: its tag, where its content lies, and the whole encoding.
public struct DERNode: Sendable {
    /// The identifier octet (class, constructed bit, tag number below 31).
    public let tag: UInt8
    /// The complete TLV (tag, length and content).
    public let encoded: ArraySlice<UInt8>
    /// Where the content starts in `encoded` (after the tag and length): one slice, not two, so a node
    /// costs one reference to copy — parsing a certificate makes and drops a thousand of them.
    private let contentStart: Int
    /// The content octets.
    public var content: ArraySlice<UInt8> { encoded[contentStart...] }

    /// A node of `tag` whose TLV is `encoded` and content `content` (a suffix of `encoded`: the same
    /// node read again under another tag).
    init(tag: UInt8, encoded: ArraySlice<UInt8>, content: ArraySlice<UInt8>) {
        assert(content.endIndex == encoded.endIndex && content.startIndex >= encoded.startIndex)
        self.tag = tag
        self.encoded = encoded
        contentStart = content.startIndex
    }

    /// The node the reader has just read: `encoded` from its tag, content from `contentStart`.
    init(tag: UInt8, encoded: ArraySlice<UInt8>, contentStart: Int) {
        self.tag = tag
        self.encoded = encoded
        self.contentStart = contentStart
    }

    /// Whether the constructed bit (0x20) is set.
    public var isConstructed: Bool { tag & 0x20 != 0 }

    /// Children of a constructed node.
    public func children() throws -> [DERNode] {
        var reader = DERReader(content)
        var nodes: [DERNode] = []
        // Room for the usual few (a Name's RDNs, a certificate's extensions) without regrowing.
        nodes.reserveCapacity(8)
        while !reader.isAtEnd { nodes.append(try reader.read()) }
        return nodes
    }

    /// A BIT STRING's octets and how many bits of the last one are unused (0–7; 0 when there are no
    /// octets, X.690 §8.6.2). Whether unused bits are acceptable is the caller's to judge: a key or a
    /// signature is a whole number of octets, flag bits are not.
    public func bitString() throws -> (bytes: ArraySlice<UInt8>, unusedBits: Int) {
        guard tag == DERTag.bitString, let unused = content.first, unused <= 7, unused == 0 || content.count > 1 else {
            throw DERError.unexpected("a BIT STRING")
        }
        return (content.dropFirst(), Int(unused))
    }

    /// The octets of a BIT STRING that must have no unused bits.
    public func bitStringBytes() throws -> ArraySlice<UInt8> {
        let (bytes, unusedBits) = try bitString()
        guard unusedBits == 0 else { throw DERError.unexpected("a BIT STRING with no unused bits") }
        return bytes
    }
}

/// The universal tags TrustCheck reads (X.690 §8), as identifier octets.
public enum DERTag {
    /// BOOLEAN.
    public static let boolean: UInt8 = 0x01
    /// INTEGER.
    public static let integer: UInt8 = 0x02
    /// BIT STRING.
    public static let bitString: UInt8 = 0x03
    /// OCTET STRING.
    public static let octetString: UInt8 = 0x04
    /// NULL.
    public static let null: UInt8 = 0x05
    /// OBJECT IDENTIFIER.
    public static let oid: UInt8 = 0x06
    /// ENUMERATED.
    public static let enumerated: UInt8 = 0x0A
    /// UTF8String.
    public static let utf8String: UInt8 = 0x0C
    /// NumericString.
    public static let numericString: UInt8 = 0x12
    /// PrintableString.
    public static let printableString: UInt8 = 0x13
    /// TeletexString (T61String).
    public static let teletexString: UInt8 = 0x14
    /// IA5String.
    public static let ia5String: UInt8 = 0x16
    /// UTCTime.
    public static let utcTime: UInt8 = 0x17
    /// GeneralizedTime.
    public static let generalizedTime: UInt8 = 0x18
    /// VisibleString.
    public static let visibleString: UInt8 = 0x1A
    /// UniversalString (UTF-32).
    public static let universalString: UInt8 = 0x1C
    /// BMPString (UTF-16).
    public static let bmpString: UInt8 = 0x1E
    /// SEQUENCE and SEQUENCE OF (constructed).
    public static let sequence: UInt8 = 0x30
    /// SET and SET OF (constructed).
    public static let set: UInt8 = 0x31
}

/// The few pieces of DER encoding TrustCheck writes (re-encoded names, Apple's key representations).
public enum DEREncoder {
    /// A definite length in its minimal form.
    public static func length(_ length: Int) -> [UInt8] {
        guard length >= 0x80 else { return [UInt8(length)] }
        var bytes: [UInt8] = []
        var rest = length
        while rest > 0 {
            bytes.insert(UInt8(rest & 0xFF), at: 0)
            rest >>= 8
        }
        return [0x80 | UInt8(bytes.count)] + bytes
    }
}

/// Why bytes are not the DER expected. `code` is stable ("der.<case>", see `CertificateParseError`).
public enum DERError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    case truncated
    case nonMinimalLength
    case unexpected(String)

    /// The stable code, "der.<case>".
    public var code: String {
        switch self {
        case .truncated: return "der.truncated"
        case .nonMinimalLength: return "der.nonMinimalLength"
        case .unexpected: return "der.unexpected"
        }
    }

    /// The same as `description`.
    public var errorDescription: String? { description }

    /// What is wrong with the bytes, for people.
    public var description: String {
        switch self {
        case .truncated: return "DER is truncated"
        case .nonMinimalLength: return "DER length is not minimally encoded"
        case .unexpected(let what): return "DER structure is not \(what)"
        }
    }
}
