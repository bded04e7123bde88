import Foundation

/// CryptoKit's `HashFunction`: a cryptographic hash, computed in one call or incrementally.
public protocol HashFunction: Sendable {
    /// The digest this function produces.
    associatedtype Digest: CryptoKitCompat.Digest
    /// The block size in bytes.
    static var blockByteCount: Int { get }
    /// A fresh hash.
    init()
    /// Absorbs the bytes at `bufferPointer`.
    mutating func update(bufferPointer: UnsafeRawBufferPointer)
    /// The digest of everything absorbed.
    func finalize() -> Digest
}

extension HashFunction {
    /// The digest's length in bytes.
    public static var byteCount: Int { Digest.byteCount }

    /// The digest of `data`.
    public static func hash<D: DataProtocol>(data: D) -> Digest {
        var function = Self()
        function.update(data: data)
        return function.finalize()
    }

    /// Absorbs `data`.
    public mutating func update<D: DataProtocol>(data: D) {
        for region in data.regions {
            region.withUnsafeBytes { update(bufferPointer: $0) }
        }
    }
}
