/// basicConstraints (RFC 5280 §4.2.1.9): whether the subject is a CA and how deep below it a path may go.
public struct BasicConstraints: Sendable, Hashable {
    /// The cA flag.
    public let isCA: Bool
    /// nil when no pathLenConstraint is present.
    public let pathLength: Int?
    /// The extension's critical flag.
    public let critical: Bool
}
