import TrustCheckCLI
import Foundation
import Pinning
import ReportCollector
import TrustCertificates

/// What `trustcheck collect` and `trustcheck reports` share: the store behind `--db`, and the next pins of
/// rotation readiness (`--next-pin DOMAIN=PIN`, `--next-certificate DOMAIN=FILE`).
enum ReportsCommandOptions {
    static let nextPinOptions: [CommandOption] = [
        .repeatable("--next-pin", "DOMAIN=PIN", "the pin of the key that will replace DOMAIN's current one (rotation readiness)"),
        .repeatable("--next-certificate", "DOMAIN=FILE", "the same, from the new certificate's key (its first certificate)"),
    ]

    /// The next pins, or nil after reporting what is wrong.
    static func upcomingPins(_ arguments: ParsedArguments, io: CommandIO, command: String) -> UpcomingPins? {
        var upcoming = UpcomingPins()
        for option in ["--next-pin", "--next-certificate"] {
            for text in arguments.allValues(option) {
                let valueName = option == "--next-pin" ? "PIN" : "FILE"
                guard let equals = text.firstIndex(of: "="), equals != text.startIndex, text.index(after: equals) != text.endIndex
                else {
                    _ = io.usageError(UsageError(.invalidValue, "\(option) '\(text)' must be DOMAIN=\(valueName)"), command: command)
                    return nil
                }
                let domain = String(text[..<equals]), value = String(text[text.index(after: equals)...])
                do {
                    _ = try HostArgument.name(domain, option: option, noun: "domain name") { "\($0)=\(valueName)" }
                } catch {
                    _ = io.usageError(error, command: command)
                    return nil
                }
                if option == "--next-pin" {
                    do { upcoming.add(try PublicKeyPin(parsing: value), for: domain) } catch {
                        io.report([InputFailure(error)])
                        return nil
                    }
                } else {
                    guard let loaded = CertificateInputs.load([value], io: io),
                          let certificate = loaded.first?.certificates.first, let pin = PublicKeyPin(of: certificate)
                    else { return nil }
                    upcoming.add(pin, for: domain)
                }
            }
        }
        return upcoming
    }

    /// The store `--db` names: migrated for the collector, or with `forReading` opened read-only (never
    /// created or migrated, so a database user or file permission that only reads is enough; a SQLite path
    /// that does not exist is an error rather than a new empty database).
    static func openStore(_ text: String, forReading: Bool, io: CommandIO) -> (any ReportStore)? {
        let location = ReportStoreLocation(text)
        if forReading, case .sqlite(let path) = location, !FileManager.default.fileExists(atPath: path) {
            io.report([InputFailure(code: "store.missing", path: path, message: "no report database here",
                                    line: "\(path): no report database here; give the --db of a collector")])
            return nil
        }
        do {
            return forReading ? try ReportStoreOpener.openForReading(location) : try ReportStoreOpener.open(location)
        } catch {
            io.report([InputFailure(code: error.code, path: location.displayName, message: error.detail,
                                    line: error.localizedDescription)])
            return nil
        }
    }
}
