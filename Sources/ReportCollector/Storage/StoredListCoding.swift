import Foundation

/// The chain and known-pin lists as stored in one text column: a JSON array of strings. Shared by the
/// backends so both store the same text.
enum StoredListCoding {
    static func encode(_ list: [String]) -> String {
        // An array of strings always serialises.
        String(decoding: try! JSONSerialization.data(withJSONObject: list, options: [.withoutEscapingSlashes]), as: UTF8.self)
    }

    /// The list, or nil when `text` is not a JSON array of strings.
    static func decode(_ text: String) -> [String]? {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String]
    }
}
