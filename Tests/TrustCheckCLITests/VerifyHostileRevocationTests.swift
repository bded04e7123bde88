import Foundation
import Testing
import TestSupport
@testable import TrustCheckCLI

/// `trustcheck verify` on revocation answers that disagree (TrustEvaluationTests' Fixtures/hostile,
/// written at test time), and on a CRL of 31 MB: its peak memory, measured in a child process.
@Suite struct VerifyHostileRevocationTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("TrustEvaluationTests/Fixtures/hostile/make_hostile.py")

    static let directory: Result<URL, Error> = Result {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("trustcheck-cli-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [Self.script.path, output.path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "make_hostile.py exited \(process.terminationStatus)"])
        }
        return output
    }

    static func path(_ name: String) throws -> String { try directory.get().appendingPathComponent(name).path }

    static func arguments(_ extra: [String]) throws -> [String] {
        ["verify", try path("leaf.pem"), "--anchors", try path("root.pem"), "--policy", "basic",
         "--at", "2026-06-01T00:00:00Z", "--revocation", "require"] + extra
    }

    @Test func goodThenRevokedOCSPIsRevokedAndConflictingInJSON() throws {
        let result = trustcheck(try Self.arguments(["--ocsp", try Self.path("ocsp-good-then-revoked.der"), "--json"]))
        #expect(result.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let revocation = try #require(json["revocation"] as? [String: Any])
        let leaf = try #require((revocation["certificates"] as? [[String: Any]])?.first)
        #expect(leaf["status"] as? String == "revoked")
        #expect(leaf["conflicting"] as? Bool == true)
        #expect((leaf["conflicts"] as? [String])?.first?.contains("disagree") == true)
        let ocsp = try #require((json["ocsp"] as? [[String: Any]])?.first)
        #expect(ocsp["status"] as? String == "revoked")
        #expect((ocsp["conflict"] as? String)?.hasPrefix("2 single responses name the certificate") == true)
        let error = try #require(json["error"] as? [String: Any])
        #expect(error["code"] as? Int == -67820)
    }

    @Test func duplicateCRLEntriesAreConflictingInText() throws {
        let result = trustcheck(try Self.arguments(["--crl", try Self.path("crl-duplicate-remove-first.der")]))
        #expect(result.status == 1)
        #expect(result.stdout.contains("revocation: revoked 2026-04-02T00:00:00Z, reason keyCompromise (by CRL)"), "\(result.stdout)")
        #expect(result.stdout.contains("conflicting answers: CRL of "), "\(result.stdout)")
    }

    @Test func theCRLLimitsAreTheUsersToSet() throws {
        // The duplicate-entry CRL lists two entries: over a limit of one it is refused, naming the limit,
        // and under --revocation require that fails the leaf; a limit of two admits it again.
        let crl = try Self.path("crl-duplicate-remove-first.der")
        let refused = trustcheck(try Self.arguments(["--crl", crl, "--crl-max-entries", "1"]))
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("CRLLimits.maximumEntries"), "\(refused.stderr)")
        let admitted = trustcheck(try Self.arguments(["--crl", crl, "--crl-max-entries", "2"]))
        #expect(admitted.stdout.contains("revocation: revoked 2026-04-02T00:00:00Z"), "\(admitted.stdout)\(admitted.stderr)")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: crl)[.size] as? Int)
        let small = trustcheck(try Self.arguments(["--crl", crl, "--crl-max-bytes", String(size - 1)]))
        #expect(small.status == 1)
        #expect(small.stderr.contains("CRLLimits.maximumBytes"), "\(small.stderr)")
        #expect(trustcheck(try Self.arguments(["--crl", crl, "--crl-max-bytes", String(size)])).stdout.contains("revocation: revoked"))
        for (option, value) in [("--crl-max-entries", "0"), ("--crl-max-bytes", "lots"), ("--crl-max-bytes", "-5")] {
            let bad = trustcheck(try Self.arguments(["--crl", crl, option, value]))
            #expect(bad.status == 2)
            #expect(bad.stderr.contains("\(option) '\(value)' must be a whole number from"), "\(bad.stderr)")
        }
    }

    @Test func agreeingAnswersHaveNoConflicts() throws {
        let result = trustcheck(try Self.arguments(["--crl", try Self.path("crl-clean.der"), "--json"]))
        #expect(result.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let leaf = try #require(((json["revocation"] as? [String: Any])?["certificates"] as? [[String: Any]])?.first)
        #expect(leaf["conflicting"] as? Bool == false && (leaf["conflicts"] as? [String]) == [])
    }

    /// A 31 MB CRL (1.3 million entries) listing the leaf: `trustcheck verify` finds it revoked, and its
    /// peak resident memory (the child's own, from wait4's rusage in a forking Python parent) stays within a few times the file —
    /// the CRL's DER, the file's bytes and about 16 bytes an entry — where giving GnuTLS every entry
    /// took over a gigabyte.
    @Test func aLargeCRLTakesMemoryLinearInItsSize() throws {
        // make_hostile.py with fresh keys in a directory of its own, and a large CRL by its helpers.
        let own = try Self.directory.get().appendingPathComponent("large")
        try FileManager.default.createDirectory(at: own, withIntermediateDirectories: true)
        let crlPath = own.appendingPathComponent("large.crl").path
        let script = """
        import runpy, sys
        out = sys.argv[1]
        sys.argv = ['make_hostile.py', out]
        g = runpy.run_path('\(Self.script.path)')
        entries = [g['entry']((0x10000000 + i).to_bytes(5, 'big'), '260401000000Z') for i in range(1_290_000)]
        entries.append(g['entry'](g['LEAF_MINIMAL'], '260401000000Z', 1))
        open(out + '/large.crl', 'wb').write(g['crl'](1, entries))
        """
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        python.arguments = ["-c", script, own.path]
        try python.run()
        python.waitUntilExit()
        #expect(python.terminationStatus == 0)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: crlPath)[.size] as? Int)
        #expect(size > 30_000_000)

        let arguments = ["trustcheck", "verify", own.appendingPathComponent("leaf.pem").path,
                         "--anchors", own.appendingPathComponent("root.pem").path, "--policy", "basic",
                         "--at", "2026-06-01T00:00:00Z", "--crl", crlPath]
        let (status, peakKB) = try Self.runMeasured(try TrustCheckBinary.url().path, arguments)
        #expect(status == 1, "the leaf is revoked")
        // Measured at about 88 MB (debug build); allow 4 × the CRL plus 60 MB for the process itself.
        #expect(peakKB * 1024 < 4 * size + 60_000_000, "peak RSS \(peakKB) KB for a \(size)-byte CRL")
    }

    /// Runs `path` with `arguments` (argv[0] first), output discarded; its exit status and peak RSS in
    /// KB. A small Python process forks and waits for it: a child spawned straight from this (large)
    /// test process would be charged this process's resident set, which Linux counts into the peak of
    /// a process that execs from a shared (vfork) address space.
    static func runMeasured(_ path: String, _ arguments: [String]) throws -> (status: Int32, peakKB: Int) {
        let script = """
        import os, sys
        pid = os.fork()
        if pid == 0:
            fd = os.open('/dev/null', os.O_WRONLY)
            os.dup2(fd, 1)
            os.dup2(fd, 2)
            os.execv(sys.argv[1], sys.argv[2:])
        _, status, usage = os.wait4(pid, 0)
        print(os.waitstatus_to_exitcode(status), usage.ru_maxrss)
        """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, path] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let fields = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        guard fields.count == 2 else {
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "the measuring child said \(fields)"])
        }
        return (Int32(fields[0]), fields[1])
    }
}
