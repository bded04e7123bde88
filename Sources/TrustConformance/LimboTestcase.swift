import FoundationEssentials
import Glibc
import Pinning
import TrustCertificates
import TrustEvaluation

/// An x509-limbo suite: `{"version": 1, "testcases": [...]}`. TrustCheck's own vector files
/// (`vectors/*.json`) use the same shape, with the optional extension fields of `LimboTestcase`.
public struct LimboSuite: Decodable, Sendable {
    public var version: Int
    public var testcases: [LimboTestcase]

    public init(version: Int = 1, testcases: [LimboTestcase]) {
        self.version = version
        self.testcases = testcases
    }

    enum CodingKeys: String, CodingKey { case version, testcases }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decodeIfPresent(Int.self, forKey: .version) ?? 1
        testcases = try container.decode([LimboTestcase].self, forKey: .testcases)
    }

    /// Decodes a suite. Foundation's JSONDecoder reads the 41 MB limbo.json in about a quarter of a
    /// second (release build), so no hand-rolled parser is needed.
    public static func decode(_ data: Data, source: String = "suite") throws(LimboError) -> LimboSuite {
        do {
            return try JSONDecoder().decode(LimboSuite.self, from: data)
        } catch let error as DecodingError {
            throw LimboError.malformed(source: source, problem: LimboError.describe(error))
        } catch {
            throw LimboError.malformed(source: source, problem: "\(error)")
        }
    }

    /// The largest suite file read: x509-limbo's limbo.json is 41 MB (9,766 cases, 2026); four times that
    /// leaves room for the suite to grow while a wrong file (a disk image, /dev/zero) is still refused.
    public static let maximumSuiteSize = 160 * 1024 * 1024

    /// Reads (bounded: `maximumSuiteSize`) and decodes a suite file; "-" reads standard input.
    public static func load(path: String) throws(LimboError) -> LimboSuite {
        let bytes: [UInt8]
        do {
            bytes = path == "-"
                ? try CertificateLoader.read(fileDescriptor: STDIN_FILENO, name: "standard input", limit: maximumSuiteSize)
                : try CertificateLoader.read(path, limit: maximumSuiteSize)
        } catch {
            throw LimboError.unreadable(path: path, problem: error.problem)
        }
        return try decode(Data(bytes), source: path == "-" ? "standard input" : path)
    }
}

/// One x509-limbo testcase, with every field of the x509-limbo schema, plus TrustCheck's optional
/// extension fields (used by `vectors/*.json`; absent from limbo.json).
///
/// Fields that x509-limbo always writes but hand-written vectors may leave out decode to their empty
/// value: lists to `[]`, `validation_kind` to SERVER, text to nil.
public struct LimboTestcase: Decodable, Sendable, Hashable {
    public enum ValidationKind: String, Decodable, Sendable, Hashable {
        case server = "SERVER"
        case client = "CLIENT"
    }

    public enum ExpectedResult: String, Codable, Sendable, Hashable {
        case success = "SUCCESS"
        case failure = "FAILURE"
    }

    /// x509-limbo's PeerName: `{"kind": "DNS"|"IP"|"RFC822", "value": ...}`.
    public struct PeerNameSpec: Decodable, Sendable, Hashable, CustomStringConvertible {
        public enum Kind: String, Decodable, Sendable, Hashable {
            case dns = "DNS"
            case ip = "IP"
            case rfc822 = "RFC822"
        }

        public var kind: Kind
        public var value: String

        public init(kind: Kind, value: String) {
            self.kind = kind
            self.value = value
        }

        public var description: String { "\(kind.rawValue):\(value)" }
    }

    /// One expected failure of a vector: `{"index": 0, "check": "SSLHostname"}`.
    public struct ExpectedFailure: Decodable, Sendable, Hashable, CustomStringConvertible {
        public var index: Int
        public var check: CheckName

        public init(index: Int, check: CheckName) {
            self.index = index
            self.check = check
        }

        public var description: String { "[\(index)] \(check.rawValue)" }
    }

    /// What a vector expects under another profile: `{"expected_result": "SUCCESS", "reason": "..."}`.
    public struct OtherProfileExpectation: Decodable, Sendable, Hashable {
        public var expectedResult: ExpectedResult
        public var reason: String?

        enum CodingKeys: String, CodingKey {
            case expectedResult = "expected_result"
            case reason
        }
    }

    /// A vector's `policy`: the Apple policy to evaluate with.
    public enum PolicyName: String, Decodable, Sendable, Hashable {
        /// SecPolicyCreateSSL: server or client per `validation_kind`.
        case ssl
        /// SecPolicyCreateBasicX509.
        case basic
    }

    // MARK: x509-limbo fields

    public var id: String
    public var conflictsWith: [String]
    public var features: [String]
    public var importance: String?
    public var description: String?
    public var validationKind: ValidationKind
    /// PEM, one certificate each.
    public var trustedCerts: [String]
    /// PEM, an unordered pool.
    public var untrustedIntermediates: [String]
    public var peerCertificate: String
    public var peerCertificateKey: String?
    /// The raw RFC 3339 text; nil means "now".
    public var validationTime: String?
    public var signatureAlgorithms: [String]
    public var keyUsage: [String]
    public var extendedKeyUsage: [String]
    public var expectedResult: ExpectedResult
    public var expectedPeerName: PeerNameSpec?
    public var expectedPeerNames: [PeerNameSpec]
    public var maxChainDepth: Int?
    /// PEM CRLs.
    public var crls: [String]

    // MARK: TrustCheck extensions (vectors/*.json)

    /// "apple" | "webpki" | "rfc5280"; nil: the runner's default (webpki).
    public var profile: TrustProfile?
    /// "ssl" | "basic"; nil: ssl.
    public var policy: PolicyName?
    /// PEM roots playing the system trust store.
    public var systemAnchors: [String]
    /// SecTrustSetAnchorCertificatesOnly; nil: true when `trusted_certs` is non-empty.
    public var anchorsOnly: Bool?
    /// "soft" | "require" (`RevocationPolicy.Mode`); nil: soft.
    public var revocation: RevocationPolicy.Mode?
    /// A TrustResultType name, e.g. "recoverableTrustFailure".
    public var expectedAppleResult: String?
    /// The OSStatus of the primary error (0 when trusted).
    public var expectedStatus: Int32?
    /// TrustError.message.
    public var expectedMessage: String?
    /// SHA-256 hex of each certificate's DER, leaf first.
    public var expectedChain: [String]?
    public var expectedFailures: [ExpectedFailure]?
    /// Expectations under other profiles, keyed by profile name.
    public var otherProfiles: [String: OtherProfileExpectation]?
    /// SPKI SHA-256 pins checked with `PinSet.check` after default validation; `expected_result` stays the
    /// default validation's verdict. In a decoded vector, present exactly when `expectedPinResult` is.
    public var pins: PinSet?
    /// The `PinVerdict` the pins give (its raw value in the file: "pinned", "no-matching-pin",
    /// "chain-not-trusted").
    public var expectedPinResult: PinVerdict?
    /// The evaluated chain's indices (0 = leaf) that carry a pin, in chain order; one entry per match.
    public var expectedPinMatches: [Int]?
    /// RFC 5280 policy inputs (`TrustPolicy.certificatePolicies`; the rfc5280 profile reads them):
    /// user-initial-policy-set (nil: anyPolicy) and the three initial-* flags (nil: false).
    public var userInitialPolicySet: [String]?
    public var initialExplicitPolicy: Bool?
    public var initialPolicyMappingInhibit: Bool?
    public var initialAnyPolicyInhibit: Bool?
    /// `TrustPolicy.acceptsNonCriticalPolicyConstraints` (nil: false).
    public var acceptNonCriticalPolicyConstraints: Bool?
    /// The policy sets the evaluation must report (`TrustEvaluationResult.policyTree`), sorted OIDs.
    public var expectedAuthoritiesConstrainedPolicySet: [String]?
    public var expectedUserConstrainedPolicySet: [String]?

    /// The policy inputs of the case (RFC 5280's defaults for the fields it leaves out).
    public var certificatePolicyInputs: CertificatePolicyInputs {
        CertificatePolicyInputs(
            userInitialPolicySet: userInitialPolicySet.map(Set.init) ?? [CertificatePolicy.anyPolicy],
            initialExplicitPolicy: initialExplicitPolicy ?? false,
            initialPolicyMappingInhibit: initialPolicyMappingInhibit ?? false,
            initialAnyPolicyInhibit: initialAnyPolicyInhibit ?? false)
    }

    // MARK: Recorded handshakes (trustcheck connect --record)

    /// Stapled OCSP responses (DER OCSPResponse, base64 in the file), consulted as a server's staple is: a
    /// response that does not parse is ignored, as Apple ignores it.
    public var ocspResponses: [[UInt8]] = []
    /// A pinning configuration applied after default validation for the peer name (instead of `pins`).
    public var pinConfiguration: RecordedPinConfiguration?
    /// With `pins` or `pin_configuration`: a pin mismatch is reported without blocking (`--report-only`).
    public var pinningReportOnly: Bool?
    /// The pinning decision: "allow", "block" or "not-pinned" (as `trustcheck verify --json` names it).
    public var expectedPinningDecision: String?
    /// The connection's verdict: default validation, then pinning (a "block" refuses a trusted chain).
    public var expectedConnectionTrusted: Bool?
    /// What the recording connected to and negotiated (informational).
    public var recordedConnection: RecordedConnection?

    public init(id: String, validationKind: ValidationKind = .server, trustedCerts: [String] = [],
                untrustedIntermediates: [String] = [], peerCertificate: String, validationTime: String? = nil,
                expectedResult: ExpectedResult, expectedPeerName: PeerNameSpec? = nil,
                expectedPeerNames: [PeerNameSpec] = [], keyUsage: [String] = [], extendedKeyUsage: [String] = [],
                maxChainDepth: Int? = nil, features: [String] = [], crls: [String] = [])
    {
        self.id = id
        self.conflictsWith = []
        self.features = features
        self.importance = nil
        self.description = nil
        self.validationKind = validationKind
        self.trustedCerts = trustedCerts
        self.untrustedIntermediates = untrustedIntermediates
        self.peerCertificate = peerCertificate
        self.peerCertificateKey = nil
        self.validationTime = validationTime
        self.signatureAlgorithms = []
        self.keyUsage = keyUsage
        self.extendedKeyUsage = extendedKeyUsage
        self.expectedResult = expectedResult
        self.expectedPeerName = expectedPeerName
        self.expectedPeerNames = expectedPeerNames
        self.maxChainDepth = maxChainDepth
        self.crls = crls
        self.systemAnchors = []
    }

    /// The part of the id before the first "::" (the whole id when there is none).
    public var namespace: String {
        guard let range = id.firstRange(of: "::") else { return id }
        return String(id[..<range.lowerBound])
    }

    enum CodingKeys: String, CodingKey {
        case id
        case conflictsWith = "conflicts_with"
        case features, importance, description
        case validationKind = "validation_kind"
        case trustedCerts = "trusted_certs"
        case untrustedIntermediates = "untrusted_intermediates"
        case peerCertificate = "peer_certificate"
        case peerCertificateKey = "peer_certificate_key"
        case validationTime = "validation_time"
        case signatureAlgorithms = "signature_algorithms"
        case keyUsage = "key_usage"
        case extendedKeyUsage = "extended_key_usage"
        case expectedResult = "expected_result"
        case expectedPeerName = "expected_peer_name"
        case expectedPeerNames = "expected_peer_names"
        case maxChainDepth = "max_chain_depth"
        case crls
        case profile, policy
        case systemAnchors = "system_anchors"
        case anchorsOnly = "anchors_only"
        case revocation
        case expectedAppleResult = "expected_apple_result"
        case expectedStatus = "expected_status"
        case expectedMessage = "expected_message"
        case expectedChain = "expected_chain"
        case expectedFailures = "expected_failures"
        case otherProfiles = "other_profiles"
        case pins
        case expectedPinResult = "expected_pin_result"
        case expectedPinMatches = "expected_pin_matches"
        case userInitialPolicySet = "user_initial_policy_set"
        case initialExplicitPolicy = "initial_explicit_policy"
        case initialPolicyMappingInhibit = "initial_policy_mapping_inhibit"
        case initialAnyPolicyInhibit = "initial_any_policy_inhibit"
        case acceptNonCriticalPolicyConstraints = "accept_noncritical_policy_constraints"
        case expectedAuthoritiesConstrainedPolicySet = "expected_authorities_constrained_policy_set"
        case expectedUserConstrainedPolicySet = "expected_user_constrained_policy_set"
        case ocspResponses = "ocsp_responses"
        case pinConfiguration = "pin_configuration"
        case pinningReportOnly = "pinning_report_only"
        case expectedPinningDecision = "expected_pinning_decision"
        case expectedConnectionTrusted = "expected_connection_trusted"
        case recordedConnection = "recorded_connection"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func list(_ key: CodingKeys) throws -> [String] { try c.decodeIfPresent([String].self, forKey: key) ?? [] }
        id = try c.decode(String.self, forKey: .id)
        conflictsWith = try list(.conflictsWith)
        features = try list(.features)
        importance = try c.decodeIfPresent(String.self, forKey: .importance)
        description = try c.decodeIfPresent(String.self, forKey: .description)
        validationKind = try c.decodeIfPresent(ValidationKind.self, forKey: .validationKind) ?? .server
        trustedCerts = try list(.trustedCerts)
        untrustedIntermediates = try list(.untrustedIntermediates)
        peerCertificate = try c.decode(String.self, forKey: .peerCertificate)
        peerCertificateKey = try c.decodeIfPresent(String.self, forKey: .peerCertificateKey)
        validationTime = try c.decodeIfPresent(String.self, forKey: .validationTime)
        signatureAlgorithms = try list(.signatureAlgorithms)
        keyUsage = try list(.keyUsage)
        extendedKeyUsage = try list(.extendedKeyUsage)
        expectedResult = try c.decode(ExpectedResult.self, forKey: .expectedResult)
        expectedPeerName = try c.decodeIfPresent(PeerNameSpec.self, forKey: .expectedPeerName)
        expectedPeerNames = try c.decodeIfPresent([PeerNameSpec].self, forKey: .expectedPeerNames) ?? []
        maxChainDepth = try c.decodeIfPresent(Int.self, forKey: .maxChainDepth)
        crls = try list(.crls)

        if let name = try c.decodeIfPresent(String.self, forKey: .profile) {
            guard let profile = TrustProfile(rawValue: name) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .profile, in: c,
                    debugDescription: "unknown profile \"\(name)\" (expected apple, webpki or rfc5280)")
            }
            self.profile = profile
        }
        policy = try c.decodeIfPresent(PolicyName.self, forKey: .policy)
        systemAnchors = try list(.systemAnchors)
        anchorsOnly = try c.decodeIfPresent(Bool.self, forKey: .anchorsOnly)
        if let mode = try c.decodeIfPresent(String.self, forKey: .revocation) {
            guard let parsed = RevocationPolicy.Mode(rawValue: mode) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .revocation, in: c, debugDescription: "unknown revocation \"\(mode)\" (expected soft or require)")
            }
            revocation = parsed
        }
        expectedAppleResult = try c.decodeIfPresent(String.self, forKey: .expectedAppleResult)
        if let name = expectedAppleResult, TrustResultType(name: name) == nil {
            throw DecodingError.dataCorruptedError(
                forKey: .expectedAppleResult, in: c, debugDescription: "unknown TrustResultType \"\(name)\"")
        }
        expectedStatus = try c.decodeIfPresent(Int32.self, forKey: .expectedStatus)
        expectedMessage = try c.decodeIfPresent(String.self, forKey: .expectedMessage)
        expectedChain = try c.decodeIfPresent([String].self, forKey: .expectedChain)
        expectedFailures = try c.decodeIfPresent([ExpectedFailure].self, forKey: .expectedFailures)
        otherProfiles = try c.decodeIfPresent([String: OtherProfileExpectation].self, forKey: .otherProfiles)
        if let otherProfiles {
            for name in otherProfiles.keys where TrustProfile(rawValue: name) == nil {
                throw DecodingError.dataCorruptedError(
                    forKey: .otherProfiles, in: c, debugDescription: "unknown profile \"\(name)\" in other_profiles")
            }
        }
        try decodePinning(c)
        userInitialPolicySet = try c.decodeIfPresent([String].self, forKey: .userInitialPolicySet)
        if let set = userInitialPolicySet, set.isEmpty {
            throw DecodingError.dataCorruptedError(
                forKey: .userInitialPolicySet, in: c,
                debugDescription: "an empty user_initial_policy_set accepts nothing; leave it out for anyPolicy")
        }
        initialExplicitPolicy = try c.decodeIfPresent(Bool.self, forKey: .initialExplicitPolicy)
        initialPolicyMappingInhibit = try c.decodeIfPresent(Bool.self, forKey: .initialPolicyMappingInhibit)
        initialAnyPolicyInhibit = try c.decodeIfPresent(Bool.self, forKey: .initialAnyPolicyInhibit)
        acceptNonCriticalPolicyConstraints = try c.decodeIfPresent(Bool.self, forKey: .acceptNonCriticalPolicyConstraints)
        expectedAuthoritiesConstrainedPolicySet = try c.decodeIfPresent(
            [String].self, forKey: .expectedAuthoritiesConstrainedPolicySet)
        expectedUserConstrainedPolicySet = try c.decodeIfPresent([String].self, forKey: .expectedUserConstrainedPolicySet)
        try decodeRecording(c)
    }

    /// The recorded-handshake fields: the staples must be base64, pins and a pin configuration exclude each
    /// other, and a pinning decision needs pinning to decide it.
    private mutating func decodeRecording(_ c: KeyedDecodingContainer<CodingKeys>) throws {
        ocspResponses = []
        for text in try c.decodeIfPresent([String].self, forKey: .ocspResponses) ?? [] {
            guard let bytes = Data(base64Encoded: text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .ocspResponses, in: c, debugDescription: "an OCSP response is not base64")
            }
            ocspResponses.append(Array(bytes))
        }
        pinConfiguration = try c.decodeIfPresent(RecordedPinConfiguration.self, forKey: .pinConfiguration)
        pinningReportOnly = try c.decodeIfPresent(Bool.self, forKey: .pinningReportOnly)
        expectedPinningDecision = try c.decodeIfPresent(String.self, forKey: .expectedPinningDecision)
        expectedConnectionTrusted = try c.decodeIfPresent(Bool.self, forKey: .expectedConnectionTrusted)
        recordedConnection = try c.decodeIfPresent(RecordedConnection.self, forKey: .recordedConnection)
        if pins != nil, pinConfiguration != nil {
            throw DecodingError.dataCorruptedError(
                forKey: .pinConfiguration, in: c, debugDescription: "pins and pin_configuration cannot be combined")
        }
        if let decision = expectedPinningDecision {
            guard ["allow", "block", "not-pinned"].contains(decision) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .expectedPinningDecision, in: c,
                    debugDescription: "unknown pinning decision \"\(decision)\" (expected allow, block or not-pinned)")
            }
            guard pins != nil || pinConfiguration != nil else {
                throw DecodingError.keyNotFound(
                    CodingKeys.pins,
                    .init(codingPath: c.codingPath, debugDescription: "expected_pinning_decision without pins or pin_configuration"))
            }
        }
    }

    /// The pin fields: the pins must parse, the verdict must be a `PinVerdict`, and pins come with a verdict
    /// to check them against (and the other way round), so a half-written pinning vector cannot pass silently.
    private mutating func decodePinning(_ c: KeyedDecodingContainer<CodingKeys>) throws {
        if let texts = try c.decodeIfPresent([String].self, forKey: .pins) {
            do throws(PinFormatError) {
                pins = try PinSet(parsing: texts)
            } catch {
                throw DecodingError.dataCorruptedError(forKey: .pins, in: c, debugDescription: error.description)
            }
        }
        if let name = try c.decodeIfPresent(String.self, forKey: .expectedPinResult) {
            guard let verdict = PinVerdict(rawValue: name) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .expectedPinResult, in: c,
                    debugDescription: "unknown pin result \"\(name)\" (expected pinned, no-matching-pin or chain-not-trusted)")
            }
            expectedPinResult = verdict
        }
        expectedPinMatches = try c.decodeIfPresent([Int].self, forKey: .expectedPinMatches)
        if pins != nil, expectedPinResult == nil {
            throw DecodingError.keyNotFound(
                CodingKeys.expectedPinResult,
                .init(codingPath: c.codingPath, debugDescription: "pins need an expected_pin_result to check"))
        }
        if pins == nil, expectedPinResult != nil || expectedPinMatches != nil {
            throw DecodingError.keyNotFound(
                CodingKeys.pins,
                .init(codingPath: c.codingPath, debugDescription: "pin expectations without pins to check"))
        }
    }
}

/// Why a suite or an expectations file could not be used.
public enum LimboError: Error, LocalizedError, Sendable, Equatable, CustomStringConvertible {
    case unreadable(path: String, problem: String)
    case malformed(source: String, problem: String)
    case unwritable(path: String, problem: String)
    /// `--include` patterns that match no testcase id: a usage error.
    case nothingSelected(includes: [String])

    /// A stable identifier of the case, for programs: `limbo.unreadable`, `limbo.malformed`,
    /// `limbo.unwritable`, `limbo.nothingSelected`.
    public var code: String {
        switch self {
        case .unreadable: return "limbo.unreadable"
        case .malformed: return "limbo.malformed"
        case .unwritable: return "limbo.unwritable"
        case .nothingSelected: return "limbo.nothingSelected"
        }
    }

    public var errorDescription: String? { description }

    public var description: String {
        switch self {
        case .unreadable(let path, let problem): return "\(path): cannot read: \(problem)"
        case .malformed(let source, let problem): return "\(source): not a valid x509-limbo file: \(problem)"
        case .unwritable(let path, let problem): return "\(path): cannot write: \(problem)"
        case .nothingSelected(let includes):
            return "--include " + includes.map { "'\($0)'" }.joined(separator: ", ") + " matches no testcase id"
        }
    }

    /// A DecodingError in words, with the JSON path where it happened.
    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let components = context.codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }
            return components.isEmpty ? "top level" : components.joined()
        }
        switch error {
        case .typeMismatch(let type, let context):
            return "\(path(context)): expected \(type): \(context.debugDescription)"
        case .valueNotFound(let type, let context):
            return "\(path(context)): missing \(type) value"
        case .keyNotFound(let key, let context):
            return "\(path(context)): missing key \"\(key.stringValue)\""
        case .dataCorrupted(let context):
            return "\(path(context)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}
