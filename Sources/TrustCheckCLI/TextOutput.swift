import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A destination for command output. The executable writes to the process's standard streams;
/// tests pass an implementation that records the text.
public protocol TextOutput: Sendable {
    func write(_ text: String)
    /// Whether a person is watching: a terminal gets colour (see TerminalStyle), a file or pipe does not.
    var isTerminal: Bool { get }
}

extension TextOutput {
    public var isTerminal: Bool { false }
}

/// Writes straight to a file handle, unbuffered, so stdout and stderr interleave in call order.
public struct FileHandleOutput: TextOutput {
    private let handle: FileHandle

    public init(_ handle: FileHandle) { self.handle = handle }

    public static let standardOutput = FileHandleOutput(.standardOutput)
    public static let standardError = FileHandleOutput(.standardError)

    /// Straight from the string's UTF-8 storage to write(2): no `Data` copy, and none of the
    /// Foundation set-up a first `FileHandle.write` costs at start-up (~0.27 M instructions of
    /// `trustcheck --version`'s 5.4 M, measured with callgrind). A stream that fails (a closed pipe)
    /// loses the rest of the text rather than trapping, as `FileHandle.write` does.
    public func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            guard var next = bytes.baseAddress else { return }
            var left = bytes.count
            while left > 0 {
                let written = writeToDescriptor(handle.fileDescriptor, next, left)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                next += written
                left -= written
            }
        }
    }

    public var isTerminal: Bool { isatty(handle.fileDescriptor) == 1 }
}

/// write(2), under a name the `write(_:)` methods above do not shadow.
private func writeToDescriptor(_ descriptor: Int32, _ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
