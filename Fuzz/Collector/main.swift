import Foundation
import FuzzSupport
import HTTPServerBridge
import ReportCollector
import TrustCertificates

// What the report collector parses from a request (libmicrohttpd parses the HTTP itself, so its output is what
// is fuzzed here). The first byte chooses:
//   even: a report body, through TrustKitReportDecoder and the chain inspector (the chain's PEMs parsed);
//   odd:  a whole request as the receiver gets it from the server, from text: a first line `METHOD PATH[?QUERY]`,
//         `name: value` header lines, an empty line, then the body; the receiver checks rate, secret, content
//         type and body, and the path and query go through the dashboard's file lookup and the API's time parser.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCollector(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = FuzzDriver.bytes(data, size)
    guard let selector = bytes.first else { return 0 }
    let input = Array(bytes.dropFirst())
    if selector % 2 == 0 {
        guard let body = try? TrustKitReportDecoder.decode(input) else { return 0 }
        _ = try? ReportChainInspector(anchors: nil).inspect(body)
        return 0
    }
    let request = FuzzRequest.parse(input)
    _ = FuzzRequest.receiver.receive(request)
    _ = FuzzRequest.dashboard.file(forPath: request.path)
    for value in request.queryValues("since") { _ = RFC3339.date(value) ?? RFC3339.date(day: value) }
    return 0
}

enum FuzzRequest {
    /// A receiver with a shared secret and an allow-list, so both checks see the fuzzed values; the store keeps
    /// nothing. No rate limit: the fuzzer's one client address would soon be refused before the body is read.
    static let receiver = ReportReceiver(
        store: DiscardingStore(), inspector: ReportChainInspector(anchors: nil),
        authorization: ReportAuthorization(sharedSecret: "s3cret", allowedBundleIDs: ["com.example.app"]),
        rateLimiter: nil)
    static let dashboard = DashboardFiles(directory: "/nonexistent")

    static func parse(_ bytes: [UInt8]) -> HTTPRequest {
        let separator: [UInt8] = [10, 10]
        var head = bytes[...]
        var body: [UInt8] = []
        if let range = bytes.firstRange(of: separator) {
            head = bytes[..<range.lowerBound]
            body = Array(bytes[range.upperBound...])
        }
        var lines = String(decoding: head, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)[...]
        let first = lines.popFirst().map(String.init) ?? ""
        let parts = first.split(separator: " ", maxSplits: 1)
        let method = parts.first.map(String.init) ?? ""
        let target = parts.count > 1 ? String(parts[1]) : "/"
        let path = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        var query: [(name: String, value: String)] = []
        if let mark = target.firstIndex(of: "?") {
            for pair in target[target.index(after: mark)...].split(separator: "&") {
                let nameValue = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                query.append((String(nameValue[0]), nameValue.count > 1 ? String(nameValue[1]) : ""))
            }
        }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return HTTPRequest(method: method, path: path, query: query, headers: headers, body: body,
                           bodyExceededLimit: body.count > ReportReceiver.defaultBodyLimit)
    }
}

/// A store that accepts every report and keeps none.
struct DiscardingStore: ReportStore {
    func migrate() throws(ReportStoreError) {}
    func store(_ report: ReceivedReport) throws(ReportStoreError) -> StoreOutcome { .stored(id: 1) }
    func recordMalformed(_ rejection: MalformedReport) throws(ReportStoreError) {}
    func reports(since: Date?) throws(ReportStoreError) -> [StoredReport] { [] }
    func report(id: Int64) throws(ReportStoreError) -> StoredReport? { nil }
    func rawBody(reportID id: Int64) throws(ReportStoreError) -> [UInt8]? { nil }
    func failureCount(hostname: String, since: Date) throws(ReportStoreError) -> Int { 0 }
    func deleteReports(receivedBefore cutoff: Date, limit: Int) throws(ReportStoreError) -> Int { 0 }
    func read<T>(_ body: (any AnalysisReader) throws(ReportStoreError) -> T) throws(ReportStoreError) -> T { try body(NoRows()) }
    func statistics() throws(ReportStoreError) -> ReportStoreStatistics {
        ReportStoreStatistics(storedReports: 0, duplicates: 0, malformedByReason: [:], firstReceived: nil, lastReceived: nil)
    }
    func close() {}
}

/// A snapshot of a store with nothing in it.
struct NoRows: AnalysisReader {
    func rows(_ sql: String, _ parameters: [StoredRow.Value]) throws(ReportStoreError) -> [[String?]] { [] }
}

FuzzDriver.main(name: "Collector", fuzzCollector)
