import TrustEvaluation

/// The outcome of `PinSet.check(_:)`.
public struct PinCheckResult: Sendable {
    /// What was decided.
    public let verdict: PinVerdict
    /// Every pin found on the evaluated chain, leaf first; empty unless `verdict` is `.pinned`.
    public let matches: [PinMatch]
    /// The evaluated chain the pins were looked for on, leaf first.
    public let chain: [ChainElement]
    /// Why the connection must not go ahead; nil when pinned.
    public let failure: PinningFailure?

    /// True only when the chain was trusted and a pin matched.
    public var isPinned: Bool { verdict == .pinned }
}
