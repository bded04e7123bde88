import Foundation

/// Loads certificate revocation lists from a file of one or more CRLs: PEM (`X509 CRL` blocks, text
/// around them ignored) or DER (one CRL or several concatenated), recognised by content. Errors are
/// `CertificateLoadError`s, with the same limits and wording as certificate files.
public enum CRLLoader {
    /// More CRLs than this in one file are refused; the file size limit is `CertificateLoader.maximumFileSize`.
    public static let maximumCRLs = 10_000

    public static func load(path: String) throws(CertificateLoadError) -> [CertificateRevocationList] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CertificateLoadError(path: path, kind: .unreadable, problem: "no such file or directory")
        }
        guard !isDirectory.boolValue else {
            throw CertificateLoadError(path: path, kind: .unreadable, problem: "is a directory, not a file of CRLs")
        }
        return try crls(in: try CertificateLoader.read(path), from: path)
    }

    /// Loads every path in order, dropping exact duplicates.
    public static func load(paths: [String]) throws(CertificateLoadError) -> [CertificateRevocationList] {
        var seen = Set<[UInt8]>()
        var result: [CertificateRevocationList] = []
        for path in paths {
            for crl in try load(path: path) where seen.insert(crl.sha256).inserted { result.append(crl) }
        }
        return result
    }

    /// Parses CRLs from bytes; `path` only names the source in errors.
    public static func crls(in bytes: [UInt8], from path: String) throws(CertificateLoadError) -> [CertificateRevocationList] {
        try CertificateLoader.refuseBlank(bytes, path: path)
        let ders: [ArraySlice<UInt8>]
        if bytes.first == 0x30 {
            ders = try CertificateLoader.splitDER(bytes, of: .crl, path: path)
        } else if let text = CertificateLoader.pemText(bytes) {
            ders = try PEMDecoder.blocks(in: text, of: .crl, path: path)
        } else {
            throw CertificateLoadError(path: path, kind: .notACRL, problem: "not a CRL: neither PEM nor DER")
        }
        guard ders.count <= maximumCRLs else {
            throw CertificateLoadError(path: path, kind: .tooManyCertificates,
                                       problem: "\(ders.count) CRLs, more than the limit of \(maximumCRLs)")
        }
        var result: [CertificateRevocationList] = []
        for (index, der) in ders.enumerated() {
            do {
                result.append(try CertificateRevocationList(der: Array(der)))
            } catch {
                let which = ders.count > 1 ? "CRL \(index + 1) of \(ders.count): " : ""
                throw CertificateLoadError(path: path, kind: .badCRL, problem: which + error.reason)
            }
        }
        return result
    }
}
