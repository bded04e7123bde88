// CryptoKitCompat: CryptoKit's hash functions on Linux, computed by GnuTLS.
//
// Newer iOS pinning code hashes a key or a certificate with CryptoKit rather than CommonCrypto:
//
//     let hash = SHA256.hash(data: keyWithHeader)
//     let pin = Data(hash).base64EncodedString()
//
// With `import CryptoKitCompat` in place of `import CryptoKit` that code compiles and gives the same bytes:
// `HashFunction`, `Digest`, `SHA256`, `SHA384`, `SHA512`, `Insecure.SHA1`, `Insecure.MD5` and their digest types,
// with CryptoKit's signatures (`hash(data:)`, `init()`, `update(data:)`, `update(bufferPointer:)`, `finalize()`,
// `byteCount`, `blockByteCount`; digests are byte sequences, `ContiguousBytes`, `Hashable`, compared in constant
// time, described as "SHA256 digest: …").
//
// Hashes only: no HMAC, keys, signatures or ciphers (swift-crypto's `import Crypto` has those).
