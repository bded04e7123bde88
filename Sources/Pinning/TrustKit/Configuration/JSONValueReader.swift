import FoundationEssentials

/// Reads a JSON document (RFC 8259) into a `PropertyListValue` in one pass with an explicit stack: time
/// and memory linear in the input, nesting bounded by `PropertyListLimits.maximumDepth`, values by
/// `PropertyListLimits.maximumObjects`, and a member name twice in one object refused (RFC 8259 §4 leaves
/// duplicates to the reader; Foundation's decoders keep one of them silently, which lets one file mean two
/// configurations).
///
/// Strict: UTF-8 only (a leading byte order mark is skipped), no comments or trailing commas, strings with
/// the standard escapes and `\uXXXX` (surrogates must pair), numbers in RFC 8259's grammar. A number without
/// fraction or exponent is an integer and must fit in `Int64` (`.integerOutOfRange` otherwise); any other is
/// a `.real`, and one too large for a double is refused. `null` becomes `.null`.
struct JSONValueReader {
    private let bytes: [UInt8]
    private var position = 0
    private var builder = PropertyListTreeBuilder()

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The document's root value.
    static func read(_ data: Data) throws(PropertyListReadError) -> PropertyListValue {
        var reader = JSONValueReader([UInt8](data))
        if reader.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.position = 3 }
        return try reader.document()
    }

    private mutating func document() throws(PropertyListReadError) -> PropertyListValue {
        // After a value: in an object, `,` then a member or `}`; in an array, `,` then a value or `]`.
        try value()
        while builder.depth > 0 {
            skipWhitespace()
            guard position < bytes.count else { throw error(.malformed, "the document ends inside a container") }
            let byte = bytes[position]
            let closing = builder.inDictionary ? UInt8(ascii: "}") : UInt8(ascii: "]")
            if byte == closing {
                position += 1
                try build { builder throws(PropertyListReadError) in try builder.end() }
            } else if byte == UInt8(ascii: ",") {
                position += 1
                if builder.inDictionary { try member() } else { try value() }
            } else {
                throw error(.malformed, "expected , or \(Character(Unicode.Scalar(closing)))")
            }
        }
        skipWhitespace()
        guard position == bytes.count else { throw error(.malformed, "content after the top-level value") }
        return try builder.finish()
    }

    /// `"name": value` (the value only begun when it is a container).
    private mutating func member() throws(PropertyListReadError) {
        skipWhitespace()
        let start = position
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw error(.malformed, "expected a member name") }
        let name = try string()
        try build(at: start) { builder throws(PropertyListReadError) in try builder.key(name) }
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw error(.malformed, "expected :") }
        position += 1
        try value()
    }

    /// One value: a scalar is read whole; `{` or `[` is opened, and an empty one closed at once.
    private mutating func value() throws(PropertyListReadError) {
        skipWhitespace()
        guard position < bytes.count else { throw error(.malformed, "the document ends where a value is expected") }
        let byte = bytes[position]
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            position += 1
            let object = byte == UInt8(ascii: "{")
            try build { builder throws(PropertyListReadError) in try builder.begin(dictionary: object) }
            skipWhitespace()
            if position < bytes.count, bytes[position] == (object ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                position += 1
                try build { builder throws(PropertyListReadError) in try builder.end() }
            } else if object {
                try member()
            } else {
                try value()
            }
        case UInt8(ascii: "\""):
            let text = try string()
            try build { builder throws(PropertyListReadError) in try builder.value(.string(text)) }
        case UInt8(ascii: "t"): try literal("true", .boolean(true))
        case UInt8(ascii: "f"): try literal("false", .boolean(false))
        case UInt8(ascii: "n"): try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let number = try number()
            try build { builder throws(PropertyListReadError) in try builder.value(number) }
        default:
            throw error(.malformed, "unexpected character where a value is expected")
        }
    }

    private mutating func literal(_ word: String, _ value: PropertyListValue) throws(PropertyListReadError) {
        let utf8 = Array(word.utf8)
        guard bytes.count - position >= utf8.count, bytes[position..<(position + utf8.count)].elementsEqual(utf8) else {
            throw error(.malformed, "unexpected character where a value is expected")
        }
        position += utf8.count
        try build { builder throws(PropertyListReadError) in try builder.value(value) }
    }

    private mutating func number() throws(PropertyListReadError) -> PropertyListValue {
        let start = position
        func digits() -> Int {
            let first = position
            while position < bytes.count, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") { position += 1 }
            return position - first
        }
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        let integerStart = position
        let count = digits()
        guard count > 0, count == 1 || bytes[integerStart] != UInt8(ascii: "0") else {
            throw error(.malformed, "a number with no digits or a leading zero", at: start)
        }
        var integral = true
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            integral = false
            guard digits() > 0 else { throw error(.malformed, "a number with no digits after the point", at: start) }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position += 1
            integral = false
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard digits() > 0 else { throw error(.malformed, "a number with no exponent digits", at: start) }
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if integral {
            guard let value = Int64(text) else { throw error(.integerOutOfRange, "the integer \(text) does not fit in 64 bits", at: start) }
            return .integer(Int(value))
        }
        guard let value = Double(text), value.isFinite else { throw error(.malformed, "the number \(text) is out of range", at: start) }
        return .real(value)
    }

    /// A string at `position` (its opening quote), escapes decoded, UTF-8 checked.
    private mutating func string() throws(PropertyListReadError) -> String {
        let start = position
        position += 1
        var text: [UInt8] = []
        while true {
            guard position < bytes.count else { throw error(.malformed, "an unterminated string", at: start) }
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard !transcode(text.makeIterator(), from: UTF8.self, to: UTF32.self, stoppingOnError: true, into: { _ in }) else {
                    throw error(.malformed, "a string that is not valid UTF-8", at: start)
                }
                return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard position < bytes.count else { throw error(.malformed, "an unterminated string", at: start) }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
                case UInt8(ascii: "b"): text.append(0x08)
                case UInt8(ascii: "f"): text.append(0x0C)
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800...0xDBFF).contains(code) {
                        guard bytes.count - position >= 2, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
                            throw error(.malformed, "an unpaired surrogate escape")
                        }
                        position += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw error(.malformed, "an unpaired surrogate escape") }
                        code = 0x10000 + (code - 0xD800) << 10 + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(code) {
                        throw error(.malformed, "an unpaired surrogate escape")
                    }
                    text += Array(String(Character(Unicode.Scalar(code)!)).utf8)
                default: throw error(.malformed, "an unknown escape in a string")
                }
            case 0x00..<0x20: throw error(.malformed, "a control character in a string (escape it)")
            default: text.append(byte)
            }
        }
    }

    private mutating func hex4() throws(PropertyListReadError) -> UInt32 {
        guard bytes.count - position >= 4,
              let value = UInt32(String(decoding: bytes[position..<(position + 4)], as: UTF8.self), radix: 16),
              bytes[position..<(position + 4)].allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit })
        else { throw error(.malformed, "a bad \\u escape") }
        position += 4
        return value
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            let byte = bytes[position]
            guard byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else { return }
            position += 1
        }
    }

    /// The 1-based line of a byte offset (counted only when an error is reported).
    private func line(of offset: Int) -> Int { bytes[..<min(offset, bytes.count)].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 } }

    /// Runs a builder step, its error located at `offset` (the current position unless given).
    private mutating func build(at offset: Int? = nil,
                                _ step: (inout PropertyListTreeBuilder) throws(PropertyListReadError) -> Void)
        throws(PropertyListReadError)
    {
        do {
            try step(&builder)
        } catch {
            throw PropertyListReadError(error.code, "line \(line(of: offset ?? position)): \(error.problem)", keyPath: error.keyPath)
        }
    }

    private func error(_ code: PropertyListReadError.Code, _ problem: String, at offset: Int? = nil) -> PropertyListReadError {
        PropertyListReadError(code, "line \(line(of: offset ?? position)): \(problem)")
    }
}
