import FoundationEssentials
import Pinning

/// Reading Info.plists with Pinning's property-list reader (XML or binary, FoundationEssentials only).
enum ATSPropertyList {
    /// Larger files are refused before they are read (the limit NSPinnedDomains uses).
    static let maximumFileSize = PinnedDomains.maximumFileSize

    /// The untyped root of `data`.
    static func root(_ data: Data, path: String?) throws(ATSError) -> Any {
        do {
            return try PropertyListValue.propertyList(from: data)
        } catch {
            throw ATSError(.notAPropertyList, path: path, key: nil,
                           problem: "not a property list (XML or binary): \(String(describing: error))")
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
