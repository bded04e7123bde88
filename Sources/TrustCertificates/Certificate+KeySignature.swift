extension Certificate {
    /// Whether `key` made this certificate's signature: for an issuer key that is not the issuer
    /// certificate's own as written, such as a DSA key completed with inherited parameters
    /// (`PublicKeyInfo.inheritingDSAParameters(from:)`).
    public func isSigned(byKey key: PublicKeyInfo) -> Bool {
        signatureValue.isMade(by: key, over: tbsBytes, algorithm: signatureAlgorithm)
    }
}
