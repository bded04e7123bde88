import TrustConformance
import TrustEvaluation

/// `trustcheck pkits DIR [--cases FILE] [--revocation soft|require] [--json] [--output FILE] [--expectations FILE]`: runs NIST PKITS (as
/// pyhanko-certvalidator packages it) through the rfc5280 profile and reports how many cases agree.
struct PKITSCommand: Subcommand {
    static let name = "pkits"
    static let summary = "Run NIST PKITS (pyhanko-certvalidator's nist_pkits fixtures) and report the mismatches."
    static let usage = "trustcheck pkits DIR [--cases FILE] [--revocation soft|require] [--json] [--output FILE] [--expectations FILE] [--strict-criticality]"
    static let options: [CommandOption] = [
        .value("--cases", "FILE", "the cases from this file (pkits.json's format, e.g. wbond/certvalidator's as Tests/TrustConformanceTests/certvalidator-pkits.py writes it) instead of DIR/pkits.json; the files it names are DIR's"),
        .value("--revocation", "soft|require", "every case's revocation mode instead of its own (require where the case checks revocation, soft otherwise)"),
        .flag("--json", "the report as JSON: totals by section and every case with its checks"),
        .value("--output", "FILE", "write the report here instead of standard output (\"-\"); a device, FIFO or symbolic link is written through, never replaced"),
        .flag("--strict-criticality", "refuse CAs' non-critical basicConstraints and policyConstraints, as the rfc5280 profile does by default (x509-limbo); without it §6.1's answer (what PKITS expects)"),
        .value("--expectations", "FILE", "known mismatches ({\"cases\": {ID: {\"actual\", \"reason\"}}}, as Tests/TrustConformanceTests/pkits-expectations.json): exit 0 when the run differs from PKITS exactly there"),
    ]
    static let details = """
        DIR holds pkits.json, certs/ and crls/ (pyhanko-certvalidator 0.33.0's tests/fixtures/nist_pkits;
        `make pkits` fetches it into .build/pkits/nist_pkits). Every case is evaluated as
        `trustcheck verify EE --anchors TrustAnchorRootCertificate.crt --profile rfc5280 --policy basic`
        would: the case's other certificates as intermediates, its CRLs and the anchor's CRL, its params as
        the policy-tree inputs (--policy-oid, --require-explicit-policy, --inhibit-policy-mapping,
        --inhibit-any-policy) and §6.1's answer for CAs' non-critical basicConstraints and policyConstraints
        (--accept-noncritical-basic-constraints, --accept-noncritical-policy-constraints; --strict-criticality
        keeps the rfc5280 profile's refusal), at 2022-05-01 (pyhanko's time). The report counts passed, wrongly accepted
        and wrongly rejected cases by PKITS section (4.1 … 4.16), lists each mismatch with TrustCheck's
        reason, and the cases rejected as expected but by another check than PKITS names.

        --cases runs another encoding of the suite over DIR's files, such as wbond/certvalidator's (174 cases),
        which Tests/TrustConformanceTests/certvalidator-pkits.py writes from a checkout of certvalidator
        (not redistributed with TrustCheck). --revocation require holds every
        certificate below the anchor to a revocation answer in every case, the cases the encoding runs
        without one included.

        exit status: 0 when every case matches (or, with --expectations, when exactly the listed cases
        differ, as listed), 1 otherwise, 2 usage or input error.

        """

    static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode {
        guard arguments.positionals.count == 1, let directory = arguments.positionals.first else {
            return usageError(arguments.positionals.isEmpty
                ? UsageError(.missingArgument, "no DIR given", pointsToHelp: true)
                : UsageError(.unexpectedArgument, "give one DIR, not \(arguments.positionals.count)"), io: io)
        }
        var revocation: RevocationPolicy?
        if let mode = arguments.value("--revocation") {
            guard let forced = RevocationPolicy.Mode(rawValue: mode) else {
                return usageError(UsageError(.invalidValue, "--revocation must be soft or require"), io: io)
            }
            revocation = RevocationPolicy(mode: forced)
        }
        do {
            let listed = try arguments.value("--expectations").map { path throws(LimboError) in
                try LimboExpectations.load(path: path)
            }
            let report = try PKITSCommandCore.run(directory: directory, json: arguments.has("--json"),
                                                  output: arguments.value("--output"),
                                                  strictCriticality: arguments.has("--strict-criticality"),
                                                  cases: arguments.value("--cases"), revocation: revocation,
                                                  stdout: io.stdout.write)
            guard let listed else { return report.summary.overall.mismatched == 0 ? .success : .notTrusted }
            let comparison = listed.compare(expected: report.expectedResults, results: report.results.map(\.result))
            for mismatch in comparison.newMismatches { io.stderr.write("not listed: \(mismatch)\n") }
            for id in comparison.fixedButStillListed { io.stderr.write("passes but is listed: \(id)\n") }
            for id in comparison.notRun { io.stderr.write("listed but not in the suite: \(id)\n") }
            return comparison.isClean && comparison.notRun.isEmpty ? .success : .notTrusted
        } catch let error as LimboError {
            io.error("\(error)")
            return .usageOrInputError
        } catch {
            io.error("\(error)")
            return .usageOrInputError
        }
    }
}
