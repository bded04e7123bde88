import Foundation
import Testing

/// The transcripts of README.md and docs/*.md — ```console blocks of `$ trustcheck …` commands, each followed by
/// its output — are what the release binary prints, run from the repository's root as a newcomer runs them.
/// A transcript that ends with a `...` line shows only the first lines of the output.
///
/// In a block, `$ NAME=value` sets a variable later commands use as `$NAME`, and `$ cd DIR` changes the
/// directory of the commands after it. To rewrite every transcript's output from the binary:
/// `TRUSTCHECK_DOCS_RECORD=1 make test-e2e` (or `swift test --filter DocumentedTranscriptTests` with the
/// release binaries' variables set).
@Suite(.enabled(if: ReleaseBinaries.configured, "TRUSTCHECK_RELEASE_BINARY and TRUSTCHECK_COLLECT_RELEASE_BINARY are unset: `make test` builds the release binaries as `make demo` does and sets them"))
struct DocumentedTranscriptTests {
    struct Transcript: CustomTestStringConvertible, Sendable {
        let document: String
        /// The 1-based line of the command; its output is on the lines after it.
        let line: Int
        let arguments: [String]
        let directory: String
        let output: [String]
        /// `output` is the beginning of what is printed (the transcript ended with `...`).
        let truncated: Bool
        /// The 0-based lines of `document` that hold the output, `...` included.
        let outputLines: Range<Int>

        var testDescription: String { "\(document):\(line) trustcheck \(arguments.joined(separator: " "))" }
    }

    static let documents: [String] = {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: RepositoryFiles.path("docs"))) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }()

    static let transcripts: [Transcript] = documents.flatMap { document in
        (try? parse(document, String(contentsOfFile: RepositoryFiles.path(document), encoding: .utf8))) ?? []
    }

    static func parse(_ document: String, _ text: String) throws -> [Transcript] {
        let lines = text.components(separatedBy: "\n")
        var transcripts: [Transcript] = []
        var index = 0
        while index < lines.count {
            guard lines[index] == "```console" else { index += 1; continue }
            index += 1
            var variables: [String: String] = [:]
            var directory = RepositoryFiles.root.path
            while index < lines.count, lines[index] != "```" {
                guard lines[index].hasPrefix("$ ") else { index += 1; continue }
                let commandLine = index
                var command = String(lines[index].dropFirst(2))
                while command.hasSuffix("\\"), index + 1 < lines.count {
                    index += 1
                    command = String(command.dropLast()) + " " + lines[index].trimmingCharacters(in: .whitespaces)
                }
                index += 1
                let outputStart = index
                while index < lines.count, lines[index] != "```", !lines[index].hasPrefix("$ ") { index += 1 }
                var words = command.split(separator: " ").map { word in
                    variables.reduce(String(word)) { $0.replacingOccurrences(of: "$" + $1.key, with: $1.value) }
                }
                if words.count == 1, let equals = words[0].firstIndex(of: "=") {
                    variables[String(words[0][..<equals])] = String(words[0][words[0].index(after: equals)...])
                } else if words.first == "cd", words.count == 2 {
                    directory = URL(fileURLWithPath: words[1], relativeTo: URL(fileURLWithPath: directory + "/")).path
                } else if words.first == "trustcheck" {
                    words.removeFirst()
                    var output = Array(lines[outputStart..<index])
                    let truncated = output.last == "..."
                    if truncated { output.removeLast() }
                    transcripts.append(Transcript(document: document, line: commandLine + 1, arguments: words,
                                                  directory: directory, output: output, truncated: truncated,
                                                  outputLines: outputStart..<index))
                } else {
                    throw Unreadable(description: "\(document):\(commandLine + 1): a console transcript may run only "
                                     + "trustcheck, cd and NAME=value; write other commands in a ```sh block")
                }
            }
            index += 1
        }
        return transcripts
    }

    struct Unreadable: Error, CustomStringConvertible { let description: String }

    static func run(_ transcript: Transcript) throws -> [String] {
        let run = try Binary.trustcheck(transcript.arguments, in: transcript.directory)
        #expect(run.reason == .exit, "\(transcript.testDescription) died of a signal")
        var printed = run.stdout.components(separatedBy: "\n")
        if printed.last == "" { printed.removeLast() }
        return printed
    }

    @Test func everyDocumentParsesAndTheReadmeHasTranscripts() throws {
        for document in Self.documents {
            _ = try Self.parse(document, String(contentsOfFile: RepositoryFiles.path(document), encoding: .utf8))
        }
        #expect(Self.transcripts.contains { $0.document == "README.md" })
    }

    /// A newcomer meets a first verify on the bundled files, with its output, within the README's first 80 lines.
    @Test func theReadmeShowsAFirstVerifyEarly() throws {
        let first = try #require(Self.transcripts.first { $0.document == "README.md" })
        #expect(first.line <= 80)
        #expect(first.arguments.first == "verify" && first.arguments.contains("anchors/"))
        #expect(!first.output.isEmpty && !first.truncated)
    }

    @Test(arguments: transcripts)
    func theOutputIsTheBinarysOutput(_ transcript: Transcript) throws {
        guard ProcessInfo.processInfo.environment["TRUSTCHECK_DOCS_RECORD"] == nil else { return }
        let printed = try Self.run(transcript)
        if transcript.truncated {
            #expect(Array(printed.prefix(transcript.output.count)) == transcript.output, "\(transcript.testDescription)")
        } else {
            #expect(printed == transcript.output, "\(transcript.testDescription)")
        }
    }

    /// With TRUSTCHECK_DOCS_RECORD set, writes each transcript's output from the binary (as many lines as a
    /// truncated one shows).
    @Test(.enabled(if: ProcessInfo.processInfo.environment["TRUSTCHECK_DOCS_RECORD"] != nil))
    func record() throws {
        for document in Self.documents {
            let path = RepositoryFiles.path(document)
            var lines = try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\n")
            // From the end, so that earlier ranges stay where they are.
            for transcript in Self.transcripts.filter({ $0.document == document }).reversed() {
                var printed = try Self.run(transcript)
                if transcript.truncated { printed = Array(printed.prefix(transcript.output.count)) + ["..."] }
                lines.replaceSubrange(transcript.outputLines, with: printed)
            }
            try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        }
    }
}
