import GnuTLSBridge

/// CryptoKit's `SHA384Digest`: a 48-byte SHA384 digest.
public struct SHA384Digest: DigestBytes {
    public static let name = "SHA384"
    public static var byteCount: Int { 48 }
    public let bytes: [UInt8]
}

/// CryptoKit's `SHA384`.
public struct SHA384: HashFunction {
    public static var blockByteCount: Int { 128 }
    private var digest = IncrementalDigest(algorithm: .sha384)

    public init() {}

    public mutating func update(bufferPointer: UnsafeRawBufferPointer) {
        digest.update(bufferPointer.baseAddress, count: bufferPointer.count)
    }

    public func finalize() -> SHA384Digest { SHA384Digest(bytes: digest.peek()) }
}
