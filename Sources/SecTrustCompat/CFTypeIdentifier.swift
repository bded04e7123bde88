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

@discardableResult
public func CFArrayGetTypeID() -> CFTypeID { CFTypeIdentifier.array.rawValue }
@discardableResult
public func CFBooleanGetTypeID() -> CFTypeID { CFTypeIdentifier.boolean.rawValue }
@discardableResult
public func CFDataGetTypeID() -> CFTypeID { CFTypeIdentifier.data.rawValue }
@discardableResult
public func CFDateGetTypeID() -> CFTypeID { CFTypeIdentifier.date.rawValue }
@discardableResult
public func CFDictionaryGetTypeID() -> CFTypeID { CFTypeIdentifier.dictionary.rawValue }
@discardableResult
public func CFErrorGetTypeID() -> CFTypeID { CFTypeIdentifier.error.rawValue }
@discardableResult
public func CFNumberGetTypeID() -> CFTypeID { CFTypeIdentifier.number.rawValue }
@discardableResult
public func CFStringGetTypeID() -> CFTypeID { CFTypeIdentifier.string.rawValue }
@discardableResult
public func SecCertificateGetTypeID() -> CFTypeID { CFTypeIdentifier.certificate.rawValue }
@discardableResult
public func SecPolicyGetTypeID() -> CFTypeID { CFTypeIdentifier.policy.rawValue }
@discardableResult
public func SecTrustGetTypeID() -> CFTypeID { CFTypeIdentifier.trust.rawValue }
@discardableResult
public func SecKeyGetTypeID() -> CFTypeID { CFTypeIdentifier.key.rawValue }
