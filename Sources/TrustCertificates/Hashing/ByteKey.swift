/// Bytes (a digest, a normalised name) as a dictionary or set key, hashed in one pass. `[UInt8]`'s own
/// `Hashable` feeds the hasher one element at a time, which callgrind showed as the largest single cost
/// of a warm evaluation (issuer lookups, loop checks, cache keys).
public struct ByteKey: Hashable, Sendable {
    /// The bytes compared and hashed.
    public let bytes: [UInt8]

    /// A key of `bytes`.
    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Hashes the bytes in one call, consistent with byte equality.
    public func hash(into hasher: inout Hasher) { Self.hash(bytes, into: &hasher) }

    /// One-pass hashing of `bytes`, for other types keyed by bytes.
    public static func hash(_ bytes: [UInt8], into hasher: inout Hasher) { hash(bytes[...], into: &hasher) }

    /// The same for octets inside a larger buffer (a Name inside its certificate's DER).
    public static func hash(_ bytes: ArraySlice<UInt8>, into hasher: inout Hasher) {
        hasher.combine(bytes.count)
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}
