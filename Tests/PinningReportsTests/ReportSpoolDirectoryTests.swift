import Foundation
import PinningReports
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Where a spool lives when none is named, and opening one whose parent folders a fresh account lacks.
@Suite struct ReportSpoolDirectoryTests {
    @Test func theVariableWinsThenXDGStateHomeThenHome() {
        let all = ["TRUSTCHECK_REPORT_SPOOL": "/srv/spool", "XDG_STATE_HOME": "/state", "HOME": "/home/u"]
        #expect(ReportSpool.defaultDirectory(environment: all) == "/srv/spool")
        #expect(ReportSpool.defaultDirectory(environment: ["TRUSTCHECK_REPORT_SPOOL": "spool", "HOME": "/home/u"]) == "spool",
                "a relative spool the user named is theirs to name")
        var noVariable = all
        noVariable["TRUSTCHECK_REPORT_SPOOL"] = ""
        #expect(ReportSpool.defaultDirectory(environment: noVariable) == "/state/trustcheck/report-spool", "empty is unset")
        #expect(ReportSpool.defaultDirectory(environment: ["XDG_STATE_HOME": "/state/", "HOME": "/home/u"])
            == "/state/trustcheck/report-spool")
        #expect(ReportSpool.defaultDirectory(environment: ["HOME": "/home/u"]) == "/home/u/.local/state/trustcheck/report-spool")
        #expect(ReportSpool.defaultDirectory(environment: ["XDG_STATE_HOME": "state", "HOME": "/home/u"])
            == "/home/u/.local/state/trustcheck/report-spool", "a relative XDG_STATE_HOME is invalid and ignored")
        #expect(ReportSpool.defaultDirectory(environment: ["XDG_STATE_HOME": "", "HOME": "/home/u/"])
            == "/home/u/.local/state/trustcheck/report-spool")
    }

    @Test func withoutHomeTheHomeIsThePasswordDatabases() throws {
        let expected: String
        if let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir, !String(cString: directory).isEmpty {
            expected = String(cString: directory) + "/.local/state/trustcheck/report-spool"
        } else {
            expected = ".local/state/trustcheck/report-spool"
        }
        #expect(ReportSpool.defaultDirectory(environment: [:]) == expected)
        #expect(ReportSpool.defaultDirectory(environment: ["HOME": ""]) == expected)
    }

    @Test func missingParentsAreCreatedPrivateOnlyWhenAsked() throws {
        let base = NSTemporaryDirectory() + "report-spool-parents-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: base) }
        let directory = base + "/state/trustcheck/report-spool"
        let refused = #expect(throws: ReportSpoolError.self) { try ReportSpool(directory: directory) }
        #expect(refused?.kind == .unusableDirectory)
        #expect(refused?.subject == directory && refused?.problem == "No such file or directory")
        #expect(!FileManager.default.fileExists(atPath: base), "nothing is created when parents are not to be")

        let spool = try ReportSpool(directory: directory, creatingParents: true)
        try spool.enqueue(ReportFixtures.body("x"), destinations: [URL(string: "http://127.0.0.1:9/report")!], now: ReportFixtures.time)
        #expect(spool.pendingEntries().count == 1)
        for folder in [base, base + "/state", base + "/state/trustcheck", directory] {
            var status = stat()
            #expect(stat(folder, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR, "\(folder) is a directory")
            #expect(status.st_mode & 0o777 == 0o700, "\(folder) is private: \(String(status.st_mode & 0o777, radix: 8))")
        }
        // Opening it again, parents and all present, is the same spool.
        #expect(try ReportSpool(directory: directory, creatingParents: true).pendingEntries().count == 1)
    }

    @Test func aFileWhereAParentShouldBeIsReported() throws {
        let base = NSTemporaryDirectory() + "report-spool-parents-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: base) }
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: false)
        try Data().write(to: URL(fileURLWithPath: base + "/state"))
        let error = #expect(throws: ReportSpoolError.self) {
            try ReportSpool(directory: base + "/state/trustcheck/report-spool", creatingParents: true)
        }
        #expect(error?.kind == .unusableDirectory)
        #expect(error?.subject == base + "/state/trustcheck" && error?.problem == "Not a directory")
    }
}
