import Foundation

// MARK: - How Apple-style CF casts compile on Linux
//
// swift-corelibs-foundation on Linux (Swift 6.x) does not re-export CoreFoundation from `import Foundation`:
// `CFArray`, `CFData`, `CFString`, `CFError`, `CFDate`, `CFDictionary`, `CFTypeRef`, `CFIndex`, `OSStatus`
// are all unknown names. `import CoreFoundation` works, but its types have no `as` bridging on Linux
// (`[x] as CFArray`, `data as CFData`, `"s" as CFString` are all "not convertible" errors there).
//
// So SecTrustCompat declares the CF names itself, as aliases of the Swift types they bridge to on Apple
// platforms. Every cast iOS code writes is then an ordinary coercion that compiles unchanged:
//
//   certificates as CFArray     [SecCertificate] → [Any]             (upcast)
//   data as CFData              Data → Data                          (identity)
//   hostname as CFString        String → String                      (identity)
//   date as CFDate              Date → Date                          (identity)
//   attributes as CFDictionary  [String: Any] → [AnyHashable: Any]   (upcast)
//   … as Data? / as String? / as? [SecCertificate] / as? [String: Any]   back again, as on Apple
//   var error: CFError?         NSError (an Error, so `error as Error?`, `throw error!.takeRetainedValue()`
//                               and `Unmanaged<CFError>` all work)
//
// Limitation: a file that also writes `import CoreFoundation` sees two `CFArray`s and gets "ambiguous for type
// lookup" errors (Swift does not let one module's typealias shadow a C-imported type from another). Apple
// code rarely imports CoreFoundation explicitly; drop that import when porting. These aliases are meant for
// Linux; on Apple platforms use the real Security framework.

/// Apple's CFArray; a Swift array of anything (the Linux stand-in for the toll-free bridged NSArray).
public typealias CFArray = [Any]
/// Apple's CFData, bridged to Data.
public typealias CFData = Data
/// Apple's CFString, bridged to String.
public typealias CFString = String
/// Apple's CFDate, bridged to Date.
public typealias CFDate = Date
/// Apple's CFDictionary, bridged to a dictionary of anything.
public typealias CFDictionary = [AnyHashable: Any]
/// Apple's CFError, bridged to NSError.
public typealias CFError = NSError
/// Apple's CFTypeRef. `Any` rather than `AnyObject` so that `[SecCertificate] as CFArray` (a Swift array, not
/// an object on Linux) can be passed where Apple's signatures take a CFTypeRef.
public typealias CFTypeRef = Any
/// Apple's CFIndex (`signed long`, imported as Int): the counts and indexes of CF collections, as in
/// SecTrustGetCertificateCount and CFArrayGetValueAtIndex.
public typealias CFIndex = Int
/// Apple's CFAbsoluteTime: seconds since 2001-01-01T00:00:00Z, Apple's reference date (what
/// SecTrustGetVerifyTime returns).
public typealias CFAbsoluteTime = Double
/// Apple's CFTimeInterval: a duration in seconds.
public typealias CFTimeInterval = Double
/// Apple's CFErrorDomain: the domain string of a CFError, e.g. ``kCFErrorDomainOSStatus``.
public typealias CFErrorDomain = String
/// Apple's CFTypeID (`unsigned long`): see CFGetTypeID.
public typealias CFTypeID = UInt
/// Apple's CFOptionFlags (`unsigned long`), e.g. the kSecRevocation… flags.
public typealias CFOptionFlags = UInt

/// Apple's CFAllocator. Allocators mean nothing here: pass `nil` or `kCFAllocatorDefault`.
public final class CFAllocator: Sendable {
    private init() {}
}

/// Apple's default allocator (NULL in C).
public let kCFAllocatorDefault: CFAllocator? = nil

/// Seconds between 1970-01-01 and 2001-01-01, Apple's reference date.
public let kCFAbsoluteTimeIntervalSince1970: CFTimeInterval = Date.timeIntervalBetween1970AndReferenceDate

/// Now, as seconds since 2001-01-01T00:00:00Z.
@discardableResult
public func CFAbsoluteTimeGetCurrent() -> CFAbsoluteTime {
    Date().timeIntervalSinceReferenceDate
}

// MARK: - CFError

/// Apple's kCFErrorDomainOSStatus, the domain of every error SecTrustCompat creates.
public let kCFErrorDomainOSStatus: CFErrorDomain = "NSOSStatusErrorDomain"
/// Apple's kCFErrorLocalizedDescriptionKey (`NSLocalizedDescription`): the message meant for people. A
/// trust error has Apple's simple message there (`“example.com” certificate is not trusted`); SecKey
/// errors have the text Apple's CFError composes from ``kCFErrorDescriptionKey``.
public let kCFErrorLocalizedDescriptionKey: CFString = "NSLocalizedDescription"
/// Apple's kCFErrorUnderlyingErrorKey (`NSUnderlyingError`): the error behind this one. A trust error's
/// underlying error has the same domain and code and describes every failure, certificate by
/// certificate (`Certificate 0 “…” has errors: …;`).
public let kCFErrorUnderlyingErrorKey: CFString = "NSUnderlyingError"
/// The key Apple's SecError puts its (unlocalised) message under.
public let kCFErrorDescriptionKey: CFString = "NSDescription"

// CFError.h is CF_IMPLICIT_BRIDGING_ENABLED but not nullability-audited, so Swift imports its functions with
// implicitly unwrapped parameters and results (`func CFErrorGetDomain(_ err: CFError!) -> CFErrorDomain!`), and,
// like every C function without warn_unused_result, as discardable. Hence `if let domain = CFErrorGetDomain(e)`
// and `CFErrorGetCode(optionalError)` compile. Passing nil is undefined behaviour on Apple (CF asserts); here it
// gives nil, or 0 for the code.

/// The error's code (`CFError!` parameter, as Apple imports it).
@discardableResult
public func CFErrorGetCode(_ err: CFError!) -> CFIndex { err?.code ?? 0 }

/// The error's domain; `CFErrorDomain!` as Apple imports it.
@discardableResult
public func CFErrorGetDomain(_ err: CFError!) -> CFErrorDomain! { err?.domain }

/// The localized description (never nil for an error, as on Apple).
@discardableResult
public func CFErrorCopyDescription(_ err: CFError!) -> CFString! { err?.localizedDescription }

/// The user info dictionary (empty, never nil, for an error without one).
@discardableResult
public func CFErrorCopyUserInfo(_ err: CFError!) -> CFDictionary! {
    guard let err else { return nil }
    var userInfo: CFDictionary = [:]
    for (key, value) in err.userInfo { userInfo[key] = value }
    return userInfo
}
