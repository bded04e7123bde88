/// policyConstraints (RFC 5280 §4.2.1.11): after how many more certificates the path must be valid for
/// an explicit policy, and after how many more policy mapping is no longer allowed.
public struct PolicyConstraints: Sendable, Hashable {
    /// [0] requireExplicitPolicy SkipCerts; nil when absent.
    public let requireExplicitPolicy: Int?
    /// [1] inhibitPolicyMapping SkipCerts; nil when absent.
    public let inhibitPolicyMapping: Int?

    /// Constraints with these SkipCerts values.
    public init(requireExplicitPolicy: Int?, inhibitPolicyMapping: Int?) {
        self.requireExplicitPolicy = requireExplicitPolicy
        self.inhibitPolicyMapping = inhibitPolicyMapping
    }

    /// Decodes an extension value: SEQUENCE { [0] IMPLICIT SkipCerts OPTIONAL, [1] IMPLICIT SkipCerts
    /// OPTIONAL }. The empty sequence, which conforming CAs MUST NOT issue (§4.2.1.11), is malformed.
    init(der value: ArraySlice<UInt8>) throws {
        var reader = DERReader(value)
        let sequence = try reader.read(tag: DERTag.sequence, "a PolicyConstraints SEQUENCE")
        guard reader.isAtEnd else { throw DERError.unexpected("a single PolicyConstraints SEQUENCE") }
        var fields = DERReader(sequence.content)
        requireExplicitPolicy = try fields.readIfPresent(tag: 0x80).map(SkipCerts.value)
        inhibitPolicyMapping = try fields.readIfPresent(tag: 0x81).map(SkipCerts.value)
        guard fields.isAtEnd else {
            throw DERError.unexpected("a PolicyConstraints of requireExplicitPolicy, inhibitPolicyMapping")
        }
        guard requireExplicitPolicy != nil || inhibitPolicyMapping != nil else {
            throw DERError.unexpected("a PolicyConstraints with at least one field (RFC 5280 §4.2.1.11)")
        }
    }
}
