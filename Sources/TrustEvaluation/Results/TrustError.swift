import FoundationEssentials

/// The primary error of an untrusted evaluation, built the way SecTrustEvaluateWithError builds its CFError.
public struct TrustError: LocalizedError, Sendable, Hashable, CustomStringConvertible {
    /// Apple's OSStatus, stable across releases (e.g. -67843 errSecNotTrusted).
    public let code: Int32
    /// The simple message, e.g. `“expired.example” certificate is expired`.
    public let message: String
    /// The underlying error's message: every failure, certificate by certificate.
    public let detailedMessage: String
    /// The check of the primary failure.
    public let check: CheckName
    /// The position of the certificate at fault in the path (0 = leaf).
    public let certificateIndex: Int

    /// `message (code)`.
    public var description: String { "\(message) (\(code))" }

    /// The simple message, as Apple's CFError gives it (`localizedDescription`).
    public var errorDescription: String? { message }

    /// Every failure, certificate by certificate.
    public var failureReason: String? { detailedMessage }

    /// Apple's rule for the primary error (SecTrustCopyErrorStrings over SecTrustCopyFailureDescription's
    /// order): the failure of the lowest subtype wins, ties go to the lowest certificate index; nil when
    /// nothing failed.
    public static func primaryFailure(among failures: [TrustFailure]) -> TrustFailure? {
        failures.min { ($0.check.subtype, $0.index) < ($1.check.subtype, $1.index) }
    }

    /// The error Apple builds for `failures` (what is left after any exceptions) on a path whose
    /// certificates have the subject summaries `summaries`, leaf first; nil when nothing failed.
    public init?(failures: [TrustFailure], summaries: [String]) {
        guard let primary = Self.primaryFailure(among: failures) else { return nil }
        let summary = primary.index < summaries.count ? summaries[primary.index] : ""
        code = primary.check.status
        check = primary.check
        certificateIndex = primary.index
        message = primary.check.subtype.message(
            summary: primary.check.subtype == .pinning ? summaries.map { "\"\($0)\"" }.joined(separator: ",") : summary)
        var detailed = ""
        for index in Set(failures.map(\.index)).sorted() {
            let sentences = failures.filter { $0.index == index }.map(\.check.sentence)
            let name = index < summaries.count ? summaries[index] : ""
            detailed += "Certificate \(index) \u{201C}\(name)\u{201D} has errors: " + sentences.joined(separator: ", ") + ";"
        }
        detailedMessage = detailed
    }
}
