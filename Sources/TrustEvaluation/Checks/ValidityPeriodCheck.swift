import Foundation
import TrustCertificates

/// Apple's maximum leaf lifetimes (§4.3): for each rule, a leaf issued on or after the rule's date may
/// not be valid for longer than its limit. The 825-day rule applies to every chain; the 2018 and 2020
/// rules only to chains ending in a system root.
struct ValidityPeriodCheck: PathCheck {
    struct Rule {
        let effective: Date
        let maximum: TimeInterval
    }

    static let day: TimeInterval = 86_400
    static let otherTrust = [Rule(effective: AppleDates.date(cfAbsoluteTime: 583_628_400), maximum: 825 * day + 3600)]
    static let systemTrust = [
        Rule(effective: AppleDates.date(cfAbsoluteTime: 541_555_200), maximum: 825 * day + 3600),
        Rule(effective: AppleDates.date(cfAbsoluteTime: 620_611_200), maximum: 398 * day),
    ]

    func evaluate(_ context: PathContext, into failures: inout [TrustFailure]) {
        let leaf = context.leaf
        let lifetime = leaf.notAfter.timeIntervalSince(leaf.notBefore)
        func violates(_ rules: [Rule]) -> Bool {
            rules.contains { leaf.notBefore >= $0.effective && lifetime > $0.maximum }
        }
        let days = Int(lifetime / Self.day)
        if context.rootIsInSystemStore && violates(Self.systemTrust) {
            failures.append(TrustFailure(index: 0, check: .systemTrustValidityPeriod, detail: "valid for \(days) days"))
        }
        if violates(Self.otherTrust) {
            failures.append(TrustFailure(index: 0, check: .otherTrustValidityPeriod, detail: "valid for \(days) days"))
        }
    }
}
