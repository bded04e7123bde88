import FileOutput
import FoundationEssentials
import TrustCertificates

/// NIST PKITS as pyhanko-certvalidator packages it (tests/fixtures/nist_pkits): `pkits.json` (the cases),
/// `certs/` and `crls/` (DER files the cases name).
public struct PKITSSuite: Sendable {
    /// The folder holding pkits.json, certs/ and crls/.
    public var directory: String
    public var testcases: [PKITSTestcase]

    /// The trust anchor of every case (PKITS §3.1), in `certs/`.
    public static let trustAnchorFile = "TrustAnchorRootCertificate.crt"
    /// The trust anchor's CRL, given to every case as pyhanko's runner does, in `crls/`.
    public static let trustAnchorCRLFile = "TrustAnchorRootCRL.crl"
    /// pyhanko-certvalidator 0.33.0's pkits.json is 75 KB (246 cases); 4 MiB leaves room to grow while a
    /// wrong file is still refused quickly.
    public static let maximumDescriptionSize = 4 * 1024 * 1024

    public init(directory: String, testcases: [PKITSTestcase]) {
        self.directory = directory
        self.testcases = testcases
    }

    /// Reads `directory/pkits.json` (bounded: `maximumDescriptionSize`) and decodes it; with `cases`,
    /// that file instead — another encoding of the suite in pkits.json's format, such as
    /// wbond/certvalidator's (Tests/TrustConformanceTests/certvalidator-pkits.py writes it) — whose files are
    /// still `directory`'s.
    public static func load(directory: String, cases: String? = nil) throws(PKITSError) -> PKITSSuite {
        let path = cases ?? FileSystemPath.appending("pkits.json", to: directory)
        let bytes: [UInt8]
        do { bytes = try CertificateLoader.read(path, limit: maximumDescriptionSize) } catch {
            throw PKITSError.unreadable(path: path, problem: error.problem)
        }
        do {
            return PKITSSuite(directory: directory, testcases: try JSONDecoder().decode([PKITSTestcase].self, from: Data(bytes)))
        } catch let error as DecodingError {
            throw PKITSError.malformed(source: path, problem: LimboError.describe(error))
        } catch {
            throw PKITSError.malformed(source: path, problem: "\(error)")
        }
    }

    /// The path of a certificate file a case names.
    public func certificatePath(_ file: String) -> String {
        FileSystemPath.appending(file, to: FileSystemPath.appending("certs", to: directory))
    }

    /// The path of a CRL file a case names.
    public func crlPath(_ file: String) -> String {
        FileSystemPath.appending(file, to: FileSystemPath.appending("crls", to: directory))
    }
}
