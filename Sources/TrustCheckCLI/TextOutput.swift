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

    public func write(_ text: String) { handle.write(Data(text.utf8)) }

    public var isTerminal: Bool { isatty(handle.fileDescriptor) == 1 }
}
