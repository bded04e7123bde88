import Foundation
import PostgresBridge

/// The PostgreSQL store's connections: up to `capacity`, opened when needed, each lent to one call at a
/// time, so that requests on different HTTP threads run their transactions side by side.
///
/// `@unchecked Sendable`: `idle`, `opened`, `lent` and `closed` are only touched with `condition` locked.
final class PostgresConnectionPool: @unchecked Sendable {
    private let connectionString: String
    private let capacity: Int
    /// The URL without its password, for messages.
    private let location: String
    private let condition = NSCondition()
    private var idle: [PostgresConnection]
    private var opened: Int
    private var lent = 0
    private var closed = false

    /// A pool that starts with `first` (opened by the caller, so a bad URL fails at open) and grows to `capacity`.
    init(connectionString: String, location: String, capacity: Int, first: PostgresConnection) {
        self.connectionString = connectionString
        self.location = location
        self.capacity = max(1, capacity)
        idle = [first]
        opened = 1
    }

    /// Runs `body` with a connection of its own, waiting for one when all `capacity` are lent.
    func withConnection<T>(_ kind: ReportStoreError.Kind, _ body: (PostgresConnection) throws -> T) throws(ReportStoreError) -> T {
        let connection = try borrow()
        defer { giveBack(connection) }
        do {
            return try body(connection)
        } catch let error as ReportStoreError {
            throw error
        } catch let error as PostgresError {
            throw ReportStoreError(kind, location: location, detail: error.description)
        } catch {
            throw ReportStoreError(kind, location: location, detail: "\(error)")
        }
    }

    /// Waits for the calls in flight to give their connections back, then closes every connection; later
    /// calls throw `.closed`.
    func close() {
        condition.lock()
        closed = true
        while lent > 0 { condition.wait() }
        idle.removeAll()   // PostgresConnection's deinit closes each (PQfinish)
        opened = 0
        condition.broadcast()
        condition.unlock()
    }

    private func borrow() throws(ReportStoreError) -> PostgresConnection {
        condition.lock()
        while !closed, idle.isEmpty, opened >= capacity { condition.wait() }
        guard !closed else {
            condition.unlock()
            throw ReportStoreError(.closed, location: location, detail: "closed")
        }
        if let connection = idle.popLast() {
            lent += 1
            condition.unlock()
            return connection
        }
        // Connect outside the lock (it takes a round trip or more); the slot is reserved meanwhile.
        opened += 1
        lent += 1
        condition.unlock()
        do {
            return try PostgresConnection(connectionString)
        } catch {
            condition.lock()
            opened -= 1
            lent -= 1
            condition.broadcast()
            condition.unlock()
            throw ReportStoreError(.open, location: location, detail: error.description)
        }
    }

    private func giveBack(_ connection: PostgresConnection) {
        condition.lock()
        lent -= 1
        if closed { opened -= 1 } else { idle.append(connection) }
        condition.broadcast()
        condition.unlock()
    }
}
