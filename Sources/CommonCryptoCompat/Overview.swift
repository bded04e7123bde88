// CommonCryptoCompat: CommonCrypto's message digests on Linux, computed by GnuTLS.
//
// iOS pinning code computes its pins with CommonCrypto — the base64 SHA-256 of a key with its ASN.1 header,
// or of a certificate's DER:
//
//     var hash = [UInt8](repeating: 0, count: Int(CC_SHA256_DIGEST_LENGTH))
//     data.withUnsafeBytes { _ = CC_SHA256($0.baseAddress, CC_LONG(data.count), &hash) }
//
// With `import CommonCryptoCompat` in place of `import CommonCrypto` that code compiles and gives the same bytes.
// Declared with the names and types Swift imports from <CommonCrypto/CommonDigest.h>: `CC_LONG` is UInt32,
// the `…_DIGEST_LENGTH` and `…_BLOCK_BYTES` macros are Int32, the one-shot functions take
// `(UnsafeRawPointer!, CC_LONG, UnsafeMutablePointer<UInt8>!)` and return `md`, the incremental ones return
// 1 as CommonCrypto does.
//
// What differs from CommonCrypto:
// - The context structs (CC_SHA256_CTX and kin) hold GnuTLS's state, not CommonCrypto's public fields
//   (count, hash, wbuf); code that reads those fields does not compile. Copying a context copies its state, as
//   copying the C struct does.
// - A null data pointer with a non-zero length, or a null output pointer, stops the program with a message
//   (CommonCrypto dereferences it).
// - CC_SHA224_Init and CC_SHA384_Init fix the context's digest: Final gives 28 and 48 bytes whichever Final is
//   called, where CommonCrypto's CC_SHA256_Final would give the untruncated state.
// - Digests only: no CCHmac, CCCrypt or key derivation.
// - `CC_SHA256((data as NSData).bytes, …)`, which older articles write, hashes freed memory on Linux: there the
//   cast makes a temporary NSData that may be released before the call. Hash inside `data.withUnsafeBytes`.
