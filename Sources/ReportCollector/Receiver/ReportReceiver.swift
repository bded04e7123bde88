import Foundation
import HTTPServerBridge

/// Takes one report POST from start to acknowledgement: the client address's rate limit, secret, content
/// type, size, TrustKit's JSON (any of its formats), bundle allow-list, the device's rate limit, the chain
/// through the engine, then the store's transaction. The answer is 2xx
/// only once the store has committed; every refusal is a `ReportRejection` with its status and reason, and
/// malformed bodies are counted in the store (never stored themselves).
public struct ReportReceiver: Sendable {
    /// The body size limit's default: 64 KiB. A TrustKit report is its fields (about 600 bytes) plus one PEM
    /// per chain certificate (1.5–2.5 KB for RSA-2048/P-256 web certificates), so a three-certificate report
    /// is 5–8 KB; 64 KiB leaves room for long chains and big keys while bounding every request's memory.
    public static let defaultBodyLimit = 64 * 1024

    public let store: any ReportStore
    public let inspector: ReportChainInspector
    public let authorization: ReportAuthorization
    /// Per client address (`HTTPRequest.clientAddress`); nil: none.
    public let rateLimiter: SourceRateLimiter?
    /// Per device (the report's `app-vendor-id`); nil: none.
    public let deviceRateLimiter: SourceRateLimiter?
    public let alert: FailureRateAlert?
    /// The longest body accepted; the HTTP server drops longer ones before they are read.
    public let bodyLimit: Int
    private let clock: @Sendable () -> Date
    private let log: @Sendable (String) -> Void

    public init(store: any ReportStore, inspector: ReportChainInspector, authorization: ReportAuthorization = ReportAuthorization(),
                rateLimiter: SourceRateLimiter? = SourceRateLimiter(), deviceRateLimiter: SourceRateLimiter? = nil,
                alert: FailureRateAlert? = nil,
                bodyLimit: Int = ReportReceiver.defaultBodyLimit, clock: @escaping @Sendable () -> Date = { Date() }, log: @escaping @Sendable (String) -> Void = { _ in })
    {
        self.store = store
        self.inspector = inspector
        self.authorization = authorization
        self.rateLimiter = rateLimiter
        self.deviceRateLimiter = deviceRateLimiter
        self.alert = alert
        self.bodyLimit = bodyLimit
        self.clock = clock
        self.log = log
    }

    /// The answer to one POST.
    public func receive(_ request: HTTPRequest) -> HTTPResponse {
        let receivedAt = clock()
        let report: ReceivedReport
        do {
            report = try validate(request, receivedAt: receivedAt)
        } catch {
            if error.isMalformedBody {
                do {
                    try store.recordMalformed(MalformedReport(reason: error.code, source: request.clientAddress, receivedAt: receivedAt))
                } catch let storeError {
                    log("cannot count a malformed body: \(storeError.localizedDescription)")
                }
            }
            return CollectorResponse.error(status: error.httpStatus, code: error.code, message: error.message)
        }
        let outcome: StoreOutcome
        do {
            outcome = try store.store(report)
        } catch {
            log("report from \(request.clientAddress) not stored: \(error.localizedDescription)")
            return CollectorResponse.error(status: 503, code: error.code,
                                           message: "the report could not be stored; retry later")
        }
        switch outcome {
        case .stored(let id):
            alert?.reportStored(hostname: report.body.hostname)
            return CollectorResponse.json(status: 201, ReceiptJSON(status: "stored", id: id))
        case .duplicate(let id):
            return CollectorResponse.json(status: 200, ReceiptJSON(status: "duplicate", id: id))
        }
    }

    /// The report the request carries, or why it is refused.
    func validate(_ request: HTTPRequest, receivedAt: Date) throws(ReportRejection) -> ReceivedReport {
        if let rateLimiter, !rateLimiter.allow(request.clientAddress) {
            throw ReportRejection(.rateLimited, "\(request.clientAddress) sent more than \(rateLimiter.burstText) reports at once or \(rateLimiter.rateText); retry later")
        }
        try authorization.checkSecret(query: request.queryValue("secret"), header: request.header("x-trustcheck-secret"))
        let mediaType = request.header("content-type")?.split(separator: ";").first?
            .trimmingCharacters(in: .whitespaces).lowercased()
        guard mediaType == "application/json" else {
            throw ReportRejection(.notJSONContentType,
                                  "Content-Type is '\(request.header("content-type") ?? "")'; TrustKit posts application/json")
        }
        guard !request.bodyExceededLimit else {
            throw ReportRejection(.bodyTooLarge, "the body is larger than this collector's \(bodyLimitText) limit")
        }
        let body = try TrustKitReportDecoder.decode(request.body)
        try authorization.checkBundle(body.appBundleID)
        // After decoding, before the chain is parsed: the id is only known now, and a device over its rate
        // costs no certificate parsing.
        if let deviceRateLimiter, !deviceRateLimiter.allow(body.appVendorID) {
            throw ReportRejection(.deviceRateLimited,
                                  "app-vendor-id '\(body.appVendorID)' sent more than \(deviceRateLimiter.burstText) reports at once or \(deviceRateLimiter.rateText); retry later")
        }
        let chain = try inspector.inspect(body, receivedAt: receivedAt)
        return ReceivedReport(body: body, rawBody: request.body, receivedAt: receivedAt, source: request.clientAddress,
                              certificates: chain.certificates, anchorCheck: chain.anchorCheck)
    }

    private var bodyLimitText: String { bodyLimit % 1024 == 0 ? "\(bodyLimit / 1024) KiB" : "\(bodyLimit)-byte" }

    private struct ReceiptJSON: Encodable {
        let status: String
        let id: Int64
    }
}
