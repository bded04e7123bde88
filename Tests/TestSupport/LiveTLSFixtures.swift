import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Certificates for live TLS tests, issued at test time with Debian's openssl under the committed
/// "TrustCheck Live Test Root" (LiveTLS/, see make_live_root.py), which is in the tests' system trust store
/// (`systemAnchorsPath`): a server presenting `valid` is trusted by Apple's default evaluation, as a server
/// with a public certificate is on iOS, without the tests depending on today's date.
///
/// Each fixture is a directory of its own (removed when released) holding, as PEM:
/// - `valid`: localhost and 127.0.0.1, issued now for 30 days;
/// - `rotated`: the same names under a second key (a key rotation, for backup pins);
/// - `wrongHost`: only the name wrong.trustcheck.test;
/// - `expired`: localhost and 127.0.0.1, 2020-01-01 .. 2020-03-01 (committed);
/// - `mitm`: localhost and 127.0.0.1 under "TrustCheck MITM Root", a root no store trusts (`mitmRoot`).
public final class LiveTLSFixtures: @unchecked Sendable {
    /// A server identity: its certificate, its key, and the chain a server presents (leaf, then its issuer
    /// unless the issuer is the root).
    public struct Identity: Sendable {
        public let certificate: URL
        public let key: URL
        /// Leaf first.
        public var chain: URL { certificate }
        /// The certificate's DER bytes.
        public func der() throws -> Data { try LiveTLSFixtures.der(ofPEM: certificate) }
    }

    /// The directory of the committed root and script files.
    public static let sourceDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("LiveTLS")
    /// The tests' system trust store: install it (SecTrustCompatConfiguration.setSystemAnchorsPath) before any evaluation.
    public static let systemAnchorsPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("SecTrustCompatTests/Fixtures/system-anchors.pem").path
    /// The live root, trusted through the system store.
    public static let root = sourceDirectory.appendingPathComponent("live-root.pem")

    public let directory: URL
    public let valid: Identity
    public let rotated: Identity
    public let wrongHost: Identity
    public let expired: Identity
    public let mitm: Identity
    public let mitmRoot: URL

    public init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("live-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let rootKey = Self.sourceDirectory.appendingPathComponent("live-root.key")
        valid = try Self.issue("valid", names: ["localhost", "127.0.0.1"], in: directory, ca: Self.root, caKey: rootKey)
        rotated = try Self.issue("rotated", names: ["localhost", "127.0.0.1"], in: directory, ca: Self.root, caKey: rootKey)
        wrongHost = try Self.issue("wrong-host", names: ["wrong.trustcheck.test"], in: directory, ca: Self.root, caKey: rootKey)
        expired = Identity(certificate: Self.sourceDirectory.appendingPathComponent("expired-leaf.pem"),
                           key: Self.sourceDirectory.appendingPathComponent("expired-leaf.key"))
        mitmRoot = directory.appendingPathComponent("mitm-root.pem")
        let mitmRootKey = directory.appendingPathComponent("mitm-root.key")
        try Self.openssl(["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", mitmRootKey.path])
        try Self.openssl(["req", "-x509", "-new", "-key", mitmRootKey.path, "-subj", "/O=TrustCheck Tests/CN=TrustCheck MITM Root",
                          "-days", "30", "-addext", "basicConstraints=critical,CA:TRUE",
                          "-addext", "keyUsage=critical,keyCertSign,cRLSign", "-out", mitmRoot.path])
        mitm = try Self.issue("mitm", names: ["localhost", "127.0.0.1"], in: directory, ca: mitmRoot, caKey: mitmRootKey)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// A leaf for `names` (DNS names or IP addresses) issued now for 30 days by `ca`.
    public static func issue(_ name: String, names: [String], in directory: URL, ca: URL, caKey: URL) throws -> Identity {
        let key = directory.appendingPathComponent(name + ".key")
        let request = directory.appendingPathComponent(name + ".csr")
        let certificate = directory.appendingPathComponent(name + ".pem")
        let extensions = directory.appendingPathComponent(name + ".ext")
        let alternativeNames = names.map { $0.allSatisfy { "0123456789.:".contains($0) } ? "IP:" + $0 : "DNS:" + $0 }
        try """
            basicConstraints = critical, CA:FALSE
            keyUsage = critical, digitalSignature
            extendedKeyUsage = serverAuth
            subjectAltName = \(alternativeNames.joined(separator: ", "))
            subjectKeyIdentifier = hash
            authorityKeyIdentifier = keyid

            """.write(to: extensions, atomically: false, encoding: .utf8)
        try openssl(["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", key.path])
        try openssl(["req", "-new", "-key", key.path, "-subj", "/CN=\(names[0])", "-out", request.path])
        try openssl(["x509", "-req", "-in", request.path, "-CA", ca.path, "-CAkey", caKey.path,
                     "-set_serial", "0x" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(30),
                     "-days", "30", "-sha256", "-extfile", extensions.path, "-out", certificate.path])
        return Identity(certificate: certificate, key: key)
    }

    /// The identity's pin as `openssl` computes it, independently of TrustCheck: the base64 SHA-256 of the
    /// certificate's SubjectPublicKeyInfo DER.
    public static func opensslSPKIPin(_ identity: Identity) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "openssl x509 -in \"$1\" -pubkey -noout | openssl pkey -pubin -outform DER | openssl dgst -sha256 -binary | base64",
                             "sh", identity.certificate.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The DER of the first certificate in a PEM file.
    public static func der(ofPEM url: URL) throws -> Data {
        let text = try String(contentsOf: url, encoding: .utf8)
        guard let begin = text.range(of: "-----BEGIN CERTIFICATE-----"),
              let end = text.range(of: "-----END CERTIFICATE-----", range: begin.upperBound..<text.endIndex),
              let der = Data(base64Encoded: String(text[begin.upperBound..<end.lowerBound]), options: .ignoreUnknownCharacters)
        else { throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: url.path]) }
        return der
    }

    static func openssl(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.executableLoad, userInfo: [
                NSLocalizedDescriptionKey: "openssl \(arguments.joined(separator: " ")) failed: "
                    + String(decoding: message, as: UTF8.self),
            ])
        }
    }
}

/// The local HTTPS server of LiveTLS/https_server.py (its routes are listed there) on 127.0.0.1, presenting
/// `identity`; killed when released.
public final class LiveHTTPSServer: @unchecked Sendable {
    public let process = Process()
    public let port: UInt16

    public init(_ identity: LiveTLSFixtures.Identity) throws {
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [LiveTLSFixtures.sourceDirectory.appendingPathComponent("https_server.py").path,
                             identity.chain.path, identity.key.path]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = Pipe()
        try process.run()
        let pid = process.processIdentifier
        let started = LockedFlag()
        DispatchQueue.global().asyncAfter(deadline: .now() + 10) { if !started.value { kill(pid, SIGKILL) } }
        defer { started.set() }
        var text = ""
        let handle = output.fileHandleForReading
        while !text.contains("\n"), process.isRunning || !text.isEmpty {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard text.hasPrefix("PORT "), let port = UInt16(text.dropFirst(5).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            kill(pid, SIGKILL)
            process.waitUntilExit()
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "https_server.py did not start: \(text)"])
        }
        self.port = port
    }

    /// https://127.0.0.1:PORT + path.
    public func url(_ path: String = "/", host: String = "127.0.0.1") -> URL {
        URL(string: "https://\(host):\(port)\(path)")!
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}

/// Set once, read from another thread.
final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var flag = false
    var value: Bool { lock.withLock { flag } }
    func set() { lock.withLock { flag = true } }
}
