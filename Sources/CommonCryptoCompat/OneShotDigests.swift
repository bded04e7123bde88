import GnuTLSBridge

// CommonCrypto's one-shot digests: `len` bytes at `data` into `md`, which must hold the digest's length;
// they return `md`.

/// The MD5 digest of `len` bytes at `data`, written to `md` (16 bytes).
@available(*, deprecated, message: "This function is cryptographically broken and should not be used in security contexts. Clients should migrate to SHA256 (or stronger).")
@discardableResult
public func CC_MD5(_ data: UnsafeRawPointer!, _ len: CC_LONG, _ md: UnsafeMutablePointer<UInt8>!) -> UnsafeMutablePointer<UInt8>! {
    oneShot(.md5, data, len, md)
}

/// The SHA-1 digest of `len` bytes at `data`, written to `md` (20 bytes).
@discardableResult
public func CC_SHA1(_ data: UnsafeRawPointer!, _ len: CC_LONG, _ md: UnsafeMutablePointer<UInt8>!) -> UnsafeMutablePointer<UInt8>! {
    oneShot(.sha1, data, len, md)
}

/// The SHA-224 digest of `len` bytes at `data`, written to `md` (28 bytes).
@discardableResult
public func CC_SHA224(_ data: UnsafeRawPointer!, _ len: CC_LONG, _ md: UnsafeMutablePointer<UInt8>!) -> UnsafeMutablePointer<UInt8>! {
    oneShot(.sha224, data, len, md)
}

/// The SHA-256 digest of `len` bytes at `data`, written to `md` (32 bytes).
@discardableResult
public func CC_SHA256(_ data: UnsafeRawPointer!, _ len: CC_LONG, _ md: UnsafeMutablePointer<UInt8>!) -> UnsafeMutablePointer<UInt8>! {
    oneShot(.sha256, data, len, md)
}

/// The SHA-384 digest of `len` bytes at `data`, written to `md` (48 bytes).
@discardableResult
public func CC_SHA384(_ data: UnsafeRawPointer!, _ len: CC_LONG, _ md: UnsafeMutablePointer<UInt8>!) -> UnsafeMutablePointer<UInt8>! {
    oneShot(.sha384, data, len, md)
}

/// The SHA-512 digest of `len` bytes at `data`, written to `md` (64 bytes).
@discardableResult
public func CC_SHA512(_ data: UnsafeRawPointer!, _ len: CC_LONG, _ md: UnsafeMutablePointer<UInt8>!) -> UnsafeMutablePointer<UInt8>! {
    oneShot(.sha512, data, len, md)
}

private func oneShot(_ algorithm: DigestAlgorithm, _ data: UnsafeRawPointer?, _ len: CC_LONG,
                     _ md: UnsafeMutablePointer<UInt8>?) -> UnsafeMutablePointer<UInt8>? {
    precondition(data != nil || len == 0, "CommonCrypto digest of \(len) bytes at a null pointer")
    guard let md else { preconditionFailure("CommonCrypto digest into a null output pointer") }
    let digest = Digest.hash(algorithm, of: data, count: Int(len))
    md.update(from: digest, count: digest.count)
    return md
}
