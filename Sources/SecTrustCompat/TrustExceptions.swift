import Foundation
import TrustEvaluation
import TrustCertificates

/// The exceptions cookie of SecTrustCopyExceptions / SecTrustSetExceptions (apple-sectrust.md §1.1).
///
/// Encoding, as Apple's: a binary property list holding an array with one dictionary per chain position.
/// Element 0 (the leaf) always has `SHA1Digest` (SHA-1 of the leaf's DER) plus every failed check name mapped
/// to `false`; a CA position has the same when it had failures and is `{}` otherwise; trailing `{}` are
/// dropped. (Apple's optional `ExceptionResetCount` epoch is not written, and is ignored when read: there is
/// no system-wide exception reset on Linux.)
///
/// Semantics: a recoverable failure of check K on certificate i is excepted when element i has a
/// `SHA1Digest` equal to that certificate's SHA-1 and K → false; fatal failures never are. A trust with
/// exceptions that ends up passing reports `.proceed`.
struct TrustExceptions: Sendable, Hashable {
    struct Entry: Sendable, Hashable {
        let sha1: [UInt8]?
        /// Check names mapped to false.
        let exceptedChecks: Set<String>
    }

    static let sha1DigestKey = "SHA1Digest"
    static let exceptionResetCountKey = "ExceptionResetCount"

    let entries: [Entry]

    /// Parses a cookie; nil when it is not a property list holding an array (Apple then treats it as NULL).
    init?(encoded data: Data) {
        guard let plist = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil),
              let array = plist as? [Any]
        else { return nil }
        entries = array.map { element in
            guard let dictionary = element as? [String: Any] else { return Entry(sha1: nil, exceptedChecks: []) }
            let digest = (dictionary[Self.sha1DigestKey] as? Data).map { [UInt8]($0) }
            let checks = dictionary.compactMap { key, value -> String? in
                guard key != Self.sha1DigestKey, key != Self.exceptionResetCountKey,
                      let flag = value as? Bool, !flag
                else { return nil }
                return key
            }
            return Entry(sha1: digest, exceptedChecks: Set(checks))
        }
    }

    /// Whether element 0 names this leaf (SecTrustSetExceptions' test).
    func matches(leaf: SecCertificate) -> Bool {
        guard let first = entries.first, let digest = first.sha1 else { return false }
        return digest == leaf.certificate.sha1
    }

    /// The failures exceptions do not cover.
    func remainingFailures(_ failures: [TrustFailure], chain: [SecCertificate]) -> [TrustFailure] {
        failures.filter { failure in
            guard !failure.check.isFatal, failure.index < entries.count, failure.index < chain.count else { return true }
            let entry = entries[failure.index]
            guard let digest = entry.sha1, digest == chain[failure.index].certificate.sha1 else { return true }
            return !entry.exceptedChecks.contains(failure.check.rawValue)
        }
    }

    /// The cookie for an unfiltered evaluation.
    static func encode(chain: [SecCertificate], failures: [TrustFailure]) -> Data? {
        var elements: [[String: Any]] = chain.indices.map { index in
            let failed = failures.filter { $0.index == index }
            guard index == 0 || !failed.isEmpty else { return [:] }
            var element: [String: Any] = [sha1DigestKey: Data(chain[index].certificate.sha1)]
            for failure in failed { element[failure.check.rawValue] = false }
            return element
        }
        while elements.count > 1, elements.last?.isEmpty == true { elements.removeLast() }
        return try? PropertyListSerialization.data(fromPropertyList: elements, format: .binary, options: 0)
    }
}
