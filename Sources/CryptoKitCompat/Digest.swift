import Foundation

/// CryptoKit's `Digest`: the output of a hash function, a sequence of bytes.
public protocol Digest: Hashable, ContiguousBytes, CustomStringConvertible, Sequence, Sendable where Element == UInt8 {
    /// The digest's length in bytes.
    static var byteCount: Int { get }
}

extension Digest {
    /// Whether the digest equals `other`'s bytes, compared in constant time.
    public static func == <D: DataProtocol>(lhs: Self, rhs: D) -> Bool {
        let right = Array(rhs)
        return lhs.withUnsafeBytes { left in
            guard left.count == right.count else { return false }
            var difference: UInt8 = 0
            for index in 0..<left.count { difference |= left[index] ^ right[index] }
            return difference == 0
        }
    }
}

/// The digest types' shared body: the bytes, with CryptoKit's description and constant-time equality.
public protocol DigestBytes: Digest {
    /// The name CryptoKit's description gives ("SHA256").
    static var name: String { get }
    var bytes: [UInt8] { get }
}

extension DigestBytes {
    public func makeIterator() -> Array<UInt8>.Iterator { bytes.makeIterator() }

    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try bytes.withUnsafeBytes(body)
    }

    public var description: String {
        "\(Self.name) digest: " + bytes.map { String(format: "%02x", $0) }.joined()
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs == rhs.bytes }

    public func hash(into hasher: inout Hasher) { hasher.combine(bytes) }
}
