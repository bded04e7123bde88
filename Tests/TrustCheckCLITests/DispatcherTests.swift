import CertificateFixtures
import Foundation
import Testing
@testable import TrustCheckCLI

@Suite struct DispatcherTests {
    @Test func noArgumentsPrintsUsageToStderr() {
        let result = trustcheck([])
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("usage: trustcheck <command> [options] [arguments]\n"))
    }

    @Test(arguments: [["help"], ["--help"], ["-h"]])
    func helpPrintsOverviewToStdout(arguments: [String]) {
        let result = trustcheck(arguments)
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout == TrustCheckCommand.overview)
        for command in TrustCheckCommand.subcommands {
            #expect(result.stdout.contains("  \(command.name)"))
        }
    }

    @Test(arguments: [["help", "pin"], ["pin", "--help"], ["pin", Fixtures.path("bad/empty.pem"), "-h"]])
    func commandHelpWinsOverEverythingElse(arguments: [String]) {
        let result = trustcheck(arguments)
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout.hasPrefix("usage: trustcheck pin FILE... [--trustkit | --json]\n"))
        #expect(result.stdout.contains("  --trustkit  print TrustKit kTSKPublicKeyHashes entries\n"))
    }

    /// `trustcheck CHAIN...` is `verify` without its name: a first argument that is a path goes to verify,
    /// which reports the missing files; a word that is neither a command nor a file is a usage error.
    @Test func aPathIsAChainFileForVerify() {
        let result = trustcheck("frobnicate.pem", "x.pem")
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == "trustcheck: frobnicate.pem: no such file or directory\ntrustcheck: x.pem: no such file or directory\n")
        let word = trustcheck("frobnicate", "x.pem")
        #expect(word.status == 2)
        #expect(word.stderr == "trustcheck: unknown command 'frobnicate', and no file of that name to verify\n"
            + "run 'trustcheck help' for the commands\n")
        #expect(trustcheck("help", "frobnicate").stderr == "trustcheck: unknown command 'frobnicate'\nrun 'trustcheck help' for the commands\n")
    }

    @Test(arguments: [
        (["pin", "--bogus", "a.pem"], "unknown option '--bogus'\nrun 'trustcheck help pin' for the options"),
        (["pin", "--json=yes", "a.pem"], "--json takes no value"),
        (["show", "a.pem", "--at"], "--at needs a value: --at TIME"),
        (["show", "--at", "2025-01-01T00:00:00Z", "--at=2026-01-01T00:00:00Z", "a.pem"], "--at is given twice; it takes one TIME"),
        (["show", "-x", "a.pem"], "unknown option '-x'\nrun 'trustcheck help show' for the options"),
        (["verify", "a.pem", "--host", "--at", "2025-01-01"],
         "--host needs a value (--host NAME), not the option '--at'; write --host=NAME for a value that starts with '-'"),
        (["limbo", "x.json", "--output", "--profile", "webpki"],
         "--output needs a value (--output RESULTS), not the option '--profile'; write --output=RESULTS for a value that starts with '-'"),
    ])
    func badOptionsAreUsageErrors(arguments: [String], message: String) throws {
        let result = trustcheck(arguments)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == "trustcheck \(arguments[0]): \(message)\n")
    }

    @Test(arguments: [["--version"], ["version"]])
    func versionNamesTheReleaseAndGnuTLS(arguments: [String]) throws {
        let result = trustcheck(arguments)
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let pattern = try Regex(#"^trustcheck \d+\.\d+\.\d+ \(GnuTLS \d+\.\d+\.\d+\)\n$"#)
        #expect(result.stdout.wholeMatch(of: pattern) != nil, "\(result.stdout)")
        #expect(trustcheck("version", "extra").status == 2)
    }

    @Test func subcommandNamesAreUnique() {
        let names = TrustCheckCommand.subcommands.map { $0.name }
        #expect(Set(names).count == names.count)
        #expect(names.contains("pin") && names.contains("show"))
    }

    @Test func exitCodesAreTheDocumentedOnes() {
        #expect(ExitCode.success.rawValue == 0)
        #expect(ExitCode.notTrusted.rawValue == 1)
        #expect(ExitCode.usageOrInputError.rawValue == 2)
    }
}

@Suite struct ArgumentParserTests {
    private let options: [CommandOption] = [.flag("--json", ""), .value("--at", "TIME", "")]

    @Test func flagsValuesAndOperandsMix() throws {
        let parsed = try ArgumentParser.parse(["a", "--json", "--at", "T", "b", "-"], options: options)
        #expect(parsed.positionals == ["a", "b", "-"])
        #expect(parsed.has("--json"))
        #expect(parsed.value("--at") == "T")
        #expect(!parsed.wantsHelp)
    }

    @Test func inlineValueMayContainEquals() throws {
        let parsed = try ArgumentParser.parse(["--at=a=b"], options: options)
        #expect(parsed.value("--at") == "a=b")
    }

    @Test func doubleDashEndsOptions() throws {
        let parsed = try ArgumentParser.parse(["--", "--json", "-h"], options: options)
        #expect(parsed.positionals == ["--json", "-h"])
        #expect(!parsed.has("--json"))
        #expect(!parsed.wantsHelp)
    }

    /// An option that needs a value never takes the next option as it (`--host --at X` forgot the host);
    /// `-`, negative numbers and `--name=--value` still give values that start with a dash.
    @Test func aValueIsNeverTheNextOption() throws {
        #expect(throws: UsageError.self) { try ArgumentParser.parse(["--at", "--json"], options: options) }
        #expect(throws: UsageError.self) { try ArgumentParser.parse(["--at", "-h"], options: options) }
        #expect(try ArgumentParser.parse(["--at=--json"], options: options).value("--at") == "--json")
        #expect(try ArgumentParser.parse(["--at", "-5"], options: options).value("--at") == "-5")
        #expect(try ArgumentParser.parse(["--at", "-"], options: options).value("--at") == "-")
    }

    @Test func optionNamesMatchExactly() {
        #expect(throws: UsageError.self) { try ArgumentParser.parse(["--js"], options: options) }
        #expect(throws: UsageError.self) { try ArgumentParser.parse(["--at-least", "x"], options: options) }
    }
}

@Suite struct JSONValueTests {
    /// Whatever the rendering escapes, a JSON parser must read back the original text.
    @Test(arguments: ["plain", "quote \" and backslash \\", "line\nbreak\ttab\r", "\u{0}\u{1}\u{1F}", "ünïcødé ✓ 🔒", "",
                      "del \u{7F} csi \u{9B} rlo \u{202E} lri \u{2066}"])
    func stringsRoundTrip(text: String) throws {
        let rendered = JSONValue.array([.string(text)]).rendered()
        let parsed = try JSONSerialization.jsonObject(with: Data(rendered.utf8)) as? [String]
        #expect(parsed == [text])
    }

    @Test func objectKeepsKeyOrderAndExplicitNulls() {
        let value = JSONValue.object([("b", .int(2)), ("a", .null), ("c", .array([])), ("d", .object([])),
                                      ("e", .bool(false)), ("f", .string(nil as String?))])
        #expect(value.rendered() == "{\n  \"b\": 2,\n  \"a\": null,\n  \"c\": [],\n  \"d\": {},\n  \"e\": false,\n  \"f\": null\n}")
    }
}
