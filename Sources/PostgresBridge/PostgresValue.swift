/// A statement parameter, sent apart from the SQL text (PQexecParams): values never become part of a statement.
public enum PostgresValue: Sendable, Hashable {
    /// SQL NULL.
    case null
    /// Text; its SQL type is inferred by the server from where `$n` appears (text, varchar, timestamptz, …).
    case text(String)
    /// A 64-bit integer (int8; the server casts it to a narrower integer column on assignment).
    case integer(Int64)
    /// A double-precision number (float8).
    case double(Double)
    /// A boolean.
    case boolean(Bool)
    /// Raw bytes (bytea), sent in binary so any byte, NUL included, arrives as is.
    case bytes([UInt8])

    /// A text value, or `.null` for nil.
    public static func text(orNull value: String?) -> PostgresValue { value.map { .text($0) } ?? .null }
    /// An integer value, or `.null` for nil.
    public static func integer(orNull value: Int64?) -> PostgresValue { value.map { .integer($0) } ?? .null }

    /// PostgreSQL type OIDs (pg_type.dat; stable across versions). 0 lets the server infer the type.
    var typeOID: UInt32 {
        switch self {
        case .null, .text: 0
        case .integer: 20   // int8
        case .double: 701   // float8
        case .boolean: 16   // bool
        case .bytes: 17     // bytea
        }
    }

    /// 1 for binary format (bytea), 0 for text.
    var format: Int32 {
        if case .bytes = self { return 1 }
        return 0
    }

    /// The wire bytes (text format, or binary for bytea); nil for NULL.
    func wireBytes() throws(PostgresError) -> [UInt8]? {
        switch self {
        case .null:
            return nil
        case .text(let string):
            let bytes = Array(string.utf8)
            // The text format is a C string: a NUL would silently cut the value short.
            if bytes.contains(0) {
                throw PostgresError(kind: .invalidParameter, message: "a text parameter contains a NUL byte, which PostgreSQL text cannot hold; send it as bytes")
            }
            return bytes
        case .integer(let value):
            return Array(String(value).utf8)
        case .double(let value):
            guard value.isFinite else { return Array((value.isNaN ? "NaN" : value > 0 ? "Infinity" : "-Infinity").utf8) }
            return Array("\(value)".utf8)
        case .boolean(let value):
            return Array((value ? "true" : "false").utf8)
        case .bytes(let bytes):
            return bytes
        }
    }
}
