import Foundation

/// Who may post reports: an optional shared secret and an optional allow-list of `app-bundle-id`s.
///
/// TrustKit cannot add headers to its uploads, so the secret travels in the report URI's query
/// (`https://collector.example/report?secret=…`, kept in the app's `TSKReportUris`); a header
/// `X-TrustCheck-Secret` is accepted too, for other senders.
public struct ReportAuthorization: Sendable {
    /// The secret every POST must carry; nil accepts any.
    public var sharedSecret: String?
    /// The bundle ids accepted; empty accepts any.
    public var allowedBundleIDs: Set<String>

    public init(sharedSecret: String? = nil, allowedBundleIDs: Set<String> = []) {
        self.sharedSecret = sharedSecret
        self.allowedBundleIDs = allowedBundleIDs
    }

    /// Checks the secret a request presents (query `secret` or header).
    public func checkSecret(query: String?, header: String?) throws(ReportRejection) {
        guard let sharedSecret else { return }
        guard let presented = header ?? query else {
            throw ReportRejection(.missingSecret, "this collector needs its shared secret: add ?secret=… to the report URI")
        }
        guard Self.constantTimeEqual(Array(presented.utf8), Array(sharedSecret.utf8)) else {
            throw ReportRejection(.wrongSecret, "the shared secret is wrong")
        }
    }

    /// Checks the report's bundle id against the allow-list.
    public func checkBundle(_ bundleID: String) throws(ReportRejection) {
        guard !allowedBundleIDs.isEmpty, !allowedBundleIDs.contains(bundleID) else { return }
        throw ReportRejection(.bundleNotAllowed, "app-bundle-id '\(bundleID)' is not one this collector accepts")
    }

    /// Compares without an early exit, so the time taken does not tell how much of a guess was right.
    static func constantTimeEqual(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        var difference = UInt8(lhs.count == rhs.count ? 0 : 1)
        for index in 0..<max(lhs.count, rhs.count) {
            difference |= (index < lhs.count ? lhs[index] : 0) ^ (index < rhs.count ? rhs[index] : 0)
        }
        return difference == 0
    }
}
