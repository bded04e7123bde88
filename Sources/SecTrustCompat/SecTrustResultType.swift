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

    /// The case name, e.g. `recoverableTrustFailure`.
    public var description: String { TrustResultType(rawValue: rawValue)?.name ?? "\(rawValue)" }

    init(_ result: TrustResultType) {
        self = SecTrustResultType(rawValue: result.rawValue) ?? .otherError
    }

    /// Whether SecTrustEvaluateWithError calls this result trusted.
    var isTrusted: Bool { self == .proceed || self == .unspecified }
}

// The C enumerators, as Swift imports them (older code writes `SecTrustResultType(rawValue: UInt32(kSecTrustResultUnspecified))`).
/// `kSecTrustResultInvalid` (0), the C name of ``SecTrustResultType/invalid``: not evaluated yet, or
/// invalidated by a setter.
public let kSecTrustResultInvalid = Int(SecTrustResultType.invalid.rawValue)
/// `kSecTrustResultProceed` (1), the C name of ``SecTrustResultType/proceed``: trusted, with
/// exceptions set (TrustCheck has no user trust settings, the other way to get it on Apple platforms).
public let kSecTrustResultProceed = Int(SecTrustResultType.proceed.rawValue)
/// `kSecTrustResultConfirm` (2): never produced; deprecated, as on Apple platforms.
@available(*, deprecated)
public let kSecTrustResultConfirm = 2
/// `kSecTrustResultDeny` (3), the C name of ``SecTrustResultType/deny``: a user or administrator
/// distrusted a certificate. Never produced here: Linux has no trust settings.
public let kSecTrustResultDeny = Int(SecTrustResultType.deny.rawValue)
/// `kSecTrustResultUnspecified` (4), the C name of ``SecTrustResultType/unspecified``: trusted,
/// every check passed on a chain to an anchor.
public let kSecTrustResultUnspecified = Int(SecTrustResultType.unspecified.rawValue)
/// `kSecTrustResultRecoverableTrustFailure` (5), the C name of
/// ``SecTrustResultType/recoverableTrustFailure``: untrusted, but exceptions could override it.
public let kSecTrustResultRecoverableTrustFailure = Int(SecTrustResultType.recoverableTrustFailure.rawValue)
/// `kSecTrustResultFatalTrustFailure` (6), the C name of ``SecTrustResultType/fatalTrustFailure``:
/// untrusted, and no exception can override it (broken key size or signature algorithm).
public let kSecTrustResultFatalTrustFailure = Int(SecTrustResultType.fatalTrustFailure.rawValue)
/// `kSecTrustResultOtherError` (7), the C name of ``SecTrustResultType/otherError``: the
/// evaluation itself failed.
public let kSecTrustResultOtherError = Int(SecTrustResultType.otherError.rawValue)
