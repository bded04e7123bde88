import FileOutput
import FoundationEssentials

/// Loads certificate revocation lists from a file of one or more CRLs: PEM (`X509 CRL` blocks, text
/// around them ignored) or DER (one CRL or several concatenated), recognised by content. Errors are
/// `CertificateLoadError`s, with the same limits and wording as certificate files; each CRL must also
/// fit `CRLLimits` (by default `CRLLimits.default`), checked before it is parsed.
public enum CRLLoader {
    /// More CRLs than this in one file are refused; the file size limit is `CertificateLoader.maximumFileSize`.
    public static let maximumCRLs = 10_000

    /// Loads one file, every CRL of which must parse.
    public static func load(path: String) throws(CertificateLoadError) -> [CertificateRevocationList] {
        try requireReadable(try file(at: path)).crls
    }

    /// Loads one file, keeping CRLs that do not parse as `UnreadableCRL`s. A file that cannot be read
    /// or holds no CRL (not PEM or DER, no `X509 CRL` block, broken PEM or DER framing) is still an error.
    /// Files up to `CertificateLoader.maximumFileSize` are read, or larger ones when `limits` admits
    /// larger CRLs (twice `maximumBytes`, room for a PEM one's base64).
    public static func file(at path: String, limits: CRLLimits = .default) throws(CertificateLoadError) -> CRLFile {
        guard let isDirectory = FileSystemPath.isDirectory(path) else {
            throw CertificateLoadError(path: path, kind: .unreadable, problem: "no such file or directory")
        }
        guard !isDirectory else {
            throw CertificateLoadError(path: path, kind: .unreadable, problem: "is a directory, not a file of CRLs")
        }
        let readLimit = max(CertificateLoader.maximumFileSize, limits.maximumBytes > Int.max / 2 ? Int.max : limits.maximumBytes * 2)
        return try file(in: try CertificateLoader.read(path, limit: readLimit), from: path, limits: limits)
    }

    /// Loads every path in order, dropping exact duplicates; every CRL must parse.
    public static func load(paths: [String]) throws(CertificateLoadError) -> [CertificateRevocationList] {
        var seen = SeenDigests()
        var result: [CertificateRevocationList] = []
        for path in paths {
            for crl in try load(path: path) where seen.insert(crl.sha256) { result.append(crl) }
        }
        return result
    }

    /// Parses CRLs from bytes, every one of which must parse within `limits`; `path` only names the
    /// source in errors.
    public static func crls(in bytes: [UInt8], from path: String, limits: CRLLimits = .default)
        throws(CertificateLoadError) -> [CertificateRevocationList]
    {
        try requireReadable(try file(in: bytes, from: path, limits: limits)).crls
    }

    /// Parses CRLs from bytes, keeping those that do not parse, or exceed `limits`, as `UnreadableCRL`s
    /// (whose error names the limit).
    public static func file(in bytes: [UInt8], from path: String, limits: CRLLimits = .default)
        throws(CertificateLoadError) -> CRLFile
    {
        let ders = try CertificateLoader.encodedObjects(in: bytes, of: .crl, path: path)
        guard ders.count <= maximumCRLs else {
            throw CertificateLoadError(path: path, kind: .tooManyCertificates,
                                       problem: "\(ders.count) CRLs, more than the limit of \(maximumCRLs)")
        }
        var crls: [CertificateRevocationList] = []
        var unreadable: [UnreadableCRL] = []
        for (index, slice) in ders.enumerated() {
            // A file of one DER CRL is that CRL: shared, not copied.
            let der = slice.count == bytes.count ? bytes : Array(slice)
            do {
                crls.append(try CertificateRevocationList(der: der, limits: limits))
            } catch {
                unreadable.append(UnreadableCRL(der: der, path: path, index: index, of: ders.count, error: error))
            }
        }
        return CRLFile(path: path, crls: crls, unreadable: unreadable)
    }

    /// The strict loaders' rule: the first CRL that does not parse fails the file.
    private static func requireReadable(_ file: CRLFile) throws(CertificateLoadError) -> CRLFile {
        guard let first = file.unreadable.first else { return file }
        let overLimit = first.error.kind == .tooLarge || first.error.kind == .tooManyEntries
        throw CertificateLoadError(path: file.path, kind: overLimit ? .tooLarge : .badCRL,
                                   problem: (first.position.isEmpty ? "" : first.position + ": ") + first.error.reason)
    }
}
