// CommonCryptoCompat: CommonCrypto digests on Linux.
