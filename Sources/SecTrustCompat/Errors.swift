import Foundation
import TrustEvaluation

/// CFErrors the way the Security framework builds them.
enum SecErrors {
    /// Apple's `SecError(status, &error, format, …)`: domain NSOSStatusErrorDomain, the message under
    /// NSDescription. NSLocalizedDescription carries the text Apple's CFError computes from it, so that
    /// `localizedDescription` reads the same on Linux:
    /// `The operation couldn’t be completed. (OSStatus error -50 - RSA public key creation from data failed)`.
    static func secError(_ status: OSStatus, _ message: String) -> CFError {
        NSError(domain: kCFErrorDomainOSStatus, code: Int(status), userInfo: [
            kCFErrorDescriptionKey: message,
            kCFErrorLocalizedDescriptionKey:
                "The operation couldn\u{2019}t be completed. (OSStatus error \(status) - \(message))",
        ])
    }

    /// The error of a failed trust evaluation (apple-sectrust.md §2.4, Apple's SecTrustCopyError): the simple
    /// message as the localized description, and an underlying error of the same domain and code carrying
    /// every failure, certificate by certificate.
    static func trustError(_ failure: TrustFailureReport) -> CFError {
        let underlying = NSError(domain: kCFErrorDomainOSStatus, code: Int(failure.code), userInfo: [
            kCFErrorLocalizedDescriptionKey: failure.detailedMessage
        ])
        return NSError(domain: kCFErrorDomainOSStatus, code: Int(failure.code), userInfo: [
            kCFErrorLocalizedDescriptionKey: failure.message,
            kCFErrorUnderlyingErrorKey: underlying,
        ])
    }

    /// Stores `error` for a caller that passed `UnsafeMutablePointer<Unmanaged<CFError>?>`, retained as the
    /// caller's `takeRetainedValue()` expects.
    static func report(_ error: CFError, to pointer: UnsafeMutablePointer<Unmanaged<CFError>?>?) {
        pointer?.pointee = Unmanaged.passRetained(error)
    }
}

/// The primary error of an untrusted evaluation: OSStatus, simple message, detailed message.
struct TrustFailureReport: Sendable, Hashable {
    let code: OSStatus
    let message: String
    let detailedMessage: String

    init(_ error: TrustError) {
        code = error.code
        message = error.message
        detailedMessage = error.detailedMessage
    }

    /// Apple's SecTrustCopyErrorStrings over `failures` (what is left after exceptions), by the engine's
    /// one primary-error rule (`TrustError.primaryFailure(among:)`); nil when nothing failed.
    init?(failures: [TrustFailure], summaries: [String]) {
        guard let error = TrustError(failures: failures, summaries: summaries) else { return nil }
        self.init(error)
    }

    /// For a result with no failure to blame (a deny or other error without details).
    init(code: OSStatus, message: String) {
        self.code = code
        self.message = message
        self.detailedMessage = message
    }
}
