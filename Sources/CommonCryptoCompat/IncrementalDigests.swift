import GnuTLSBridge

// CommonCrypto's incremental digests: Init, any number of Updates, Final. Each returns 1, as CommonCrypto's do.

/// Starts a MD5 digest in `c`.
@available(*, deprecated, message: "This function is cryptographically broken and should not be used in security contexts. Clients should migrate to SHA256 (or stronger).")
@discardableResult
public func CC_MD5_Init(_ c: UnsafeMutablePointer<CC_MD5_CTX>!) -> Int32 {
    c.pointee.state.start(.md5)
    return 1
}

/// Absorbs `len` bytes at `data` into the digest in `c`.
@available(*, deprecated, message: "This function is cryptographically broken and should not be used in security contexts. Clients should migrate to SHA256 (or stronger).")
@discardableResult
public func CC_MD5_Update(_ c: UnsafeMutablePointer<CC_MD5_CTX>!, _ data: UnsafeRawPointer!, _ len: CC_LONG) -> Int32 {
    c.pointee.state.update(data, len, fallback: .md5)
    return 1
}

/// Writes the digest in `c` to `md` (16 bytes).
@available(*, deprecated, message: "This function is cryptographically broken and should not be used in security contexts. Clients should migrate to SHA256 (or stronger).")
@discardableResult
public func CC_MD5_Final(_ md: UnsafeMutablePointer<UInt8>!, _ c: UnsafeMutablePointer<CC_MD5_CTX>!) -> Int32 {
    c.pointee.state.finish(into: md, fallback: .md5)
    return 1
}

/// Starts a SHA1 digest in `c`.
@discardableResult
public func CC_SHA1_Init(_ c: UnsafeMutablePointer<CC_SHA1_CTX>!) -> Int32 {
    c.pointee.state.start(.sha1)
    return 1
}

/// Absorbs `len` bytes at `data` into the digest in `c`.
@discardableResult
public func CC_SHA1_Update(_ c: UnsafeMutablePointer<CC_SHA1_CTX>!, _ data: UnsafeRawPointer!, _ len: CC_LONG) -> Int32 {
    c.pointee.state.update(data, len, fallback: .sha1)
    return 1
}

/// Writes the digest in `c` to `md` (20 bytes).
@discardableResult
public func CC_SHA1_Final(_ md: UnsafeMutablePointer<UInt8>!, _ c: UnsafeMutablePointer<CC_SHA1_CTX>!) -> Int32 {
    c.pointee.state.finish(into: md, fallback: .sha1)
    return 1
}

/// Starts a SHA224 digest in `c`.
@discardableResult
public func CC_SHA224_Init(_ c: UnsafeMutablePointer<CC_SHA256_CTX>!) -> Int32 {
    c.pointee.state.start(.sha224)
    return 1
}

/// Absorbs `len` bytes at `data` into the digest in `c`.
@discardableResult
public func CC_SHA224_Update(_ c: UnsafeMutablePointer<CC_SHA256_CTX>!, _ data: UnsafeRawPointer!, _ len: CC_LONG) -> Int32 {
    c.pointee.state.update(data, len, fallback: .sha224)
    return 1
}

/// Writes the digest in `c` to `md` (28 bytes).
@discardableResult
public func CC_SHA224_Final(_ md: UnsafeMutablePointer<UInt8>!, _ c: UnsafeMutablePointer<CC_SHA256_CTX>!) -> Int32 {
    c.pointee.state.finish(into: md, fallback: .sha224)
    return 1
}

/// Starts a SHA256 digest in `c`.
@discardableResult
public func CC_SHA256_Init(_ c: UnsafeMutablePointer<CC_SHA256_CTX>!) -> Int32 {
    c.pointee.state.start(.sha256)
    return 1
}

/// Absorbs `len` bytes at `data` into the digest in `c`.
@discardableResult
public func CC_SHA256_Update(_ c: UnsafeMutablePointer<CC_SHA256_CTX>!, _ data: UnsafeRawPointer!, _ len: CC_LONG) -> Int32 {
    c.pointee.state.update(data, len, fallback: .sha256)
    return 1
}

/// Writes the digest in `c` to `md` (32 bytes).
@discardableResult
public func CC_SHA256_Final(_ md: UnsafeMutablePointer<UInt8>!, _ c: UnsafeMutablePointer<CC_SHA256_CTX>!) -> Int32 {
    c.pointee.state.finish(into: md, fallback: .sha256)
    return 1
}

/// Starts a SHA384 digest in `c`.
@discardableResult
public func CC_SHA384_Init(_ c: UnsafeMutablePointer<CC_SHA512_CTX>!) -> Int32 {
    c.pointee.state.start(.sha384)
    return 1
}

/// Absorbs `len` bytes at `data` into the digest in `c`.
@discardableResult
public func CC_SHA384_Update(_ c: UnsafeMutablePointer<CC_SHA512_CTX>!, _ data: UnsafeRawPointer!, _ len: CC_LONG) -> Int32 {
    c.pointee.state.update(data, len, fallback: .sha384)
    return 1
}

/// Writes the digest in `c` to `md` (48 bytes).
@discardableResult
public func CC_SHA384_Final(_ md: UnsafeMutablePointer<UInt8>!, _ c: UnsafeMutablePointer<CC_SHA512_CTX>!) -> Int32 {
    c.pointee.state.finish(into: md, fallback: .sha384)
    return 1
}

/// Starts a SHA512 digest in `c`.
@discardableResult
public func CC_SHA512_Init(_ c: UnsafeMutablePointer<CC_SHA512_CTX>!) -> Int32 {
    c.pointee.state.start(.sha512)
    return 1
}

/// Absorbs `len` bytes at `data` into the digest in `c`.
@discardableResult
public func CC_SHA512_Update(_ c: UnsafeMutablePointer<CC_SHA512_CTX>!, _ data: UnsafeRawPointer!, _ len: CC_LONG) -> Int32 {
    c.pointee.state.update(data, len, fallback: .sha512)
    return 1
}

/// Writes the digest in `c` to `md` (64 bytes).
@discardableResult
public func CC_SHA512_Final(_ md: UnsafeMutablePointer<UInt8>!, _ c: UnsafeMutablePointer<CC_SHA512_CTX>!) -> Int32 {
    c.pointee.state.finish(into: md, fallback: .sha512)
    return 1
}
