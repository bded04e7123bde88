import GnuTLSBridge

/// CryptoKit's `SHA512Digest`: a 64-byte SHA512 digest.
public struct SHA512Digest: DigestBytes {
    public static let name = "SHA512"
    public static var byteCount: Int { 64 }
    public let bytes: [UInt8]
}

/// CryptoKit's `SHA512`.
public struct SHA512: HashFunction {
    public static var blockByteCount: Int { 128 }
    private var digest = IncrementalDigest(algorithm: .sha512)

    public init() {}

    public mutating func update(bufferPointer: UnsafeRawBufferPointer) {
        digest.update(bufferPointer.baseAddress, count: bufferPointer.count)
    }

    public func finalize() -> SHA512Digest { SHA512Digest(bytes: digest.peek()) }
}
