import FileOutput
import FoundationEssentials
import Glibc
import TrustCertificates

/// Every certificate of a directory, loaded the way Alamofire's `Bundle.af.certificates` loads a bundle's
/// resources (pinning-libraries.md 2.2): the files at the top level (no subdirectories) whose extension is
/// one of `fileExtensions`, exactly as spelled there, each read as *one DER certificate*
/// (`SecCertificateCreateWithData`). Alamofire silently drops every other file (PEM, keys, garbage); so does
/// this, but `skippedFiles` says which and why. There is one certificate per file: Alamofire's `Set`
/// deduplicates paths, not certificates, so the same certificate in two files is there twice (its own tests
/// count the three copies of certDER as three). Files are taken in name order, so the result does not
/// depend on the file system's.
public struct CertificateDirectory: Sendable {
    /// The extensions Alamofire scans: `.pem` is not among them.
    public static let fileExtensions = ["cer", "CER", "crt", "CRT", "der", "DER"]

    /// The directory.
    public let path: String
    /// Its certificates, one per certificate file, by file name.
    public let certificates: [Certificate]
    /// File name → why it gave no certificate, for the files with a scanned extension that were dropped.
    public let skippedFiles: [String: String]

    /// Loads `path`. Only a directory that cannot be listed is an error; a file that cannot be read or
    /// parsed is skipped, as Alamofire skips it, and each file is read up to `CertificateLoader.maximumFileSize`.
    public init(path: String) throws(CertificateLoadError) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path).sorted()
        } catch {
            throw CertificateLoadError(path: path, kind: .unreadable, problem: "cannot list directory: \(ErrorReason.text(error))")
        }
        var certificates: [Certificate] = []
        var skipped: [String: String] = [:]
        for name in names where Self.fileExtensions.contains(FileSystemPath.pathExtension(name)) {
            let file = FileSystemPath.appending(name, to: path)
            guard FileSystemPath.isDirectory(file) == false else { continue }
            let descriptor = open(file, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                skipped[name] = "cannot be read"
                continue
            }
            defer { close(descriptor) }
            do {
                // Alamofire reads each file with SecCertificateCreateWithData: what it refuses gives nothing.
                let certificate = try AppleCertificateEncodingRules.certificate(
                    der: try CertificateLoader.read(fileDescriptor: descriptor, name: file))
                certificates.append(certificate)
            } catch let error as CertificateLoadError {
                skipped[name] = error.problem
            } catch let error as CertificateParseError where error.kind == .refusedByApple {
                skipped[name] = error.reason
            } catch {
                skipped[name] = "not a DER certificate: \(error)"
            }
            guard certificates.count <= CertificateLoader.maximumCertificates else {
                throw CertificateLoadError(path: path, kind: .tooManyCertificates,
                                           problem: "more than \(CertificateLoader.maximumCertificates) certificates")
            }
        }
        self.path = path
        self.certificates = certificates
        skippedFiles = skipped
    }

    /// `Bundle.af.publicKeys`: the keys of `certificates` that a SecKey can hold (RSA and EC).
    public var publicKeys: [PublicKeyInfo] { certificates.map(\.publicKey).filter(ServerTrust.isSecKeyRepresentable) }
}
