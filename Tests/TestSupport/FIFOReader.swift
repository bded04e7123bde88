import Foundation

/// Reads a FIFO to its end on another thread: opening either end of a FIFO waits for the other, so the
/// reader must be waiting before the code under test opens it for writing.
public final class FIFOReader: @unchecked Sendable {
    // Written by the reading thread before `done` is signalled, read only after it.
    private var text = ""
    private let done = DispatchSemaphore(value: 0)

    public init(_ path: String) {
        Thread.detachNewThread { [self] in
            if let handle = FileHandle(forReadingAtPath: path) {
                text = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
                try? handle.close()
            }
            done.signal()
        }
    }

    /// What was read, once the writer closed its end (or "" after `timeout` seconds).
    public func wait(timeout: Double = 30) -> String {
        _ = done.wait(timeout: .now() + timeout)
        return text
    }
}
