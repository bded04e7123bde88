import FoundationEssentials
import TrustCertificates

extension TrustFailure {
    /// What a failure is about, as values: the text of `TrustFailure.detail` and the CLI's JSON are
    /// both made from these, so they cannot say different things.
    public enum Context: Sendable, Hashable {
        /// The leaf does not carry `requested`. The leaf's subjectAltName entries are listed; with no
        /// subjectAltName at all, its CNs, which are never used for host names.
        case hostname(requested: PeerName, dnsNames: [String], ipAddresses: [String], emailAddresses: [String],
                      commonNames: [String], hasSubjectAltName: Bool)
        /// `at` (the evaluation time) lies outside notBefore…notAfter.
        case validity(notBefore: Date, notAfter: Date, at: Date)
        /// The leaf is valid for `days` days, more than the `limitDays` Apple allows a leaf issued on
        /// or after `issuedOnOrAfter`.
        case validityPeriod(days: Int, limitDays: Int, issuedOnOrAfter: Date)
        /// No certificate named `issuer` (the top certificate's issuer) signed the top certificate in
        /// any of the stores `searched`. `signatureDefect`: the top's signature value cannot verify
        /// under any key.
        case missingIssuer(issuer: DistinguishedName, authorityKeyIdentifier: [UInt8]?, searched: [CertificateSource],
                           signatureDefect: String?)
        /// The path ends in a self-signed certificate that is none of the anchors in `anchors`.
        case untrustedRoot(anchors: [CertificateSource])
        /// A key below the policy's minimum size; `minimumBits` 0: a key of an algorithm the policy takes
        /// at no size (the SSL policy's Ed25519, Ed448 and DSA keys).
        case keySize(algorithm: String, bits: Int, minimumBits: Int)
        /// A key that is broken: too small for any use, of an algorithm Apple cannot use, or one no key
        /// pair can have (`defect`).
        case brokenKey(algorithm: String, bits: Int, defect: String?)
        /// The signature algorithm that is refused.
        case signatureAlgorithm(String)
        /// A web PKI rule (`WebPKICompliance`), with what broke it.
        case rule(ComplianceRule, detail: String)
        /// More intermediates than the caller allowed.
        case chainDepth(intermediates: Int, maximum: Int)
        /// The work the path search did before it stopped.
        case searchBudget(paths: Int, signatureChecks: Int)
        /// The path search reached `maximum` certificates (`SearchBudget.maximumPathLength`) at `top`
        /// (its description), whose issuer it then did not look for.
        case pathLength(maximum: Int, top: String)
        /// The extensions (OIDs) at fault.
        case extensions([String])
        /// A usable CRL lists the certificate.
        case revoked(date: Date, reason: CRLReason?)
        /// RFC 5280 policy processing failed: which policies were there and which were required.
        case policyTree(PolicyTreeFailure)
        /// Anything else, in words.
        case note(String)

        /// Expired or not yet valid, for a `.validity` context.
        public var validityPosition: ValidityWindow.Position? {
            guard case .validity(let notBefore, let notAfter, let at) = self else { return nil }
            return ValidityWindow(start: notBefore, end: notAfter).position(of: at)
        }

        /// The context in the user's terms.
        public var text: String {
            switch self {
            case .hostname(let requested, let dnsNames, let ipAddresses, let emailAddresses, let commonNames,
                           let hasSubjectAltName):
                if !hasSubjectAltName, let commonName = commonNames.first {
                    return "the certificate has no subjectAltName; its CN \(commonName) is never used for host names "
                        + "(Apple, RFC 6125), so it is not valid for \(requested)"
                }
                let names = dnsNames + ipAddresses + emailAddresses
                guard !names.isEmpty else { return "the certificate names no host, so it is not valid for \(requested)" }
                return Self.validFor(names, not: requested)
            case .validity(let notBefore, let notAfter, let at):
                switch validityPosition {
                case .notYetValid:
                    return "not yet valid: valid from \(RFC3339.string(notBefore)), evaluated at \(RFC3339.string(at))"
                default:
                    return "expired at \(RFC3339.string(notAfter)), evaluated at \(RFC3339.string(at))"
                }
            case .validityPeriod(let days, let limitDays, let issuedOnOrAfter):
                return "valid for \(days) days; a leaf issued on or after \(RFC3339.string(issuedOnOrAfter)) "
                    + "may be valid for at most \(limitDays) days"
            case .missingIssuer(let issuer, let authorityKeyIdentifier, let searched, let signatureDefect):
                if let signatureDefect { return signatureDefect }
                let key = authorityKeyIdentifier.map { " with key identifier \(Self.hex($0))" } ?? ""
                return "no issuer \u{201C}\(issuer.rfc4514)\u{201D}\(key) found among "
                    + Self.list(searched.map(Self.storeName))
            case .untrustedRoot(let anchors):
                guard !anchors.isEmpty else { return "self-signed, and no anchors are in use" }
                return "self-signed, and not among " + Self.list(anchors.map(Self.storeName))
            case .keySize(let algorithm, let bits, let minimumBits):
                // Apple's SSL policy lists minimum sizes for RSA and EC only (SecPolicy.c,
                // SecPolicyAddStrongKeySizeOptions); SecCertificateIsAtLeastMinKeySize fails a key whose
                // type has no entry, Ed25519 and Ed448 included, whatever its size.
                guard minimumBits > 0 else { return "the SSL policy takes no \(algorithm) keys, of any size (only RSA and EC)" }
                return "\(algorithm) \(bits) bits, at least \(minimumBits) needed"
            case .brokenKey(let algorithm, let bits, let defect):
                return defect ?? "\(algorithm) \(bits) bits"
            case .signatureAlgorithm(let name):
                return name
            case .rule(_, let detail):
                return detail
            case .chainDepth(let intermediates, let maximum):
                return "\(intermediates) intermediates, at most \(maximum) allowed"
            case .searchBudget(let paths, let signatureChecks):
                return "\(paths) paths, \(signatureChecks) signature checks"
            case .pathLength(let maximum, let top):
                return "the path reached the search budget's limit of \(maximum) certificates "
                    + "(SearchBudget.maximumPathLength) at \u{201C}\(top)\u{201D}; its issuer was not looked for"
            case .extensions(let oids):
                return oids.joined(separator: ", ")
            case .revoked(let date, let reason):
                return "revoked \(RFC3339.string(date)), " + (reason.map { "reason \($0)" } ?? "no reason given")
            case .policyTree(let failure):
                return failure.description
            case .note(let text):
                return text
            }
        }

        /// The context as a sentence of its own, for a headline that names no certificate before it:
        /// `text`, with the subject a host name mismatch's "valid for …" leaves out.
        var standaloneText: String {
            if case .hostname(let requested, let dnsNames, let ipAddresses, let emailAddresses, _, _) = self {
                let names = dnsNames + ipAddresses + emailAddresses
                let plain = Self.validFor(names, not: requested)
                if text == plain { return "the certificate is " + plain }
            }
            return text
        }

        private static func validFor(_ names: [String], not requested: PeerName) -> String {
            "valid for \(names.joined(separator: ", ")), not \(requested)"
        }

        /// How the text names a store that was searched.
        static func storeName(_ source: CertificateSource) -> String {
            switch source {
            case .presented: return "the presented certificates"
            case .anchor: return "the custom anchors"
            case .system: return "the system store"
            }
        }

        private static func list(_ items: [String]) -> String {
            switch items.count {
            case 0: return "nothing"
            case 1: return items[0]
            default: return items.dropLast().joined(separator: ", ") + " or " + items[items.count - 1]
            }
        }

        static func hex(_ bytes: [UInt8]) -> String {
            bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined(separator: ":")
        }
    }
}
