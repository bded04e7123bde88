import FileOutput
import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// `OutputFile.write` on every kind of path a user can name: what it names must still be there, of the
/// same kind, afterwards.
@Suite struct OutputFileTests {
    let directory: String

    init() throws {
        directory = NSTemporaryDirectory() + "output-file-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
    }

    func path(_ name: String) -> String { directory + "/" + name }
    func contents(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }
    func fileType(_ path: String) throws -> FileAttributeType? {
        try FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType
    }
    func entries() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: directory).sorted() }
    func removeDirectory() { try? FileManager.default.removeItem(atPath: directory) }

    @Test func createsANewFile() throws {
        defer { removeDirectory() }
        try OutputFile.write(Data("new\n".utf8), to: path("new.json"))
        #expect(try contents(path("new.json")) == "new\n")
        #expect(try entries() == ["new.json"], "no temporary file is left behind")
    }

    @Test func replacesARegularFileAndKeepsItsMode() throws {
        defer { removeDirectory() }
        let file = path("results.json")
        try Data("old contents that are longer\n".utf8).write(to: URL(fileURLWithPath: file))
        #expect(chmod(file, 0o640) == 0)
        try OutputFile.write(Data("new\n".utf8), to: file)
        #expect(try contents(file) == "new\n")
        let mode = try #require(FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int)
        #expect(mode == 0o640)
        #expect(try entries() == ["results.json"])
    }

    @Test func writesThroughASymbolicLinkAndKeepsTheLink() throws {
        defer { removeDirectory() }
        let target = path("target.json")
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: path("link.json"), withDestinationPath: "target.json")
        try FileManager.default.createSymbolicLink(atPath: path("link-to-link.json"), withDestinationPath: path("link.json"))
        try OutputFile.write(Data("new\n".utf8), to: path("link-to-link.json"))
        #expect(try fileType(path("link.json")) == .typeSymbolicLink)
        #expect(try fileType(path("link-to-link.json")) == .typeSymbolicLink)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path("link.json")) == "target.json")
        #expect(try contents(target) == "new\n")
        #expect(try entries() == ["link-to-link.json", "link.json", "target.json"])
    }

    @Test func aDanglingSymbolicLinkGetsItsTargetCreated() throws {
        defer { removeDirectory() }
        try FileManager.default.createSymbolicLink(atPath: path("link.json"), withDestinationPath: "later.json")
        try OutputFile.write(Data("made\n".utf8), to: path("link.json"))
        #expect(try fileType(path("link.json")) == .typeSymbolicLink)
        #expect(try contents(path("later.json")) == "made\n")
    }

    @Test func aSymbolicLinkLoopIsAnError() throws {
        defer { removeDirectory() }
        try FileManager.default.createSymbolicLink(atPath: path("a"), withDestinationPath: "b")
        try FileManager.default.createSymbolicLink(atPath: path("b"), withDestinationPath: "a")
        #expect(throws: OutputFileError.self) { try OutputFile.write(Data("x".utf8), to: path("a")) }
        #expect(try fileType(path("a")) == .typeSymbolicLink)
        #expect(try fileType(path("b")) == .typeSymbolicLink)
    }

    @Test func writesThroughAFIFO() throws {
        defer { removeDirectory() }
        let fifo = path("results.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let received = FIFOReader(fifo)
        try OutputFile.write(Data("through the pipe\n".utf8), to: fifo)
        #expect(received.wait() == "through the pipe\n")
        #expect(isFIFO(fifo))
    }

    /// A character device made in the temporary folder with /dev/null's numbers, so that a regression
    /// can only ever replace this copy. Needs the right to make device nodes (root, as CI runs).
    @Test func writesThroughACharacterDevice() throws {
        defer { removeDirectory() }
        let device = path("null")
        // glibc's makedev(1, 3) (a C macro, not imported): major << 8 | minor for numbers this small.
        let nullDevice = dev_t(1 << 8 | 3)
        guard mknod(device, S_IFCHR | 0o666, nullDevice) == 0 else {
            print("skipped: cannot make a device node here (\(String(cString: strerror(errno))))")
            return
        }
        try OutputFile.write(Data("discarded\n".utf8), to: device)
        #expect(try fileType(device) == .typeCharacterSpecial)
        #expect(try entries() == ["null"])
    }

    @Test func aHardLinkedFileIsRewrittenInPlace() throws {
        defer { removeDirectory() }
        let first = path("first.json"), second = path("second.json")
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: first))
        try FileManager.default.linkItem(atPath: first, toPath: second)
        try OutputFile.write(Data("new\n".utf8), to: second)
        #expect(try contents(first) == "new\n")
        #expect(try contents(second) == "new\n")
    }

    @Test func anInheritedDescriptorIsWrittenAtItsOffset() throws {
        defer { removeDirectory() }
        let file = path("redirected.txt")
        #expect(FileManager.default.createFile(atPath: file, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: file))
        defer { try? handle.close() }
        try handle.write(contentsOf: Data("before ".utf8))
        try OutputFile.write(Data("results\n".utf8), to: "/dev/fd/\(handle.fileDescriptor)")
        #expect(try contents(file) == "before results\n", "written through the descriptor, not reopened or replaced")
    }

    @Test func aDirectoryIsRefusedWithAClearMessage() throws {
        defer { removeDirectory() }
        let error = try #require(throws: OutputFileError.self) { try OutputFile.write(Data(), to: directory) }
        #expect(error.kind == .isADirectory)
        #expect(error.code == "output.isADirectory")
        #expect((error as Error).localizedDescription == "\(directory): cannot write: is a directory, not a file")
    }

    @Test func aMissingFolderIsUnwritable() throws {
        defer { removeDirectory() }
        let file = path("missing/results.json")
        let error = try #require(throws: OutputFileError.self) { try OutputFile.write(Data(), to: file) }
        #expect(error.kind == .unwritable)
        #expect(error.localizedDescription == "\(file): cannot write: No such file or directory")
    }

    func isFIFO(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO
    }
}
