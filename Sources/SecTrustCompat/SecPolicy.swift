import Foundation
import TrustEvaluation

/// Apple's SecPolicy: what a certificate chain must be good for. Immutable.
public final class SecPolicy: Sendable, CustomStringConvertible {
    /// The engine's policy, with the Apple profile.
    public let policy: TrustPolicy
    /// The hostname given to SecPolicyCreateSSL, as given (kSecPolicyName).
    let hostname: String?

    public convenience init(policy: TrustPolicy) {
        self.init(policy: policy, hostname: nil)
    }

    init(policy: TrustPolicy, hostname: String?) {
        self.policy = policy
        self.hostname = hostname
    }

    /// kSecPolicyOid as SecPolicyCopyProperties reports it.
    var oid: String {
        switch policy.kind {
        case .basicX509: return kSecPolicyAppleX509Basic
        case .ssl: return kSecPolicyAppleSSL
        }
    }

    public var description: String {
        switch policy.kind {
        case .basicX509: return "<SecPolicyRef: basicX509>"
        case .ssl(let server):
            return "<SecPolicyRef: \(server ? "sslServer" : "sslClient")\(hostname.map { " \($0)" } ?? "")>"
        }
    }
}

public let kSecPolicyAppleX509Basic: CFString = "1.2.840.113635.100.1.2"
public let kSecPolicyAppleSSL: CFString = "1.2.840.113635.100.1.3"
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

/// `kSecPolicyOid` (the SSL policy reports kSecPolicyAppleSSL for both directions), `kSecPolicyName` (the
/// hostname, when there is one) and `kSecPolicyClient` (true for a client SSL policy).
@discardableResult
public func SecPolicyCopyProperties(_ policyRef: SecPolicy) -> CFDictionary? {
    var properties: CFDictionary = [kSecPolicyOid: policyRef.oid]
    if let hostname = policyRef.hostname { properties[kSecPolicyName] = hostname }
    if case .ssl(server: false) = policyRef.policy.kind { properties[kSecPolicyClient] = true }
    return properties
}
