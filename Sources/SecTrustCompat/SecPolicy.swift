import Foundation
import TrustEvaluation

/// Apple's SecPolicy: what a certificate chain must be good for. Immutable.
public final class SecPolicy: Sendable, CustomStringConvertible {
    /// The engine's policy, with the Apple profile. For a revocation policy (SecPolicyCreateRevocation), which
    /// adds a requirement to the other policies rather than checks of its own, this is BasicX509: the rules
    /// Apple applies to a chain whatever the policy.
    public let policy: TrustPolicy
    /// The hostname given to SecPolicyCreateSSL, as given (kSecPolicyName).
    let hostname: String?
    /// Set for a revocation policy only.
    let revocation: RevocationRequirement?

    public convenience init(policy: TrustPolicy) {
        self.init(policy: policy, hostname: nil)
    }

    init(policy: TrustPolicy, hostname: String? = nil, revocation: RevocationRequirement? = nil) {
        self.policy = policy
        self.hostname = hostname
        self.revocation = revocation
    }

    /// kSecPolicyOid as SecPolicyCopyProperties reports it.
    var oid: String {
        if revocation != nil { return kSecPolicyAppleRevocation }
        switch policy.kind {
        case .basicX509: return kSecPolicyAppleX509Basic
        case .ssl: return kSecPolicyAppleSSL
        }
    }

    /// Apple's NoNetworkAccess option: true for BasicX509, the NetworkAccessDisabled flag for a revocation
    /// policy, absent (nil) for SSL. The last policy that has it decides (SecTrustGetNetworkFetchAllowed).
    var noNetworkAccess: Bool? {
        if let revocation { return revocation.noNetworkAccess }
        return policy.kind == .basicX509 ? true : nil
    }

    public var description: String {
        if let revocation { return "<SecPolicyRef: revocation flags \(revocation.flags)>" }
        switch policy.kind {
        case .basicX509: return "<SecPolicyRef: basicX509>"
        case .ssl(let server):
            return "<SecPolicyRef: \(server ? "sslServer" : "sslClient")\(hostname.map { " \($0)" } ?? "")>"
        }
    }
}

public let kSecPolicyAppleX509Basic: CFString = "1.2.840.113635.100.1.2"
public let kSecPolicyAppleSSL: CFString = "1.2.840.113635.100.1.3"
public let kSecPolicyAppleRevocation: CFString = "1.2.840.113635.100.1.21"
public let kSecPolicyOid: CFString = "SecPolicyOid"
public let kSecPolicyName: CFString = "SecPolicyName"
public let kSecPolicyClient: CFString = "SecPolicyClient"

/// A policy for TLS: `server` true to evaluate a server's certificate (serverAuth), false for a client's.
/// `hostname` nil means no name check, as on Apple platforms. Uses the engine's Apple profile.
@discardableResult
public func SecPolicyCreateSSL(_ server: Bool, _ hostname: CFString?) -> SecPolicy {
    SecPolicy(policy: .ssl(server: server, hostname: hostname, profile: .apple), hostname: hostname)
}

/// The basic X.509 policy: structure, validity and key strength; no name or usage checks.
@discardableResult
public func SecPolicyCreateBasicX509() -> SecPolicy {
    SecPolicy(policy: .basicX509(profile: .apple))
}

// SecPolicyCreateRevocation's flags (SecPolicy.h), `CFOptionFlags` constants as Swift imports the anonymous
// CF_ENUM(CFOptionFlags).
public let kSecRevocationOCSPMethod: CFOptionFlags = 1 << 0
public let kSecRevocationCRLMethod: CFOptionFlags = 1 << 1
public let kSecRevocationPreferCRL: CFOptionFlags = 1 << 2
public let kSecRevocationRequirePositiveResponse: CFOptionFlags = 1 << 3
public let kSecRevocationNetworkAccessDisabled: CFOptionFlags = 1 << 4
public let kSecRevocationUseAnyAvailableMethod: CFOptionFlags = kSecRevocationOCSPMethod | kSecRevocationCRLMethod

/// A revocation policy, to evaluate together with an SSL or BasicX509 policy; nil for flags Apple refuses
/// (0, or bits above 6). Nothing is ever fetched, so only `kSecRevocationRequirePositiveResponse` changes a
/// verdict: see RevocationRequirement.
@discardableResult
public func SecPolicyCreateRevocation(_ revocationFlags: CFOptionFlags) -> SecPolicy? {
    RevocationRequirement(flags: revocationFlags).map {
        SecPolicy(policy: .basicX509(profile: .apple), revocation: $0)
    }
}

/// `kSecPolicyOid` (the SSL policy reports kSecPolicyAppleSSL for both directions), `kSecPolicyName` (the
/// hostname, when there is one) and `kSecPolicyClient` (true for a client SSL policy); a revocation policy
/// reports only its OID, kSecPolicyAppleRevocation.
@discardableResult
public func SecPolicyCopyProperties(_ policyRef: SecPolicy) -> CFDictionary? {
    var properties: CFDictionary = [kSecPolicyOid: policyRef.oid]
    if let hostname = policyRef.hostname { properties[kSecPolicyName] = hostname }
    if policyRef.revocation == nil, case .ssl(server: false) = policyRef.policy.kind {
        properties[kSecPolicyClient] = true
    }
    return properties
}
