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
public typealias CFIndex = Int
public typealias CFAbsoluteTime = Double
public typealias CFTimeInterval = Double
public typealias CFErrorDomain = String

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
public let kCFErrorLocalizedDescriptionKey: CFString = "NSLocalizedDescription"
public let kCFErrorUnderlyingErrorKey: CFString = "NSUnderlyingError"
/// The key Apple's SecError puts its (unlocalised) message under.
public let kCFErrorDescriptionKey: CFString = "NSDescription"

@discardableResult
public func CFErrorGetCode(_ err: CFError) -> CFIndex { err.code }

@discardableResult
public func CFErrorGetDomain(_ err: CFError) -> CFErrorDomain { err.domain }

@discardableResult
public func CFErrorCopyDescription(_ err: CFError) -> CFString { err.localizedDescription }

@discardableResult
public func CFErrorCopyUserInfo(_ err: CFError) -> CFDictionary {
    var userInfo: CFDictionary = [:]
    for (key, value) in err.userInfo { userInfo[key] = value }
    return userInfo
}
