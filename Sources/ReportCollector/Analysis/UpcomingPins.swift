import Pinning

/// The pins that will replace each pinned domain's current key (`--next-pin DOMAIN=PIN`,
/// `--next-certificate DOMAIN=FILE`): what rotation readiness checks the app versions against.
public struct UpcomingPins: Sendable, Hashable {
    /// Domain (`noted-hostname`) → bare base64 SPKI SHA-256 pins.
    public private(set) var byDomain: [String: [String]] = [:]

    public init() {}

    /// Adds `pin` for `domain`.
    public mutating func add(_ pin: PublicKeyPin, for domain: String) {
        if !(byDomain[domain] ?? []).contains(pin.base64) { byDomain[domain, default: []].append(pin.base64) }
    }

    /// The next pins of `domain`, empty when none was given.
    public func pins(for domain: String) -> [String] { byDomain[domain] ?? [] }
}
