import Foundation
import Testing
@testable import TrustCheckCLI

/// Usage errors are one line that says what to type (and a pointer to the help only when the line cannot),
/// with the option or command a person most likely meant, and exit status 2.
@Suite struct UsageErrorTests {
    /// stderr of a usage error, which never writes to stdout.
    static func usage(_ arguments: [String]) -> String {
        let result = trustcheck(arguments)
        #expect(result.status == 2, "\(arguments): \(result.stderr)")
        #expect(result.stdout == "", "\(arguments)")
        return result.stderr
    }

    @Test(arguments: [
        // Other tools' names for the anchors: curl, openssl (single dash, any case), gnutls-cli, certtool.
        (["verify", "a.pem", "--cacert", "r.pem"], "verify: unknown option '--cacert'; did you mean --anchors?"),
        (["verify", "a.pem", "-CAfile", "r.pem"], "verify: unknown option '-CAfile'; did you mean --anchors?"),
        (["verify", "a.pem", "--cafile=r.pem"], "verify: unknown option '--cafile'; did you mean --anchors?"),
        (["verify", "a.pem", "--ca", "r.pem"], "verify: unknown option '--ca'; did you mean --anchors?"),
        (["verify", "a.pem", "--x509cafile", "r.pem"], "verify: unknown option '--x509cafile'; did you mean --anchors?"),
        (["verify", "a.pem", "--load-ca-certificate", "r.pem"], "verify: unknown option '--load-ca-certificate'; did you mean --anchors?"),
        (["connect", "h", "--CApath", "d"], "connect: unknown option '--CApath'; did you mean --anchors?"),
        (["audit", "c.json", "--cafile", "r.pem"], "audit: unknown option '--cafile'; did you mean --anchors?"),
        // The name to verify: --host in verify, --servername in connect, whatever the habit.
        (["verify", "a.pem", "--servername", "h"], "verify: unknown option '--servername'; did you mean --host?"),
        (["verify", "a.pem", "-verify_hostname", "h"], "verify: unknown option '-verify_hostname'; did you mean --host?"),
        (["verify", "a.pem", "--sni", "h"], "verify: unknown option '--sni'; did you mean --host?"),
        (["connect", "h", "--sni", "h"], "connect: unknown option '--sni'; did you mean --servername?"),
        (["connect", "h", "--hostname", "h"], "connect: unknown option '--hostname'; did you mean --servername?"),
        (["connect", "--host", "h"],
         "connect: unknown option '--host'; did you mean --servername? (the server to connect to is the HOST[:PORT] argument)"),
        (["connect", "-connect", "h:443"], "connect: unknown option '-connect'; give the server as the argument: trustcheck connect HOST[:PORT]"),
        (["connect", "h", "--port", "8443"], "connect: unknown option '--port'; give the port with the host: trustcheck connect HOST:PORT"),
        (["verify", "a.pem", "-untrusted", "i.pem"],
         "verify: unknown option '-untrusted'; give the chain as arguments, leaf first: trustcheck verify LEAF [INTERMEDIATE]..."),
        // openssl verify's and s_client's other options.
        (["verify", "a.pem", "-attime", "1"], "verify: unknown option '-attime'; did you mean --at?"),
        (["verify", "a.pem", "-CRLfile", "c.pem"], "verify: unknown option '-CRLfile'; did you mean --crl?"),
        (["verify", "a.pem", "-explicit_policy"], "verify: unknown option '-explicit_policy'; did you mean --require-explicit-policy?"),
        (["verify", "a.pem", "--pinnedpubkey", "p"], "verify: unknown option '--pinnedpubkey'; did you mean --pin?"),
        (["verify", "a.pem", "--verbose"], "verify: unknown option '--verbose'; did you mean --explain?"),
        (["connect", "h", "--tlsv1.3"], "connect: unknown option '--tlsv1.3'; did you mean --tls 1.3?"),
        (["connect", "h", "-tls1_2"], "connect: unknown option '-tls1_2'; did you mean --tls 1.2?"),
        (["connect", "h", "--connect-timeout", "3"], "connect: unknown option '--connect-timeout'; did you mean --timeout?"),
        // The same name spelt otherwise, a typo, the start of a name.
        (["pin", "a.pem", "-json"], "pin: unknown option '-json'; did you mean --json?"),
        (["pin", "a.pem", "--JSON"], "pin: unknown option '--JSON'; did you mean --json?"),
        (["pin", "a.pem", "--jsno"], "pin: unknown option '--jsno'; did you mean --json?"),
        (["verify", "a.pem", "--anchros", "r.pem"], "verify: unknown option '--anchros'; did you mean --anchors?"),
        (["verify", "a.pem", "--report_only"], "verify: unknown option '--report_only'; did you mean --report-only?"),
        (["verify", "a.pem", "--require-explicit"], "verify: unknown option '--require-explicit'; did you mean --require-explicit-policy?"),
        (["show", "a.pem", "-help"], "show: unknown option '-help'; did you mean --help?"),
        (["limbo", "x.json", "--outptu", "r.json"], "limbo: unknown option '--outptu'; did you mean --output?"),
    ])
    func anUnknownOptionSuggestsTheOneMeant(arguments: [String], line: String) {
        #expect(Self.usage(arguments) == "trustcheck \(line)\n")
    }

    /// No guess beats a wrong one: an option with nothing near gets the pointer to the command's options.
    @Test(arguments: [["pin", "a.pem", "--host", "h"], ["show", "a.pem", "--frobnicate"], ["verify", "a.pem", "-k"]])
    func anUnknownOptionWithNothingNearPointsToTheHelp(arguments: [String]) {
        let option = arguments[2]
        #expect(Self.usage(arguments)
            == "trustcheck \(arguments[0]): unknown option '\(option)'\nrun 'trustcheck help \(arguments[0])' for the options\n")
    }

    /// An option name is the user's text: escape sequences in it are shown, not sent to the terminal.
    @Test func anUnknownOptionIsEscaped() {
        #expect(Self.usage(["pin", "a.pem", "--\u{1B}]0;owned\u{7}\u{202E}x"])
            == "trustcheck pin: unknown option '--\\e]0;owned\\x07\\u{202e}x'\nrun 'trustcheck help pin' for the options\n")
    }

    @Test(arguments: [
        (["verfy", "a.pem"], "trustcheck: unknown command 'verfy'; did you mean verify?"),
        (["conect", "h"], "trustcheck: unknown command 'conect'; did you mean connect?"),
        (["s_client", "h"], "trustcheck: unknown command 's_client'; did you mean connect?"),
        (["x509", "a.pem"], "trustcheck: unknown command 'x509'; did you mean show?"),
        (["Pin", "a.pem"], "trustcheck: unknown command 'Pin'; did you mean pin?"),
        (["colect"], "trustcheck: unknown command 'colect'; did you mean collect?"),
        (["reports-flsh"], "trustcheck: unknown command 'reports-flsh'; did you mean reports-flush?"),
        (["flush"], "trustcheck: unknown command 'flush'; did you mean reports-flush?"),
        (["help", "verfy"], "trustcheck: unknown command 'verfy'; did you mean verify?"),
        (["help", "check"], "trustcheck: unknown command 'check'; did you mean checks?"),
        (["help", "chekcs"], "trustcheck: unknown command 'chekcs'; did you mean checks?"),
    ])
    func anUnknownCommandSuggestsTheOneMeant(arguments: [String], line: String) {
        #expect(Self.usage(arguments) == line + "\n")
    }

    /// A first argument that names no command is verify's chain when it is a path, or a file even without
    /// one (the end-to-end tests run a file named like a command, in its directory).
    @Test func aFirstArgumentThatIsAPathIsVerify() {
        #expect(TrustCheckCommand.isChainArgument("leaf.pem"))
        #expect(TrustCheckCommand.isChainArgument("certs/leaf"))
        #expect(TrustCheckCommand.isChainArgument("-"))
        #expect(TrustCheckCommand.isChainArgument("--anchors"))
        #expect(TrustCheckCommand.isChainArgument(VerifyCommandTests.path("anchors")))
        #expect(!TrustCheckCommand.isChainArgument("verfy"))
        let result = trustcheck(["missing.pem"])
        #expect(result.stderr == "trustcheck: missing.pem: no such file or directory\n")
        #expect(result.status == 2)
    }

    @Test func connectTakesOneHost() {
        #expect(Self.usage(["connect"]) == "trustcheck connect: no HOST given\nrun 'trustcheck help connect' for the options\n")
        #expect(Self.usage(["connect", "a", "b"]) == "trustcheck connect: give one HOST[:PORT], not 2\n")
    }

    @Test func errorsHaveStableCodesAndOneLine() {
        #expect(UsageError.Code.unknownOption.rawValue == "usage.unknown-option")
        #expect(UsageError.Code.unknownCommand.rawValue == "usage.unknown-command")
        #expect(Set(UsageError.Code.allCases.map(\.rawValue)).count == UsageError.Code.allCases.count)
        let error = UsageError(.unknownOption, "unknown option '--x'", pointsToHelp: true)
        #expect(error.localizedDescription == "unknown option '--x'")
        #expect(error.report(command: "pin") == "trustcheck pin: unknown option '--x'\nrun 'trustcheck help pin' for the options\n")
        #expect(error.report(program: "trustcheck-collect", command: nil)
            == "trustcheck-collect: unknown option '--x'\nrun 'trustcheck help' for the commands\n")
    }

    @Test func nearestNames() {
        #expect(NearestName.editDistance("json", "jsno") == 1)
        #expect(NearestName.editDistance("anchors", "anchros") == 1)
        #expect(NearestName.editDistance("", "at") == 2)
        #expect(NearestName.editDistance("kitten", "sitting") == 3)
        #expect(NearestName.nearest(to: "--jsno", among: ["--json", "--at"]) == "--json")
        // "ver" begins both verify and version: no guess.
        #expect(NearestName.nearest(to: "ver", among: ["verify", "version"]) == nil)
        #expect(NearestName.nearest(to: "veri", among: ["verify", "version"]) == "verify")
        #expect(NearestName.nearest(to: "--x", among: ["--json", "--at"]) == nil)
    }

    /// The collector's executable shares the parser: the same one-line errors and suggestions.
    @Test func theCollectorsCommandsToo() {
        let cases: [([String], String)] = [
            (["colect"], "trustcheck-collect: unknown command 'colect'; did you mean collect?\n"),
            (["verify"], "trustcheck-collect: unknown command 'verify': it runs collect, reports and reports-flush\n"
                + "run 'trustcheck help' for the commands\n"),
            ([], "trustcheck-collect: no command given: it runs collect, reports and reports-flush\nrun 'trustcheck help' for the commands\n"),
            (["reports", "--database", "x.db"], "trustcheck reports: unknown option '--database'; did you mean --db?\n"),
            (["collect", "--bind", "127.0.0.1:0"], "trustcheck collect: unknown option '--bind'; did you mean --listen?\n"),
            (["reports-flush", "--spool", "d"], "trustcheck reports-flush: unknown option '--spool'; did you mean --report-spool?\n"),
        ]
        for (arguments, stderr) in cases {
            let result = trustcheckCollect(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stdout == "")
            #expect(result.stderr == stderr)
        }
    }
}
