import FoundationEssentials

/// One value of a property list (XML or binary) or a JSON document, as this package's own bounded
/// readers decode it (`XMLPropertyListReader`, `BinaryPropertyListReader`, `JSONValueReader`, limits in
/// `PropertyListLimits`): what `PropertyListSerialization` and `JSONSerialization` did in swift-corelibs
/// Foundation, which `trustcheck` does not link, without their failure modes on hostile input (a trap on
/// an oversized integer, stack exhaustion on deep or cyclic nesting, exponential expansion of shared
/// binary references) and refusing duplicate keys, which they resolve silently and differently. The
/// configuration readers check untyped values key by key (TrustKit's and Apple's rules name the wrong type
/// in their errors), so `untyped` gives the tree those serialisations gave: `[String: Any]`, `[Any]`,
/// `String`, `Bool`, `Int`, `Double`, `Date`, `Data`, and `Null` for JSON's null.
package enum PropertyListValue: Sendable, Equatable {
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

    /// A property list's root, binary (`bplist00`) or XML (anything else), as a tree.
    package static func propertyListValue(from data: Data) throws(PropertyListReadError) -> PropertyListValue {
        data.starts(with: Array("bplist".utf8)) ? try BinaryPropertyListReader.read(data) : try XMLPropertyListReader.read(data)
    }

    /// A property list's root, XML or binary, untyped.
    package static func propertyList(from data: Data) throws(PropertyListReadError) -> Any {
        try propertyListValue(from: data).untyped
    }

    /// A JSON document's root, as a tree.
    package static func jsonValue(from data: Data) throws(PropertyListReadError) -> PropertyListValue {
        try JSONValueReader.read(data)
    }

    /// A JSON document's root, untyped.
    package static func json(from data: Data) throws(PropertyListReadError) -> Any {
        try jsonValue(from: data).untyped
    }

    /// The value as the Foundation serialisations returned it (recursive, as deep as the tree: at most
    /// `PropertyListLimits.maximumDepth`).
    package var untyped: Any {
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
