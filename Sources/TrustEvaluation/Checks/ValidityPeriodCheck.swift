import FoundationEssentials
import TrustCertificates

/// Apple's maximum leaf lifetimes (§4.3): for each rule, a leaf issued on or after the rule's date may
/// not be valid for longer than its limit. The 825-day rule applies to every chain; the 2018 and 2020
/// rules only to chains ending in a system root.
struct ValidityPeriodCheck: PathCheck {
    struct Rule {
        let effective: Date
        /// The limit in days, as Apple states it.
        let limitDays: Int
        /// The limit as Apple compares it (825 days get an hour's grace).
        let maximum: TimeInterval
    }

    static let day: TimeInterval = 86_400
    static let otherTrust = [Rule(effective: AppleDates.date(cfAbsoluteTime: 583_628_400), limitDays: 825,
                                  maximum: 825 * day + 3600)]
    static let systemTrust = [
        Rule(effective: AppleDates.date(cfAbsoluteTime: 541_555_200), limitDays: 825, maximum: 825 * day + 3600),
        Rule(effective: AppleDates.date(cfAbsoluteTime: 620_611_200), limitDays: 398, maximum: 398 * day),
    ]

    func evaluate(_ context: PathContext, into failures: inout [TrustFailure]) {
        let leaf = context.leaf
        let lifetime = leaf.notAfter.timeIntervalSince(leaf.notBefore)
        // The strictest rule broken is the one to state.
        func violated(_ rules: [Rule]) -> Rule? {
            rules.filter { leaf.notBefore >= $0.effective && lifetime > $0.maximum }.min { $0.limitDays < $1.limitDays }
        }
        func reason(_ rule: Rule) -> TrustFailure.Context {
            .validityPeriod(days: Int(lifetime / Self.day), limitDays: rule.limitDays, issuedOnOrAfter: rule.effective)
        }
        if context.rootIsInSystemStore, let rule = violated(Self.systemTrust) {
            failures.append(TrustFailure(index: 0, check: .systemTrustValidityPeriod, context: reason(rule)))
        }
        if let rule = violated(Self.otherTrust) {
            failures.append(TrustFailure(index: 0, check: .otherTrustValidityPeriod, context: reason(rule)))
        }
    }
}
