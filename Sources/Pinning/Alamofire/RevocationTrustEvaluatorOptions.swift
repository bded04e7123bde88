extension RevocationTrustEvaluator {
    /// Alamofire's `RevocationTrustEvaluator.Options`: SecPolicyCreateRevocation's flags, same raw values.
    public struct Options: OptionSet, Sendable, Hashable {
        public let rawValue: UInt

        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// `kSecRevocationOCSPMethod`. TrustCheck has no OCSP: alone, it answers for no certificate.
        public static let ocsp = Options(rawValue: 1 << 0)
        /// `kSecRevocationCRLMethod`: the evaluator's CRLs are consulted.
        public static let crl = Options(rawValue: 1 << 1)
        /// `kSecRevocationPreferCRL`: an order between methods; with CRLs the only one here, no effect.
        public static let preferCRL = Options(rawValue: 1 << 2)
        /// `kSecRevocationRequirePositiveResponse`: a certificate without an answer fails (-67635).
        public static let requirePositiveResponse = Options(rawValue: 1 << 3)
        /// `kSecRevocationNetworkAccessDisabled`: TrustCheck never uses the network anyway.
        public static let networkAccessDisabled = Options(rawValue: 1 << 4)
        /// `kSecRevocationUseAnyAvailableMethod`: OCSP and CRL.
        public static let any: Options = [.ocsp, .crl]

        /// SecPolicyCreateRevocation returns NULL for no flags at all and for bits above 6 (apple-sectrust.md §1.2).
        var isValidForAppleRevocationPolicy: Bool { rawValue != 0 && rawValue >> 7 == 0 }
    }
}
