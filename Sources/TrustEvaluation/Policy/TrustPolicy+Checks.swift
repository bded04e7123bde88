extension TrustPolicy {
    /// The checks this policy runs on a candidate path. Anchoring and basic certificate processing
    /// are part of every policy, as Apple forces them regardless of the policy's options.
    var checks: [any PathCheck] {
        let server = isSSLServer
        var checks: [any PathCheck] = [
            AnchorCheck(),
            BasicCertificateProcessing(profile: profile),
            TemporalValidityCheck(),
            KeyStrengthCheck(enforceMinimumSizes: server && profile != .rfc5280, requireBaselineExponent: profile == .webpki,
                             acceptsDSA: profile == .rfc5280),
            SignatureAlgorithmCheck(refuseSHA1: server && profile != .rfc5280),
            EncodingDefectCheck(profile: profile),
        ]
        // Only rfc5280 uses DSA keys (KeyStrengthCheck.acceptsDSA), so only it completes inherited parameters.
        if profile == .rfc5280 { checks.append(DSAParameterInheritanceCheck()) }
        if case .ssl(let isServer) = kind {
            checks.append(HostnameCheck())
            checks.append(ExtendedKeyUsageCheck.forSSL(server: isServer, profile: profile))
        }
        if profile != .apple {
            checks.append(CertificateProfileCheck(
                profile: profile, policyConstraintsMayBeNonCritical: profile == .rfc5280 && acceptsNonCriticalPolicyConstraints,
                basicConstraintsMayBeNonCritical: profile == .rfc5280 && acceptsNonCriticalBasicConstraints))
        }
        if let policyTree { checks.append(policyTree) }
        if server && profile == .apple {
            checks.append(ServerAuthEKUCheck())
            checks.append(ValidityPeriodCheck())
        }
        if !requiredKeyUsage.isEmpty || !requiredExtendedKeyUsages.isEmpty {
            checks.append(RequiredUsageCheck(keyUsage: requiredKeyUsage, extendedKeyUsages: requiredExtendedKeyUsages))
        }
        if let maximumIntermediates {
            checks.append(ChainDepthCheck(maximumIntermediates: maximumIntermediates))
        }
        return checks
    }
}
