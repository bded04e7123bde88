import Foundation
import TrustCertificates
import TrustEvaluation

/// `trustcheck [verify] CHAIN... [--anchors PATH]... [--host NAME] [--at RFC3339] [--system-anchors]
/// [--system-store PATH] [--policy ssl|basic] [--profile apple|webpki|rfc5280] [--explain] [--json]`
///
/// The first certificate of CHAIN is the leaf; the rest are untrusted intermediates in any order.
/// Without --anchors the system store is used; with it, only the given anchors, unless
/// --system-anchors adds the system roots back (Apple's SecTrustSetAnchorCertificatesOnly(false)).
///
/// JSON output (stable): {"trusted": Bool, "result": Apple result-type name, "error": {"code", "message",
/// "detailed_message", "check", "index"} or null, "chain": [{"subject", "issuer", "summary", "sha256",
/// "spki_sha256", "not_before", "not_after", "source"}], "failures": [{"index", "check", "detail"}],
/// "verification_time", "profile", "policy", "host", "paths_considered", "signature_checks"}.
struct VerifyCommand {
    struct Options {
        var chain: [String] = []
        var anchors: [String] = []
        var host: String?
        var time = Date()
        var systemAnchors = false
        var systemStore = CertificateStore.defaultSystemBundlePath
        var basicPolicy = false
        var profile = TrustProfile.apple
        var explain = false
        var json = false
    }

    static let usage = """
        usage: trustcheck [verify] CHAIN... [--anchors PATH]... [--host NAME] [--at RFC3339] [--system-anchors]
                          [--system-store PATH] [--policy ssl|basic] [--profile apple|webpki|rfc5280] [--explain] [--json]
        """

    static func parse(_ arguments: [String]) throws(UsageError) -> Options {
        var options = Options()
        var scanner = ArgumentScanner(arguments)
        while let argument = scanner.next() {
            switch argument {
            case "--anchors": options.anchors.append(try scanner.value(for: argument))
            case "--host": options.host = try scanner.value(for: argument)
            case "--at": options.time = try scanner.date(for: argument)
            case "--system-anchors": options.systemAnchors = true
            case "--system-store": options.systemStore = try scanner.value(for: argument)
            case "--policy":
                let value = try scanner.value(for: argument)
                guard value == "ssl" || value == "basic" else { throw UsageError("--policy must be ssl or basic") }
                options.basicPolicy = value == "basic"
            case "--profile":
                let value = try scanner.value(for: argument)
                guard let profile = TrustProfile(rawValue: value) else {
                    throw UsageError("--profile must be one of apple, webpki, rfc5280")
                }
                options.profile = profile
            case "--explain": options.explain = true
            case "--json": options.json = true
            default:
                if argument.hasPrefix("--") { throw UsageError("unknown option \(argument)") }
                options.chain.append(argument)
            }
        }
        guard !options.chain.isEmpty else { throw UsageError("no certificate chain given") }
        if options.basicPolicy && options.host != nil { throw UsageError("--host needs --policy ssl") }
        return options
    }

    static func run(_ arguments: [String], output: CommandOutput) -> Int32 {
        let options: Options
        do { options = try parse(arguments) } catch {
            output.error("trustcheck: \(error.message)\n\(usage)")
            return ExitCode.usage
        }
        let chain: [Certificate]
        let anchors: TrustAnchors
        do {
            chain = try CertificateLoader.load(paths: options.chain)
            // The system store is read only when it can matter.
            let needsSystem = options.anchors.isEmpty || options.systemAnchors
            let system = needsSystem ? try CertificateStore.system(path: options.systemStore) : .empty
            anchors = options.anchors.isEmpty
                ? TrustAnchors(system: system)
                : TrustAnchors(custom: CertificateStore(try CertificateLoader.load(paths: options.anchors)),
                               anchorsOnly: !options.systemAnchors, system: system)
        } catch {
            output.error("trustcheck: \(error)")
            return ExitCode.inputError
        }
        let policy = options.basicPolicy
            ? TrustPolicy.basicX509(profile: options.profile)
            : TrustPolicy.ssl(server: true, hostname: options.host, profile: options.profile)
        let narration = NarrationLog()
        let result = TrustEvaluator(anchors: anchors, policies: [policy]).evaluate(
            leaf: chain[0], intermediates: Array(chain.dropFirst()), at: options.time,
            diagnostics: options.explain ? narration.append : nil)

        if options.json {
            output.write(VerifyReport.json(result, options: options, narration: options.explain ? narration.lines : nil))
        } else {
            if options.explain { output.write(narration.lines.map { "  " + $0 }.joined(separator: "\n") + "\n\n") }
            output.write(VerifyReport.text(result, host: options.host))
        }
        return result.isTrusted ? ExitCode.success : ExitCode.notTrusted
    }
}

/// Collects diagnostics lines; evaluation narrates from the calling thread only, the lock keeps it honest.
final class NarrationLog: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [String] = []

    var lines: [String] { lock.withLock { collected } }

    @Sendable func append(_ line: String) { lock.withLock { collected.append(line) } }
}
