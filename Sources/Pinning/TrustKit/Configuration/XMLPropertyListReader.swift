import FoundationEssentials

/// Reads an XML property list (Apple's `PropertyList-1.0.dtd`) into a `PropertyListValue` in one pass
/// over the bytes, with an explicit stack: time and memory linear in the input, nesting bounded by
/// `PropertyListLimits.maximumDepth`, values by `PropertyListLimits.maximumObjects`, a key twice in one
/// `<dict>` refused (Apple's reader keeps the last silently, JSON readers the first).
///
/// Accepted: an optional UTF-8 byte order mark, `<?xml?>` (its `encoding`, when given, must be UTF-8),
/// comments and processing instructions, `<!DOCTYPE>` without an internal subset, an optional `<plist>`
/// root element around exactly one value; `<dict>`, `<array>`, `<key>`, `<string>` (entities `&lt;`
/// `&gt;` `&amp;` `&quot;` `&apos;`, `&#NN;`, `&#xNN;`, and CDATA sections), `<integer>`, `<real>`,
/// `<date>`, `<data>`, `<true/>`, `<false/>`, and the empty forms `<dict/>`, `<array/>`, `<string/>`,
/// `<key/>`, `<data/>`.
///
/// * `<integer>`: optional whitespace, an optional sign, then decimal digits or `0x`/`0X` and hex digits
///   (the forms CFPropertyList reads); a value outside `Int64` is an error (`.integerOutOfRange`), not a
///   trap and not a wrap. CoreFoundation also keeps unsigned values up to 2^64 − 1; no configuration
///   needs them, so they are refused.
/// * `<real>`: a decimal or exponent number, or `nan`, `inf`, `+inf`, `-inf`, `infinity` in any case.
/// * `<date>`: `yyyy-MM-ddTHH:mm:ssZ`, UTC, as Apple writes it; no other ISO 8601 form.
/// * `<data>`: base64, whitespace anywhere, padding required.
/// * UTF-16 documents (a UTF-16 byte order mark, or `<` as a 16-bit unit) are refused with
///   `.unsupported`: no configuration is written that way and `plutil -convert xml1` turns one into UTF-8.
struct XMLPropertyListReader {
    private let bytes: [UInt8]
    private var position = 0
    private var builder = PropertyListTreeBuilder()

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The document's root value.
    static func read(_ data: Data) throws(PropertyListReadError) -> PropertyListValue {
        let bytes = [UInt8](data)
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0x00, 0x3C])
            || bytes.starts(with: [0x3C, 0x00])
        {
            throw PropertyListReadError(.unsupported, "a UTF-16 XML property list; only UTF-8 is read "
                + "(convert it with `plutil -convert xml1`)")
        }
        var reader = XMLPropertyListReader(bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.position = 3 }
        return try reader.document()
    }

    // MARK: Document

    private mutating func document() throws(PropertyListReadError) -> PropertyListValue {
        try skipMisc(prolog: true)
        var wrapped = false
        if lookingAt("<plist") && isNameEnd(at: position + 6) {
            position += 6
            let selfClosing = try skipAttributes()
            if selfClosing { throw error(.malformed, "an empty <plist/> has no value") }
            wrapped = true
            try skipMisc(prolog: false)
        }
        try value()
        while builder.depth > 0 {
            try skipMisc(prolog: false)
            if lookingAt("</") {
                try closeContainer()
            } else if builder.inDictionary && !builder.awaitingValue {
                try key()
            } else {
                try value()
            }
        }
        try skipMisc(prolog: false)
        if wrapped {
            guard lookingAt("</plist") else { throw error(.malformed, "expected </plist> after the top-level value") }
            position += 7
            try expectTagEnd()
            try skipMisc(prolog: false)
        }
        guard position == bytes.count else { throw error(.malformed, "content after the top-level value") }
        return try builder.finish()
    }

    /// Whitespace, comments, processing instructions and (in the prolog) one `<!DOCTYPE>`.
    private mutating func skipMisc(prolog: Bool) throws(PropertyListReadError) {
        while true {
            skipWhitespace()
            if lookingAt("<?") {
                let start = position
                guard let end = find("?>", from: position + 2) else { throw error(.malformed, "an unterminated <?…?>") }
                try checkDeclaration(bytes[start..<end])
                position = end + 2
            } else if lookingAt("<!--") {
                try skipComment()
            } else if prolog && lookingAt("<!DOCTYPE") {
                var index = position + 9
                var quote: UInt8?
                while index < bytes.count {
                    let byte = bytes[index]
                    if let open = quote {
                        if byte == open { quote = nil }
                    } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                        quote = byte
                    } else if byte == UInt8(ascii: "[") {
                        position = index
                        throw error(.unsupported, "a <!DOCTYPE> with an internal subset (entity declarations are not read)")
                    } else if byte == UInt8(ascii: ">") {
                        break
                    }
                    index += 1
                }
                guard index < bytes.count else { throw error(.malformed, "an unterminated <!DOCTYPE>") }
                position = index + 1
            } else {
                return
            }
        }
    }

    /// `<?xml … encoding="…"?>`: anything but UTF-8 is refused (the bytes are read as UTF-8).
    private func checkDeclaration(_ declaration: ArraySlice<UInt8>) throws(PropertyListReadError) {
        let text = Array(String(decoding: declaration, as: UTF8.self).lowercased().utf8)
        let keyword = Array("encoding".utf8)
        guard text.starts(with: Array("<?xml".utf8)),
              let found = text.indices.first(where: { text[$0...].starts(with: keyword) })
        else { return }
        let quotes: Set<UInt8> = [UInt8(ascii: "\""), UInt8(ascii: "'")]
        let rest = text[(found + keyword.count)...].drop { $0 == 0x20 || $0 == UInt8(ascii: "=") || quotes.contains($0) }
        let name = String(decoding: rest.prefix { !quotes.contains($0) && $0 != 0x20 && $0 != UInt8(ascii: "?") }, as: UTF8.self)
        guard name == "utf-8" || name == "utf8" else {
            throw error(.unsupported, "the XML declaration says encoding \"\(name)\"; only UTF-8 is read "
                + "(convert it with `plutil -convert xml1`)")
        }
    }

    private mutating func skipComment() throws(PropertyListReadError) {
        guard let end = find("-->", from: position + 4) else { throw error(.malformed, "an unterminated comment") }
        position = end + 3
    }

    // MARK: Values

    /// One value's element at `position`: a scalar is read whole, a container opened on the builder.
    private mutating func value() throws(PropertyListReadError) {
        let name = try openTag()
        switch name.name {
        case "dict", "array":
            try build { builder throws(PropertyListReadError) in try builder.begin(dictionary: name.name == "dict") }
            if name.selfClosing { try build { builder throws(PropertyListReadError) in try builder.end() } }
            return
        case "true", "false":
            if !name.selfClosing {
                skipWhitespace()
                try closeTag(name.name)
            }
            try build { builder throws(PropertyListReadError) in try builder.value(.boolean(name.name == "true")) }
            return
        default: break
        }
        let start = position
        let text = name.selfClosing ? "" : try content(name.name)
        let scalar: PropertyListValue
        switch name.name {
        case "string": scalar = .string(text)
        case "integer": scalar = .integer(try integer(text, at: start))
        case "real": scalar = .real(try real(text, at: start))
        case "date": scalar = .date(try date(text, at: start))
        case "data":
            let base64 = String(text.unicodeScalars.filter { !" \t\r\n".unicodeScalars.contains($0) })
            guard let data = Data(base64Encoded: base64) else { throw error(.malformed, "<data> is not base64", at: start) }
            scalar = .data(data)
        case "key": throw error(.malformed, builder.inDictionary ? "a key without a value" : "a <key> outside a <dict>", at: start)
        default: throw error(.malformed, "<\(name.name)> is not a property list element", at: start)
        }
        try build { builder throws(PropertyListReadError) in try builder.value(scalar) }
    }

    private mutating func key() throws(PropertyListReadError) {
        let start = position
        let name = try openTag()
        guard name.name == "key" else {
            throw error(.malformed, "expected a <key> in the <dict>, found <\(name.name)>", at: start)
        }
        let text = name.selfClosing ? "" : try content("key")
        try build(at: start) { builder throws(PropertyListReadError) in try builder.key(text) }
    }

    private mutating func closeContainer() throws(PropertyListReadError) {
        let expected = builder.inDictionary ? "dict" : "array"
        try closeTag(expected)
        try build { builder throws(PropertyListReadError) in try builder.end() }
    }

    // MARK: Tags

    /// `<name attributes…>` or `<name…/>` at `position`.
    private mutating func openTag() throws(PropertyListReadError) -> (name: String, selfClosing: Bool) {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "<"), position + 1 < bytes.count,
              isNameByte(bytes[position + 1])
        else { throw error(.malformed, position >= bytes.count ? "the document ends early" : "expected an element") }
        let start = position + 1
        var end = start
        while end < bytes.count, isNameByte(bytes[end]) { end += 1 }
        position = end
        let name = String(decoding: bytes[start..<end], as: UTF8.self)
        return (name, try skipAttributes())
    }

    /// Attributes up to `>` (false) or `/>` (true).
    private mutating func skipAttributes() throws(PropertyListReadError) -> Bool {
        var quote: UInt8?
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return false
            } else if byte == UInt8(ascii: "/"), position < bytes.count, bytes[position] == UInt8(ascii: ">") {
                position += 1
                return true
            } else if byte == UInt8(ascii: "<") {
                throw error(.malformed, "an unterminated tag")
            }
        }
        throw error(.malformed, "an unterminated tag")
    }

    /// `</name>` at `position`.
    private mutating func closeTag(_ name: String) throws(PropertyListReadError) {
        let tag = "</" + name
        guard lookingAt(tag), isNameEnd(at: position + tag.utf8.count) else {
            throw error(.malformed, "expected </\(name)>")
        }
        position += tag.utf8.count
        try expectTagEnd()
    }

    private mutating func expectTagEnd() throws(PropertyListReadError) {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ">") else { throw error(.malformed, "expected >") }
        position += 1
    }

    /// The text of a scalar element up to `</name>`: entities decoded, CDATA kept, comments dropped, UTF-8
    /// checked.
    private mutating func content(_ name: String) throws(PropertyListReadError) -> String {
        var text: [UInt8] = []
        while true {
            guard position < bytes.count else { throw error(.malformed, "<\(name)> is not closed") }
            let byte = bytes[position]
            if byte == UInt8(ascii: "<") {
                if lookingAt("<![CDATA[") {
                    guard let end = find("]]>", from: position + 9) else { throw error(.malformed, "an unterminated CDATA section") }
                    text += bytes[(position + 9)..<end]
                    position = end + 3
                } else if lookingAt("<!--") {
                    try skipComment()
                } else {
                    try closeTag(name)
                    break
                }
            } else if byte == UInt8(ascii: "&") {
                try entity(into: &text)
            } else {
                text.append(byte)
                position += 1
            }
        }
        guard !transcode(text.makeIterator(), from: UTF8.self, to: UTF32.self, stoppingOnError: true, into: { _ in }) else {
            throw error(.malformed, "<\(name)> is not valid UTF-8")
        }
        return String(decoding: text, as: UTF8.self)
    }

    private mutating func entity(into text: inout [UInt8]) throws(PropertyListReadError) {
        let start = position
        guard let end = bytes[position...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
            throw error(.malformed, "an unterminated entity (a bare & must be written &amp;)")
        }
        let name = String(decoding: bytes[(position + 1)..<end], as: UTF8.self)
        position = end + 1
        switch name {
        case "lt": text.append(UInt8(ascii: "<"))
        case "gt": text.append(UInt8(ascii: ">"))
        case "amp": text.append(UInt8(ascii: "&"))
        case "quot": text.append(UInt8(ascii: "\""))
        case "apos": text.append(UInt8(ascii: "'"))
        default:
            var digits = Substring(name)
            var radix = 10
            guard digits.first == "#" else { throw error(.malformed, "unknown entity &\(name);", at: start) }
            digits = digits.dropFirst()
            if digits.first == "x" || digits.first == "X" {
                radix = 16
                digits = digits.dropFirst()
            }
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isHexDigit }), let code = UInt32(digits, radix: radix),
                  code != 0, let scalar = Unicode.Scalar(code)
            else { throw error(.malformed, "&\(name); is not a character", at: start) }
            text += Array(String(Character(scalar)).utf8)
        }
    }

    // MARK: Scalars

    private func integer(_ text: String, at start: Int) throws(PropertyListReadError) -> Int {
        var digits = Substring(Self.trimmed(text))
        var negative = false
        if digits.first == "-" || digits.first == "+" {
            negative = digits.first == "-"
            digits = digits.dropFirst()
        }
        var radix: UInt64 = 10
        if digits.hasPrefix("0x") || digits.hasPrefix("0X") {
            radix = 16
            digits = digits.dropFirst(2)
        }
        guard !digits.isEmpty else { throw error(.malformed, "<integer> has no digits", at: start) }
        var magnitude: UInt64 = 0
        for character in digits.utf8 {
            let digit: UInt64
            switch character {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt64(character - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: digit = UInt64(character - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: digit = UInt64(character - UInt8(ascii: "A") + 10)
            default: throw error(.malformed, "<integer> is not a decimal or 0x hex integer", at: start)
            }
            let (times, overflow1) = magnitude.multipliedReportingOverflow(by: radix)
            let (sum, overflow2) = times.addingReportingOverflow(digit)
            guard !overflow1, !overflow2 else { throw error(.integerOutOfRange, "<integer> does not fit in 64 bits", at: start) }
            magnitude = sum
        }
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else {
                throw error(.integerOutOfRange, "<integer> does not fit in 64 bits", at: start)
            }
            return magnitude == UInt64(Int64.max) + 1 ? Int(Int64.min) : -Int(magnitude)
        }
        guard magnitude <= UInt64(Int64.max) else { throw error(.integerOutOfRange, "<integer> does not fit in 64 bits", at: start) }
        return Int(magnitude)
    }

    private func real(_ text: String, at start: Int) throws(PropertyListReadError) -> Double {
        let lower = Self.trimmed(text).lowercased()
        switch lower {
        case "nan": return .nan
        case "inf", "+inf", "infinity", "+infinity": return .infinity
        case "-inf", "-infinity": return -.infinity
        default: break
        }
        guard !lower.isEmpty, lower.utf8.allSatisfy({ "0123456789+-.e".utf8.contains($0) }), let value = Double(lower),
              value.isFinite
        else { throw error(.malformed, "<real> is not a number", at: start) }
        return value
    }

    private func date(_ text: String, at start: Int) throws(PropertyListReadError) -> Date {
        guard let date = Self.utcDate(Array(text.utf8)) else {
            throw error(.malformed, "<date> is not yyyy-MM-ddTHH:mm:ssZ", at: start)
        }
        return date
    }

    /// `yyyy-MM-ddTHH:mm:ssZ` as a date (proleptic Gregorian, UTC); nil for anything else.
    static func utcDate(_ text: [UInt8]) -> Date? {
        guard text.count == 20, text[4] == UInt8(ascii: "-"), text[7] == UInt8(ascii: "-"), text[10] == UInt8(ascii: "T"),
              text[13] == UInt8(ascii: ":"), text[16] == UInt8(ascii: ":"), text[19] == UInt8(ascii: "Z")
        else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in text[range] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
              let minute = number(14..<16), let second = number(17..<19),
              (1...12).contains(month), hour < 24, minute < 60, second < 60
        else { return nil }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard (1...lengths[month - 1]).contains(day) else { return nil }
        // Days from the civil date (Howard Hinnant's algorithm), counted from 1970-01-01.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3_600 + minute * 60 + second))
    }

    // MARK: Bytes

    /// `text` without XML whitespace (space, tab, CR, LF) at either end.
    static func trimmed(_ text: String) -> String {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        let utf8 = Array(text.utf8)
        guard let first = utf8.firstIndex(where: { !isSpace($0) }), let last = utf8.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(decoding: utf8[first...last], as: UTF8.self)
    }

    private func lookingAt(_ text: String) -> Bool {
        let utf8 = text.utf8
        guard bytes.count - position >= utf8.count else { return false }
        return bytes[position..<(position + utf8.count)].elementsEqual(utf8)
    }

    private func find(_ text: String, from start: Int) -> Int? {
        let needle = Array(text.utf8)
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0] && bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            let byte = bytes[position]
            guard byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else { return }
            position += 1
        }
    }

    private func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")
    }

    private func isNameEnd(at index: Int) -> Bool { index >= bytes.count || !isNameByte(bytes[index]) }

    /// The 1-based line of a byte offset (counted only when an error is reported).
    func line(of offset: Int) -> Int { bytes[..<min(offset, bytes.count)].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 } }

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

