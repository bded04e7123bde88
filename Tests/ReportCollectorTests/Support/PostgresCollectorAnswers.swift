import Foundation

/// The HTTP answers of the collectors in the PostgreSQL tests, gathered from several sender threads.
final class PostgresCollectorAnswers: @unchecked Sendable {
    private let lock = NSLock()
    private var statuses: [Int] = []
    private var ids: [Int] = []
    private var failures: [String] = []

    func add(_ response: LoopbackHTTPClient.Response) {
        let id = (try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])?["id"] as? Int
        lock.withLock {
            statuses.append(response.status)
            if response.status == 201, let id { ids.append(id) }
            if response.status >= 300 { failures.append("HTTP \(response.status): \(response.text)") }
        }
    }

    func fail(_ error: any Error) { lock.withLock { failures.append("\(error)") } }
    func count(_ status: Int) -> Int { lock.withLock { statuses.filter { $0 == status }.count } }
    var storedIDs: [Int] { lock.withLock { ids } }
    var errors: [String] { lock.withLock { failures } }
}
