import Foundation
import GnuTLSBridge
import Testing

/// The JSON each command's help documents is the JSON it prints: every command with `--json` runs on real
/// inputs chosen so that every documented member appears (its nested objects too), and the help's member
/// list is compared with what came out, both ways: no documented key is missing, no printed key is
/// undocumented.
@Suite struct JSONHelpTests {
    // MARK: The documented members

    /// The keys a help text documents for one object, and the keys of the objects nested in it.
    struct Documented: CustomStringConvertible {
        var members: [String: Documented?] = [:]
        /// "..." among the keys: the object may have more.
        var isOpen = false

        var description: String { members.keys.sorted().joined(separator: ", ") + (isOpen ? ", ..." : "") }
    }

    /// The member list that follows "--json prints ... with these members" in `help`: lines `  key: text`
    /// (several keys may share a line, `  a, b: text`), continued on more deeply indented lines, up to
    /// the first line that is not indented. In a member's text, parenthesised words are comments, and the
    /// first `{...}` gives the keys of its object (of each element, for `[{...}]`), nested the same way.
    static func documented(_ help: String) throws -> Documented {
        let lines = help.components(separatedBy: "\n")
        let marker = try #require(lines.firstIndex { $0.contains("--json prints") && $0.contains("with these members") },
                                  "the help has no member list")
        // The sentence that introduces the list may go on over more lines; it ends with a colon.
        let start = try #require(lines[marker...].firstIndex { $0.hasSuffix(":") }, "the member list is not introduced")
        var entries: [(keys: [String], text: String)] = []
        for line in lines[lines.index(after: start)...] {
            if line.hasPrefix("    "), !entries.isEmpty {
                entries[entries.count - 1].text += " " + line.trimmingCharacters(in: .whitespaces)
            } else if line.hasPrefix("  "), let colon = line.range(of: ": ") {
                let keys = line[..<colon.lowerBound].trimmingCharacters(in: .whitespaces).components(separatedBy: ", ")
                #expect(keys.allSatisfy(isKey), "not a member line: \(line)")
                entries.append((keys, String(line[colon.upperBound...])))
            } else {
                break
            }
        }
        var object = Documented()
        for entry in entries {
            let nested = try nestedObject(in: withoutComments(entry.text))
            for key in entry.keys { object.members[key] = nested }
        }
        return object
    }

    static func isKey(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { $0 == "_" || ($0.isASCII && ($0.isLowercase || $0.isNumber)) }
    }

    /// `text` without what is in parentheses.
    static func withoutComments(_ text: String) -> String {
        var depth = 0
        var out = ""
        for character in text {
            if character == "(" { depth += 1 } else if character == ")" { depth = max(0, depth - 1) } else if depth == 0 { out.append(character) }
        }
        return out
    }

    /// The keys of the first `{...}` in `text`; nil when there is none.
    static func nestedObject(in text: String) throws -> Documented? {
        guard let open = text.firstIndex(of: "{") else { return nil }
        var depth = 0
        var items: [String] = [""]
        for character in text[open...] {
            switch character {
            case "{", "[":
                depth += 1
                if depth > 1 { items[items.count - 1].append(character) }
            case "}", "]":
                depth -= 1
                if depth == 0 { return try object(items) }
                items[items.count - 1].append(character)
            case "," where depth == 1: items.append("")
            default: items[items.count - 1].append(character)
            }
        }
        Issue.record("unbalanced braces in: \(text)")
        return nil
    }

    static func object(_ items: [String]) throws -> Documented {
        var object = Documented()
        for item in items.map({ $0.trimmingCharacters(in: .whitespaces) }) where !item.isEmpty {
            if item.hasPrefix("...") {
                object.isOpen = true
                continue
            }
            let key = String(item.prefix { $0 == "_" || ($0.isASCII && ($0.isLowercase || $0.isNumber)) })
            #expect(!key.isEmpty, "no key in \(item)")
            object.members[key] = try nestedObject(in: String(item.dropFirst(key.count)))
        }
        return object
    }

    // MARK: Comparing with the output

    /// Compares `documented` with the objects found at `path` in the runs (each object, or each object of
    /// an array); returns the documented paths no run reached.
    @discardableResult
    static func compare(_ documented: Documented, with values: [Any], at path: String,
                        sourceLocation: SourceLocation = #_sourceLocation) -> [String]
    {
        let objects = values.flatMap { value -> [[String: Any]] in
            if let object = value as? [String: Any] { return [object] }
            return (value as? [Any])?.compactMap { $0 as? [String: Any] } ?? []
        }
        guard !objects.isEmpty else { return [path] }
        let printed = Set(objects.flatMap(\.keys))
        let missing = Set(documented.members.keys).subtracting(printed)
        #expect(missing.isEmpty, "\(path): documented, never printed: \(missing.sorted())", sourceLocation: sourceLocation)
        if !documented.isOpen {
            let undocumented = printed.subtracting(documented.members.keys)
            #expect(undocumented.isEmpty, "\(path): printed, not documented: \(undocumented.sorted())", sourceLocation: sourceLocation)
        }
        var unreached: [String] = []
        for (key, nested) in documented.members {
            guard let nested else { continue }
            let inner = objects.compactMap { $0[key] }.filter { !($0 is NSNull) }
            unreached += compare(nested, with: inner, at: "\(path).\(key)", sourceLocation: sourceLocation)
        }
        return unreached
    }

    /// `help` against the JSON of `runs`: every documented member and nested key printed by some run,
    /// every printed key documented, and every documented object reached.
    static func check(_ command: String, _ runs: [CommandResult], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let help = trustcheck("help", command)
        #expect(help.status == 0)
        let documented = try Self.documented(help.stdout)
        #expect(documented.members.count > 3, "\(command): \(documented)", sourceLocation: sourceLocation)
        let outputs = try runs.map { run -> Any in
            #expect(run.status != 2, "\(run.stderr)", sourceLocation: sourceLocation)
            return try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))
        }
        let unreached = compare(documented, with: outputs, at: command, sourceLocation: sourceLocation)
        #expect(unreached.isEmpty, "no run printed an object at \(unreached.sorted())", sourceLocation: sourceLocation)
    }

    // MARK: The commands

    static let readme = [VerifyCommandTests.path("vectors/readme-chain/leaf.pem"),
                         VerifyCommandTests.path("vectors/readme-chain/intermediate.pem"),
                         "--anchors", VerifyCommandTests.path("anchors"), "--at", "2026-12-01T00:00:00Z"]

    @Test func verifyPrintsWhatItsHelpDocuments() throws {
        let policy = try VerifyPolicyTreeTests.chain("mapping")
        defer { policy.remove() }
        let pinning = VerifyPinningTests.pinningChain + ["--host", "www.example.com", "--no-reports"]
        let mismatch = try VerifyPinningTests().config("""
            {"TSKPinnedDomains": {"example.com": {"TSKIncludeSubdomains": true,
              "TSKPublicKeyHashes": ["\(VerifyPinningTests.otherPin)", "\(VerifyPinningTests.pinningBackupPin)"]}}}
            """)
        defer { try? FileManager.default.removeItem(atPath: mismatch) }
        let readme = Self.readme
        try Self.check("verify", [
            trustcheck(["verify"] + readme + ["--host", "www.example.test", "--json"]),
            trustcheck(["verify"] + readme + ["--host", "other.example.test", "--json", "--explain"]),
            trustcheck(["verify", readme[1], readme[0]] + readme.dropFirst(2) + ["--json"]),
            trustcheck(["verify"] + readme + ["--pin", VerifyPinningTests.otherPin, "--json"]),
            trustcheck(["verify"] + readme + ["--pin", VerifyPinningTests.intermediatePin, "--json"]),
            trustcheck(["verify"] + pinning + ["--pin-config", mismatch, "--json"]),
            VerifyCRLTests.verify("revoked-leaf.pem", crls: ["intermediate.crl.pem"], extra: ["--json"]),
            VerifyOCSPTests.verify(["revoked.der"], extra: ["--json"]),
            trustcheck(policy.arguments(["--profile", "rfc5280", "--policy-oid", VerifyPolicyTreeTests.q1,
                                         "--require-explicit-policy", "--json"])),
            trustcheck(policy.arguments(["--profile", "rfc5280", "--policy-oid", VerifyPolicyTreeTests.p1, "--json"])),
            trustcheck(["verify", "--replay", VerifyCommandTests.path("vectors/recorded.json"), "--json"]),
        ])
    }

    @Test func connectPrintsWhatItsHelpDocuments() throws {
        let directory = try ConnectRecordingTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try ConnectRecordingTests.server(ocsp: "ocsp-good.der")
        defer { server.stop() }
        let wrongPins = [try ConnectRecordingTests.trustKitPin("other-root.pem"), ConnectRecordingTests.backupPin]
        let configuration = try ConnectRecordingTests.trustKitConfiguration(wrongPins, in: directory)
        try Self.check("connect", [
            ConnectRecordingTests.connectPinned(server.port, "--json"),
            ConnectRecordingTests.connectPinned(server.port, "--pin", "sha256/" + (try ConnectCommandTests().pinOf("root.pem")), "--json"),
            ConnectRecordingTests.connectPinned(server.port, "--pin", "sha256/" + (try ConnectCommandTests().pinOf("other-root.pem")), "--json"),
            ConnectRecordingTests.connectPinned(server.port, "--pin-config", configuration, "--no-reports", "--json"),
        ])
    }

    @Test func auditPrintsWhatItsHelpDocuments() throws {
        let audit = AuditCommandTests()
        try Self.check("audit", [
            audit.audit("no-backup.json", at: "2026-11-01", ["--json"]),
            audit.audit("healthy.json", at: "2027-07-01", ["--json"]),
            trustcheck(["audit", AuditCommandTests.path("healthy.json"), "--chain", AuditCommandTests.path("leaf.pem"),
                        AuditCommandTests.path("intermediate.pem"), "--anchors", AuditCommandTests.path("leaf-e3.pem"),
                        "--at", AuditCommandTests.at, "--json"]),
        ])
    }

    @Test func pinPrintsWhatItsHelpDocuments() throws {
        try Self.check("pin", [trustcheck(["pin", Self.readme[0], VerifyCommandTests.path("vectors/certificates/ec-p256-root.pem"),
                                           "--json"])])
    }

    /// The parser itself, on a made-up list: keys, shared lines, continuations, comments, nesting, "...".
    @Test func theMemberListIsReadAsDocumented() throws {
        let help = """
            --json prints an object with these members (nested keys in braces,
            "..." more):
              a, b: plain (with {ignored} words)
              c: {d (comment, {not a key}), e [{f, g {h}}], ...} or null
                  continued {not read}
              i: [{j}] leaf first
            After the list.
              k: not a member
            """
        let documented = try Self.documented(help)
        #expect(Set(documented.members.keys) == ["a", "b", "c", "i"])
        let c = try #require(documented.members["c"] ?? nil)
        #expect(c.isOpen && Set(c.members.keys) == ["d", "e"])
        let e = try #require(c.members["e"] ?? nil)
        #expect(Set(e.members.keys) == ["f", "g"] && !e.isOpen)
        #expect(Set((e.members["g"] ?? nil)?.members.keys ?? [:].keys) == ["h"])
        #expect((documented.members["a"] ?? nil) == nil)
        #expect(Self.compare(try #require(documented.members["i"] ?? nil), with: [[["j": 1]]], at: "i").isEmpty)
        #expect(Self.compare(Documented(), with: [NSNull()], at: "x") == ["x"])
    }
}
