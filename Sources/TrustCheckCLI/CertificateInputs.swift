import TrustCertificates
import TrustEvaluation

/// The certificates found at one command-line path, in file order.
struct LoadedPath {
    let path: String
    let certificates: [Certificate]
}

enum CertificateInputs {
    /// Loads every path. Each failure is reported as `trustcheck: <path>: <problem>`; if any path
    /// fails the result is nil, so a command prints nothing on stdout rather than a partial answer.
    static func load(_ paths: [String], io: CommandIO) -> [LoadedPath]? {
        var loaded: [LoadedPath] = []
        var failed = false
        for path in paths {
            do {
                loaded.append(LoadedPath(path: path, certificates: try CertificateLoader.load(path: path)))
            } catch {
                io.error(error.description)
                failed = true
            }
        }
        return failed ? nil : loaded
    }

    /// Loads every CRL file, reporting each failure the same way; nil if any path fails. A CRL that
    /// does not parse inside a readable file is no input error: it is kept as unreadable (the
    /// evaluation names it when it leaves a certificate's status unknown) and a warning names it.
    static func loadCRLs(_ paths: [String], io: CommandIO) -> CRLStore? {
        var files: [CRLFile] = []
        var failed = false
        for path in paths {
            do {
                let file = try CRLLoader.file(at: path)
                for unreadable in file.unreadable { io.error("warning: unusable CRL \(unreadable)") }
                files.append(file)
            } catch {
                io.error(error.description)
                failed = true
            }
        }
        return failed ? nil : CRLStore(files)
    }
}
