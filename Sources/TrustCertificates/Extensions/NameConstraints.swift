/// nameConstraints (RFC 5280 §4.2.1.10): the name spaces below a CA.
public struct NameConstraints: Sendable, Hashable {
    /// The permittedSubtrees' base names; empty when absent.
    public let permitted: [GeneralName]
    /// The excludedSubtrees' base names; empty when absent.
    public let excluded: [GeneralName]
    /// The extension's critical flag.
    public let critical: Bool
}
