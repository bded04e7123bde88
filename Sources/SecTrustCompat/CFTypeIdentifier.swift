import Foundation

/// The CFTypeIDs CFGetTypeID reports, one per type iOS code compares against
/// (`CFGetTypeID(value) == SecCertificateGetTypeID()`). Apple assigns them at run time and says they "might
/// change from release to release"; here they are fixed, distinct and non-zero, 0 being Apple's
/// `_kCFRuntimeNotATypeID`.
enum CFTypeIdentifier: CFTypeID, CaseIterable {
    case notAType = 0
    case array = 1, boolean, data, date, dictionary, error, number, string
    case certificate = 100, policy, trust, key

    /// The type of a value as Apple would see it once bridged to a CF object.
    init(of value: Any) {
        switch value {
        case is SecCertificate: self = .certificate
        case is SecPolicy: self = .policy
        case is SecTrust: self = .trust
        case is SecKey: self = .key
        case is NSError: self = .error
        // Bool before NSNumber: Swift's true bridges to kCFBooleanTrue, not to a CFNumber.
        case is Bool: self = .boolean
        case is NSNumber, is any BinaryInteger, is any BinaryFloatingPoint: self = .number
        case is String: self = .string
        case is Data: self = .data
        case is Date: self = .date
        case is [Any]: self = .array
        case is [AnyHashable: Any]: self = .dictionary
        default: self = .notAType
        }
    }
}

/// The CFTypeID of `cf` (CFTypeRef! as Apple imports it); 0 for nil or a value with no CF counterpart.
@discardableResult
public func CFGetTypeID(_ cf: CFTypeRef!) -> CFTypeID {
    guard let cf else { return CFTypeIdentifier.notAType.rawValue }
    return CFTypeIdentifier(of: cf).rawValue
}

/// The CFTypeID ``CFGetTypeID(_:)`` reports for a CFArray, which here is any Swift array.
@discardableResult
public func CFArrayGetTypeID() -> CFTypeID { CFTypeIdentifier.array.rawValue }
/// The CFTypeID ``CFGetTypeID(_:)`` reports for a CFBoolean: a Swift `Bool` (kCFBooleanTrue or
/// kCFBooleanFalse on Apple platforms).
@discardableResult
public func CFBooleanGetTypeID() -> CFTypeID { CFTypeIdentifier.boolean.rawValue }
/// The CFTypeID ``CFGetTypeID(_:)`` reports for CFData (`Data`).
@discardableResult
public func CFDataGetTypeID() -> CFTypeID { CFTypeIdentifier.data.rawValue }
/// The CFTypeID ``CFGetTypeID(_:)`` reports for a CFDate (`Date`).
@discardableResult
public func CFDateGetTypeID() -> CFTypeID { CFTypeIdentifier.date.rawValue }
/// The CFTypeID ``CFGetTypeID(_:)`` reports for a CFDictionary, which here is any Swift dictionary
/// (SecTrustCopyResult's and SecKeyCopyAttributes' results, for instance).
@discardableResult
public func CFDictionaryGetTypeID() -> CFTypeID { CFTypeIdentifier.dictionary.rawValue }
/// The CFTypeID ``CFGetTypeID(_:)`` reports for a CFError, which here is an NSError.
@discardableResult
public func CFErrorGetTypeID() -> CFTypeID { CFTypeIdentifier.error.rawValue }
/// The CFTypeID ``CFGetTypeID(_:)`` reports for a CFNumber: an NSNumber or a Swift integer or
/// floating-point value.
@discardableResult
public func CFNumberGetTypeID() -> CFTypeID { CFTypeIdentifier.number.rawValue }
/// The CFTypeID ``CFGetTypeID(_:)`` reports for a CFString (`String`).
@discardableResult
public func CFStringGetTypeID() -> CFTypeID { CFTypeIdentifier.string.rawValue }
/// The CFTypeID of a ``SecCertificate``, for the `CFGetTypeID(value) == SecCertificateGetTypeID()`
/// test iOS code makes before casting a value taken out of a CF collection.
@discardableResult
public func SecCertificateGetTypeID() -> CFTypeID { CFTypeIdentifier.certificate.rawValue }
/// The CFTypeID of a ``SecPolicy``.
@discardableResult
public func SecPolicyGetTypeID() -> CFTypeID { CFTypeIdentifier.policy.rawValue }
/// The CFTypeID of a ``SecTrust``.
@discardableResult
public func SecTrustGetTypeID() -> CFTypeID { CFTypeIdentifier.trust.rawValue }
/// The CFTypeID of a ``SecKey``.
@discardableResult
public func SecKeyGetTypeID() -> CFTypeID { CFTypeIdentifier.key.rawValue }
