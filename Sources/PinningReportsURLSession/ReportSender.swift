import Foundation
import FoundationNetworking
import PinningReports

/// POSTs report bodies over HTTP(S) with URLSession, as TrustKit's `TSKBackgroundReporter` does: one
/// `POST` per report URI with `Content-Type: application/json`, the system's default TLS validation
/// (reports are never pinned) and no cookies, cache or credentials.
///
/// It lives apart from `PinningReports` so that spooling a report never links FoundationNetworking: a
/// program that only spools (the `trustcheck` CLI) leaves delivery to a process that links this module.
///
/// The sender owns one ephemeral session. Every ``send(_:to:)`` has finished (delivered, refused or timed
/// out) when it returns, so nothing runs in the background between calls; ``shutdown()`` (or the last
/// reference going away) cancels whatever is still in flight and releases the session.
public final class ReportSender: ReportTransport {
    /// How long a request may go without progress (URLSession's `timeoutIntervalForRequest`, an idle
    /// timeout): 20 s, a third of URLSession's default, because reports are never urgent and a slow endpoint
    /// should not hold up the next one.
    public static let defaultRequestTimeout: TimeInterval = 20
    /// The most one request may take in all, connecting included, however slowly the endpoint trickles
    /// bytes (`timeoutIntervalForResource`): 60 s.
    public static let defaultResourceTimeout: TimeInterval = 60

    /// The idle timeout of each request.
    public let requestTimeout: TimeInterval
    /// The total timeout of each request (never less than ``requestTimeout``).
    public let resourceTimeout: TimeInterval
    private let session: URLSession

    /// A sender with its own ephemeral session.
    public init(requestTimeout: TimeInterval = ReportSender.defaultRequestTimeout,
                resourceTimeout: TimeInterval = ReportSender.defaultResourceTimeout)
    {
        self.requestTimeout = requestTimeout
        self.resourceTimeout = max(resourceTimeout, requestTimeout)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = requestTimeout
        configuration.timeoutIntervalForResource = self.resourceTimeout
        configuration.httpCookieAcceptPolicy = .never
        configuration.httpShouldSetCookies = false
        configuration.urlCache = nil
        configuration.urlCredentialStorage = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration)
    }

    deinit { session.invalidateAndCancel() }

    /// Whether a report URI is one this sender can POST to: ``PinningReports/ReportDestination/isDeliverable(_:)``.
    public static func canDeliver(to destination: URL) -> Bool { ReportDestination.isDeliverable(destination) }

    /// POSTs `body` to `destination` and waits for the outcome: 2xx is delivered; anything else is a
    /// ``ReportDeliveryError`` saying whether a retry may help.
    public func send(_ body: Data, to destination: URL) async -> ReportSendOutcome {
        guard Self.canDeliver(to: destination) else {
            return .failed(ReportDeliveryError(destination: destination, kind: .unsupportedDestination,
                                               problem: ReportDestination.requirement))
        }
        var request = URLRequest(url: destination, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: requestTimeout)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = body
        return await withCheckedContinuation { continuation in
            session.dataTask(with: request) { _, response, error in
                continuation.resume(returning: Self.outcome(destination: destination, response: response, error: error))
            }.resume()
        }
    }

    /// Cancels requests in flight and invalidates the session; later sends fail as `connectionFailed`.
    public func shutdown() { session.invalidateAndCancel() }

    private static func outcome(destination: URL, response: URLResponse?, error: (any Error)?) -> ReportSendOutcome {
        if let error {
            let kind: ReportDeliveryError.Kind = (error as? URLError)?.code == .timedOut ? .timedOut : .connectionFailed
            return .failed(ReportDeliveryError(destination: destination, kind: kind, problem: error.localizedDescription))
        }
        guard let status = (response as? HTTPURLResponse)?.statusCode else {
            return .failed(ReportDeliveryError(destination: destination, kind: .unexpectedResponse, problem: "not an HTTP response"))
        }
        if let failure = ReportDeliveryError(destination: destination, status: status) { return .failed(failure) }
        return .delivered(status: status)
    }
}
