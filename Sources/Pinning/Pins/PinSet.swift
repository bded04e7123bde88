import TrustCertificates
import TrustEvaluation

/// Pins checked the way TrustKit, Alamofire and AFNetworking check them (pinning-libraries.md §6):
/// only after default validation has passed, and only on the *evaluated* chain, leaf to anchor with the
/// anchor included even when the server never sent it. Certificates the server presented that are not
/// on that path are never hashed, so an attacker cannot satisfy a pin by sending the pinned certificate
/// beside a chain of its own. One pin anywhere on the path is enough (the libraries' "at least one" rule).
public struct PinSet: Sendable, Hashable {
    /// The pins, duplicates removed, in the order given.
    public let pins: [PublicKeyPin]

    /// A set of `pins`; duplicates collapse, as in TrustKit's NSSet.
    public init(_ pins: [PublicKeyPin]) {
        var seen = Set<PublicKeyPin>()
        self.pins = pins.filter { seen.insert($0).inserted }
    }

    /// Reads each text with `PublicKeyPin(parsing:algorithm:)`.
    public init(parsing texts: [String], algorithm: PinAlgorithm = .spkiSHA256) throws(PinFormatError) {
        var pins: [PublicKeyPin] = []
        for text in texts { pins.append(try PublicKeyPin(parsing: text, algorithm: algorithm)) }
        self.init(pins)
    }

    /// Checks the pins against `evaluation`. Each certificate's digests were computed once, when it was parsed.
    public func check(_ evaluation: TrustEvaluationResult) -> PinCheckResult {
        guard evaluation.isTrusted else {
            return PinCheckResult(verdict: .chainNotTrusted, matches: [], chain: evaluation.chain,
                                  failure: PinningFailure(untrusted: evaluation))
        }
        var matches: [PinMatch] = []
        for (index, element) in evaluation.chain.enumerated() {
            for pin in pins where pin.matches(element.certificate) {
                matches.append(PinMatch(pin: pin, chainIndex: index, certificate: element.certificate, source: element.source))
            }
        }
        guard matches.isEmpty else { return PinCheckResult(verdict: .pinned, matches: matches, chain: evaluation.chain, failure: nil) }
        return PinCheckResult(verdict: .noMatchingPin, matches: [], chain: evaluation.chain,
                              failure: PinningFailure(pinMismatchOn: evaluation.chain))
    }
}
