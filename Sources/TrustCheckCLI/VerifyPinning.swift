import FoundationEssentials
import Pinning
import TrustCertificates
import TrustEvaluation

/// The pinning stage of `trustcheck verify`, after default validation: `--pin` (SPKI SHA-256 pins, checked
/// on the evaluated chain, anchor included) or `--pin-config` — a TrustKit configuration, validated for
/// `--host` exactly as TrustKit's TSKPinningValidator does, or an Info.plist whose NSAppTransportSecurity
/// has NSPinnedDomains (and no TSKConfiguration), applied as Apple applies them inside the SSL policy —
/// and `--report-only`, under which a pin mismatch is reported but does not block.
struct VerifyPinning: Sendable {
    enum Source: Sendable {
        case pins(PinSet)
        case trustKit(TrustKitConfiguration, path: String)
        case pinnedDomains(PinnedDomains, path: String)
    }

    let source: Source
    let reportOnly: Bool
    /// The configuration file's bytes as read (`--pin-config`), for a recording to embed; nil for `--pin`.
    var configurationData: [UInt8]? = nil

    /// A pinning configuration's bytes, read as `--pin-config` reads them: an Info.plist that pins through
    /// App Transport Security, else a TrustKit configuration (JSON, plist, Info.plist); a bad one is an
    /// input failure naming `name`. `warn` receives the configuration's warnings.
    static func configuration(_ bytes: [UInt8], name: String, reportOnly: Bool, warn: (String) -> Void)
        -> Result<VerifyPinning, InputFailure>
    {
        let data = Data(bytes)
        if Self.isAppTransportSecurityPinning(data) {
            do {
                let domains = try PinnedDomains(infoPlist: data)
                for warning in domains.warnings { warn("\(warning)") }
                return .success(VerifyPinning(source: .pinnedDomains(domains, path: name), reportOnly: reportOnly,
                                              configurationData: bytes))
            } catch {
                return .failure(InputFailure(code: "pinning.ats." + error.code.rawValue, path: name,
                                             message: error.problem, line: "\(name): \(error.problem)"))
            }
        }
        do {
            let configuration = try TrustKitConfiguration(data: data, path: name)
            for warning in configuration.warnings { warn("\(warning)") }
            return .success(VerifyPinning(source: .trustKit(configuration, path: name), reportOnly: reportOnly,
                                          configurationData: bytes))
        } catch {
            return .failure(InputFailure(error))
        }
    }

    /// The pinning the options ask for: nil without `--pin`/`--pin-config`; throws a usage error for
    /// options that cannot go together, and reports (and returns `.failure`) a bad pin or configuration.
    static func from(_ arguments: ParsedArguments, settings: VerifyCommand.Settings, io: CommandIO)
        throws(UsageError) -> Result<VerifyPinning?, InputFailure>
    {
        let pins = arguments.allValues("--pin")
        let config = arguments.value("--pin-config")
        let reportOnly = arguments.has("--report-only")
        if !pins.isEmpty && config != nil { throw UsageError(message: "--pin and --pin-config cannot be combined") }
        guard !pins.isEmpty || config != nil else {
            if reportOnly { throw UsageError(message: "--report-only needs --pin or --pin-config") }
            return .success(nil)
        }
        if let config {
            // TrustKit looks the policy up by the server's name and always validates with the SSL policy for it.
            guard settings.host != nil, !settings.basicPolicy else {
                throw UsageError(message: "--pin-config needs --host (TrustKit looks the pinned domain up by host name)")
            }
            let name = config == "-" ? StandardInput.name : config
            let bytes: [UInt8]
            do {
                bytes = try io.bytes(of: config)
            } catch {
                return .failure(InputFailure(error))
            }
            return configuration(bytes, name: name, reportOnly: reportOnly, warn: { io.error("warning: \(name): \($0)") })
                .map { $0 }
        }
        do {
            return .success(VerifyPinning(source: .pins(try PinSet(parsing: pins)), reportOnly: reportOnly))
        } catch {
            return .failure(InputFailure(error))
        }
    }

    /// An Info.plist that pins through App Transport Security (NSAppTransportSecurity → NSPinnedDomains) and
    /// has no TrustKit configuration: when both are there, TrustKit's is the one applied.
    static func isAppTransportSecurityPinning(_ data: Data) -> Bool {
        guard let plist = try? PropertyListValue.propertyList(from: data) as? [String: Any],
              plist["TSKConfiguration"] == nil,
              let ats = plist["NSAppTransportSecurity"] as? [String: Any]
        else { return false }
        return ats["NSPinnedDomains"] != nil
    }

    /// Applies the pins to `result`, the engine's evaluation for `host` at `time`.
    func check(_ result: TrustEvaluationResult, host: String?, at time: Date) -> PinningOutcome {
        switch source {
        case .pins(let pins):
            let check = pins.check(result)
            let evaluation: TrustKitEvaluationResult
            switch check.verdict {
            case .pinned: evaluation = .success
            case .noMatchingPin: evaluation = .failedNoMatchingPin
            case .chainNotTrusted: evaluation = .failedInvalidCertificateChain
            }
            let blocks = evaluation == .failedInvalidCertificateChain || (evaluation == .failedNoMatchingPin && !reportOnly)
            return PinningOutcome(
                decision: blocks ? .block : .allow, result: evaluation, matches: check.matches, notedHostname: host,
                configuredPins: pins.pins, enforced: !reportOnly, reportOnly: reportOnly, notPinnedReason: nil,
                configPath: nil, pinOfCertificate: { PublicKeyPin(of: $0)?.base64 })
        case .trustKit(let configuration, let path):
            let validation = TrustKitPinningValidator(configuration: configuration)
                .evaluate(hostname: host ?? "", evaluation: result, at: time)
            var decision: PinningOutcome.Decision
            switch validation.decision {
            case .shouldAllowConnection: decision = .allow
            case .shouldBlockConnection: decision = .block
            case .domainIsNotPinned: decision = .notPinned
            }
            if reportOnly, validation.evaluationResult == .failedNoMatchingPin { decision = .allow }
            return PinningOutcome(
                decision: decision, result: validation.evaluationResult, matches: validation.matchedPin.map { [$0] } ?? [],
                notedHostname: validation.notedHostname, configuredPins: validation.match?.policy.publicKeyHashes ?? [],
                enforced: (validation.isEnforced ?? false) && !reportOnly, reportOnly: reportOnly,
                notPinnedReason: validation.notPinnedReason?.rawValue, configPath: path,
                // TrustKit compares its own hash of the key (which differs from the SPKI pin for some RSA keys).
                pinOfCertificate: { TrustKitSPKIHash(key: $0.publicKey).digest.map { Base64.encode($0) } })
        case .pinnedDomains(let domains, let path):
            let verdict = domains.check(result, forHost: host ?? "")
            guard let identities = verdict.identities else {
                return PinningOutcome(
                    decision: .notPinned, result: nil, matches: [], notedHostname: nil, configuredPins: [], enforced: false,
                    reportOnly: reportOnly, notPinnedReason: "no-pinned-domain", configPath: path,
                    pinOfCertificate: { PublicKeyPin(of: $0)?.base64 })
            }
            // Which identities matched which certificate: leaf identities on the leaf, CA identities above it.
            var matches: [PinMatch] = []
            for (index, element) in result.chain.enumerated() {
                let pins = index == 0 ? identities.leaf?.pins ?? [] : identities.ca?.pins ?? []
                if let pin = pins.first(where: { $0.matches(element.certificate) }) {
                    matches.append(PinMatch(pin: pin, chainIndex: index, certificate: element.certificate, source: element.source))
                }
            }
            let pinsFailed = !verdict.pinFailures.isEmpty
            var decision: PinningOutcome.Decision = verdict.isTrusted ? .allow : .block
            if reportOnly, result.isTrusted, pinsFailed { decision = .allow }
            return PinningOutcome(
                decision: decision, result: nil, matches: matches, notedHostname: identities.domains.first,
                configuredPins: (identities.leaf?.pins ?? []) + (identities.ca?.pins ?? []), enforced: !reportOnly,
                reportOnly: reportOnly, notPinnedReason: nil, configPath: path,
                pinOfCertificate: { PublicKeyPin(of: $0)?.base64 }, appleError: verdict.failure,
                failedChecks: verdict.pinFailures.map { "[\($0.index)] \($0.check)" })
        }
    }
}

/// What the pinning stage decided, for the text and JSON reports.
struct PinningOutcome {
    enum Decision: String {
        case allow, block
        case notPinned = "not-pinned"
    }

    let decision: Decision
    /// TrustKit's TSKTrustEvaluationResult; nil when the domain is not pinned.
    let result: TrustKitEvaluationResult?
    let matches: [PinMatch]
    let notedHostname: String?
    let configuredPins: [PublicKeyPin]
    let enforced: Bool
    let reportOnly: Bool
    let notPinnedReason: String?
    let configPath: String?
    /// The pin (base64) that is compared for a certificate, as this pinning source computes it.
    let pinOfCertificate: (Certificate) -> String?
    /// App Transport Security pinning: Apple's error (-9886 …) when the pins or the chain fail.
    var appleError: PinningFailure? = nil
    /// App Transport Security pinning: Apple's failed pin checks (LeafSPKISHA256, CAspkiSHA256) by index.
    var failedChecks: [String] = []

    func isMatched(chainIndex: Int) -> Bool { matches.contains { $0.chainIndex == chainIndex } }

    /// One line for the text report.
    var summary: String {
        var text = "pinning: \(decision.rawValue)"
        if let result { text += " (\(result.trustKitName))" }
        if let notPinnedReason { text += ": no pin applies (\(notPinnedReason))" }
        if !matches.isEmpty {
            text += ": " + matches.map { "pin \($0.pin.base64) matches [\($0.chainIndex)] \(CertificateFormatting.displayName($0.certificate))" }
                .joined(separator: ", ")
        } else if result == .failedNoMatchingPin {
            text += ": no configured pin (\(configuredPins.count) given) is on the chain"
            if reportOnly { text += " (report-only: not blocked)" }
        } else if result == .failedInvalidCertificateChain {
            text += ": the chain is not trusted, so pins were not checked"
        }
        if let appleError, !failedChecks.isEmpty {
            text += ": App Transport Security pins fail (\(failedChecks.joined(separator: ", "))): error \(appleError.code) "
                + appleError.message + (reportOnly && decision == .allow ? " (report-only: not blocked)" : "")
        }
        if let notedHostname, result != nil || appleError != nil || !matches.isEmpty { text += "; pinned domain \(notedHostname)" }
        return text
    }

    var json: JSONValue {
        .object([
            ("decision", .string(decision.rawValue)),
            ("result", .string(result?.trustKitName)),
            ("matched_pins", .array(matches.map { match in
                .object([("pin", .string(match.pin.base64)), ("index", .int(match.chainIndex)),
                         ("subject", .string(match.certificate.subject.rfc4514))])
            })),
            ("noted_hostname", .string(notedHostname)),
            ("configured_pins", .strings(configuredPins.map(\.base64))),
            ("enforced", .bool(enforced)),
            ("report_only", .bool(reportOnly)),
            ("not_pinned_reason", .string(notPinnedReason)),
            ("config", .string(configPath)),
            ("apple_error", appleError.map { .object([("code", .int(Int($0.code))), ("message", .string($0.message))]) } ?? .null),
            ("failed_checks", .strings(failedChecks)),
        ])
    }
}
