import TrustCertificates
import TrustEvaluation

/// The certificates found at one command-line path, in file order.
package struct LoadedPath {
    package let path: String
    package let certificates: [Certificate]
}

package enum CertificateInputs {
    /// Loads every path ("-": standard input). Every failure is reported (`CommandIO.inputErrors`); if
    /// any path fails the result is nil, so a command prints no partial answer.
    package static func load(_ paths: [String], io: CommandIO) -> [LoadedPath]? {
        var loaded: [LoadedPath] = []
        var failures: [CertificateLoadError] = []
        for path in paths {
            do {
                let certificates = path == "-"
                    ? try CertificateLoader.certificates(in: try io.stdin.take(), from: StandardInput.name)
                    : try CertificateLoader.load(path: path)
                loaded.append(LoadedPath(path: path, certificates: certificates))
            } catch {
                failures.append(error)
            }
        }
        guard failures.isEmpty else {
            io.inputErrors(failures)
            return nil
        }
        return loaded
    }

    /// Loads every CRL file ("-": standard input), reporting failures the same way; nil if any path
    /// fails. A CRL that does not parse inside a readable file is no input error: it is kept as
    /// unreadable (the evaluation names it when it leaves a certificate's status unknown) and a warning
    /// names it.
    static func loadCRLs(_ paths: [String], limits: CRLLimits = .default, io: CommandIO) -> CRLStore? {
        var files: [CRLFile] = []
        var failures: [CertificateLoadError] = []
        for path in paths {
            do {
                let file = path == "-"
                    ? try CRLLoader.file(in: try io.stdin.take(limit: max(CertificateLoader.maximumFileSize, limits.maximumBytes)),
                                         from: StandardInput.name, limits: limits)
                    : try CRLLoader.file(at: path, limits: limits)
                for unreadable in file.unreadable { io.error("warning: unusable CRL \(unreadable)") }
                files.append(file)
            } catch {
                failures.append(error)
            }
        }
        guard failures.isEmpty else {
            io.inputErrors(failures)
            return nil
        }
        return CRLStore(files)
    }
}
