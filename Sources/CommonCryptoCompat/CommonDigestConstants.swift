/// CommonCrypto's `CC_LONG`: the length type of its digest functions (`uint32_t`).
public typealias CC_LONG = UInt32
/// CommonCrypto's `CC_LONG64` (`uint64_t`).
public typealias CC_LONG64 = UInt64

// The <CommonCrypto/CommonDigest.h> macros, which Swift imports as Int32.

/// The length of an MD5 digest in bytes.
public let CC_MD5_DIGEST_LENGTH: Int32 = 16
/// MD5's block size in bytes.
public let CC_MD5_BLOCK_BYTES: Int32 = 64
/// The length of a SHA-1 digest in bytes.
public let CC_SHA1_DIGEST_LENGTH: Int32 = 20
/// SHA-1's block size in bytes.
public let CC_SHA1_BLOCK_BYTES: Int32 = 64
/// The length of a SHA-224 digest in bytes.
public let CC_SHA224_DIGEST_LENGTH: Int32 = 28
/// SHA-224's block size in bytes.
public let CC_SHA224_BLOCK_BYTES: Int32 = 64
/// The length of a SHA-256 digest in bytes.
public let CC_SHA256_DIGEST_LENGTH: Int32 = 32
/// SHA-256's block size in bytes.
public let CC_SHA256_BLOCK_BYTES: Int32 = 64
/// The length of a SHA-384 digest in bytes.
public let CC_SHA384_DIGEST_LENGTH: Int32 = 48
/// SHA-384's block size in bytes.
public let CC_SHA384_BLOCK_BYTES: Int32 = 128
/// The length of a SHA-512 digest in bytes.
public let CC_SHA512_DIGEST_LENGTH: Int32 = 64
/// SHA-512's block size in bytes.
public let CC_SHA512_BLOCK_BYTES: Int32 = 128
