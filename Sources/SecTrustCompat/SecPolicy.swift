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

    /// Wraps an engine policy as it is: its own profile (webpki or rfc5280 as well as Apple's) and
    /// requirements SecPolicyCreate… cannot express, such as `maximumIntermediates`. It is never a
    /// revocation policy, and SecPolicyCopyProperties reports no kSecPolicyName for it, even for an SSL
    /// policy with peer names (only SecPolicyCreateSSL records the hostname).
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

    /// Which policy this is, for logs: `<SecPolicyRef: basicX509>`, `<SecPolicyRef: sslServer example.com>`
    /// (`sslClient` for a client), or `<SecPolicyRef: revocation flags 8>`.
    public var description: String {
        if let revocation { return "<SecPolicyRef: revocation flags \(revocation.flags)>" }
        switch policy.kind {
        case .basicX509: return "<SecPolicyRef: basicX509>"
        case .ssl(let server):
            return "<SecPolicyRef: \(server ? "sslServer" : "sslClient")\(hostname.map { " \($0)" } ?? "")>"
        }
    }
}

/// `kSecPolicyAppleX509Basic` (1.2.840.113635.100.1.2): the OID of Apple's basic X.509 policy,
/// what SecPolicyCopyProperties reports for SecPolicyCreateBasicX509.
public let kSecPolicyAppleX509Basic: CFString = "1.2.840.113635.100.1.2"
/// `kSecPolicyAppleSSL` (1.2.840.113635.100.1.3): the OID of Apple's SSL policy, what
/// SecPolicyCopyProperties reports for SecPolicyCreateSSL, server and client alike.
public let kSecPolicyAppleSSL: CFString = "1.2.840.113635.100.1.3"
/// `kSecPolicyAppleRevocation` (1.2.840.113635.100.1.21): the OID of Apple's revocation policy, what
/// SecPolicyCopyProperties reports for SecPolicyCreateRevocation.
public let kSecPolicyAppleRevocation: CFString = "1.2.840.113635.100.1.21"
/// `kSecPolicyOid`: the SecPolicyCopyProperties key of the policy's OID (kSecPolicyApple…).
public let kSecPolicyOid: CFString = "SecPolicyOid"
/// `kSecPolicyName`: the SecPolicyCopyProperties key of the name the policy checks, the hostname given
/// to SecPolicyCreateSSL; absent when there is none.
public let kSecPolicyName: CFString = "SecPolicyName"
/// `kSecPolicyClient`: the SecPolicyCopyProperties key that is true for an SSL client policy
/// (`SecPolicyCreateSSL(false, …)`); absent otherwise.
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
/// `kSecRevocationOCSPMethod` (1): check revocation with OCSP. Accepted and kept; TrustCheck sends
/// no OCSP request.
public let kSecRevocationOCSPMethod: CFOptionFlags = 1 << 0
/// `kSecRevocationCRLMethod` (2): check revocation with CRLs. Accepted and kept; TrustCheck downloads
/// no CRL.
public let kSecRevocationCRLMethod: CFOptionFlags = 1 << 1
/// `kSecRevocationPreferCRL` (4): try CRLs before OCSP when both methods are allowed. Accepted and
/// kept; changes nothing here.
public let kSecRevocationPreferCRL: CFOptionFlags = 1 << 2
/// `kSecRevocationRequirePositiveResponse` (8): fail unless every certificate gets a revocation
/// answer. Since TrustCheck gets none, every certificate below the top of the chain fails
/// RevocationResponseRequired (``errSecIncompleteCertRevocationCheck``, recoverable).
public let kSecRevocationRequirePositiveResponse: CFOptionFlags = 1 << 3
/// `kSecRevocationNetworkAccessDisabled` (16): check revocation without the network. The revocation
/// policy's NoNetworkAccess follows this flag (without it, false: fetching back on, as on Apple), which
/// SecTrustGetNetworkFetchAllowed reports; TrustCheck never uses the network either way.
public let kSecRevocationNetworkAccessDisabled: CFOptionFlags = 1 << 4
/// `kSecRevocationUseAnyAvailableMethod` (3): OCSP or CRL, whichever is available.
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
