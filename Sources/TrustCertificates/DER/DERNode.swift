/// One DER TLV: its tag, where its content lies, and the whole encoding.
public struct DERNode: Sendable {
    public let tag: UInt8
    /// The complete TLV (tag, length and content).
    public let encoded: ArraySlice<UInt8>
    public let content: ArraySlice<UInt8>

    public var isConstructed: Bool { tag & 0x20 != 0 }

    /// Children of a constructed node.
    public func children() throws -> [DERNode] {
        var reader = DERReader(content)
        var nodes: [DERNode] = []
        while !reader.isAtEnd { nodes.append(try reader.read()) }
        return nodes
    }

    /// The content octets of a BIT STRING, without the unused-bits byte (which must be 0).
    public func bitStringBytes() throws -> ArraySlice<UInt8> {
        guard tag == DERTag.bitString, let unused = content.first, unused == 0 else {
            throw DERError.unexpected("a BIT STRING with no unused bits")
        }
        return content.dropFirst()
    }
}

public enum DERTag {
    public static let boolean: UInt8 = 0x01
    public static let integer: UInt8 = 0x02
    public static let bitString: UInt8 = 0x03
    public static let octetString: UInt8 = 0x04
    public static let null: UInt8 = 0x05
    public static let oid: UInt8 = 0x06
    public static let enumerated: UInt8 = 0x0A
    public static let utf8String: UInt8 = 0x0C
    public static let printableString: UInt8 = 0x13
    public static let teletexString: UInt8 = 0x14
    public static let ia5String: UInt8 = 0x16
    public static let utcTime: UInt8 = 0x17
    public static let generalizedTime: UInt8 = 0x18
    public static let universalString: UInt8 = 0x1C
    public static let bmpString: UInt8 = 0x1E
    public static let sequence: UInt8 = 0x30
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

public enum DERError: Error, Sendable, Equatable, CustomStringConvertible {
    case truncated
    case nonMinimalLength
    case unexpected(String)

    public var description: String {
        switch self {
        case .truncated: return "DER is truncated"
        case .nonMinimalLength: return "DER length is not minimally encoded"
        case .unexpected(let what): return "DER structure is not \(what)"
        }
    }
}
