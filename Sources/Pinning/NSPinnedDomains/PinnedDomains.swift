import FoundationEssentials
import TrustCertificates
import TrustEvaluation

/// App Transport Security's declarative pinning (iOS 14+, macOS 11+): `NSAppTransportSecurity` →
/// `NSPinnedDomains` → domain → `NSIncludesSubdomains`, `NSPinnedLeafIdentities`, `NSPinnedCAIdentities`,
/// each identity a dictionary whose `SPKI-SHA256-BASE64` is the base64 SHA-256 of a DER SubjectPublicKeyInfo.
///
/// Apple applies it inside `SecPolicyCreateSSL(true, host)` (apple-sectrust.md §6.3): for a host that an
/// entry applies to (`PinnedDomain.applies(to:)`, trailing dot removed, several entries merged), the leaf's
/// key must be a leaf identity, and a certificate above the leaf — intermediate or anchor, whatever the
/// built chain holds — must have a CA identity; with both kinds, both. A failed pin is a recoverable check of
/// subtype Pinning, so its error (-9886 errSSLATSCertificateTrustViolation, `"leaf","CA",… certificates do
/// not meet pinning requirements`) outranks Trust, Usage, Name and Expired failures, and yields to
/// Blocked, Revoked, KeySize, WeakHash, Denied and Compliance. Pinning changes nothing about anchors.
///
/// Parsing follows Apple's, which skips what it cannot use without a word; `warnings` says what was
/// skipped. TrustCheck decodes base64 strictly and keeps only 32-byte digests: any other value could never
/// match a SHA-256, so dropping it changes no verdict, and an entry left with no identity still pins.
///
/// Limitation: Apple's path builder treats a pin failure like any other and may go on to another candidate
/// path (a cross-signed one, say) that carries the pinned CA; here the pins are checked on the path the
/// engine chose.
public struct PinnedDomains: Sendable {
    /// Larger Info.plists are refused before they are read.
    public static let maximumFileSize = 8 * 1024 * 1024

    /// The usable entries, by domain key.
    public let domains: [PinnedDomain]
    /// What Apple would skip silently, in words.
    public let warnings: [String]

    /// These entries.
    public init(domains: [PinnedDomain]) {
        self.domains = domains
        warnings = []
    }

    /// The pinned domains of an Info.plist's bytes (XML or binary), read with the bounded readers of
    /// `PropertyListValue` (limits in `PropertyListLimits`). One without `NSAppTransportSecurity` or
    /// `NSPinnedDomains` pins nothing.
    public init(infoPlist data: Data) throws(PinnedDomainsError) {
        guard data.count <= Self.maximumFileSize else {
            throw PinnedDomainsError(.unreadable, problem: "the property list is \(data.count) bytes, larger than the "
                + "\(Self.maximumFileSize / 1024 / 1024) MiB limit")
        }
        let root: Any
        do throws(PropertyListReadError) {
            root = try PropertyListValue.propertyList(from: data)
        } catch where error.code == .duplicateKey {
            throw PinnedDomainsError(.duplicateKey, problem: "\(error.keyPath ?? "a key") occurs more than once in its dictionary; "
                + "Apple's reader keeps the last value silently, so remove all but the one you mean (\(error.problem))")
        } catch {
            throw PinnedDomainsError(.notAPropertyList, problem: "not a property list: \(error.problem)")
        }
        guard let top = root as? [String: Any] else {
            throw PinnedDomainsError(.notAPropertyList, problem: "the top level is not a dictionary")
        }
        (domains, warnings) = Self.entries(in: top)
    }

    /// The pinned domains of an `NSAppTransportSecurity` dictionary already read (App Transport Security's
    /// reader, which also takes that dictionary alone).
    package init(appTransportSecurity dictionary: [String: Any]) {
        (domains, warnings) = Self.entries(in: ["NSAppTransportSecurity": dictionary])
    }

    /// The pinned domains of the Info.plist at `path`.
    public init(contentsOfFile path: String) throws(PinnedDomainsError) {
        let data: Data
        do {
            let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
            guard size <= Self.maximumFileSize else {
                throw PinnedDomainsError(.unreadable, path: path,
                                         problem: "file is \(size) bytes, larger than the \(Self.maximumFileSize / 1024 / 1024) MiB limit")
            }
            do {
                // Bounded however the file grows or streams (a FIFO has no size to check beforehand).
                data = Data(try CertificateLoader.read(path, limit: Self.maximumFileSize))
            } catch {
                throw PinnedDomainsError(.unreadable, path: path, problem: error.problem)
            }
        } catch let error as PinnedDomainsError {
            throw error
        } catch {
            throw PinnedDomainsError(.unreadable, path: path, problem: "cannot read: \(ErrorReason.text(error))")
        }
        do {
            try self.init(infoPlist: data)
        } catch {
            throw PinnedDomainsError(error.code, path: path, problem: error.problem)
        }
    }

    /// The identities pinned for `host`; nil when no entry applies.
    public func identities(forHost host: String) -> PinnedIdentities? {
        let name = host.hasSuffix(".") ? String(host.dropLast()) : host
        return PinnedIdentities(merging: domains.filter { $0.applies(to: name) })
    }

    /// Evaluates `trust` under the SSL policy for `host` (where Apple adds the pins) and checks the pins.
    public func evaluate(_ trust: ServerTrust, forHost host: String, at date: Date) -> PinnedDomainsVerdict {
        var trust = trust
        trust.apply(policy: .ssl(hostname: host))
        return check(trust.evaluation(at: date), forHost: host)
    }

    /// Checks the pins for `host` on an evaluation made elsewhere, which must have used the SSL policy for
    /// `host` (Apple adds the pins to no other policy).
    public func check(_ evaluation: TrustEvaluationResult, forHost host: String) -> PinnedDomainsVerdict {
        let identities = identities(forHost: host)
        let chain = evaluation.certificates
        var pinFailures: [(index: Int, check: String)] = []
        if let leaf = identities?.leaf, !chain.isEmpty, !leaf.pins.contains(where: { $0.matches(chain[0]) }) {
            pinFailures.append((0, PinnedDomainsVerdict.leafCheckKey))
        }
        if let ca = identities?.ca, !chain.dropFirst().contains(where: { certificate in ca.pins.contains { $0.matches(certificate) } }) {
            // Apple marks every CA index; a chain of the leaf alone has none, so the failure lands on the leaf.
            let indices = chain.count > 1 ? Array(1..<chain.count) : [0]
            pinFailures += indices.map { ($0, PinnedDomainsVerdict.caCheckKey) }
        }
        pinFailures.sort { $0.index < $1.index }
        return PinnedDomainsVerdict(host: host, identities: identities, evaluation: evaluation, pinFailures: pinFailures,
                                    failure: Self.failure(evaluation, pinFailures: pinFailures))
    }

    /// Apple's primary error over the engine's failures and the pin failures: lowest subtype, then lowest index.
    private static func failure(_ evaluation: TrustEvaluationResult, pinFailures: [(index: Int, check: String)]) -> PinningFailure? {
        let engine = evaluation.isTrusted ? nil : PinningFailure(untrusted: evaluation)
        guard let firstPin = pinFailures.first else { return engine }
        if let error = evaluation.error, !evaluation.isTrusted,
           (error.check.subtype, error.certificateIndex) < (TrustErrorSubtype.pinning, firstPin.index)
        {
            return engine
        }
        return PinningFailure(pinMismatchOn: evaluation.chain)
    }

    /// The entries of an Info.plist's top dictionary, and what was skipped.
    private static func entries(in top: [String: Any]) -> ([PinnedDomain], [String]) {
        var warnings: [String] = []
        var domains: [PinnedDomain] = []
        guard let ats = top["NSAppTransportSecurity"] else { return ([], []) }
        guard let atsDictionary = ats as? [String: Any] else {
            return ([], ["NSAppTransportSecurity is not a dictionary: nothing is pinned"])
        }
        guard let pinned = atsDictionary["NSPinnedDomains"] else { return ([], []) }
        guard let pinnedDictionary = pinned as? [String: Any] else {
            return ([], ["NSPinnedDomains is not a dictionary: nothing is pinned"])
        }
        for (domain, value) in pinnedDictionary.sorted(by: { $0.key < $1.key }) {
            guard let entry = value as? [String: Any] else {
                warnings.append("NSPinnedDomains[\"\(domain)\"] is not a dictionary: skipped")
                continue
            }
            let includes = entry["NSIncludesSubdomains"]
            let includesSubdomains = includes.map { type(of: $0) == Bool.self && $0 as? Bool == true } ?? false
            if let includes, type(of: includes) != Bool.self {
                warnings.append("NSPinnedDomains[\"\(domain)\"].NSIncludesSubdomains is not a boolean: subdomains are not pinned")
            }
            domains.append(PinnedDomain(
                domain: domain, includesSubdomains: includesSubdomains,
                leafIdentities: Self.identities(entry, "NSPinnedLeafIdentities", domain: domain, warnings: &warnings),
                caIdentities: Self.identities(entry, "NSPinnedCAIdentities", domain: domain, warnings: &warnings)))
        }
        return (domains, warnings)
    }

    /// One identity array; nil when the key is absent. A non-array value still pins, with nothing to match,
    /// as Apple marks the host pinned before it looks at the value's type.
    private static func identities(_ entry: [String: Any], _ key: String, domain: String, warnings: inout [String]) -> PinSet? {
        guard let value = entry[key] else { return nil }
        let place = "NSPinnedDomains[\"\(domain)\"].\(key)"
        guard let array = value as? [Any] else {
            warnings.append("\(place) is not an array: nothing can match it")
            return PinSet([])
        }
        var pins: [PublicKeyPin] = []
        for (index, element) in array.enumerated() {
            guard let identity = element as? [String: Any], let text = identity["SPKI-SHA256-BASE64"] as? String else {
                warnings.append("\(place)[\(index)] has no SPKI-SHA256-BASE64 string: skipped")
                continue
            }
            guard let digest = Base64.decode(text), let pin = try? PublicKeyPin(algorithm: .spkiSHA256, digest: digest) else {
                warnings.append("\(place)[\(index)]: \"\(text)\" is not the base64 of a 32-byte SHA-256: skipped")
                continue
            }
            pins.append(pin)
        }
        return PinSet(pins)
    }
}
