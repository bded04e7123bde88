import Foundation

/// The machine's load (/proc/loadavg's first three fields): the cores are shared, so every report says
/// how busy they were.
enum LoadAverage {
    static var text: String {
        guard let contents = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "?" }
        return contents.split(separator: " ").prefix(3).joined(separator: " ")
    }
}
