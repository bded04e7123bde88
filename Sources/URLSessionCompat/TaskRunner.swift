import Foundation
import GnuTLSBridge
import TLSClient

/// One task's load: for each request (the original, then each redirect) a TLS connection whose server
/// trust the delegate decides (`ServerTrustChallengeDispatch`), an HTTP/1.1 exchange, and the redirect
/// decision. Every failure becomes the `URLError` Apple's would report.
struct TaskRunner {
    /// Redirects followed before a task fails with `URLError.httpTooManyRedirects` (-1007), CFNetwork's limit.
    static let maximumRedirects = 16

    let session: URLSession
    let task: URLSessionTask

    func run() async -> TaskOutcome {
        guard var request = task.originalRequest, let firstURL = request.url else {
            return .failure(URLErrorFactory.error(.unsupportedURL, url: nil))
        }
        let start = Date()
        var redirects = 0
        while true {
            guard let url = request.url else { return .failure(URLErrorFactory.error(.unsupportedURL, url: firstURL)) }
            if task.isCancelled { return .failure(URLErrorFactory.error(.cancelled, url: url)) }
            let remaining = session.configuration.timeoutIntervalForResource - Date().timeIntervalSince(start)
            guard remaining > 0 else { return .failure(URLErrorFactory.error(.timedOut, url: url)) }
            let exchange: (Data, HTTPURLResponse)
            switch await load(request, url: url, within: remaining) {
            case .failure(let error): return .failure(task.isCancelled ? URLErrorFactory.error(.cancelled, url: url) : error)
            case .success(let loaded): exchange = loaded
            }
            let (body, response) = exchange
            guard let next = redirect(from: request, response: response) else { return .success(body, response) }
            redirects += 1
            guard redirects <= Self.maximumRedirects else {
                return .failure(URLErrorFactory.error(.httpTooManyRedirects, url: url))
            }
            guard let followed = await askRedirect(response: response, newRequest: next) else {
                return .success(body, response)
            }
            request = followed
            task.redirected(to: followed)
        }
    }

    /// One request and its response.
    private func load(_ request: URLRequest, url: URL, within remaining: TimeInterval) async
        -> Result<(Data, HTTPURLResponse), URLError>
    {
        let scheme = url.scheme?.lowercased()
        if scheme == "http" {
            // Apple's default App Transport Security blocks cleartext loads; there is no cleartext HTTP here.
            return .failure(URLErrorFactory.error(.appTransportSecurityRequiresSecureConnection, url: url))
        }
        guard scheme == "https", let host = url.host, !host.isEmpty else {
            return .failure(URLErrorFactory.error(.unsupportedURL, url: url))
        }
        guard let port = UInt16(exactly: url.port ?? 443) else {
            return .failure(URLErrorFactory.error(.unsupportedURL, url: url))
        }
        let timeout = min(request.timeoutInterval > 0 ? request.timeoutInterval : .infinity,
                          session.configuration.timeoutIntervalForRequest, remaining)
        let dispatch = ServerTrustChallengeDispatch(session: session, task: task, timeout: timeout)
        var configuration = TLSClientConfiguration()
        configuration.serverName = host
        configuration.connectTimeout = timeout
        configuration.handshakeTimeout = timeout
        configuration.serverAnswerWait = 0
        configuration.alpn = ["http/1.1"]
        configuration.challengeHandler = { challenge in dispatch.decide(challenge) }
        let connection: TLSConnection
        do {
            connection = try await TLSClient.connect(host: host, port: port, configuration: configuration)
        } catch {
            return .failure(mapped(error, url: url, refusal: dispatch.refusal))
        }
        defer { Task { await connection.close() } }
        let bytes = HTTPRequestWriter.bytes(of: request, url: url, additionalHeaders: session.configuration.additionalHeaderFields)
        do {
            try await connection.write(bytes, timeout: timeout)
        } catch {
            return .failure(mapped(error, url: url, refusal: nil))
        }
        task.sentBody(request.httpBody?.count ?? 0)
        let task = task
        var reader = HTTPResponseReader(connection: connection, timeout: timeout) { task.receivedBody($0) }
        do throws(HTTPResponseReader.Failure) {
            let head = try await reader.readHead()
            guard let response = HTTPURLResponse(url: url, statusCode: head.statusCode, httpVersion: "HTTP/1.1",
                                                 headerFields: head.fields)
            else {
                return .failure(URLErrorFactory.error(.badServerResponse, url: url))
            }
            task.received(response)
            let body = try await reader.readBody(of: head, method: request.httpMethod ?? "GET")
            return .success((body, response))
        } catch {
            switch error {
            case .truncated: return .failure(URLErrorFactory.error(.networkConnectionLost, url: url))
            case .malformed(let problem):
                return .failure(URLErrorFactory.error(.badServerResponse, url: url, underlying: HTTPProtocolError(problem: problem)))
            case .connection(let failure): return .failure(mapped(failure, url: url, refusal: nil))
            }
        }
    }

    /// The request a redirect response asks for, if it is one: 303 (and 301/302 after a POST) become GET
    /// without a body, 307 and 308 keep the method and body (RFC 9110 §15.4, as browsers and CFNetwork do).
    private func redirect(from request: URLRequest, response: HTTPURLResponse) -> URLRequest? {
        guard [301, 302, 303, 307, 308].contains(response.statusCode),
              let location = response.value(forHTTPHeaderField: "Location"),
              let base = request.url, let target = URL(string: location, relativeTo: base)?.absoluteURL
        else { return nil }
        var next = request
        next.url = target
        let method = (request.httpMethod ?? "GET").uppercased()
        if (response.statusCode == 303 && method != "HEAD") || ([301, 302].contains(response.statusCode) && method == "POST") {
            next.httpMethod = "GET"
            next.httpBody = nil
            next.setValue(nil, forHTTPHeaderField: "Content-Type")
        }
        return next
    }

    /// The delegate's answer to a redirect: the request to follow, or nil to deliver the redirect response.
    private func askRedirect(response: HTTPURLResponse, newRequest: URLRequest) async -> URLRequest? {
        guard let delegate = session.taskDelegate(of: task) else { return newRequest }
        let call = UncheckedSendable(delegate)
        let (session, task) = (session, task)
        return await withCheckedContinuation { continuation in
            session.delegateQueue.addOperation {
                let once = Once()
                call.value.urlSession(session, task: task, willPerformHTTPRedirection: response, newRequest: newRequest) { request in
                    if once.first() { continuation.resume(returning: request) }
                }
            }
        }
    }

    /// Apple's error for a failed connection or exchange; `refusal` is what the trust decision recorded.
    private func mapped(_ error: TLSClientError, url: URL, refusal: ServerTrustRefusal?) -> URLError {
        if task.isCancelled { return URLErrorFactory.error(.cancelled, url: url) }
        switch error {
        case .connect(let failure):
            switch failure {
            case .resolution: return URLErrorFactory.error(.cannotFindHost, url: url, underlying: failure)
            case .timedOut: return URLErrorFactory.error(.timedOut, url: url, underlying: failure)
            case .cancelled: return URLErrorFactory.error(.cancelled, url: url)
            case .system: return URLErrorFactory.error(.cannotConnectToHost, url: url, underlying: failure)
            }
        case .untrusted:
            switch refusal {
            case .untrusted(let trust, let evaluationError):
                return URLErrorFactory.untrusted(url: url, trust: trust, evaluationError: evaluationError)
            case .cancelledByDelegate: return URLErrorFactory.error(.cancelled, url: url)
            case .delegateDidNotAnswer: return URLErrorFactory.error(.timedOut, url: url, underlying: error)
            case nil: return URLErrorFactory.error(.serverCertificateUntrusted, url: url, underlying: error)
            }
        case .unparseableCertificate: return URLErrorFactory.error(.secureConnectionFailed, url: url, underlying: error)
        case .handshake(let failure, _):
            if failure.cancelled { return URLErrorFactory.error(.cancelled, url: url) }
            if failure.isTimeout { return URLErrorFactory.error(.timedOut, url: url, underlying: error) }
            return URLErrorFactory.error(.secureConnectionFailed, url: url, underlying: error)
        case .io(let failure):
            if failure.cancelled { return URLErrorFactory.error(.cancelled, url: url) }
            if failure.isTimeout { return URLErrorFactory.error(.timedOut, url: url, underlying: error) }
            return URLErrorFactory.error(.networkConnectionLost, url: url, underlying: error)
        case .malformedHTTPResponse, .truncatedHTTPResponse:
            return URLErrorFactory.error(.badServerResponse, url: url, underlying: error)
        case .afterTrustDecision(let failure, _):
            return mapped(failure, url: url, refusal: refusal)
        }
    }
}

/// A response that is not HTTP/1.x, as the underlying error of `URLError.badServerResponse`.
public struct HTTPProtocolError: Error, LocalizedError, Sendable {
    /// What is wrong with the server's bytes.
    public let problem: String
    public var errorDescription: String? { "the server's response is not valid HTTP/1.1: \(problem)" }
}
