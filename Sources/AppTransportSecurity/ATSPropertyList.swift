import FoundationEssentials
import Pinning

/// Reading Info.plists with Pinning's property-list reader (XML or binary, FoundationEssentials only).
enum ATSPropertyList {
    /// Larger files are refused before they are read, and no more is read (the limit NSPinnedDomains uses,
    /// `PinnedDomains.maximumFileSize`); bytes given directly are held to it too.
    static let maximumFileSize = PinnedDomains.maximumFileSize

    /// The untyped root of `data`, read with Pinning's bounded readers (limits in `PropertyListLimits`).
    static func root(_ data: Data, path: String?) throws(ATSError) -> Any {
        guard data.count <= maximumFileSize else {
            throw ATSError(.unreadable, path: path, problem: "the property list is \(data.count) bytes, larger than the "
                + "\(maximumFileSize / 1024 / 1024) MiB limit")
        }
        do throws(PropertyListReadError) {
            return try PropertyListValue.propertyList(from: data)
        } catch where error.code == .duplicateKey {
            throw ATSError(.duplicateKey, path: path, key: error.keyPath,
                           problem: "occurs more than once in its dictionary; Apple's reader keeps the last value silently, "
                               + "so remove all but the one you mean (\(error.problem))")
        } catch {
            throw ATSError(.notAPropertyList, path: path, key: nil, problem: "not a property list (XML or binary): \(error.problem)")
        }
    }

    /// The name of a plist value's type, for messages.
    static func typeName(of value: Any) -> String {
        switch value {
        case _ where type(of: value) == Bool.self: "a boolean"
        case is String: "a string"
        case is Int, is Double: "a number"
        case is [Any]: "an array"
        case is [String: Any]: "a dictionary"
        case is Date: "a date"
        case is Data: "data"
        default: "a value of another type"
        }
    }
}
