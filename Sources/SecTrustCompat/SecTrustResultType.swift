import TrustEvaluation

/// Apple's SecTrustResultType: the same cases and raw values (SecTrust.h).
///
/// `SecTrustEvaluateWithError` reports trust only for `.proceed` and `.unspecified`.
public enum SecTrustResultType: UInt32, Sendable, CustomStringConvertible {
    /// Not evaluated yet, or a setter invalidated the last result.
    case invalid = 0
    /// Trusted, and the user (or exceptions from SecTrustSetExceptions) said so explicitly.
    case proceed = 1
    /// Never produced (Apple deprecated it in iOS 7 / macOS 10.9).
    @available(*, deprecated)
    @available(iOS, introduced: 2.0, deprecated: 7.0)
    @available(macOS, introduced: 10.3, deprecated: 10.9)
    case confirm = 2
    /// The user or administrator distrusted a certificate of the chain.
    case deny = 3
    /// Trusted: every check passed on a chain to an anchor.
    case unspecified = 4
    /// Not trusted, but the failures could be overridden (hostname, expiry, unknown root, …).
    case recoverableTrustFailure = 5
    /// Not trusted and cannot be overridden (broken key size or signature algorithm).
    case fatalTrustFailure = 6
    /// The evaluation itself failed.
    case otherError = 7

    public var description: String { TrustResultType(rawValue: rawValue)?.name ?? "\(rawValue)" }

    init(_ result: TrustResultType) {
        self = SecTrustResultType(rawValue: result.rawValue) ?? .otherError
    }

    /// Whether SecTrustEvaluateWithError calls this result trusted.
    var isTrusted: Bool { self == .proceed || self == .unspecified }
}

// The C enumerators, as Swift imports them (older code writes `SecTrustResultType(rawValue: UInt32(kSecTrustResultUnspecified))`).
public let kSecTrustResultInvalid = Int(SecTrustResultType.invalid.rawValue)
public let kSecTrustResultProceed = Int(SecTrustResultType.proceed.rawValue)
@available(*, deprecated)
public let kSecTrustResultConfirm = 2
public let kSecTrustResultDeny = Int(SecTrustResultType.deny.rawValue)
public let kSecTrustResultUnspecified = Int(SecTrustResultType.unspecified.rawValue)
public let kSecTrustResultRecoverableTrustFailure = Int(SecTrustResultType.recoverableTrustFailure.rawValue)
public let kSecTrustResultFatalTrustFailure = Int(SecTrustResultType.fatalTrustFailure.rawValue)
public let kSecTrustResultOtherError = Int(SecTrustResultType.otherError.rawValue)
