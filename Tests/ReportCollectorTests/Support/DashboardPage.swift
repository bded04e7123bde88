import Foundation

/// Queries over the DOM Chromium serialised (`--dump-dom`): enough to read what the dashboard rendered —
/// start tags with their attributes, table rows as cell texts, an element's text — without an HTML parser.
/// The dashboard's own markup has no nested tables or rows, which is all these rely on.
struct DashboardPage {
    /// One start tag: its attributes and, for a container read by `rows`, the text of each cell.
    struct Element {
        let attributes: [String: String]
        let cells: [String]
        subscript(_ name: String) -> String? { attributes[name] }
    }

    let html: String

    /// The page script's verdict on `<body data-state>`: `loading`, `ready` (every API answered and was
    /// rendered) or `error` (the status line says why).
    var state: String? { elements("body", where: "data-state").first?["data-state"] }

    /// Every `<tag …>` with attribute `name` (equal to `value` when given), in document order.
    func elements(_ tag: String, where name: String, is value: String? = nil) -> [Element] {
        matches(#"<\#(tag)\b([^>]*)>"#).compactMap { groups in
            let attributes = Self.attributes(groups[1])
            guard let actual = attributes[name], value == nil || actual == value else { return nil }
            return Element(attributes: attributes, cells: [])
        }
    }

    /// The body rows of `<table id="id">`: each `<tr>`'s attributes and the text of its cells.
    func rows(ofTable id: String) -> [Element] {
        guard let table = firstMatch(#"<table\b[^>]*\bid="\#(id)"[^>]*>([\s\S]*?)</table>"#)?[1],
              let body = Self.firstMatch(#"<tbody>([\s\S]*?)</tbody>"#, in: table)?[1]
        else { return [] }
        return Self.matches(#"<tr\b([^>]*)>([\s\S]*?)</tr>"#, in: body).map { row in
            let cells = Self.matches(#"<td\b[^>]*>([\s\S]*?)</td>"#, in: row[2]).map { Self.text($0[1]) }
            return Element(attributes: Self.attributes(row[1]), cells: cells)
        }
    }

    /// The text of the element with this id (its tags removed, entities decoded), or nil.
    func text(ofID id: String) -> String? {
        guard let match = firstMatch(#"<(\w+)\b[^>]*\bid="\#(id)"[^>]*>([\s\S]*?)</\1>"#) else { return nil }
        return Self.text(match[2])
    }

    /// Tags removed, entities decoded, white space collapsed.
    static func text(_ markup: String) -> String {
        let withoutTags = markup.replacingOccurrences(of: #"<[^>]*>"#, with: " ", options: .regularExpression)
        return decode(withoutTags).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    private static func decode(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&nbsp;", with: " ").replacingOccurrences(of: "&amp;", with: "&")
    }

    private static func attributes(_ text: String) -> [String: String] {
        var attributes: [String: String] = [:]
        for match in matches(#"([\w:-]+)="([^"]*)""#, in: text) { attributes[match[1]] = decode(match[2]) }
        return attributes
    }

    private func matches(_ pattern: String) -> [[String]] { Self.matches(pattern, in: html) }
    private func firstMatch(_ pattern: String) -> [String]? { Self.firstMatch(pattern, in: html) }

    private static func firstMatch(_ pattern: String, in text: String) -> [String]? { matches(pattern, in: text).first }

    private static func matches(_ pattern: String, in text: String) -> [[String]] {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
        let source = text as NSString
        return expression.matches(in: text, range: NSRange(location: 0, length: source.length)).map { match in
            (0..<match.numberOfRanges).map { index in
                let range = match.range(at: index)
                return range.location == NSNotFound ? "" : source.substring(with: range)
            }
        }
    }
}
