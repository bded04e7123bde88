import FileOutput

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

/// Writes straight to a file descriptor, unbuffered, so stdout and stderr interleave in call order.
public struct FileDescriptorOutput: TextOutput {
    private let descriptor: Int32

    public init(fileDescriptor descriptor: Int32) { self.descriptor = descriptor }

    public static let standardOutput = FileDescriptorOutput(fileDescriptor: STDOUT_FILENO)
    public static let standardError = FileDescriptorOutput(fileDescriptor: STDERR_FILENO)

    /// Straight from the string's UTF-8 storage to write(2): no `Data` copy, and none of the
    /// Foundation set-up a first `FileHandle.write` cost at start-up (~0.27 M instructions of
    /// `trustcheck --version`'s 5.4 M, measured with callgrind). A stream that fails (a closed pipe)
    /// loses the rest of the text rather than trapping, as `FileHandle.write` does.
    public func write(_ text: String) {
        _ = DescriptorWriter.writeAll(text, to: descriptor)
    }

    public var isTerminal: Bool { isatty(descriptor) == 1 }
}
