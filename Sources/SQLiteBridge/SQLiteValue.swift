/// A value bound to, or read from, an SQLite statement: SQLite's five storage classes.
public enum SQLiteValue: Sendable, Hashable {
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
    case null

    /// The integer, or nil for any other class.
    public var integer: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// The text, or nil for any other class.
    public var text: String? {
        if case .text(let value) = self { return value }
        return nil
    }

    /// The bytes of a blob (or of text, as UTF-8), or nil.
    public var blob: [UInt8]? {
        switch self {
        case .blob(let bytes): return bytes
        case .text(let text): return Array(text.utf8)
        default: return nil
        }
    }

    /// True for NULL.
    public var isNull: Bool { self == .null }
}

extension SQLiteValue: ExpressibleByIntegerLiteral, ExpressibleByStringLiteral {
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(stringLiteral value: String) { self = .text(value) }
}

extension SQLiteValue {
    /// `.integer`, for an `Int`.
    public static func int(_ value: Int) -> SQLiteValue { .integer(Int64(value)) }
    /// `.integer(1)` or `.integer(0)`.
    public static func bool(_ value: Bool) -> SQLiteValue { .integer(value ? 1 : 0) }
    /// `.text`, or `.null` for nil.
    public static func optionalText(_ value: String?) -> SQLiteValue { value.map(SQLiteValue.text) ?? .null }
    /// `.integer`, or `.null` for nil.
    public static func optionalInteger(_ value: Int64?) -> SQLiteValue { value.map(SQLiteValue.integer) ?? .null }
}
