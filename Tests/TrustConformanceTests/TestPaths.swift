import Foundation
import TestSupport

/// Files the conformance tests read, located from this source file (no SwiftPM resources).
enum TestPaths {
    /// The package root: two directories above this file's directory.
    static let packageRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    static let testsDirectory = (packageRoot as NSString).appendingPathComponent("Tests/TrustConformanceTests")
    static let expectationsPath = (testsDirectory as NSString).appendingPathComponent("limbo-expectations.json")
    static let pkitsExpectationsPath = (testsDirectory as NSString).appendingPathComponent("pkits-expectations.json")
    /// wbond/certvalidator's encoding of NIST PKITS in pkits.json's format (`ExternalFixtures.certvalidatorPKITS`).
    static let certvalidatorPKITS = ExternalFixtures.certvalidatorPKITS
    static let vectorsDirectory = (packageRoot as NSString).appendingPathComponent("vectors")

    /// x509-limbo's limbo.json: $TRUSTCHECK_LIMBO when set (a wrong path then fails the test rather than
    /// skipping it), else `<package root>/../shared/limbo/limbo.json` when it exists, else nil.
    static let limboSuite: String? = {
        if let path = ProcessInfo.processInfo.environment["TRUSTCHECK_LIMBO"], !path.isEmpty {
            return path
        }
        let path = URL(fileURLWithPath: packageRoot).deletingLastPathComponent()
            .appendingPathComponent("shared/limbo/limbo.json").path
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }()

    /// NIST PKITS (pyhanko-certvalidator's nist_pkits folder): $TRUSTCHECK_PKITS when set (a wrong path
    /// then fails the test), else `<package root>/.build/pkits/nist_pkits` (`make pkits-fetch`) when it
    /// exists, else nil.
    static let pkitsSuite: String? = {
        if let path = ProcessInfo.processInfo.environment["TRUSTCHECK_PKITS"], !path.isEmpty { return path }
        let path = (packageRoot as NSString).appendingPathComponent(".build/pkits/nist_pkits")
        return FileManager.default.fileExists(atPath: (path as NSString).appendingPathComponent("pkits.json")) ? path : nil
    }()

    /// TRUSTCHECK_LIMBO_RECORD=1 rewrites the expectations file instead of checking it.
    static var recording: Bool {
        ["1", "true", "yes"].contains(ProcessInfo.processInfo.environment["TRUSTCHECK_LIMBO_RECORD"]?.lowercased() ?? "")
    }
}
