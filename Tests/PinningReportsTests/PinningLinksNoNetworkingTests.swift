import Foundation
import Testing

/// "A pinning check must not link or start networking unless reports are configured": the networking lives
/// here, and no file of the `Pinning` module may import it. Checked on the sources, since a module that
/// imports FoundationNetworking links it into every program that uses it.
@Suite struct PinningLinksNoNetworkingTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")

    static func swiftFiles(in module: String) throws -> [URL] {
        let folder = sources.appendingPathComponent(module)
        let enumerator = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
        return enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
    }

    static func importsNetworking(_ file: URL) throws -> Bool {
        try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n").contains {
            let line = $0.trimmingCharacters(in: .whitespaces)
            return line.hasPrefix("import FoundationNetworking") || line.hasPrefix("import PinningReports")
                || line.hasPrefix("@preconcurrency import FoundationNetworking")
        }
    }

    @Test func thePinningModuleImportsNoNetworking() throws {
        let files = try Self.swiftFiles(in: "Pinning")
        #expect(files.count > 10, "the Pinning sources were found")
        #expect(try files.filter(Self.importsNetworking).map(\.lastPathComponent) == [])
    }

    @Test func theReportSenderIsWhereNetworkingIs() throws {
        // The check above would pass on nothing; this one shows it recognises the import where it is.
        #expect(try Self.swiftFiles(in: "PinningReports").filter(Self.importsNetworking).map(\.lastPathComponent) == ["ReportSender.swift"])
    }
}
