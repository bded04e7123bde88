import Foundation
import Testing
@testable import TrustCheckCLI

/// FileDescriptorOutput writes the string's UTF-8 straight to the descriptor: every byte, in call order,
/// multi-byte characters intact, through a file and through a pipe larger than its buffer.
@Suite struct FileDescriptorOutputTests {
    /// 300,000 bytes: more than a Linux pipe holds (64 KiB), with two- and three-byte characters.
    static let text = String(repeating: "é✓ line of output\n", count: 300_000 / 22)

    @Test func everyByteReachesAFileInCallOrder() throws {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("trustcheck-output-\(UUID().uuidString).txt").path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let handle = try #require(FileHandle(forWritingAtPath: path))
        let output = FileDescriptorOutput(fileDescriptor: handle.fileDescriptor)
        output.write("first\n")
        output.write(Self.text)
        output.write("")
        output.write("last ✓\n")
        try handle.close()
        let written = try #require(FileManager.default.contents(atPath: path))
        #expect(String(decoding: written, as: UTF8.self) == "first\n" + Self.text + "last ✓\n")
        #expect(!output.isTerminal)
    }

    @Test func aTextLargerThanThePipeBufferArrivesWhole() async throws {
        let pipe = Pipe()
        let reader = Task.detached { pipe.fileHandleForReading.readDataToEndOfFile() }
        FileDescriptorOutput(fileDescriptor: pipe.fileHandleForWriting.fileDescriptor).write(Self.text)
        try pipe.fileHandleForWriting.close()
        let received = await reader.value
        #expect(received.count == Self.text.utf8.count)
        #expect(String(decoding: received, as: UTF8.self) == Self.text)
    }
}
