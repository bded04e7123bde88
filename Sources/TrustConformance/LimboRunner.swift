import Dispatch
import FoundationEssentials
import GnuTLSBridge
import Synchronization
import TrustCertificates
import TrustEvaluation

/// Turns x509-limbo testcases into trust evaluations and their results.
///
/// - Certificates and CRLs: every PEM is parsed; any that does not parse makes the case FAILURE
///   (fail closed), with the parse error as context. `crls` go to the evaluator (see RevocationCheck).
/// - Anchors: `trusted_certs` are custom anchors; with no `system_anchors` (always so in limbo.json)
///   nothing else is trusted. `untrusted_intermediates` is the intermediate pool.
/// - Policy: SERVER ⇒ SSL server with `expected_peer_name`; CLIENT ⇒ SSL client with every
///   `expected_peer_names`; a vector's `ocsp_responses` are stapled responses; `extended_key_usage`, `key_usage` and `max_chain_depth` become the policy's
///   extra requirements. A vector's `policy: "basic"` gives the basic X.509 policy.
/// - Profile: the case's own `profile` (vectors), else the namespace's (`rfc5280::` cases use RFC 5280,
///   since x509-limbo pairs some of them with contradicting `webpki::` cases), else `defaultProfile`.
/// - Skips: signature-algorithm restrictions and unknown feature tags, with the reason.
public struct LimboRunner: Sendable {
    /// The profile for cases that neither name one nor belong to a namespace in `namespaceProfiles`.
    public var defaultProfile: TrustProfile
    /// Profiles by namespace (the part of the id before "::").
    public var namespaceProfiles: [String: TrustProfile]
    public var budget: SearchBudget
    /// When set, every case is evaluated under this profile, whatever it or its namespace says.
    public var forcedProfile: TrustProfile?
    /// The time for cases whose `validation_time` is null; nil: the moment each case is evaluated.
    public var currentTime: Date?
    /// How many cases are evaluated at once.
    public var concurrency: Int

    public init(defaultProfile: TrustProfile = .webpki,
                namespaceProfiles: [String: TrustProfile] = LimboRunner.defaultNamespaceProfiles,
                budget: SearchBudget = .default, currentTime: Date? = nil,
                concurrency: Int = ProcessInfo.processInfo.activeProcessorCount)
    {
        self.defaultProfile = defaultProfile
        self.namespaceProfiles = namespaceProfiles
        self.budget = budget
        self.currentTime = currentTime
        self.concurrency = max(1, concurrency)
    }

    /// rfc5280:: and pathlen:: cases test RFC 5280 path validation, and some contradict webpki:: cases
    /// by design (their conflicts_with, e.g. a CA certificate or a leaf without EKU as the peer); they
    /// run under the rfc5280 profile. Everything else runs under webpki.
    public static let defaultNamespaceProfiles: [String: TrustProfile] = [
        "rfc5280": .rfc5280, "pathlen": .rfc5280, "webpki": .webpki,
    ]

    /// The x509-limbo feature tags TrustCheck evaluates (all it knows of). A case with any other tag is
    /// skipped, so a newer suite cannot be misjudged silently; a wrong answer on a known tag is a
    /// mismatch, not a skip.
    public static let supportedFeatures: Set<String> = [
        "has-crl",  // TrustEvaluator's crls and RevocationCheck
        "denial-of-service",  // the path search has a budget; name constraints a size cap
        "max-chain-depth",  // TrustPolicy.maximumIntermediates
        "name-constraint-dn",  // directoryName constraints are part of NameConstraintsChecker
        "pedantic-webpki-eku",
        "pedantic-webpki-subscriber-key",
        "pedantic-serial-number",
        "pedantic-public-suffix-wildcard",  // PublicSuffixList
        "pedantic-rfc5280",
        "rfc5280-incompatible-with-webpki",  // these cases run under the RFC 5280 profile
        "has-policy-constraints",  // PolicyTreeCheck (rfc5280, apple) and the criticality rule
        "trustcheck-policy-inputs",  // user_initial_policy_set, initial_* and accept_noncritical_policy_constraints
        // TrustCheck's own vectors: tags that tell other limbo harnesses to skip what they cannot model.
        "trustcheck-system-anchors",  // system_anchors and anchors_only
        "trustcheck-basic-policy",  // policy "basic"
        "trustcheck-stapled-ocsp",  // ocsp_responses (recorded handshakes)
        "trustcheck-revocation-require",  // revocation "require" (kSecRevocationRequirePositiveResponse)
    ]

    // MARK: Preparing an evaluation

    /// Everything needed to evaluate one case.
    public struct Evaluation: Sendable {
        public let evaluator: TrustEvaluator
        public let leaf: Certificate
        public let intermediates: [Certificate]
        public let time: Date
        public let profile: TrustProfile

        public func run() -> TrustEvaluationResult {
            evaluator.evaluate(leaf: leaf, intermediates: intermediates, at: time)
        }
    }

    /// What became of one case.
    public enum Outcome: Sendable {
        /// The case asks for something TrustCheck cannot do.
        case skipped(reason: String)
        /// An input did not parse (a certificate, the time, a peer name): the case fails closed.
        case rejected(reason: String)
        case evaluated(TrustEvaluationResult, profile: TrustProfile)
    }

    /// Why a case cannot be evaluated, or nil when it can.
    public func skipReason(for testcase: LimboTestcase) -> String? {
        if let unknown = testcase.features.first(where: { !Self.supportedFeatures.contains($0) }) {
            return "feature \(unknown) is unknown to this harness"
        }
        if !testcase.signatureAlgorithms.isEmpty {
            return "signature_algorithms \(testcase.signatureAlgorithms): restricting signature algorithms is not supported"
        }
        if let unknown = testcase.extendedKeyUsage.first(where: { ExtendedKeyUsageOID.oid(named: $0) == nil }) {
            return "extended_key_usage \"\(unknown)\" is not a usage TrustCheck knows"
        }
        if let unknown = testcase.keyUsage.first(where: { Self.keyUsage(named: $0) == nil }) {
            return "key_usage \"\(unknown)\" is not a usage TrustCheck knows"
        }
        return nil
    }

    /// The profile a case is evaluated under.
    public func profile(for testcase: LimboTestcase) -> TrustProfile {
        forcedProfile ?? testcase.profile ?? namespaceProfiles[testcase.namespace] ?? defaultProfile
    }

    /// Parses a case's inputs into an evaluation. `profile` overrides the case's profile.
    public func prepare(_ testcase: LimboTestcase, profile override: TrustProfile? = nil)
        -> Result<Evaluation, LimboInputError>
    {
        do {
            let trusted = try Self.parse(testcase.trustedCerts, field: "trusted_certs")
            let system = try Self.parse(testcase.systemAnchors, field: "system_anchors")
            let intermediates = try Self.parse(testcase.untrustedIntermediates, field: "untrusted_intermediates")
            let peer = try Self.parse([testcase.peerCertificate], field: "peer_certificate")
            let crls = try Self.parseCRLs(testcase.crls)
            guard peer.count == 1 else {
                throw LimboInputError("peer_certificate holds \(peer.count) certificates, not one")
            }
            let time: Date
            if let text = testcase.validationTime {
                guard let parsed = RFC3339.date(text) else {
                    throw LimboInputError("validation_time \"\(text)\" is not an RFC 3339 time")
                }
                time = parsed
            } else {
                time = currentTime ?? Date()
            }

            let profile = override ?? self.profile(for: testcase)
            let policy = try Self.policy(for: testcase, profile: profile)
            let onlyAnchors = testcase.anchorsOnly ?? !trusted.isEmpty
            let custom: CertificateStore? = trusted.isEmpty && testcase.anchorsOnly != true ? nil : CertificateStore(trusted)
            let anchors = TrustAnchors(custom: custom, anchorsOnly: onlyAnchors, system: CertificateStore(system))
            // A stapled response that does not parse is ignored, as in the handshake it was recorded from.
            let staples = testcase.ocspResponses.compactMap { try? OCSPResponse(der: $0) }
            let evaluator = TrustEvaluator(anchors: anchors, policies: [policy], budget: budget, crls: crls,
                                           ocspResponses: staples,
                                           revocation: RevocationPolicy(mode: testcase.revocation ?? .soft))
            return .success(Evaluation(evaluator: evaluator, leaf: peer[0], intermediates: intermediates,
                                       time: time, profile: profile))
        } catch let error as LimboInputError {
            return .failure(error)
        } catch {
            return .failure(LimboInputError("\(error)"))
        }
    }

    /// The policy a case asks for.
    static func policy(for testcase: LimboTestcase, profile: TrustProfile) throws(LimboInputError) -> TrustPolicy {
        let extendedKeyUsages = testcase.extendedKeyUsage.compactMap(ExtendedKeyUsageOID.oid(named:))
        let keyUsage = testcase.keyUsage.compactMap(keyUsage(named:)).reduce(into: KeyUsage()) { $0.formUnion($1) }
        func peer(_ spec: LimboTestcase.PeerNameSpec) throws(LimboInputError) -> PeerName {
            guard let name = LimboInputs.peerName(spec) else {
                throw LimboInputError("peer name \(spec) is not a valid \(spec.kind.rawValue) name")
            }
            return name
        }
        let kind: TrustPolicy.Kind
        var peerNames: [PeerName] = []
        switch (testcase.policy ?? .ssl, testcase.validationKind) {
        case (.basic, _):
            kind = .basicX509
        case (.ssl, .server):
            kind = .ssl(server: true)
            if let spec = testcase.expectedPeerName { peerNames.append(try peer(spec)) }
        case (.ssl, .client):
            kind = .ssl(server: false)
            for spec in testcase.expectedPeerNames { peerNames.append(try peer(spec)) }
        }
        return TrustPolicy(kind: kind, profile: profile, peerNames: peerNames,
                           requiredExtendedKeyUsages: extendedKeyUsages, requiredKeyUsage: keyUsage,
                           maximumIntermediates: testcase.maxChainDepth,
                           certificatePolicies: testcase.certificatePolicyInputs,
                           acceptsNonCriticalPolicyConstraints: testcase.acceptNonCriticalPolicyConstraints ?? false)
    }

    static func keyUsage(named name: String) -> KeyUsage? {
        KeyUsage(name: LimboInputs.keyUsageAliases[name] ?? name)
    }

    private static func parse(_ pems: [String], field: String) throws(LimboInputError) -> [Certificate] {
        var result: [Certificate] = []
        for (index, pem) in pems.enumerated() {
            do {
                result += try CertificateLoader.certificates(in: Array(pem.utf8), from: "\(field)[\(index)]")
            } catch {
                throw LimboInputError("certificate does not parse: \(error)")
            }
        }
        return result
    }

    private static func parseCRLs(_ pems: [String]) throws(LimboInputError) -> [CertificateRevocationList] {
        var result: [CertificateRevocationList] = []
        for (index, pem) in pems.enumerated() {
            do {
                result += try CRLLoader.crls(in: Array(pem.utf8), from: "crls[\(index)]")
            } catch {
                throw LimboInputError("CRL does not parse: \(error)")
            }
        }
        return result
    }

    // MARK: Running

    /// Evaluates one case.
    public func outcome(of testcase: LimboTestcase, profile override: TrustProfile? = nil) -> Outcome {
        if let reason = skipReason(for: testcase) { return .skipped(reason: reason) }
        switch prepare(testcase, profile: override) {
        case .failure(let error): return .rejected(reason: error.reason)
        case .success(let evaluation): return .evaluated(evaluation.run(), profile: evaluation.profile)
        }
    }

    /// Evaluates one case into x509-limbo's result.
    public func run(_ testcase: LimboTestcase) -> LimboResult {
        switch outcome(of: testcase) {
        case .skipped(let reason):
            return LimboResult(id: testcase.id, actualResult: .skipped, context: reason)
        case .rejected(let reason):
            return LimboResult(id: testcase.id, actualResult: .failure, context: reason)
        case .evaluated(let result, _):
            return LimboResult(id: testcase.id, actualResult: result.isTrusted ? .success : .failure,
                               context: result.isTrusted ? nil : Self.context(of: result))
        }
    }

    /// The context of an untrusted result: the primary error, then every failure.
    public static func context(of result: TrustEvaluationResult) -> String {
        let failures = result.failures.map(\.description).joined(separator: "; ")
        guard let error = result.error else { return failures }
        return "\(error.message) (\(error.code)): \(failures)"
    }

    /// Evaluates every case, `concurrency` at a time; results are in the order of `testcases`.
    public func run(_ testcases: [LimboTestcase]) -> [LimboResult] {
        let workers = min(concurrency, testcases.count)
        guard workers > 1 else { return testcases.map(run) }
        let slots = ResultSlots(count: testcases.count)
        let work: @Sendable () -> Void = {
            while let index = slots.claim() {
                slots.store(run(testcases[index]), at: index)
            }
        }
        // Dedicated threads rather than DispatchQueue.concurrentPerform, which runs on one thread when
        // called from a busy pool thread (as under Swift Testing).
        let done = DispatchSemaphore(value: 0)
        var started = 0
        for _ in 1..<workers {
            // 4 MiB of stack, as the Foundation threads had: room for the path builder's recursion.
            guard DetachedThread.start(stackSize: 4 << 20, { work(); done.signal() }) == 0 else { break }
            started += 1
        }
        work()
        for _ in 0..<started { done.wait() }
        return slots.results
    }
}

/// An input of a case that TrustCheck cannot read.
public struct LimboInputError: Error, LocalizedError, Sendable, Hashable, CustomStringConvertible {
    public let reason: String
    public init(_ reason: String) { self.reason = reason }
    /// A stable identifier, for programs.
    public var code: String { "limbo.input" }
    public var description: String { reason }
    public var errorDescription: String? { reason }
}

/// Hands out case indices to worker threads and collects their results.
private final class ResultSlots: @unchecked Sendable {
    private let lock = Mutex(())
    private var next = 0
    private var slots: [LimboResult?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func claim() -> Int? {
        return lock.withLock { _ in
            guard next < slots.count else { return nil }
            next += 1
            return next - 1
        }
    }

    func store(_ result: LimboResult, at index: Int) {
        lock.withLock { _ in slots[index] = result }
    }

    var results: [LimboResult] {
        return lock.withLock { _ in
            return slots.map { $0! }
        }
    }
}
