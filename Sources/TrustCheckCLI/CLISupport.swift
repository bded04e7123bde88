import Foundation

enum ExitCode {
    static let success: Int32 = 0
    static let notTrusted: Int32 = 1
    static let usage: Int32 = 2
    static let inputError: Int32 = 2
}

struct UsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

/// Where a command writes; tests capture it.
struct CommandOutput {
    let write: (String) -> Void
    let error: (String) -> Void
}

/// Walks command-line arguments; options take their value from the next argument or after "=".
struct ArgumentScanner {
    private var remaining: ArraySlice<String>
    private var pendingValue: String?

    init(_ arguments: [String]) { remaining = arguments[...] }

    mutating func next() -> String? {
        guard let argument = remaining.popFirst() else { return nil }
        if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
            pendingValue = String(argument[argument.index(after: equals)...])
            return String(argument[..<equals])
        }
        return argument
    }

    mutating func value(for option: String) throws(UsageError) -> String {
        if let pending = pendingValue {
            pendingValue = nil
            return pending
        }
        guard let value = remaining.popFirst() else { throw UsageError("\(option) needs a value") }
        return value
    }

    mutating func date(for option: String) throws(UsageError) -> Date {
        let text = try value(for: option)
        guard let date = TimeFormat.parse(text) else { throw UsageError("\(option) needs an RFC 3339 time, got \(text)") }
        return date
    }
}

enum TimeFormat {
    static func rfc3339(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }

    static func parse(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }
}

enum JSONText {
    static func render(_ object: Any) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]) else {
            return "{}\n"
        }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
