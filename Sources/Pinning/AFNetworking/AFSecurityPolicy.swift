import FileOutput
import FoundationEssentials
import Glibc
import TrustCertificates
import TrustEvaluation

/// AFNetworking's `AFSecurityPolicy` (4.0.1, the same since 3.0) over TrustCheck's engine, with its
/// algorithm and quirks (pinning-libraries.md 3.2):
///
/// * `allowInvalidCertificates` with `validatesDomainName` for a domain, without a pinning mode or without
///   pinned certificates: refused ("you MUST use pinning").
/// * The policy is the SSL server policy for the domain (no name check for a nil domain), or BasicX509 when
///   `validatesDomainName` is off; it replaces the trust's policies.
/// * `.none`: valid against the trust's anchors, or anything at all with `allowInvalidCertificates`.
/// * Otherwise, unless `allowInvalidCertificates`, the chain must first be valid against the trust's anchors.
/// * `.certificate`: the pinned certificates become the *only* anchors and the trust is evaluated again —
///   always, even with `allowInvalidCertificates`, so dates and the name are still checked — and then the
///   evaluated chain, scanned from its anchor down, must hold a pinned certificate (by DER). No pinned
///   certificates means no anchors, so nothing passes.
/// * `.publicKey`: the keys of the built chain (built even when untrusted; with `allowInvalidCertificates`
///   nothing is validated at all, not even the name) are compared with the pinned certificates' keys, as
///   SecKeys are equal; at least one match passes. Certificates whose key a SecKey cannot hold give none.
///
/// One policy serves every host (AFNetworking has no per-host mapping).
public struct AFSecurityPolicy: Sendable {
    /// The pinning mode.
    public let pinningMode: AFSSLPinningMode
    /// The pinned certificates' bytes (AFNetworking's `NSSet<NSData>`): kept as given, unchecked, as
    /// AFNetworking keeps them; an entry that is not a DER certificate never matches and has no key.
    public let pinnedCertificates: Set<Data>
    /// Whether an invalid chain (untrusted, expired, self-signed…) may be accepted. Default NO.
    public var allowInvalidCertificates = false
    /// Whether the certificate must be valid for the domain. Default YES.
    public var validatesDomainName = true
    /// The pinned certificates that parse, derived once from `pinnedCertificates`, with the DER entries'
    /// parse failures (index in `pinnedCertificateData`).
    private let parsed: [Result<Certificate, CertificateParseError>]
    /// `pinnedCertificates` in a fixed order (by bytes), so a refusal names the same entry every time.
    private let pinnedCertificateData: [Data]

    /// `+policyWithPinningMode:withPinnedCertificates:`.
    public init(pinningMode: AFSSLPinningMode, pinnedCertificates: Set<Data> = []) {
        self.pinningMode = pinningMode
        self.pinnedCertificates = pinnedCertificates
        pinnedCertificateData = pinnedCertificates.sorted { $0.lexicographicallyPrecedes($1) }
        // AFNetworking reads them with SecCertificateCreateWithData: what it refuses pins nothing.
        parsed = pinnedCertificateData.map { data in
            Result { () throws(CertificateParseError) in try AppleCertificateEncodingRules.certificate(der: Array(data)) }
        }
    }

    /// `+defaultPolicy`: no pinning, invalid certificates refused, domain validated.
    public static let `default` = AFSecurityPolicy(pinningMode: .none)

    /// `pinnedPublicKeys`: the keys of the pinned certificates that a SecKey can hold.
    public var pinnedPublicKeys: [PublicKeyInfo] {
        parsed.compactMap { try? $0.get().publicKey }.filter(ServerTrust.isSecKeyRepresentable)
    }

    /// `+certificatesInBundle:` for a directory: the files ending in `.cer` (only that spelling) at its top
    /// level, their bytes unchecked. Each file is read up to `CertificateLoader.maximumFileSize`.
    public static func certificates(inDirectory path: String) throws(CertificateLoadError) -> Set<Data> {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw CertificateLoadError(path: path, kind: .unreadable, problem: "cannot list directory: \(ErrorReason.text(error))")
        }
        var result = Set<Data>()
        for name in names where FileSystemPath.pathExtension(name) == "cer" {
            let file = FileSystemPath.appending(name, to: path)
            guard FileSystemPath.isDirectory(file) == false else { continue }
            let descriptor = open(file, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            defer { close(descriptor) }
            result.insert(Data(try CertificateLoader.read(fileDescriptor: descriptor, name: file)))
        }
        return result
    }

    /// `-evaluateServerTrust:forDomain:`: YES or NO.
    public func evaluateServerTrust(_ trust: ServerTrust, forDomain domain: String?, at date: Date) -> Bool {
        do {
            try check(trust, forDomain: domain, at: date)
            return true
        } catch {
            return false
        }
    }

    /// The same decision, throwing the step that said NO.
    public func check(_ trust: ServerTrust, forDomain domain: String?, at date: Date) throws(AFSecurityPolicyRefusal) {
        if domain != nil, allowInvalidCertificates, validatesDomainName, pinningMode == .none || pinnedCertificates.isEmpty {
            throw .domainValidationRequiresPinning
        }
        var trust = trust
        trust.apply(policy: validatesDomainName ? .ssl(hostname: domain) : .basicX509())
        if pinningMode == .none {
            if allowInvalidCertificates { return }
            let evaluation = trust.evaluation(at: date)
            guard evaluation.isTrusted else { throw .invalidServerTrust(evaluation) }
            return
        }
        if !allowInvalidCertificates {
            let evaluation = trust.evaluation(at: date)
            guard evaluation.isTrusted else { throw .invalidServerTrust(evaluation) }
        }
        switch pinningMode {
        case .none:
            return
        case .certificate:
            var anchors: [Certificate] = []
            for (index, entry) in parsed.enumerated() {
                switch entry {
                case .success(let certificate): anchors.append(certificate)
                case .failure(let error): throw .pinnedCertificateNotParseable(index: index, reason: error.reason)
                }
            }
            trust.setAnchorCertificates(anchors)
            let evaluation = trust.evaluation(at: date)
            guard evaluation.isTrusted else { throw .notAnchoredAtPinnedCertificate(evaluation) }
            // AFNetworking scans from the anchor down; any pinned certificate on the chain passes.
            let pinned = Set(anchors)
            guard evaluation.certificates.reversed().contains(where: pinned.contains) else {
                throw .noPinnedCertificateInChain(evaluation)
            }
        case .publicKey:
            let pinnedKeys = pinnedPublicKeys
            let evaluation = trust.evaluation(at: date)
            let chainKeys = evaluation.certificates.map(\.publicKey).filter(ServerTrust.isSecKeyRepresentable)
            let matches = chainKeys.reduce(0) { count, key in
                count + pinnedKeys.filter { ServerTrust.sameSecKey(key, $0) }.count
            }
            guard matches > 0 else { throw .noPinnedPublicKeyInChain(evaluation, pinnedKeyCount: pinnedKeys.count) }
        }
    }
}
