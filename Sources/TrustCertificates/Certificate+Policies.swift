/// The policy extensions the RFC 5280 policy tree reads (§4.2.1.5, §4.2.1.11, §4.2.1.14), decoded by
/// TrustCheck from the extension's DER. They are profile values: a malformed one is a finding of the
/// profiles that run the tree (it makes the path fail there), not a reason to refuse the certificate
/// under a profile that never reads it. A duplicated extension is decoded from its first copy.
///
/// These are computed on each access (Certificate's stored properties are set once, at load, in
/// Certificate.swift); the values are a few dozen bytes and the tree reads each once per path.
extension Certificate {
    /// policyMappings; nil when the extension is absent.
    public var policyMappings: DecodedExtension<PolicyMappings>? {
        decodedPolicyExtension(ExtensionOID.policyMappings, PolicyMappings.init(der:))
    }

    /// policyConstraints; nil when the extension is absent.
    public var policyConstraints: DecodedExtension<PolicyConstraints>? {
        decodedPolicyExtension(ExtensionOID.policyConstraints, PolicyConstraints.init(der:))
    }

    /// inhibitAnyPolicy; nil when the extension is absent.
    public var inhibitAnyPolicy: DecodedExtension<InhibitAnyPolicy>? {
        decodedPolicyExtension(ExtensionOID.inhibitAnyPolicy, InhibitAnyPolicy.init(der:))
    }

    private func decodedPolicyExtension<T>(_ oid: String, _ decode: @escaping ([UInt8]) throws -> T) -> DecodedExtension<T>? {
        self.extension(oid).map { found in DecodedExtension { try decode(found.value) } }
    }
}
