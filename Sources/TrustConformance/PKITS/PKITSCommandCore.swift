import Dispatch
import FileOutput
import FoundationEssentials
import Glibc
import TrustEvaluation

/// What `trustcheck pkits` does, without the command-line parsing.
public enum PKITSCommandCore {
    /// Loads the suite in `directory`, runs every case and writes the report — the summary table and
    /// mismatches, or with `json` the JSON report — to `output` (nil or "-": `stdout`). `strictCriticality`:
    /// the rfc5280 profile's default criticality rules instead of §6.1's (`PKITSRunner.acceptsNonCriticalConstraints`).
    /// `cases`: the cases from that file instead of `directory/pkits.json` (`PKITSSuite.load`);
    /// `revocation`: every case's revocation policy instead of its own (`PKITSRunner.forcedRevocation`).
    @discardableResult
    public static func run(directory: String, json: Bool, output: String?, strictCriticality: Bool = false,
                           cases: String? = nil, revocation: RevocationPolicy? = nil,
                           stdout: (String) -> Void = { _ = DescriptorWriter.writeAll($0, to: STDOUT_FILENO) })
        throws(PKITSError) -> PKITSReport
    {
        let suite = try PKITSSuite.load(directory: directory, cases: cases)
        let start = DispatchTime.now()
        var report = PKITSReport(results: PKITSRunner(suite: suite, acceptsNonCriticalConstraints: !strictCriticality,
                                                      forcedRevocation: revocation).run())
        report.summary.runSeconds = LimboCommandCore.seconds(since: start)
        let data = json ? report.json() : Data(report.rendered().utf8)
        if let output, output != "-" {
            do { try OutputFile.write(data, to: output) } catch {
                throw PKITSError.unwritable(path: error.path, problem: error.problem)
            }
        } else {
            stdout(String(decoding: data, as: UTF8.self))
        }
        return report
    }
}
