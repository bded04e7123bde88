import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Debian's headless Chromium, run once per page: `--dump-dom` prints the DOM after the page's scripts
/// have run (`--virtual-time-budget` keeps the page alive until its fetches and timers settle), and
/// `--screenshot` writes a PNG. Each run gets its own temporary profile and is killed past `timeout`.
struct DashboardBrowser {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// `TRUSTCHECK_CHROMIUM` when set, else Debian's `/usr/bin/chromium`; nil when neither is installed.
    static let executable: String? = {
        let candidates = [ProcessInfo.processInfo.environment["TRUSTCHECK_CHROMIUM"], "/usr/bin/chromium", "/usr/bin/chromium-browser"]
        return candidates.compactMap { $0 }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// How long one Chromium run may take: 90 s. A cold start on this 2-core machine, shared with other
    /// builds, takes 3–10 s; the bound only keeps a wedged browser from hanging the test run.
    static let timeout: TimeInterval = 90
    /// Virtual time the page gets to fetch and render (ms): the four API calls answer in milliseconds.
    static let virtualTimeBudget = 10_000

    let directory: TemporaryDirectory

    /// The page's DOM, serialised, once its scripts have settled.
    func dumpDOM(_ url: String) async throws -> String {
        try await run(["--dump-dom", url])
    }

    /// A full-page PNG of `url` at `path` (a desktop-sized window).
    func screenshot(_ url: String, to path: String) async throws {
        try? FileManager.default.removeItem(atPath: path)
        _ = try await run(["--screenshot=\(path)", "--window-size=1280,2200", "--hide-scrollbars", url])
        guard FileManager.default.fileExists(atPath: path) else { throw Failure(description: "chromium wrote no screenshot at \(path)") }
    }

    private func run(_ arguments: [String]) async throws -> String {
        guard let executable = Self.executable else { throw Failure(description: "chromium is not installed") }
        let profile = directory.file("chromium-profile-\(UUID().uuidString)")
        var options = ["--headless", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--no-default-browser-check",
                       "--disable-extensions", "--disable-background-networking", "--disable-component-update",
                       "--disable-sync", "--user-data-dir=\(profile)", "--crash-dumps-dir=\(profile)",
                       "--virtual-time-budget=\(Self.virtualTimeBudget)"]
        // Chromium's sandbox refuses to run as root; the tests load only the collector's own page.
        if geteuid() == 0 { options.append("--no-sandbox") }
        // Files, not pipes: a helper process Chromium leaves behind would keep a pipe open.
        let outputPath = directory.file("chromium-\(UUID().uuidString).out")
        let errorPath = directory.file("chromium-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        let errors = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        defer {
            try? output.close()
            try? errors.close()
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = options + arguments
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = Pipe()
        try process.run()
        let deadline = Date().addingTimeInterval(Self.timeout)
        // Polled with Task.sleep: the wait gives its thread back to the other tests meanwhile.
        while process.isRunning && Date() < deadline { try await Task.sleep(nanoseconds: 100_000_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            throw Failure(description: "chromium did not finish within \(Int(Self.timeout)) s: \(Self.tail(errorPath))")
        }
        let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        guard process.terminationStatus == 0 else {
            throw Failure(description: "chromium exited with \(process.terminationStatus): \(Self.tail(errorPath))")
        }
        return text
    }

    private static func tail(_ path: String) -> String {
        String(((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").suffix(2000))
    }
}
