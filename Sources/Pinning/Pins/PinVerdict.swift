/// What checking pins against an evaluation decided.
public enum PinVerdict: String, Sendable, Hashable {
    /// The chain was trusted and at least one pin is on it.
    case pinned
    /// The chain was trusted but none of the pins is on it.
    case noMatchingPin = "no-matching-pin"
    /// Default validation failed, so pins were not looked at: a pin never rescues an untrusted chain.
    case chainNotTrusted = "chain-not-trusted"
}
