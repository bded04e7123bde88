import TrustEvaluation

/// A PKITS case's expected failure, as pyhanko words it: `{"class": "RevokedError", "msg_regex": "..."}`.
public struct PKITSExpectedError: Decodable, Sendable, Hashable {
    /// pyhanko's exception class: PathValidationError, RevokedError, InsufficientRevinfoError, StaleRevinfoError.
    public var errorClass: String
    /// pyhanko's message (a regular expression).
    public var message: String

    enum CodingKeys: String, CodingKey {
        case errorClass = "class", message = "msg_regex"
    }

    public init(errorClass: String, message: String) {
        self.errorClass = errorClass
        self.message = message
    }

    /// The TrustCheck checks that report this failure, or nil when pyhanko's wording maps to none
    /// (the check is then not compared). Where the engine finds no path at all (a bad signature, an
    /// issuer name that matches nothing) the path ends untrusted: AnchorTrusted or MissingIntermediate.
    public var checks: Set<CheckName>? {
        switch errorClass {
        case "RevokedError": return [.revocation]
        case "InsufficientRevinfoError", "StaleRevinfoError": return [.revocationResponseRequired]
        default: break
        }
        let rules: [(phrase: String, checks: Set<CheckName>)] = [
            ("no valid set of policies", [.policyConstraints]),
            ("policy mapping for the \"any policy\"", [.policyConstraints]),
            ("namespace of the issuing authority", [.nameConstraints]),
            ("maximum path length", [.basicConstraintsPathLen]),
            ("is not a CA", [.basicConstraintsCA, .basicConstraints]),
            ("not allowed to sign certificates", [.keyUsage]),
            ("expired", [.temporalValidity]),
            ("is not valid until", [.temporalValidity]),
            ("unsupported critical extension", [.criticalExtensions]),
            ("could not be verified", [.anchorTrusted, .missingIntermediate]),
            ("issuer name could not be matched", [.anchorTrusted, .missingIntermediate]),
        ]
        return rules.first { message.contains($0.phrase) }?.checks
    }
}
