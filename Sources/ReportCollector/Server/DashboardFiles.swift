import Foundation
import TrustCertificates

/// The dashboard's static files (`Sources/ReportCollector/Dashboard/`, a SwiftPM resource), read once at
/// start-up and served from memory: `GET /` is `index.html`, `GET /dashboard/NAME` the file NAME.
public struct DashboardFiles: Sendable {
    /// A served file: its bytes and Content-Type.
    public struct File: Sendable, Hashable {
        public let bytes: [UInt8]
        public let contentType: String
    }

    /// The Content-Type of each extension served; files of any other kind are not served.
    static let contentTypes: [String: String] = [
        "html": "text/html; charset=utf-8", "js": "text/javascript; charset=utf-8", "css": "text/css; charset=utf-8",
        "svg": "image/svg+xml", "json": "application/json", "png": "image/png", "ico": "image/x-icon",
    ]
    /// The most a dashboard file may be: 4 MiB (hand-written HTML/JS/CSS is a few KB).
    static let maximumFileSize = 4 * 1024 * 1024

    public let files: [String: File]
    /// Where they were read from, or nil when no dashboard folder was found.
    public let directory: String?

    /// The files of `directory`, or of the installed resource folder when nil.
    public init(directory: String? = nil) {
        guard let folder = directory ?? Self.installedDirectory() else {
            files = [:]
            self.directory = nil
            return
        }
        var files: [String: File] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where Self.isServableName(name) {
            guard let type = Self.contentTypes[(name as NSString).pathExtension.lowercased()],
                  let handle = FileHandle(forReadingAtPath: folder + "/" + name)
            else { continue }
            defer { try? handle.close() }
            guard let bytes = try? CertificateLoader.read(fileDescriptor: handle.fileDescriptor, name: name, limit: Self.maximumFileSize) else { continue }
            files[name] = File(bytes: bytes, contentType: type)
        }
        self.files = files
        self.directory = folder
    }

    /// The file for a request path, or nil.
    public func file(forPath path: String) -> File? {
        if path == "/" || path == "/index.html" { return files["index.html"] }
        guard path.hasPrefix("/dashboard/") else { return nil }
        let name = String(path.dropFirst("/dashboard/".count))
        return Self.isServableName(name) ? files[name] : nil
    }

    /// `[A-Za-z0-9._-]+`, not starting with a dot: no folders, no `..`, no hidden files.
    static func isServableName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".") && name.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2E || byte == 0x5F || byte == 0x2D
        }
    }

    /// SwiftPM's resource bundle beside the executable (or the test bundle), looked up without `Bundle.module`,
    /// which stops the process when the bundle is missing.
    static func installedDirectory() -> String? {
        let bundleName = "TrustCheck_ReportCollector.resources"
        var candidates = [Bundle.main.bundleURL.appendingPathComponent(bundleName).path]
        if let executable = Bundle.main.executableURL {
            candidates.append(executable.deletingLastPathComponent().appendingPathComponent(bundleName).path)
        }
        for bundle in candidates {
            let folder = bundle + "/Dashboard"
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue { return folder }
        }
        return nil
    }
}
