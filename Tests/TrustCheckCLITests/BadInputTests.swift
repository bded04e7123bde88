import CertificateFixtures
import Foundation
import Testing

/// Every bad input gives `trustcheck: <path>: <problem>` on stderr, nothing on stdout and exit 2.
@Suite struct BadInputTests {
    static let problems: [String: String] = [
        "bad/empty.pem": "file is empty",
        "bad/garbage.txt": "not a certificate: neither PEM, DER nor base64 DER",
        "bad/truncated.der": "truncated DER: certificate 1 ends before its declared length",
        "bad/broken-base64.pem": "PEM block at line 1: base64 body is invalid",
        "bad/no-end-line.pem": "PEM block CERTIFICATE at line 1 has no END line (truncated?)",
        "bad/mismatched-end.pem": "PEM block at line 1: END line does not match BEGIN CERTIFICATE",
        "bad/public-key-only.pem": "PEM file holds no CERTIFICATE block",
        "bad/no-certificates": "directory contains no certificates",
        "bad/does-not-exist.pem": "no such file or directory",
    ]

    @Test(arguments: ["pin", "show"], problems.keys.sorted())
    func reportedWithPathAndProblem(command: String, file: String) throws {
        let path = Fixtures.path(file)
        let result = trustcheck(command, path)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == "trustcheck: \(path): \(try #require(Self.problems[file]))\n")
    }

    /// The two DER-level failures quote GnuTLS or the DER reader, so only their start is fixed.
    @Test(arguments: ["bad/not-a-certificate.der", "bad/second-block-not-a-certificate.pem"])
    func badCertificateNamesTheFile(file: String) {
        let path = Fixtures.path(file)
        let result = trustcheck("show", path)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("trustcheck: \(path): "))
        #expect(result.stderr.hasSuffix("\n") && result.stderr.filter { $0 == "\n" }.count == 1)
    }

    @Test func everyGeneratedBadInputIsCovered() {
        let covered = Set(Self.problems.keys).union(["bad/not-a-certificate.der", "bad/second-block-not-a-certificate.pem"])
        #expect(!Fixtures.badInputs.isEmpty)
        #expect(Set(Fixtures.badInputs).isSubset(of: covered))
    }

    /// Good files before and after a bad one produce no partial output: stdout stays empty, or with
    /// --json holds only the error object.
    @Test(arguments: [["pin"], ["pin", "--json"], ["show", "--json"], ["show"]])
    func oneBadFileSuppressesAllOutput(command: [String]) throws {
        let bad = Fixtures.path("bad/empty.pem")
        let missing = Fixtures.path("bad/missing.der")
        let result = trustcheck(command + [Fixtures.path("rsa2048-root.pem"), bad, missing, Fixtures.path("ec-p256-leaf.pem")])
        #expect(result.status == 2)
        #expect(result.stderr == "trustcheck: \(bad): file is empty\ntrustcheck: \(missing): no such file or directory\n")
        guard command.contains("--json") else {
            #expect(result.stdout == "")
            return
        }
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(Set(json.keys) == ["error", "errors"])
        let errors = try #require(json["errors"] as? [[String: Any]])
        #expect(errors.map { $0["path"] as? String } == [bad, missing])
        #expect(errors.map { $0["code"] as? String } == ["certificate.load.empty", "certificate.load.unreadable"])
    }
}
