import TrustCertificates

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

    /// Loads every CRL file, reporting each failure the same way; nil if any path fails.
    static func loadCRLs(_ paths: [String], io: CommandIO) -> [CertificateRevocationList]? {
        var loaded: [CertificateRevocationList] = []
        var failed = false
        for path in paths {
            do {
                loaded += try CRLLoader.load(path: path)
            } catch {
                io.error(error.description)
                failed = true
            }
        }
        return failed ? nil : loaded
    }
}
