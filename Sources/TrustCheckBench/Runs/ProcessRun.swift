import Foundation

/// `trustcheck verify` as a process against `certtool --verify` on the same chain, interleaved: wall
/// time and each process's peak RSS (wait4's rusage, in trustcheck-bench-spawn).
enum ProcessRun {
    static func run(_ generator: CorpusGenerator, runs: Int) {
        Report.section("Process: trustcheck verify vs certtool --verify (\(runs) runs each, interleaved)")
        let key = generator.key(.rsa2048, 0)
        let root = generator.root(.rsa2048, section: .process, index: 0, name: "Bench Process Root")
        let inter = generator.intermediate(.rsa2048, section: .process, index: 0, position: 1, name: "Bench Process CA",
                                           keyIndex: 1, issuer: root, issuerKey: key)
        let host = "process.bench.test"
        let leaf = generator.leaf(.rsa2048, section: .process, index: 0, host: host, keyIndex: 2, issuer: inter,
                                  issuerKey: generator.key(.rsa2048, 1), longLived: true)
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("trustcheck-bench-\(getpid())", isDirectory: true)
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func write(_ name: String, _ ders: [[UInt8]]) -> String {
            let path = directory.appendingPathComponent(name).path
            let pem = ders.map { "-----BEGIN CERTIFICATE-----\n"
                + Data($0).base64EncodedString(options: .lineLength64Characters) + "\n-----END CERTIFICATE-----\n" }.joined()
            precondition(FileManager.default.createFile(atPath: path, contents: Data(pem.utf8)), "cannot write \(path)")
            return path
        }
        let leafPath = write("leaf.pem", [leaf]), interPath = write("intermediate.pem", [inter])
        let chainPath = write("chain.pem", [leaf, inter]), rootPath = write("root.pem", [root])
        let output = directory.appendingPathComponent("output.txt").path

        let directoryOfBench = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let trustcheck = directoryOfBench.appendingPathComponent("trustcheck").path
        let spawner = directoryOfBench.appendingPathComponent("trustcheck-bench-spawn").path
        for binary in [trustcheck, spawner] where !FileManager.default.isExecutableFile(atPath: binary) {
            print("skipped: \(binary) is not built (make bench builds it)")
            return
        }
        guard let certtool = findInPath("certtool") else {
            print("skipped: certtool is not installed (Debian package gnutls-bin; make bench installs it)")
            return
        }
        let trustcheckArguments = [trustcheck, "verify", leafPath, interPath, "--anchors", rootPath, "--host", host,
                                   "--at", "2026-06-01T00:00:00Z"]
        let certtoolArguments = [certtool, "--verify", "--load-ca-certificate", rootPath, "--infile", chainPath,
                                 "--verify-hostname", host, "--verify-purpose", "1.3.6.1.5.5.7.3.1"]
        var tcTime = Samples(), ctTime = Samples(), tcRSS = Samples(), ctRSS = Samples()
        for round in 0..<runs {
            func runTrustCheck() {
                let (status, us, rss) = spawn(spawner, trustcheckArguments, output: output)
                precondition(status == 0, "trustcheck-bench: trustcheck verify exited \(status) (see \(output))")
                tcTime.add(us); tcRSS.add(rss)
            }
            func runCerttool() {
                let (status, us, rss) = spawn(spawner, certtoolArguments, output: output)
                precondition(status == 0, "trustcheck-bench: certtool --verify exited \(status)")
                ctTime.add(us); ctRSS.add(rss)
            }
            if round % 2 == 0 { runTrustCheck(); runCerttool() } else { runCerttool(); runTrustCheck() }
        }
        let widths = [20, 12, 12, 14]
        Report.row(["process", "median", "p90", "peak RSS"], widths: widths)
        Report.row(["trustcheck verify", Report.ms(tcTime.median), Report.ms(tcTime.p90), Report.mb(tcRSS.median)], widths: widths)
        Report.row(["certtool --verify", Report.ms(ctTime.median), Report.ms(ctTime.p90), Report.mb(ctRSS.median)], widths: widths)
        print("time ratio \(Report.ratio(tcTime.median / ctTime.median)), RSS ratio \(Report.ratio(tcRSS.median / ctRSS.median))")
    }

    private static func findInPath(_ name: String) -> String? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let path = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// Runs `arguments` through trustcheck-bench-spawn (see its main.c for why) with stdout and stderr to
    /// `output`: the exit status, wall µs and peak RSS in MB it reports.
    private static func spawn(_ spawner: String, _ arguments: [String], output: String) -> (Int32, Double, Double) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: spawner)
        process.arguments = [output] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        do { try process.run() } catch { fatalError("trustcheck-bench: cannot start \(spawner): \(error)") }
        let report = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let fields = report.split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard process.terminationStatus == 0, fields.count == 3 else {
            fatalError("trustcheck-bench: trustcheck-bench-spawn failed on \(arguments[0]): \(report)")
        }
        return (Int32(fields[0]), fields[1], fields[2] / 1024)
    }
}
