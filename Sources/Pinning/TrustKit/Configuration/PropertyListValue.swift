import FoundationEssentials

/// One value of a property list (XML or binary) or a JSON document, decoded with FoundationEssentials'
/// `PropertyListDecoder` / `JSONDecoder` — what `PropertyListSerialization` and `JSONSerialization` did
/// in swift-corelibs Foundation, which `trustcheck` does not link. The configuration readers
/// check untyped values key by key (TrustKit's and Apple's rules name the wrong type in their errors),
/// so `untyped` gives the tree those serialisations gave: `[String: Any]`, `[Any]`, `String`, `Bool`,
/// `Int`, `Double`, `Date`, `Data`, and `Null` for JSON's null.
package enum PropertyListValue: Decodable {
    case boolean(Bool)
    case integer(Int)
    case real(Double)
    case string(String)
    case date(Date)
    case data(Data)
    case array([PropertyListValue])
    case dictionary([String: PropertyListValue])
    case null

    /// JSON's `null` in the untyped tree (where JSONSerialization put NSNull).
    package struct Null: Sendable {}

    /// Each kind is tried in turn; a decoder refuses a kind the document does not hold there (a boolean is
    /// never an integer, to JSONDecoder or PropertyListDecoder), so the first that decodes is the value's.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .boolean(value)
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .real(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode(Date.self) {
            self = .date(value)
        } else if let value = try? container.decode(Data.self) {
            self = .data(value)
        } else if let value = try? container.decode([PropertyListValue].self) {
            self = .array(value)
        } else {
            self = .dictionary(try container.decode([String: PropertyListValue].self))
        }
    }

    /// A property list's root, XML or binary, untyped; throws the decoder's error for anything else.
    package static func propertyList(from data: Data) throws -> Any {
        try PropertyListDecoder().decode(PropertyListValue.self, from: data).untyped
    }

    /// A JSON document's root, untyped; throws the decoder's error for malformed JSON.
    package static func json(from data: Data) throws -> Any {
        try JSONDecoder().decode(PropertyListValue.self, from: data).untyped
    }

    /// The value as the Foundation serialisations returned it.
    var untyped: Any {
        switch self {
        case .boolean(let value): value
        case .integer(let value): value
        case .real(let value): value
        case .string(let value): value
        case .date(let value): value
        case .data(let value): value
        case .array(let values): values.map(\.untyped)
        case .dictionary(let values): values.mapValues(\.untyped)
        case .null: Null()
        }
    }
}
