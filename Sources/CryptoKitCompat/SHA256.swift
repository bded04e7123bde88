import GnuTLSBridge

/// CryptoKit's `SHA256Digest`: a 32-byte SHA256 digest.
public struct SHA256Digest: DigestBytes {
    public static let name = "SHA256"
    public static var byteCount: Int { 32 }
    public let bytes: [UInt8]
}

/// CryptoKit's `SHA256`.
public struct SHA256: HashFunction {
    public static var blockByteCount: Int { 64 }
    private var digest = IncrementalDigest(algorithm: .sha256)

    public init() {}

    public mutating func update(bufferPointer: UnsafeRawBufferPointer) {
        digest.update(bufferPointer.baseAddress, count: bufferPointer.count)
    }

    public func finalize() -> SHA256Digest { SHA256Digest(bytes: digest.peek()) }
}
