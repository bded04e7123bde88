/// One failed check on one certificate of the evaluated path (0 = leaf).
public struct TrustFailure: Sendable, Hashable, CustomStringConvertible {
    /// The certificate's position in the path, 0 being the leaf.
    public let index: Int
    /// Which check failed; its Apple OSStatus and sentence come from here.
    public let check: CheckName
    /// Why, as typed values (the names, times, limits involved), when there is more to say than the
    /// check's name. Both the text (`detail`) and the CLI's JSON are made from it.
    public let context: Context?

    /// A failure explained by `context`.
    public init(index: Int, check: CheckName, context: Context? = nil) {
        self.index = index
        self.check = check
        self.context = context
    }

    /// A failure explained by free text (`Context.note`), for callers that have nothing typed to say.
    public init(index: Int, check: CheckName, detail: String?) {
        self.init(index: index, check: check, context: detail.map(Context.note))
    }

    /// Why, in words; made from `context`.
    public var detail: String? { context?.text }

    /// The web PKI rule that failed, for a `WebPKICompliance` failure.
    public var rule: ComplianceRule? {
        if case .rule(let rule, _) = context { return rule }
        return nil
    }

    /// `[index] Check: detail`, with the rule's name for a compliance rule.
    public var description: String {
        "[\(index)] \(check.rawValue)" + (rule.map { "/\($0.rawValue)" } ?? "") + (detail.map { ": \($0)" } ?? "")
    }
}
