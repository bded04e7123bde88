import FoundationEssentials

/// One report waiting for one URI: the body and its delivery state, as one file in the spool.
public struct ReportSpoolEntry: Sendable, Hashable, Codable {
    /// The file's name in the spool's `entries` folder: the creation time in milliseconds (zero-padded, so
    /// names sort oldest first) and a random UUID.
    public internal(set) var name: String = ""
    /// The report URI.
    public let destination: URL
    /// When it was enqueued.
    public let createdAt: Date
    /// Failed delivery attempts so far.
    public internal(set) var attempts: Int
    /// Of those, refusals (``ReportDeliveryError/isPermanent``).
    public internal(set) var rejections: Int
    /// The earliest time the next attempt may be made.
    public internal(set) var nextAttemptAt: Date
    /// The last failure's code and message.
    public internal(set) var lastError: String?
    /// The report body, POSTed as it is.
    public let body: Data

    /// The version of this file format, checked on reading.
    static let currentFormat = 1
    let format: Int

    enum CodingKeys: String, CodingKey {
        case format, destination, createdAt, attempts, rejections, nextAttemptAt, lastError, body
    }

    init(destination: URL, body: Data, createdAt: Date) {
        format = Self.currentFormat
        self.destination = destination
        self.body = body
        self.createdAt = createdAt
        attempts = 0
        rejections = 0
        nextAttemptAt = createdAt
        let milliseconds = max(0, Int64((createdAt.timeIntervalSince1970 * 1000).rounded(.down)))
        let stamp = String(milliseconds)
        name = String(repeating: "0", count: max(0, 15 - stamp.count)) + stamp + "-" + UUID().uuidString + Self.suffix
    }

    /// The suffix of entry files; anything else in the folder (temporary files) is not an entry.
    static let suffix = ".report"

    /// The file's bytes: sorted JSON, dates as milliseconds since 1970, the body in base64.
    func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .millisecondsSince1970
        // Every field is a string, number, date or data, which always encode.
        return try! encoder.encode(self)
    }

    /// An entry read back from `data`, the file `name`; nil when it is not one this spool wrote.
    static func decode(_ data: Data, name: String) -> ReportSpoolEntry? {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        guard var entry = try? decoder.decode(ReportSpoolEntry.self, from: data), entry.format == currentFormat else { return nil }
        entry.name = name
        return entry
    }
}
