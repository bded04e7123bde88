import Foundation
import FoundationNetworking
import PinningReportsURLSession

/// POSTs an alert's JSON to a webhook and waits for the answer on the calling thread. Completion-handler
/// URLSession, not async/await: alerts fire from libmicrohttpd's threads and must not wait for Swift's
/// cooperative pool, which other work may be occupying. Timeouts are the report sender's (ReportSender).
enum WebhookPoster {
    /// nil on a 2xx answer, else what went wrong.
    static func post(_ body: Data, to url: URL) -> String? {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = ReportSender.defaultRequestTimeout
        configuration.timeoutIntervalForResource = ReportSender.defaultResourceTimeout
        configuration.urlCache = nil
        configuration.httpCookieAcceptPolicy = .never
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData,
                                 timeoutInterval: ReportSender.defaultRequestTimeout)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = body
        let done = DispatchSemaphore(value: 0)
        let outcome = Outcome()
        session.dataTask(with: request) { _, response, error in
            if let error {
                outcome.set(error.localizedDescription)
            } else if let status = (response as? HTTPURLResponse)?.statusCode, !(200..<300).contains(status) {
                outcome.set("HTTP \(status)")
            }
            done.signal()
        }.resume()
        done.wait()
        return outcome.value
    }

    /// The completion handler's verdict, read after `done` is signalled.
    private final class Outcome: @unchecked Sendable {
        private let lock = NSLock()
        private var text: String?
        func set(_ value: String) { lock.withLock { text = value } }
        var value: String? { lock.withLock { text } }
    }
}
