import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// An error from a library call (FileManager, a decoder, a caller's closure) as the words that end one of
/// our messages: what `localizedDescription` gave under swift-corelibs Foundation, which `trustcheck` does
/// not link.
package enum ErrorReason {
    /// A `CocoaError`'s own description (`NSLocalizedDescriptionKey`) or the C library's words for the
    /// POSIX error under it, as FileManager throws them ("No such file or directory"); a `LocalizedError`'s
    /// description; a decoding error's own explanation; else the error as it describes itself.
    package static func text(_ error: any Error) -> String {
        if let cocoa = error as? CocoaError {
            if let description = cocoa.userInfo["NSLocalizedDescription"] as? String { return description }
            if let underlying = cocoa.underlying as? POSIXError { return String(cString: strerror(underlying.code.rawValue)) }
        }
        if let localized = error as? any LocalizedError, let description = localized.errorDescription { return description }
        if let decoding = error as? DecodingError { return text(decoding) }
        return String(describing: error)
    }

    /// "The given data was not valid JSON." and, when the parser said where, its words ("Malformed tag on
    /// line 1") after a colon.
    private static func text(_ error: DecodingError) -> String {
        let context: DecodingError.Context
        switch error {
        case .dataCorrupted(let found), .keyNotFound(_, let found), .typeMismatch(_, let found), .valueNotFound(_, let found):
            context = found
        @unknown default:
            return String(describing: error)
        }
        let summary = context.debugDescription.hasSuffix(".") ? String(context.debugDescription.dropLast()) : context.debugDescription
        guard let cocoa = context.underlyingError as? CocoaError,
              let detail = cocoa.userInfo["NSDebugDescription"] as? String
        else { return summary }
        return summary + ": " + detail
    }
}
