/// CryptoKit's `Insecure`: hash functions broken for security, kept for protocols that need them.
public enum Insecure {}
