import Synchronization
import TrustCertificates

#if canImport(Glibc)
import Glibc
#endif

/// Standard input as a file argument (`-`): read once, on first use, bounded like a file
/// (`CertificateLoader.maximumFileSize`, or the caller's own limit: a pin configuration's is
/// `TrustKitConfiguration.maximumFileSize`). A second `-` on the same command line is an error rather than
/// silently empty.
package final class StandardInput: Sendable {
    /// What error messages call it.
    static let name = "standard input"

    /// Reads the stream, at most the given number of bytes (one more is an error).
    private let read: @Sendable (Int) throws(CertificateLoadError) -> [UInt8]
    /// Whether the stream was handed out already.
    private let taken = Mutex(false)

    init(read: @escaping @Sendable (Int) throws(CertificateLoadError) -> [UInt8]) { self.read = read }

    /// The process's own standard input.
    package static func process() -> StandardInput {
        StandardInput { (limit: Int) throws(CertificateLoadError) in
            try CertificateLoader.read(fileDescriptor: STDIN_FILENO, name: name, limit: limit)
        }
    }

    /// Fixed bytes, for tests and embedding.
    static func bytes(_ bytes: [UInt8]) -> StandardInput {
        StandardInput { (limit: Int) throws(CertificateLoadError) in
            guard bytes.count <= limit else {
                throw CertificateLoadError(path: name, kind: .tooLarge, problem: "input is larger than the \(limit)-byte limit")
            }
            return bytes
        }
    }

    /// The stream's bytes, at most `limit`; an error the second time.
    func take(limit: Int = CertificateLoader.maximumFileSize) throws(CertificateLoadError) -> [UInt8] {
        let first = taken.withLock { taken in
            defer { taken = true }
            return !taken
        }
        guard first else {
            throw CertificateLoadError(path: Self.name, kind: .unreadable,
                                       problem: "already read for an earlier \"-\" argument; give it once")
        }
        return try read(limit)
    }
}
