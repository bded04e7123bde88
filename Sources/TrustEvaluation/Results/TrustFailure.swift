/// One failed check on one certificate of the evaluated path (0 = leaf).
public struct TrustFailure: Sendable, Hashable, Codable, CustomStringConvertible {
    public let index: Int
    public let check: CheckName
    /// Why, in words, when there is more to say than the check's name (e.g. which name violated a constraint).
    public let detail: String?

    public init(index: Int, check: CheckName, detail: String? = nil) {
        self.index = index
        self.check = check
        self.detail = detail
    }

    public var description: String { "[\(index)] \(check.rawValue)" + (detail.map { ": \($0)" } ?? "") }
}
