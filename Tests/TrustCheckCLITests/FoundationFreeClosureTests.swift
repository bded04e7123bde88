import Foundation
import Testing
import TestSupport

/// `trustcheck` links FoundationEssentials only — not swift-corelibs Foundation, FoundationNetworking,
/// FoundationXML or FoundationInternationalization (ICU). Their conformance records alone cost ~3 M start-up
/// instructions of `verify`, and their floor alone (13.3 MB peak RSS) is above the RSS target (docs/performance.md,
/// "Start-up"). These tests fail when a module `trustcheck` depends on imports one of them again.
@Suite struct FoundationFreeClosureTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The modules `trustcheck` must not import or link. FoundationEssentials is what they may use instead.
    static let forbiddenModules = ["Foundation", "FoundationNetworking", "FoundationXML", "FoundationInternationalization"]

    /// Each Swift target's dependencies by name, read from Package.swift: every `.target(name:dependencies:)`
    /// and `.executableTarget(name:dependencies:)`; a target without a dependency list has none.
    static func targetDependencies() throws -> [String: [String]] {
        let manifest = try String(contentsOf: packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let declaration = /\.(?:target|executableTarget)\(\s*name:\s*"(?<name>[^"]+)"(?<rest>[^)]*)/
        let quoted = /"(?<name>[^"]+)"/
        var dependencies: [String: [String]] = [:]
        for match in manifest.matches(of: declaration) {
            let rest = match.output.rest
            guard let list = rest.firstMatch(of: /dependencies:\s*\[(?<list>[^\]]*)\]/) else {
                dependencies[String(match.output.name)] = []
                continue
            }
            dependencies[String(match.output.name)] = list.output.list.matches(of: quoted).map { String($0.output.name) }
        }
        return dependencies
    }

    /// `trustcheck` and every target it reaches through target dependencies.
    static func closure() throws -> Set<String> {
        let dependencies = try targetDependencies()
        var reached: Set<String> = []
        var pending = ["trustcheck"]
        while let next = pending.popLast() {
            guard reached.insert(next).inserted else { continue }
            pending += dependencies[next] ?? []
        }
        return reached
    }

    @Test func theClosureIsReadFromThePackage() throws {
        let closure = try Self.closure()
        // A manifest the reader cannot follow would leave the scan below nothing to scan.
        for module in ["trustcheck", "TrustCheckCLI", "TLSClient", "Pinning", "PinningReports", "TrustConformance", "TrustEvaluation",
                       "TrustCertificates", "GnuTLSBridge", "FileOutput"] {
            #expect(closure.contains(module), "\(module) should be in trustcheck's dependency closure")
        }
        // Apple's exact signatures (CFError is NSError) keep SecTrustCompat on Foundation, so nothing
        // trustcheck links may depend on it; nor on the collector (libmicrohttpd, SQLite, FoundationNetworking),
        // nor on the reports' URLSession transport: trustcheck spools reports, trustcheck-collect sends them.
        for module in ["SecTrustCompat", "ReportCollector", "PinningReportsURLSession", "TrustCheckCollectorCLI"] {
            #expect(!closure.contains(module), "\(module) must stay out of trustcheck's dependency closure")
        }
    }

    @Test func noModuleOfTheClosureImportsFoundation() throws {
        let importLine = /^\s*(?:@_exported\s+)?(?:@testable\s+)?import\s+(?:(?:struct|class|enum|protocol|typealias|func|var|let)\s+)?(?<module>[A-Za-z_]+)/
            .anchorsMatchLineEndings()
        var scanned = 0
        var offenders: [String] = []
        for module in try Self.closure().sorted() {
            let folder = Self.packageRoot.appendingPathComponent("Sources").appendingPathComponent(module)
            guard let files = FileManager.default.enumerator(atPath: folder.path) else { continue }
            for case let file as String in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                scanned += 1
                for match in text.matches(of: importLine) where Self.forbiddenModules.contains(String(match.output.module)) {
                    offenders.append("Sources/\(module)/\(file): \(match.output.0.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(scanned > 100, "only \(scanned) Swift files found under Sources/ for the closure")
        #expect(offenders.isEmpty, "import FoundationEssentials (or Glibc, Synchronization) instead:\n\(offenders.joined(separator: "\n"))")
    }

    @Test func theBuiltBinaryLinksNoFoundation() throws {
        let binary = try TrustCheckBinary.url().path
        // Swift mangles a module name as its length and the name, so `10Foundation` (not after another digit)
        // is corelibs Foundation, as a symbol's own module (`$s10Foundation…`) or an extension's
        // (`…V10FoundationE…`); FoundationEssentials is `20FoundationEssentials`.
        let mangled = Self.forbiddenModules.map { "\($0.utf8.count)\($0)" }
        let symbols = try Self.output(of: "/usr/bin/nm", ["--no-demangle", binary])
        let found = symbols.split(separator: "\n").filter { line in
            mangled.contains { name in
                line.ranges(of: name).contains { $0.lowerBound == line.startIndex || !line[line.index(before: $0.lowerBound)].isNumber }
            }
        }
        #expect(!symbols.isEmpty)
        #expect(found.isEmpty, "\(found.count) Foundation symbols in \(binary), e.g. \(found.prefix(3))")
        let dynamic = try Self.output(of: "/usr/bin/readelf", ["--dynamic", binary])
        for library in ["libFoundation.so", "libFoundationNetworking.so", "libFoundationXML.so", "libFoundationInternationalization.so", "lib_FoundationICU.so"] {
            #expect(!dynamic.contains("[\(library)]"), "\(binary) needs \(library)")
        }
    }

    /// Standard output of a tool run to its end (read while it runs: nm's output is larger than a pipe).
    static func output(of tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(tool) \(arguments.joined(separator: " ")) exited \(process.terminationStatus)")
        return String(decoding: data, as: UTF8.self)
    }
}
