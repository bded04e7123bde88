import FileOutput
import Foundation
import Testing

/// `OutputFile.createNew`: a durable file under a name that must be free, for spools where several
/// processes may pick the same name.
@Suite struct OutputFileCreateNewTests {
    let directory: String

    init() throws {
        directory = NSTemporaryDirectory() + "output-file-new-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
    }

    func path(_ name: String) -> String { directory + "/" + name }
    func entries() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: directory).sorted() }
    func removeDirectory() { try? FileManager.default.removeItem(atPath: directory) }

    @Test func createsTheFileWithNoTemporaryLeft() throws {
        defer { removeDirectory() }
        try OutputFile.createNew(Data("entry\n".utf8), at: path("a.report"))
        #expect(try String(contentsOfFile: path("a.report"), encoding: .utf8) == "entry\n")
        #expect(try entries() == ["a.report"])
    }

    @Test func neverReplacesWhatIsThere() throws {
        defer { removeDirectory() }
        try Data("first\n".utf8).write(to: URL(fileURLWithPath: path("a.report")))
        try FileManager.default.createSymbolicLink(atPath: path("link.report"), withDestinationPath: "missing")
        for name in ["a.report", "link.report"] {
            let error = #expect(throws: OutputFileError.self) { try OutputFile.createNew(Data("second\n".utf8), at: path(name)) }
            #expect(error?.kind == .alreadyExists)
            #expect(error?.code == "output.alreadyExists")
            #expect(error?.description == "\(path(name)): cannot write: already exists")
        }
        #expect(try String(contentsOfFile: path("a.report"), encoding: .utf8) == "first\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path("link.report")) == "missing",
                "a dangling link is not followed to create its target")
        #expect(try entries() == ["a.report", "link.report"])
    }

    @Test func ofConcurrentCreatorsOfOneNameExactlyOneWins() async throws {
        defer { removeDirectory() }
        let target = path("same.report")
        let winners = await withTaskGroup(of: Int?.self) { group in
            for writer in 0..<8 {
                group.addTask {
                    do {
                        try OutputFile.createNew(Data("writer \(writer)\n".utf8), at: target)
                        return writer
                    } catch {
                        return nil
                    }
                }
            }
            var winners: [Int] = []
            for await winner in group { if let winner { winners.append(winner) } }
            return winners
        }
        #expect(winners.count == 1)
        let winner = try #require(winners.first)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "writer \(winner)\n")
        #expect(try entries() == ["same.report"])
    }

    @Test func aMissingDirectoryIsUnwritable() throws {
        defer { removeDirectory() }
        let error = #expect(throws: OutputFileError.self) {
            try OutputFile.createNew(Data(), at: path("missing/a.report"))
        }
        #expect(error?.kind == .unwritable)
        #expect(error?.problem == "No such file or directory")
    }
}
