import FileOutput
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// Loads certificates from files and directories, recognising each file by its content (PEM blocks,
/// DER, concatenated DER or bare base64), never by its extension.
public enum CertificateLoader {
    /// Larger inputs are refused before they are read: no real bundle is near this.
    public static let maximumFileSize = 32 * 1024 * 1024
    /// The most certificates one file, or one directory in all, may hold: a bound on the memory and
    /// work one input can cost.
    public static let maximumCertificates = 20_000

    /// Loads every path (file or directory) in order, dropping exact duplicates.
    public static func load(paths: [String]) throws(CertificateLoadError) -> [Certificate] {
        var seen = SeenDigests()
        var result: [Certificate] = []
        for path in paths {
            for certificate in try load(path: path) where seen.insert(certificate.sha256) {
                result.append(certificate)
            }
        }
        return result
    }

    /// Every certificate in the PEM or DER file at `path`, in file order; a directory's
    /// files are read one by one.
    public static func load(path: String) throws(CertificateLoadError) -> [Certificate] {
        guard let isDirectory = FileSystemPath.isDirectory(path) else {
            throw CertificateLoadError(path: path, kind: .unreadable, problem: "no such file or directory")
        }
        return isDirectory ? try loadDirectory(path) : try certificates(in: try read(path), from: path)
    }

    /// A directory contributes every file that holds certificates; files that do not look like
    /// certificates at all (keys, READMEs) are skipped, but a broken certificate file is an error.
    private static func loadDirectory(_ path: String) throws(CertificateLoadError) -> [Certificate] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path).sorted()
        } catch {
            throw CertificateLoadError(path: path, kind: .unreadable, problem: "cannot list directory: \(ErrorReason.text(error))")
        }
        var result: [Certificate] = []
        var seen = SeenDigests()
        for name in names where !name.hasPrefix(".") {
            let file = FileSystemPath.appending(name, to: path)
            guard FileSystemPath.isDirectory(file) == false else { continue }
            let bytes = try read(file)
            guard looksLikeCertificates(bytes) else { continue }
            for certificate in try certificates(in: bytes, from: file) where seen.insert(certificate.sha256) {
                result.append(certificate)
                guard result.count <= maximumCertificates else {
                    throw CertificateLoadError(path: path, kind: .tooManyCertificates,
                                               problem: "more than \(maximumCertificates) certificates")
                }
            }
        }
        guard !result.isEmpty else {
            throw CertificateLoadError(path: path, kind: .noCertificatesInDirectory,
                                       problem: "directory contains no certificates")
        }
        return result
    }

    /// Reads a whole file (a pipe or FIFO too), refusing one over `maximumFileSize`; shared with `CRLLoader`
    /// and with the CLI for other inputs (pin configurations).
    public static func read(_ path: String, limit: Int = maximumFileSize) throws(CertificateLoadError) -> [UInt8] {
        // stat(2), not FileManager.attributesOfItem: that also resolves owner and group names (reading
        // /etc/passwd and /etc/group), measured at 0.58 M instructions of a `trustcheck verify` start.
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw CertificateLoadError(path: path, kind: .unreadable, problem: "cannot read: \(String(cString: strerror(errno)))")
        }
        // Only a regular file's size is known in advance; a FIFO or device is bounded while it is read.
        if status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) > limit {
            let size = Int(status.st_size)
            throw CertificateLoadError(
                path: path, kind: .tooLarge,
                problem: "file is \(size) bytes, larger than the \(limit / 1024 / 1024) MiB limit")
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw CertificateLoadError(path: path, kind: .unreadable, problem: "cannot read: permission denied")
        }
        defer { close(descriptor) }
        return try read(fileDescriptor: descriptor, name: path, limit: limit)
    }

    /// Reads a stream to its end, at most `limit` bytes (`maximumFileSize` unless the caller has its own
    /// bound): standard input ("-"), a pipe, a FIFO, a file that grows after its size was checked. `name`
    /// names it in errors. The one bounded reader of the project's inputs.
    /// The descriptor stays open; the caller owns it.
    public static func read(fileDescriptor descriptor: Int32, name: String, limit: Int = maximumFileSize)
        throws(CertificateLoadError) -> [UInt8]
    {
        // Read at most one byte past the limit, so that an endless stream stays bounded. A regular file's
        // size says how much to ask for: the whole file, then one byte to find its end. Each chunk is read
        // into uninitialised storage (zero-filling a 64 KiB buffer per file cost more than the read, measured
        // with callgrind); a stream, or a file that grows, is read 64 KiB at a time.
        var status = stat()
        let size = fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFREG ? Int(status.st_size) : 0
        var bytes: [UInt8] = []
        while bytes.count <= limit {
            let wanted = min(bytes.count <= size ? size + 1 - bytes.count : 64 * 1024, limit + 1 - bytes.count)
            var failure: Int32 = 0
            let chunk = [UInt8](unsafeUninitializedCapacity: wanted) { buffer, count in
                var result: Int
                repeat { result = Glibc.read(descriptor, buffer.baseAddress, wanted) } while result < 0 && errno == EINTR
                failure = result < 0 ? errno : 0
                count = max(0, result)
            }
            if failure != 0 {
                throw CertificateLoadError(path: name, kind: .unreadable, problem: "cannot read: \(String(cString: strerror(failure)))")
            }
            if chunk.isEmpty { break }
            if bytes.isEmpty { bytes = chunk } else { bytes += chunk }
        }
        guard bytes.count <= limit else {
            let bound = limit % (1024 * 1024) == 0 ? "\(limit / 1024 / 1024) MiB" : "\(limit)-byte"
            throw CertificateLoadError(path: name, kind: .tooLarge, problem: "input is larger than the \(bound) limit")
        }
        return bytes
    }

    /// Parses certificates from bytes; `path` only names the source in errors.
    public static func certificates(in bytes: [UInt8], from path: String) throws(CertificateLoadError) -> [Certificate] {
        let ders = try encodedObjects(in: bytes, of: .certificate, path: path)
        guard ders.count <= maximumCertificates else {
            throw CertificateLoadError(path: path, kind: .tooManyCertificates,
                                       problem: "\(ders.count) certificates, more than the limit of \(maximumCertificates)")
        }
        var result: [Certificate] = []
        result.reserveCapacity(ders.count)
        for (index, der) in ders.enumerated() {
            do {
                result.append(try Certificate(der: Array(der)))
            } catch {
                let which = ders.count > 1 ? "certificate \(index + 1) of \(ders.count): " : ""
                throw CertificateLoadError(path: path, kind: .badCertificate, problem: which + error.reason)
            }
        }
        return result
    }

    /// The DER items a file holds, recognised by content: DER (one or several concatenated), PEM
    /// blocks of `kind`, or bare base64 DER where `kind` allows it. Shared with `CRLLoader`.
    static func encodedObjects(in bytes: [UInt8], of kind: EncodedObjectKind, path: String)
        throws(CertificateLoadError) -> [ArraySlice<UInt8>]
    {
        // A UTF-8 byte order mark (Windows editors write one) starts text, never DER.
        let text = bytes.starts(with: PEMDecoder.byteOrderMark) ? bytes.dropFirst(PEMDecoder.byteOrderMark.count) : bytes[...]
        if text.first == 0x30 { return try splitDER(Array(text), of: kind, path: path) }
        if PEMDecoder.containsBlock(text) { return try PEMDecoder.blocks(in: text, of: kind, path: path) }
        if kind.allowsBareBase64, let bare = bareBase64(text) { return try splitDER(bare, of: kind, path: path) }
        try refuseBlank(text, path: path)
        throw CertificateLoadError(path: path, kind: kind.notFound, problem: kind.unrecognised)
    }

    /// A file of nothing but whitespace is empty.
    private static func refuseBlank(_ bytes: ArraySlice<UInt8>, path: String) throws(CertificateLoadError) {
        guard !bytes.allSatisfy(isWhitespace) else {
            throw CertificateLoadError(path: path, kind: .empty, problem: "file is empty")
        }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

    /// One DER object or several concatenated.
    static func splitDER(_ bytes: [UInt8], of kind: EncodedObjectKind, path: String)
        throws(CertificateLoadError) -> [ArraySlice<UInt8>]
    {
        var reader = DERReader(bytes)
        var result: [ArraySlice<UInt8>] = []
        while !reader.isAtEnd {
            do {
                let node = try reader.read()
                guard node.tag == DERTag.sequence else {
                    throw CertificateLoadError(path: path, kind: kind.notFound,
                                               problem: "\(kind.notThis): DER item \(result.count + 1) is not a SEQUENCE")
                }
                result.append(node.encoded)
            } catch let error as CertificateLoadError {
                throw error
            } catch DERError.truncated {
                throw CertificateLoadError(
                    path: path, kind: .truncated,
                    problem: "truncated DER: \(kind.noun) \(result.count + 1) ends before its declared length")
            } catch {
                throw CertificateLoadError(path: path, kind: kind.notFound, problem: "\(kind.notThis): \(error)")
            }
            guard result.count <= kind.maximumCount else { break }
        }
        return result
    }

    private static func bareBase64(_ bytes: ArraySlice<UInt8>) -> [UInt8]? {
        let body = bytes.filter { !isWhitespace($0) }
        guard body.count >= 16 else { return nil }
        guard let decoded = Base64.decode(body), decoded.first == 0x30 else { return nil }
        return decoded
    }

    /// Whether a file in a directory is meant to hold certificates.
    private static func looksLikeCertificates(_ bytes: [UInt8]) -> Bool {
        if bytes.first == 0x30 { return true }
        let head = bytes.prefix(1 << 20)
        return ["-----BEGIN CERTIFICATE-----", "-----BEGIN TRUSTED CERTIFICATE-----", "-----BEGIN X509 CERTIFICATE-----"]
            .contains { head.firstRange(of: Array($0.utf8)) != nil }
    }
}
