import Foundation
import TestSupport
import Testing
import TrustCertificates

/// The upstream libraries' own test certificates, for the suites that replay those libraries' tests.
///
/// They may not be redistributed here, so nothing of them is committed: the replay suites read them from the
/// directory `TRUSTCHECK_UPSTREAM_CERTIFICATES` names (or `../shared/upstream-certificates`), laid out as `<owner>+<repo>/<path in repo>` (for
/// example `Alamofire+Alamofire/Tests/Resources/Certificates/...`), and are skipped, saying so, when it is
/// unset or lacks the repository a suite needs.
enum UpstreamCertificates {
    static let variable = "TRUSTCHECK_UPSTREAM_CERTIFICATES"

    // The repositories the replays read, as the directory names them.
    static let alamofire = "Alamofire+Alamofire"
    static let trustKit = "datatheorem+TrustKit"
    static let afNetworking = "AFNetworking+AFNetworking"

    /// The directory named by the variable, else `../shared/upstream-certificates` (`ExternalFixtures`).
    static var root: String? { ExternalFixtures.upstreamCertificates }

    /// Whether `repository` (`owner+repo`) is under the root.
    static func isAvailable(_ repository: String) -> Bool {
        guard let root else { return false }
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: root + "/" + repository, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Why a suite for `repository` did not run.
    static func skipReason(_ repository: String) -> Comment {
        Comment(rawValue: "neither \(variable) nor ../shared/upstream-certificates names a directory holding \(repository)/ (the upstream test certificates, "
            + "not redistributed here); set it to replay \(repository)'s tests")
    }

    /// The path of `relative` inside `repository`'s checkout.
    static func path(_ repository: String, _ relative: String) -> String {
        (root ?? "/nonexistent") + "/" + repository + "/" + relative
    }

    /// The bytes of a file, unchecked.
    static func data(_ repository: String, _ relative: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path(repository, relative)))
    }

    /// A DER certificate file, read as `SecCertificateCreateWithData` reads the upstream tests' files.
    static func certificate(_ repository: String, _ relative: String) throws -> Certificate {
        try Certificate(der: [UInt8](try data(repository, relative)))
    }

    /// A test bundle's top level: Xcode and SwiftPM copy every file of the listed resource directories into the
    /// bundle's resources, flat. The files (not subdirectories, which stay folders there) are copied into a fresh
    /// temporary directory, whose path is returned; the caller removes it.
    static func flattenedBundle(_ repository: String, directories: [String]) throws -> String {
        let bundle = FileManager.default.temporaryDirectory.appendingPathComponent("upstream-bundle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        for directory in directories {
            let source = path(repository, directory)
            for name in try FileManager.default.contentsOfDirectory(atPath: source) {
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: source + "/" + name, isDirectory: &isDirectory), !isDirectory.boolValue
                else { continue }
                try FileManager.default.copyItem(atPath: source + "/" + name, toPath: bundle.appendingPathComponent(name).path)
            }
        }
        return bundle.path
    }

    /// A verification date, as ISO 8601 (UTC).
    static func date(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }
}
