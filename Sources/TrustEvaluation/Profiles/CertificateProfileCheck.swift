import TrustCertificates

/// The encoding rules RFC 5280 puts on each certificate, and on top of them the CA/Browser Forum's
/// Baseline Requirements, applied to every certificate of the path and, rule by rule as
/// `ProfileRule` decides, to the trust anchor (Apple does not process its anchors at all). These
/// are what x509-limbo's rfc5280:: and webpki:: cases expect of a conforming validator.
struct CertificateProfileCheck: PathCheck {
    /// webpki or rfc5280 (the apple profile does not run this check).
    let profile: TrustProfile
    /// The plain §6.1 answer for a non-critical policyConstraints (`TrustPolicy.acceptsNonCriticalPolicyConstraints`).
    var policyConstraintsMayBeNonCritical = false
    /// The plain §6.1 answer for a CA's non-critical basicConstraints (`TrustPolicy.acceptsNonCriticalBasicConstraints`).
    var basicConstraintsMayBeNonCritical = false

    /// The CA/Browser Forum rules apply as well as RFC 5280's.
    private var webPKI: Bool { profile == .webpki }

    func evaluate(_ context: PathContext, into failures: inout [TrustFailure]) {
        // Read from the context once, not for each certificate: the per-certificate closure below captured
        // the whole context (both arrays of the path) each time.
        let path = context.path
        let lastIndex = context.lastIndex, anchorIndex = context.anchorIndex
        for (index, certificate) in path.certificates.enumerated() {
            var problems: [(CheckName, TrustFailure.Context)] = []
            let isLeaf = index == 0
            let isAnchor = index == anchorIndex
            checkEncoding(certificate, isAnchor: isAnchor, into: &problems)
            checkKeyIdentifiers(certificate, isCA: !isLeaf, isAnchor: isAnchor,
                                isSelfSignedTop: index == lastIndex && path.endsSelfSigned, into: &problems)
            if isLeaf {
                checkEndEntity(certificate, context: context, into: &problems)
            } else {
                checkAuthority(certificate, isRoot: index == lastIndex, isAnchor: isAnchor, into: &problems)
            }
            if webPKI { checkAlgorithms(certificate, into: &problems) }
            for (check, reason) in problems { failures.append(TrustFailure(index: index, check: check, context: reason)) }
        }
    }

    /// The encoding rules of RFC 5280 §4.1-4.2 and the CA/B Forum; `ProfileRule` says which of them
    /// also bind the trust anchor.
    private func checkEncoding(_ certificate: Certificate, isAnchor: Bool, into problems: inout [(CheckName, TrustFailure.Context)]) {
        func binds(_ rule: ProfileRule) -> Bool { rule.binds(isAnchor: isAnchor, webPKI: webPKI) }
        if binds(.version3), certificate.version != 3 {
            problems.append((.webPKICompliance, .rule(.notVersion3, detail: "version \(certificate.version) certificate")))
        }
        let serial = certificate.serialBytes
        if binds(.nonNegativeSerial), serial.first.map({ $0 & 0x80 != 0 }) ?? true {
            problems.append((.webPKICompliance, .rule(.negativeSerialNumber, detail: "negative serial number")))
        }
        if binds(.nonZeroSerial), serial.allSatisfy({ $0 == 0 }) {
            problems.append((.webPKICompliance, .rule(.serialNumberZero, detail: "serial number is zero")))
        }
        if binds(.serialAtMost20Octets), serial.drop(while: { $0 == 0 }).count > 20 {
            problems.append((.webPKICompliance, .rule(.serialNumberTooLong, detail: "serial number longer than 20 octets")))
        }
        if binds(.nonEmptyIssuer), certificate.issuer.isEmpty {
            problems.append((.webPKICompliance, .rule(.emptyIssuer, detail: "empty issuer name")))
        }
        // Below the anchor BasicCertificateProcessing reports these for every profile.
        if isAnchor, binds(.noUnknownCriticalExtension) {
            let unknownCritical = profile.unknownCriticalExtensions(of: certificate)
            if !unknownCritical.isEmpty { problems.append((.criticalExtensions, .extensions(unknownCritical))) }
        }
        if binds(.nonCriticalIdentifierExtensions) {
            for (oid, mustNotBeCritical) in Self.identifierExtensions where Self.isCritical(oid, in: certificate) {
                problems.append((.webPKICompliance, .rule(.criticalIdentifierExtension, detail: "critical \(mustNotBeCritical)")))
            }
        }
        // `Certificate.policyConstraints` is there (decoded or not) exactly when the extension is: the list
        // of extensions is searched only then.
        if binds(.criticalPolicyConstraints), !policyConstraintsMayBeNonCritical, certificate.policyConstraints != nil,
           let policyConstraints = certificate.extension(ExtensionOID.policyConstraints), !policyConstraints.critical
        {
            problems.append((.policyConstraints, .note("policyConstraints must be critical")))
        }
        if binds(.wellFormedAuthorityInfoAccess), certificate.authorityInfoAccess?.isMalformed == true {
            problems.append((.unparseableExtension, .note("malformed authorityInfoAccess")))
        }
        if binds(.nonEmptyExtendedKeyUsage), let usages = certificate.extendedKeyUsage, usages.isEmpty {
            problems.append((.extendedKeyUsage, .note("empty extendedKeyUsage")))
        }
        if binds(.pathLengthNeedsCAAndKeyCertSign), let constraints = certificate.basicConstraints,
           constraints.pathLength != nil, !constraints.isCA || !(certificate.keyUsage?.contains(.keyCertSign) ?? true)
        {
            problems.append((.basicConstraints, .note("pathLenConstraint without cA and keyCertSign")))
        }
    }

    /// Whether the first extension with `oid` is critical (as `Certificate.extension(_:)` finds it). The
    /// extensions are searched only when one with that OID is critical at all: the list of critical OIDs
    /// is short (usually basicConstraints and keyUsage), and this is asked several times of each certificate.
    private static func isCritical(_ oid: String, in certificate: Certificate) -> Bool {
        certificate.criticalExtensionOIDs.contains(oid) && certificate.extension(oid)?.critical == true
    }

    /// The extensions that identify keys and issuers, which must not be critical.
    private static let identifierExtensions = [
        (ExtensionOID.authorityKeyIdentifier, "authorityKeyIdentifier"),
        (ExtensionOID.subjectKeyIdentifier, "subjectKeyIdentifier"),
        (ExtensionOID.authorityInfoAccess, "authorityInfoAccess"),
    ]

    /// RFC 5280 §4.2.1.1-2: CAs carry a subjectKeyIdentifier; every certificate except a self-signed
    /// root carries an authorityKeyIdentifier, made of a keyIdentifier only in the web PKI.
    /// `ProfileRule` says which of these bind the anchor.
    /// `isSelfSignedTop` is asked last, only of a certificate whose AKI and SKI differ: for an anchor it
    /// may cost a signature check.
    private func checkKeyIdentifiers(_ certificate: Certificate, isCA: Bool, isAnchor: Bool,
                                     isSelfSignedTop: @autoclosure () -> Bool,
                                     into problems: inout [(CheckName, TrustFailure.Context)])
    {
        func binds(_ rule: ProfileRule) -> Bool { rule.binds(isAnchor: isAnchor, webPKI: webPKI) }
        if isCA, binds(.caSubjectKeyIdentifierPresent), certificate.subjectKeyIdentifier == nil {
            problems.append((.webPKICompliance, .rule(.missingSKI, detail: "CA without subjectKeyIdentifier")))
        }
        guard let aki = certificate.authorityKeyIdentifierFields else {
            if !certificate.isSelfIssued, binds(.authorityKeyIdentifierPresent) {
                problems.append((.webPKICompliance, .rule(.missingAKI, detail: "missing authorityKeyIdentifier")))
            }
            return
        }
        if webPKI, binds(.authorityKeyIdentifierOnlyKeyIdentifier), aki.value?.holdsOnlyKeyIdentifier != true {
            problems.append((.webPKICompliance, .rule(.akiNotKeyIdentifierOnly, detail: "authorityKeyIdentifier must hold only a keyIdentifier")))
        }
        // Only a self-signed certificate must name its own key; a self-issued one may be a key rollover.
        if binds(.selfSignedAuthorityKeyIdentifierIsOwnKey), let keyID = certificate.authorityKeyIdentifier,
           let ski = certificate.subjectKeyIdentifier, keyID != ski, isSelfSignedTop()
        {
            problems.append((.idLinkage, .note("self-signed certificate whose authorityKeyIdentifier is not its own key")))
        }
    }

    /// The CA certificate rules; `ProfileRule` says which of them bind the anchor.
    private func checkAuthority(_ certificate: Certificate, isRoot: Bool, isAnchor: Bool,
                                into problems: inout [(CheckName, TrustFailure.Context)])
    {
        func binds(_ rule: ProfileRule) -> Bool { rule.binds(isAnchor: isAnchor, webPKI: webPKI) }
        if binds(.criticalBasicConstraints), !basicConstraintsMayBeNonCritical, let constraints = certificate.basicConstraints, !constraints.critical {
            problems.append((.basicConstraints, .note("CA basicConstraints must be critical")))
        }
        if let constraints = certificate.nameConstraints {
            if !webPKI, binds(.criticalNameConstraints), !constraints.critical {
                problems.append((.nameConstraints, .note("nameConstraints must be critical")))
            }
            if binds(.nameConstraintsHaveSubtrees), constraints.permitted.isEmpty && constraints.excluded.isEmpty {
                problems.append((.nameConstraints, .note("nameConstraints without subtrees")))
            }
        }
        if webPKI, isRoot, binds(.rootWithoutExtendedKeyUsage), certificate.extendedKeyUsage != nil {
            problems.append((.extendedKeyUsage, .note("root certificate with extendedKeyUsage")))
        }
    }

    private func checkEndEntity(_ certificate: Certificate, context: PathContext, into problems: inout [(CheckName, TrustFailure.Context)]) {
        // Present but not decoded means listed as unparseable: no search of the extensions for a leaf without one.
        if certificate.nameConstraints != nil
            || !certificate.unparseableExtensions.isEmpty && certificate.unparseableExtensions[ExtensionOID.nameConstraints] != nil
        {
            problems.append((.nameConstraints, .note("nameConstraints in an end-entity certificate")))
        }
        if let constraints = certificate.basicConstraints, constraints.isCA,
           webPKI || !(certificate.keyUsage?.contains(.keyCertSign) ?? true)
        {
            problems.append((.basicConstraintsCA, .note("end-entity certificate asserts cA")))
        }
        if let usage = certificate.keyUsage, usage.contains(.keyCertSign), webPKI || !certificate.isCA {
            problems.append((.keyUsage, .note("end-entity certificate with keyCertSign")))
        }
        // A decoded subjectAltName means the extension is there: the list is searched only for one that did
        // not decode, or to tell whether it is critical when some subjectAltName is.
        let hasSAN = certificate.subjectAlternativeNames != nil || certificate.extension(ExtensionOID.subjectAltName) != nil
        let sanIsCritical = hasSAN && Self.isCritical(ExtensionOID.subjectAltName, in: certificate)
        if certificate.subject.isEmpty, hasSAN, !sanIsCritical {
            problems.append((.nonEmptySubject, .note("empty subject needs a critical subjectAltName")))
        }
        // The subjectAltName read in place: `dnsNames` would build an array of them for this loop.
        for case .dnsName(let name) in certificate.subjectAlternativeNames ?? [] where !DNSNameSyntax.isPresentedName(name) {
            problems.append((.webPKICompliance, .rule(.malformedDNSName, detail: "malformed dNSName \(name)")))
        }
        guard webPKI else { return }
        if !hasSAN { problems.append((.webPKICompliance, .rule(.missingSubjectAltName, detail: "no subjectAltName"))) }
        if sanIsCritical, !certificate.subject.isEmpty {
            problems.append((.webPKICompliance, .rule(.criticalSubjectAltName, detail: "critical subjectAltName with a non-empty subject")))
        }
        if context.policy.isSSL {
            let purpose = context.policy.isSSLServer ? ExtendedKeyUsageOID.serverAuth : ExtendedKeyUsageOID.clientAuth
            if let eku = certificate.extension(ExtensionOID.extendedKeyUsage) {
                if eku.critical { problems.append((.extendedKeyUsage, .note("critical extendedKeyUsage"))) }
                let usages = certificate.extendedKeyUsage ?? []
                if usages.contains(ExtendedKeyUsageOID.any) { problems.append((.extendedKeyUsage, .note("anyExtendedKeyUsage"))) }
                if !usages.contains(purpose) { problems.append((.extendedKeyUsage, .note("no \(ExtendedKeyUsageOID.name(purpose))"))) }
            } else {
                problems.append((.extendedKeyUsage, .note("no extendedKeyUsage")))
            }
        }
        for commonName in certificate.commonNames where Self.misspellsASubjectAltName(commonName, certificate) {
            problems.append((.webPKICompliance, .rule(.commonNameMisspellsSubjectAltName, detail: "commonName \(commonName) misspells one of the subjectAltNames")))
        }
    }

    /// CA/B Forum 7.1.4.3 wants a subscriber commonName to repeat one SAN entry exactly. Many
    /// certificates carry an unrelated legacy CN, which is tolerated (x509-limbo's bettertls cases do);
    /// what is refused is a CN that names one of the SANs in another spelling (letter case, Unicode
    /// instead of its A-label, another IP address notation), where the CN and SAN readers would disagree.
    private static func misspellsASubjectAltName(_ commonName: String, _ certificate: Certificate) -> Bool {
        let dnsNames = certificate.dnsNames
        if dnsNames.contains(commonName) || certificate.ipAddresses.contains(where: { IPAddress.text($0) == commonName }) {
            return false
        }
        let folded = DNSNameSyntax.asciiLowercased(commonName)
        let aLabels = commonName.split(separator: ".", omittingEmptySubsequences: false).map(Punycode.aLabel)
            .joined(separator: ".")
        if dnsNames.contains(where: { DNSNameSyntax.asciiLowercased($0) == folded || $0 == aLabels }) { return true }
        // A dNSName is ASCII, so a Unicode domain name in the CN can never be a copy of one.
        if commonName.contains("."), !commonName.allSatisfy(\.isASCII) { return true }
        guard let address = IPAddress(appleLenient: commonName) ?? IPAddress(hexadecimalIPv4: commonName) else {
            return false
        }
        return certificate.ipAddresses.contains(address.bytes)
    }

    /// CA/B Forum 6.1.5 and 7.1.3: RSA of at least 2048 bits in whole bytes, ECDSA on P-256/384/521,
    /// SHA-2 signatures.
    private func checkAlgorithms(_ certificate: Certificate, into problems: inout [(CheckName, TrustFailure.Context)]) {
        let key = certificate.publicKey
        switch key.algorithm {
        case .rsa, .rsaPSS:
            if key.bits < 2048 || key.bits % 8 != 0 { problems.append((.keySize, .note("RSA \(key.bits) bits"))) }
        case .ecdsa(let curve):
            if !["P-256", "P-384", "P-521"].contains(curve) { problems.append((.keySize, .note("EC curve \(curve)"))) }
        case .ed25519, .ed448, .dsa, .other:
            problems.append((.keySize, .note("\(key.algorithm) keys are not allowed")))
        }
        if !certificate.isSelfIssued && certificate.signatureAlgorithm.hash?.isAllowedByBaselineRequirements != true {
            problems.append((.signatureHashAlgorithms, .signatureAlgorithm(certificate.signatureAlgorithm.name)))
        }
    }
}
