import Foundation

/// Test data that is not in the repository: x509-limbo and what may not be redistributed here (the
/// upstream libraries' test certificates, wbond/certvalidator's PKITS encoding). Each is named by an
/// environment variable, else found in `../shared` beside the package, where the project's shared data
/// lives; nil when neither has it.
public enum ExternalFixtures {
    /// The package root: two directories above this file's directory.
    public static let packageRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// `../shared/<relative>` beside the package, when it exists.
    public static func shared(_ relative: String) -> String? {
        let path = URL(fileURLWithPath: packageRoot).deletingLastPathComponent().appendingPathComponent("shared/" + relative).path
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// The value of `variable` when it is set and not empty.
    public static func environment(_ variable: String) -> String? {
        ProcessInfo.processInfo.environment[variable].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The upstream test certificates, laid out as `<owner>+<repo>/<path in repo>`:
    /// `$TRUSTCHECK_UPSTREAM_CERTIFICATES`, else `../shared/upstream-certificates`.
    public static var upstreamCertificates: String? {
        environment("TRUSTCHECK_UPSTREAM_CERTIFICATES") ?? shared("upstream-certificates")
    }

    /// wbond/certvalidator's PKITS encoding as `certvalidator-pkits.py` writes it:
    /// `$TRUSTCHECK_CERTVALIDATOR_PKITS` (a wrong path then fails the test that reads it), else
    /// `.build/pkits/certvalidator-pkits.json`, else `../shared/certvalidator-pkits.json`.
    public static var certvalidatorPKITS: String? {
        if let path = environment("TRUSTCHECK_CERTVALIDATOR_PKITS") { return path }
        let built = packageRoot + "/.build/pkits/certvalidator-pkits.json"
        return FileManager.default.fileExists(atPath: built) ? built : shared("certvalidator-pkits.json")
    }
}
