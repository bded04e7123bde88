/// One result row: each column's value in PostgreSQL's text output format (nil for NULL), with typed readers.
public struct PostgresRow: Sendable, Hashable {
    /// The column names of the result this row belongs to.
    public let columns: [String]
    /// The type OID of each column (pg_type), used to decode bytea.
    public let columnTypes: [UInt32]
    /// Each column's text-format bytes, nil for NULL.
    public let values: [[UInt8]?]

    /// A row of `values` under `columns` of the given types.
    public init(columns: [String], columnTypes: [UInt32], values: [[UInt8]?]) {
        self.columns = columns
        self.columnTypes = columnTypes
        self.values = values
    }

    /// The column's value as text; nil for NULL.
    public func string(_ column: String) throws(PostgresError) -> String? {
        guard let bytes = try raw(column) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The column's value as an integer (any integer type, or numeric without a fraction); nil for NULL.
    public func integer(_ column: String) throws(PostgresError) -> Int64? {
        guard let text = try string(column) else { return nil }
        guard let value = Int64(text) else { throw mismatch(column, text, "an integer") }
        return value
    }

    /// The column's value as a double (float4/float8/numeric); nil for NULL.
    public func double(_ column: String) throws(PostgresError) -> Double? {
        guard let text = try string(column) else { return nil }
        guard let value = Double(text) else { throw mismatch(column, text, "a number") }
        return value
    }

    /// The column's value as a boolean (`t`/`f`); nil for NULL.
    public func boolean(_ column: String) throws(PostgresError) -> Bool? {
        switch try string(column) {
        case nil: return nil
        case "t": return true
        case "f": return false
        case let text?: throw mismatch(column, text, "a boolean")
        }
    }

    /// The column's value as bytes: a bytea column's hex output (`\x…`) decoded, any other column's text bytes.
    public func bytes(_ column: String) throws(PostgresError) -> [UInt8]? {
        guard let index = columns.firstIndex(of: column) else { throw missing(column) }
        guard let bytes = values[index] else { return nil }
        guard columnTypes[index] == 17 else { return bytes }
        guard let decoded = Self.decodeHexBytea(bytes) else {
            throw PostgresError(kind: .unexpectedValue, message: "column \(column): the server's bytea is not in hex format (bytea_output = hex)")
        }
        return decoded
    }

    /// The column's value as a non-NULL value: `read` applied, NULL an error naming the column.
    public func required<T>(_ column: String, _ read: (String) throws(PostgresError) -> T?) throws(PostgresError) -> T {
        guard let value = try read(column) else {
            throw PostgresError(kind: .unexpectedValue, message: "column \(column) is NULL where a value is required")
        }
        return value
    }

    private func raw(_ column: String) throws(PostgresError) -> [UInt8]? {
        guard let index = columns.firstIndex(of: column) else { throw missing(column) }
        return values[index]
    }

    private func missing(_ column: String) -> PostgresError {
        PostgresError(kind: .unexpectedValue, message: "the result has no column \(column) (columns: \(columns.joined(separator: ", ")))")
    }

    private func mismatch(_ column: String, _ text: String, _ wanted: String) -> PostgresError {
        PostgresError(kind: .unexpectedValue, message: "column \(column): \"\(text.prefix(40))\" is not \(wanted)")
    }

    /// `\x` followed by two hex digits per byte: PostgreSQL's default bytea output since 9.0.
    static func decodeHexBytea(_ text: [UInt8]) -> [UInt8]? {
        guard text.count >= 2, text[0] == UInt8(ascii: "\\"), text[1] == UInt8(ascii: "x"), text.count % 2 == 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity((text.count - 2) / 2)
        var index = 2
        while index < text.count {
            guard let high = hexDigit(text[index]), let low = hexDigit(text[index + 1]) else { return nil }
            out.append(high << 4 | low)
            index += 2
        }
        return out
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
