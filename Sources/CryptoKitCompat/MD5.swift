import GnuTLSBridge

extension Insecure {
    /// CryptoKit's `MD5Digest`: a 16-byte MD5 digest.
    public struct MD5Digest: DigestBytes {
        public static let name = "MD5"
        public static var byteCount: Int { 16 }
        public let bytes: [UInt8]
    }

    /// CryptoKit's `MD5` (in `Insecure`: for compatibility with protocols that need it, not for security).
    public struct MD5: HashFunction {
        public static var blockByteCount: Int { 64 }
        private var digest = IncrementalDigest(algorithm: .md5)

        public init() {}

        public mutating func update(bufferPointer: UnsafeRawBufferPointer) {
            digest.update(bufferPointer.baseAddress, count: bufferPointer.count)
        }

        public func finalize() -> MD5Digest { MD5Digest(bytes: digest.peek()) }
    }
}
