import FoundationEssentials
import TrustCertificates
import TrustEvaluation

/// Alamofire's `AFError.ServerTrustFailureReason` (5.12.0), case by case, with TrustCheck's types where
/// Alamofire has Security's: an evaluation result for a `SecTrust`, `Certificate` for `SecCertificate`,
/// `PublicKeyInfo` for `SecKey`, `TrustPolicy` for `SecPolicy`, an `Int32` OSStatus.
///
/// Alamofire raises `.defaultEvaluationFailed`, `.hostValidationFailed` and `.revocationCheckFailed` only
/// before iOS 12 / macOS 10.14; since then every failed SecTrust evaluation is `.trustEvaluationFailed`,
/// and TrustCheck's evaluators follow the current path, so they raise `.trustEvaluationFailed` too.
/// `.policyApplicationFailed` and `.settingAnchorCertificatesFailed` report a SecTrust setter refusing its
/// argument (a NULL or non-certificate), which typed values cannot be. Those five stay so that code
/// switching over Alamofire's reasons ports unchanged, and so that custom evaluators can raise them.
public enum ServerTrustError: Error, LocalizedError, Sendable, CustomStringConvertible {
    /// `ServerTrustManager` has no evaluator for `host` and all hosts must be evaluated.
    case noRequiredEvaluator(host: String)
    /// `PinnedCertificatesTrustEvaluator` was given no certificates.
    case noCertificatesFound
    /// `PublicKeysTrustEvaluator` was given no key a SecKey can hold.
    case noPublicKeysFound
    /// SecTrustSetPolicies failed.
    case policyApplicationFailed(trust: ServerTrust, policy: TrustPolicy, status: Int32)
    /// SecTrustSetAnchorCertificates failed.
    case settingAnchorCertificatesFailed(status: Int32, certificates: [Certificate])
    /// SecPolicyCreateRevocation refused the options: none, or bits Apple does not define.
    case revocationPolicyCreationFailed
    /// An evaluation (default, host or revocation) did not trust the chain.
    case trustEvaluationFailed(error: ServerTrustEvaluationFailure)
    /// Default validation failed (Alamofire before iOS 12).
    case defaultEvaluationFailed(output: ServerTrustOutput)
    /// Host validation failed (Alamofire before iOS 12).
    case hostValidationFailed(output: ServerTrustOutput)
    /// The revocation check failed (Alamofire before iOS 12).
    case revocationCheckFailed(output: ServerTrustOutput, options: RevocationTrustEvaluator.Options)
    /// None of the pinned certificates is on the built chain.
    case certificatePinningFailed(host: String, trust: TrustEvaluationResult, pinnedCertificates: [Certificate],
                                  serverCertificates: [Certificate])
    /// None of the pinned keys is a key of the built chain.
    case publicKeyPinningFailed(host: String, trust: TrustEvaluationResult, pinnedKeys: [PublicKeyInfo],
                                serverKeys: [PublicKeyInfo])
    /// A custom evaluator failed for a reason of its own.
    case customEvaluationFailed(error: any Error)

    /// A stable identifier: the case's name, e.g. `certificatePinningFailed`.
    public var code: String {
        switch self {
        case .noRequiredEvaluator: return "noRequiredEvaluator"
        case .noCertificatesFound: return "noCertificatesFound"
        case .noPublicKeysFound: return "noPublicKeysFound"
        case .policyApplicationFailed: return "policyApplicationFailed"
        case .settingAnchorCertificatesFailed: return "settingAnchorCertificatesFailed"
        case .revocationPolicyCreationFailed: return "revocationPolicyCreationFailed"
        case .trustEvaluationFailed: return "trustEvaluationFailed"
        case .defaultEvaluationFailed: return "defaultEvaluationFailed"
        case .hostValidationFailed: return "hostValidationFailed"
        case .revocationCheckFailed: return "revocationCheckFailed"
        case .certificatePinningFailed: return "certificatePinningFailed"
        case .publicKeyPinningFailed: return "publicKeyPinningFailed"
        case .customEvaluationFailed: return "customEvaluationFailed"
        }
    }

    /// Apple's OSStatus behind the failure, where there is one.
    public var status: Int32? {
        switch self {
        case .policyApplicationFailed(_, _, let status), .settingAnchorCertificatesFailed(let status, _): return status
        case .trustEvaluationFailed(let error): return error.code
        case .defaultEvaluationFailed(let output), .hostValidationFailed(let output), .revocationCheckFailed(let output, _):
            return output.status
        default: return nil
        }
    }

    /// Alamofire's `underlyingError`: the evaluation's error, or a custom evaluator's.
    public var underlyingError: (any Error)? {
        switch self {
        case .trustEvaluationFailed(let error): return error
        case .customEvaluationFailed(let error): return error
        default: return nil
        }
    }

    /// Alamofire's message for the reason.
    public var errorDescription: String? {
        switch self {
        case .noRequiredEvaluator(let host):
            return "A ServerTrustEvaluating value is required for host \(host) but none was found."
        case .noCertificatesFound: return "No certificates were found or provided for evaluation."
        case .noPublicKeysFound: return "No public keys were found or provided for evaluation."
        case .policyApplicationFailed: return "Attempting to set a SecPolicy failed."
        case .settingAnchorCertificatesFailed: return "Attempting to set the provided certificates as anchor certificates failed."
        case .revocationPolicyCreationFailed: return "Attempting to create a revocation policy failed."
        case .trustEvaluationFailed(let error): return "SecTrust evaluation failed with error: \(error.message)"
        case .defaultEvaluationFailed(let output): return "Default evaluation failed for host \(output.host)."
        case .hostValidationFailed(let output): return "Host validation failed for host \(output.host)."
        case .revocationCheckFailed(let output, _): return "Revocation check failed for host \(output.host)."
        case .certificatePinningFailed(let host, _, _, _): return "Certificate pinning failed for host \(host)."
        case .publicKeyPinningFailed(let host, _, _, _): return "Public key pinning failed for host \(host)."
        case .customEvaluationFailed(let error):
            return "Custom trust evaluation failed with error: \(ErrorReason.text(error))"
        }
    }

    /// `<code>: <message>`.
    public var description: String { "\(code): \(errorDescription ?? "")" }
}
