import FoundationEssentials
import Pinning
import TrustCertificates
import TrustEvaluation

/// The pinning options of `trustcheck verify` and `connect`, read into a `PinningPolicy`: `--pin` (SPKI
/// SHA-256 pins) or `--pin-config` — a TrustKit configuration, or an Info.plist whose
/// NSAppTransportSecurity has NSPinnedDomains (and no TSKConfiguration) — and `--report-only`. What the
/// pinning means is the policy's; this only reads options and keeps the file for a recording.
struct PinningOptions: Sendable {
    let policy: PinningPolicy
    /// The `--pin-config` file as named (standard input's name for `-`); nil for `--pin`.
    var configurationPath: String? = nil
    /// The configuration file's bytes as read (`--pin-config`), for a recording to embed; nil for `--pin`.
    var configurationData: [UInt8]? = nil
    /// An Info.plist's app identity (CFBundleIdentifier, CFBundleShortVersionString), for the reports.
    var infoPlistApp: (bundleIdentifier: String?, version: String?) = (nil, nil)

    var reportOnly: Bool { policy.reportOnly }

    /// A pinning configuration's bytes, read as `--pin-config` reads them: decoded once (at most
    /// `TrustKitConfiguration.maximumFileSize`), then an Info.plist that pins through App Transport Security,
    /// else a TrustKit configuration (JSON, plist, Info.plist); a bad one is an input failure naming `name`.
    /// `warn` receives the configuration's warnings.
    static func configuration(_ bytes: [UInt8], name: String, reportOnly: Bool, warn: (String) -> Void)
        -> Result<PinningOptions, InputFailure>
    {
        let decoded: (root: [String: Any], isPropertyList: Bool)
        do {
            decoded = try TrustKitConfiguration.decodeRoot(Data(bytes), path: name)
        } catch {
            return .failure(InputFailure(error))
        }
        if decoded.isPropertyList, let ats = Self.appTransportSecurityPinning(decoded.root) {
            let domains = PinnedDomains(appTransportSecurity: ats)
            for warning in domains.warnings { warn("\(warning)") }
            return .success(PinningOptions(policy: .pinnedDomains(domains, reportOnly: reportOnly),
                                           configurationPath: name, configurationData: bytes))
        }
        do {
            let configuration = try TrustKitConfiguration(root: decoded.root, path: name)
            for warning in configuration.warnings { warn("\(warning)") }
            return .success(PinningOptions(policy: .trustKit(configuration, reportOnly: reportOnly), configurationPath: name,
                                           configurationData: bytes,
                                           infoPlistApp: decoded.isPropertyList ? Self.appIdentity(decoded.root) : (nil, nil)))
        } catch {
            return .failure(InputFailure(error))
        }
    }

    /// The pinning the options ask for: nil without `--pin`/`--pin-config`; throws a usage error for
    /// options that cannot go together, and reports (and returns `.failure`) a bad pin or configuration.
    static func from(_ arguments: ParsedArguments, settings: VerifyCommand.Settings, io: CommandIO)
        throws(UsageError) -> Result<PinningOptions?, InputFailure>
    {
        let pins = arguments.allValues("--pin")
        let config = arguments.value("--pin-config")
        let reportOnly = arguments.has("--report-only")
        if !pins.isEmpty && config != nil { throw UsageError(.conflictingOptions, "--pin and --pin-config cannot be combined") }
        guard !pins.isEmpty || config != nil else {
            if reportOnly { throw UsageError(.conflictingOptions, "--report-only needs --pin or --pin-config") }
            return .success(nil)
        }
        if let config {
            // TrustKit looks the policy up by the server's name and always validates with the SSL policy for it.
            guard settings.host != nil, !settings.basicPolicy else {
                throw UsageError(.conflictingOptions, "--pin-config needs --host (TrustKit looks the pinned domain up by host name)")
            }
            let name = config == "-" ? StandardInput.name : config
            let bytes: [UInt8]
            do {
                bytes = try io.bytes(of: config, limit: TrustKitConfiguration.maximumFileSize)
            } catch {
                return .failure(InputFailure(error))
            }
            return configuration(bytes, name: name, reportOnly: reportOnly, warn: { io.error("warning: \(name): \($0)") })
                .map { $0 }
        }
        do {
            return .success(PinningOptions(policy: .pins(try PinSet(parsing: pins), reportOnly: reportOnly)))
        } catch {
            return .failure(InputFailure(error))
        }
    }

    /// The `NSAppTransportSecurity` dictionary of an Info.plist's root that pins through App Transport Security
    /// (NSAppTransportSecurity → NSPinnedDomains) and has no TrustKit configuration: when both are there,
    /// TrustKit's is the one applied. Nil otherwise.
    static func appTransportSecurityPinning(_ plist: [String: Any]) -> [String: Any]? {
        guard plist["TSKConfiguration"] == nil, let ats = plist["NSAppTransportSecurity"] as? [String: Any],
              ats["NSPinnedDomains"] != nil
        else { return nil }
        return ats
    }

    /// An Info.plist's CFBundleIdentifier and CFBundleShortVersionString (what TrustKit's reports say of the
    /// app); nils when the root has none.
    static func appIdentity(_ plist: [String: Any]) -> (bundleIdentifier: String?, version: String?) {
        (plist["CFBundleIdentifier"] as? String, plist["CFBundleShortVersionString"] as? String)
    }

    /// The policy with the reports' app fields set (TrustKit's only).
    func withApp(_ app: TrustKitAppInfo) -> PinningOptions {
        guard case .trustKit(let configuration, _) = policy.rules else { return self }
        return PinningOptions(policy: .trustKit(configuration, app: app, reportOnly: policy.reportOnly),
                              configurationPath: configurationPath, configurationData: configurationData, infoPlistApp: infoPlistApp)
    }
}
