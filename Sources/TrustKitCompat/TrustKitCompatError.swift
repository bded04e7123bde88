import Foundation
import Pinning

/// Why a configuration cannot make a `TrustKit` instance: the reasons TrustKit raises
/// `TrustKit configuration invalid` for. The public initialisers stop the process with ``trustKitReason``.
struct TrustKitCompatError: Error, LocalizedError {
    enum Kind {
        /// `parseTrustKitConfiguration` refused it (or a value has a type TrustKit would crash on).
        case configuration(TrustKitConfigurationError)
        /// `kTSKSwizzleNetworkDelegates` on an instance that is not the shared one.
        case swizzlingOutsideSharedInstance
    }

    let kind: Kind

    init(configuration error: TrustKitConfigurationError) { kind = .configuration(error) }
    private init(kind: Kind) { self.kind = kind }

    static let swizzlingOutsideSharedInstance = TrustKitCompatError(kind: .swizzlingOutsideSharedInstance)

    /// TrustKit's exception reason, verbatim where TrustKit has one; otherwise what is wrong, in words.
    var trustKitReason: String {
        switch kind {
        case .configuration(let error): error.trustKitMessage ?? error.description
        case .swizzlingOutsideSharedInstance: "Cannot use TSKSwizzleNetworkDelegates outside the TrustKit sharedInstance"
        }
    }

    var errorDescription: String? { "TrustKit configuration invalid: \(trustKitReason)" }
}
