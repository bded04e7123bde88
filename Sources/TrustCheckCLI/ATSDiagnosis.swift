import AppTransportSecurity
import FoundationEssentials

/// `trustcheck ats --diagnose URL`, like macOS's `nscurl --ats-diagnostics`: the URL's server tried under
/// the default policy, arbitrary loads, and each exception for its host (TLS 1.0–1.3 minimums, forward
/// secrecy off, insecure HTTP loads, and their combinations), PASS or FAIL each, then the smallest
/// Info.plist exception that passes, as XML ready to paste.
struct ATSDiagnosis: Encodable {
    /// One synthetic ATS dictionary and how the load did under it.
    struct Variant: Encodable {
        let group: String
        let name: String
        let dictionary: ATSPlistValue
        let verdict: ATSVerdict
        /// Smaller is a smaller exception: global keys cost most, then each key, then older TLS versions.
        let cost: Int
        var result: String { verdict.allowed ? "PASS" : "FAIL" }

        private enum CodingKeys: String, CodingKey { case group, name, dictionary = "ats_dictionary", result, verdict }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(group, forKey: .group)
            try container.encode(name, forKey: .name)
            try container.encode(dictionary, forKey: .dictionary)
            try container.encode(result, forKey: .result)
            try container.encode(verdict, forKey: .verdict)
        }
    }

    let url: String
    let connectedTo: String
    let variants: [Variant]

    /// The variant with the smallest exception that passes; nil when the default passes or nothing does.
    var smallest: Variant? {
        guard variants.first?.verdict.allowed == false else { return nil }
        return variants.dropFirst().filter(\.verdict.allowed).min { $0.cost < $1.cost }
    }

    /// The smallest exception as Info.plist XML.
    var smallestPlist: String? {
        smallest.map { "<key>NSAppTransportSecurity</key>\n" + $0.dictionary.xml() + "\n" }
    }

    private enum CodingKeys: String, CodingKey {
        case url, connectedTo = "connected_to", variants, defaultPasses = "default_passes", smallestException = "smallest_exception",
             smallestExceptionPlist = "smallest_exception_plist"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(url, forKey: .url)
        try container.encode(connectedTo, forKey: .connectedTo)
        try container.encode(variants, forKey: .variants)
        try container.encode(variants.first?.verdict.allowed == true, forKey: .defaultPasses)
        try container.encode(smallest?.dictionary, forKey: .smallestException)
        try container.encode(smallestPlist, forKey: .smallestExceptionPlist)
    }

    static func run(_ arguments: ParsedArguments, settings: ATSCommand.Settings, io: CommandIO) -> ExitCode {
        guard arguments.positionals.count == 1 else {
            return ATSCommand.usageError(UsageError(arguments.positionals.isEmpty ? .missingArgument : .unexpectedArgument,
                                                    "--diagnose takes one URL: trustcheck ats --diagnose https://HOST/"), io: io)
        }
        let url = arguments.positionals[0]
        let base: ATSPolicy
        do {
            base = try ATSConfiguration().policy(for: url)
        } catch {
            return ATSCommand.inputError(error, io: io)
        }
        guard base.isSecure else {
            return ATSCommand.usageError(UsageError(.invalidValue, "--diagnose needs an https (or wss) URL"), io: io)
        }
        guard let anchors = AnchorOptions.anchors(arguments, io: io) else { return .usageOrInputError }
        let (address, port) = settings.destination(for: base)
        let probe = ATSProbe(address: address, port: port, anchors: anchors, time: settings.time, timeout: settings.timeout,
                             cache: ATSHandshakeCache())
        var variants: [Variant] = []
        for (group, name, configuration, dictionary, cost) in Self.variants(host: base.host) {
            // The URL parsed once already; only the configuration differs.
            guard let policy = try? configuration.policy(for: url) else { continue }
            let verdict = probe.check(policy, pinnedDomains: configuration.pinnedDomains).verdict
            variants.append(Variant(group: group, name: name, dictionary: dictionary, verdict: verdict, cost: cost))
        }
        let target = address.contains(":") ? "[\(address)]:\(port)" : "\(address):\(port)"
        let diagnosis = ATSDiagnosis(url: url, connectedTo: target, variants: variants)
        io.stdout.write(io.json ? ATSJSON.render(diagnosis) + "\n" : diagnosis.text)
        return variants.first?.verdict.allowed == true ? .success : .notTrusted
    }

    /// nscurl's groups: the default, arbitrary loads, then exceptions for the host.
    private static func variants(host: String) -> [(String, String, ATSConfiguration, ATSPlistValue, Int)] {
        var list: [(String, String, ATSConfiguration, ATSPlistValue, Int)] = [
            ("Default ATS Secure Connection", "ATS Default Connection", ATSConfiguration(), .dictionary([]), 0),
            ("Allowing Arbitrary Loads", "Allow All Loads", ATSConfiguration(allowsArbitraryLoads: .value(true)),
             .dictionary([(ATSKey.allowsArbitraryLoads, .boolean(true))]), 1000),
        ]
        func exception(_ group: String, _ name: String, version: ATSTLSVersion?, pfsOff: Bool, insecure: Bool) {
            var keys: [(String, ATSPlistValue)] = []
            if insecure { keys.append((ATSKey.exceptionAllowsInsecureHTTPLoads, .boolean(true))) }
            if let version { keys.append((ATSKey.exceptionMinimumTLSVersion, .string(version.plistValue))) }
            if pfsOff { keys.append((ATSKey.exceptionRequiresForwardSecrecy, .boolean(false))) }
            let entry = ATSExceptionDomain(domain: host, allowsInsecureHTTPLoads: insecure ? .value(true) : .absent, minimumTLSVersion: version,
                                           requiresForwardSecrecy: pfsOff ? .value(false) : .absent)
            let dictionary = ATSPlistValue.dictionary([(ATSKey.exceptionDomains, .dictionary([(host, .dictionary(keys))]))])
            // Each key costs 10; an older minimum costs more than a newer one; insecure loads cost most of the keys.
            let cost = keys.count * 10 + (version.map { max(0, ATSTLSVersion.tls12.rawValue - $0.rawValue) } ?? 0) + (insecure ? 5 : 0)
            list.append((group, name, ATSConfiguration(exceptionDomains: [entry]), dictionary, cost))
        }
        for version in ATSTLSVersion.allCases {
            exception("Configuring TLS exceptions for \(host)", version.plistValue, version: version, pfsOff: false, insecure: false)
        }
        exception("Configuring PFS exceptions for \(host)", "Disabling Perfect Forward Secrecy", version: nil, pfsOff: true, insecure: false)
        exception("Configuring insecure HTTP load exceptions for \(host)", "Allowing Insecure HTTP Loads", version: nil, pfsOff: false, insecure: true)
        exception("Configuring PFS exceptions and allowing insecure HTTP loads for \(host)",
                  "Disabling Perfect Forward Secrecy and Allowing Insecure HTTP Loads", version: nil, pfsOff: true, insecure: true)
        for version in ATSTLSVersion.allCases {
            exception("Configuring TLS exceptions with PFS disabled for \(host)", "\(version.plistValue) with PFS disabled",
                      version: version, pfsOff: true, insecure: false)
        }
        for version in ATSTLSVersion.allCases {
            exception("Configuring TLS exceptions with PFS disabled and insecure HTTP loads allowed for \(host)",
                      "\(version.plistValue) with PFS disabled and insecure HTTP loads allowed", version: version, pfsOff: true, insecure: true)
        }
        return list
    }

    /// nscurl's layout, then the smallest exception; everything from the URL or the server is escaped.
    var text: String {
        func e(_ text: String) -> String { TerminalText.escaped(text) }
        // Line by line, so the dictionary's own line breaks stay line breaks.
        func lines(_ text: String) -> String {
            text.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalText.escaped(String($0)) }.joined(separator: "\n")
        }
        let rule = String(repeating: "=", count: 80)
        var out = "Starting ATS Diagnostics\n\nConfiguring ATS Info.plist keys and displaying the result of HTTPS loads to \(e(url)) (connecting to \(e(connectedTo))).\n"
        out += "A test will \"PASS\" if the load would complete with no error.\n\(rule)\n"
        var group = ""
        for variant in variants {
            if variant.group != group {
                if !group.isEmpty { out += "\(rule)\n" }
                group = variant.group
                out += "\n\(e(group))\n---\n"
            }
            out += "\(e(variant.name))\nATS Dictionary:\n\(lines(variant.dictionary.nscurl()))\nResult : \(variant.result)\n"
            if let error = variant.verdict.error {
                out += "Error : Error Domain=NSURLErrorDomain Code=\(error.code) \"\(error.message)\""
                    + (error.streamErrorCode.map { " _kCFStreamErrorCodeKey=\($0)" } ?? "") + "\n"
                out += "Reason : \(e(variant.verdict.reason))\n"
            }
            out += "---\n"
        }
        out += "\(rule)\n\n"
        if variants.first?.verdict.allowed == true {
            out += "The server meets ATS's defaults: no exception is needed.\n"
        } else if let smallest, let plist = smallestPlist {
            out += "Smallest exception that passes (\(e(smallest.name))), to paste into Info.plist:\n\n\(lines(plist))"
        } else {
            out += "No variant passes, not even arbitrary loads: the problem is server trust (name, expiry, CA) or the connection, not ATS.\n"
        }
        return out
    }
}
