import Foundation
import Testing

/// "A pinning check must not link or start networking unless reports are configured", and a program that
/// only spools reports (the `trustcheck` CLI, FoundationEssentials only) must be able to link the spool: the
/// networking lives in `PinningReportsURLSession` alone. No file of `Pinning` may import it or the spool, and
/// no file of `PinningReports` may import it or swift-corelibs Foundation. Checked on the sources, since a
/// module that imports FoundationNetworking links it into every program that uses it.
@Suite struct PinningLinksNoNetworkingTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")

    static func swiftFiles(in module: String) throws -> [URL] {
        let folder = sources.appendingPathComponent(module)
        let enumerator = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
        return enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
    }

    /// The modules `file` imports, by name: `import X`, with any attributes (`@preconcurrency`,
    /// `@_exported`…) or an import kind (`import struct X.Y`) before the name.
    static func importedModules(_ file: URL) throws -> Set<String> {
        let importLine = /^\s*(?:@\w+\s+)*import\s+(?:(?:struct|class|enum|protocol|typealias|func|var|let)\s+)?(?<module>\w+)/
        var modules: Set<String> = []
        for line in try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n") {
            if let match = line.firstMatch(of: importLine) { modules.insert(String(match.output.module)) }
        }
        return modules
    }

    /// The files of `module` that import any of `forbidden`.
    static func files(of module: String, importing forbidden: Set<String>) throws -> [String] {
        try swiftFiles(in: module).filter { !(try importedModules($0)).isDisjoint(with: forbidden) }.map(\.lastPathComponent).sorted()
    }

    @Test func thePinningModuleImportsNoNetworking() throws {
        #expect(try Self.swiftFiles(in: "Pinning").count > 10, "the Pinning sources were found")
        let networking: Set = ["FoundationNetworking", "PinningReports", "PinningReportsURLSession"]
        #expect(try Self.files(of: "Pinning", importing: networking) == [])
    }

    @Test func theSpoolImportsNeitherFoundationNorNetworking() throws {
        #expect(try Self.swiftFiles(in: "PinningReports").count > 10, "the PinningReports sources were found")
        // FoundationEssentials is what it uses instead; `import Foundation` exactly is swift-corelibs Foundation.
        let forbidden: Set = ["Foundation", "FoundationNetworking", "PinningReportsURLSession"]
        #expect(try Self.files(of: "PinningReports", importing: forbidden) == [])
    }

    @Test func theReportSenderIsWhereNetworkingIs() throws {
        // The checks above would pass on nothing; this one shows the import is recognised where it is.
        #expect(try Self.files(of: "PinningReportsURLSession", importing: ["FoundationNetworking"]) == ["ReportSender.swift"])
        #expect(try Self.files(of: "PinningReports", importing: ["FoundationEssentials"]).count > 5)
    }
}
