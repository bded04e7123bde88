import GnuTLSBridge

extension Insecure {
    /// CryptoKit's `SHA1Digest`: a 20-byte SHA1 digest.
    public struct SHA1Digest: DigestBytes {
        public static let name = "SHA1"
        public static var byteCount: Int { 20 }
        public let bytes: [UInt8]
    }

    /// CryptoKit's `SHA1` (in `Insecure`: for compatibility with protocols that need it, not for security).
    public struct SHA1: HashFunction {
        public static var blockByteCount: Int { 64 }
        private var digest = IncrementalDigest(algorithm: .sha1)

        public init() {}

        public mutating func update(bufferPointer: UnsafeRawBufferPointer) {
            digest.update(bufferPointer.baseAddress, count: bufferPointer.count)
        }

        public func finalize() -> SHA1Digest { SHA1Digest(bytes: digest.peek()) }
    }
}
