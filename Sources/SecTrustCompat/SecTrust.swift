import Foundation
import TrustCertificates
import TrustEvaluation

/// Apple's SecTrust: certificates, policies and settings to evaluate, and the cached result.
///
/// `@unchecked Sendable`: every mutable field lives in `state`, which is only read or written with `lock`
/// held (Apple's SecTrust serialises the same way, on a private dispatch queue). Everything `state` holds is
/// itself Sendable, and nothing hands out references into it. An evaluation runs with the lock held, so
/// concurrent calls on one trust object evaluate once and then share the cached result; different trust
/// objects evaluate in parallel.
public final class SecTrust: @unchecked Sendable, CustomStringConvertible {
    struct State {
        /// Element 0 is the leaf; the rest are unordered path-building hints.
        var certificates: [SecCertificate]
        var policies: [SecPolicy]
        /// nil: none set (or set to NULL). Empty: trust nothing.
        var customAnchors: [SecCertificate]?
        var anchorsOnly = false
        var verifyDate: Date?
        var exceptions: TrustExceptions?
        /// Set by SecTrustSetNetworkFetchAllowed; nil: the policies' default.
        var networkFetchSetting: Bool?
        /// DER OCSPResponses from SecTrustSetOCSPResponse, as given (parsed at each evaluation; see there).
        var ocspResponses: [Data] = []
        /// CRLs from SecTrustSetCRLs, parsed when set (those that did not parse are kept as unreadable).
        var crls: [CRLFile] = []
        /// The cached result; nil when it must be (re)computed.
        var outcome: Outcome?

        /// As set, else the NoNetworkAccess option of the last policy that has one (BasicX509: true, a revocation
        /// policy: its NetworkAccessDisabled flag), else allowed.
        var networkFetchAllowed: Bool {
            networkFetchSetting ?? !(policies.compactMap(\.noNetworkAccess).last ?? false)
        }

        /// The engine's policies: every policy but the revocation ones, which add a requirement instead
        /// (RevocationRequirement); a trust with nothing but revocation policies gets their BasicX509 rules.
        var trustPolicies: [TrustPolicy] {
            let checking = policies.filter { $0.revocation == nil }
            return (checking.isEmpty ? policies : checking).map(\.policy)
        }

        var requiresRevocationAnswers: Bool { policies.contains { $0.revocation?.requiresPositiveResponse == true } }
    }

    /// One evaluation, after exceptions.
    struct Outcome: Sendable {
        let result: SecTrustResultType
        /// The chosen path, or the best failing one. Leaf first; never empty.
        let chain: [SecCertificate]
        /// Failed checks left after exceptions.
        let failures: [TrustFailure]
        /// The primary error; nil when trusted.
        let report: TrustFailureReport?
        let verifyDate: Date
        /// The engine established the revocation status of every certificate below the top of `chain`.
        let revocationCheckedForEveryCertificate: Bool
        /// When the first revocation answer used expires (see `TrustEvaluationResult.revocationValidUntil`).
        let revocationValidUntil: Date?
        /// The engine's evaluation this outcome was made from, before exceptions.
        let evaluation: TrustEvaluationResult
    }

    private let lock = NSLock()
    private var state: State

    init(certificates: [SecCertificate], policies: [SecPolicy]) {
        state = State(certificates: certificates, policies: policies)
    }

    /// `<SecTrustRef: …>`, naming the object (not its certificates or result), for logs.
    public var description: String { "<SecTrustRef: \(ObjectIdentifier(self))>" }

    // MARK: State access

    func read<T>(_ body: (State) -> T) -> T {
        lock.locked { body(state) }
    }

    /// Changes settings and invalidates the cached result, as every Apple setter does.
    func update<T>(_ body: (inout State) -> T) -> T {
        modify { (body(&$0), invalidate: true) }
    }

    /// Changes settings, invalidating the cached result only if `body` says so.
    func modify<T>(_ body: (inout State) -> (value: T, invalidate: Bool)) -> T {
        lock.locked {
            let (value, invalidate) = body(&state)
            if invalidate { state.outcome = nil }
            return value
        }
    }

    var leaf: SecCertificate { read { $0.certificates[0] } }

    /// SecTrustGetVerifyTime: the verify date, pinning "now" on first use.
    func verifyDate() -> Date {
        lock.locked { Self.pinVerifyDate(&state) }
    }

    private static func pinVerifyDate(_ state: inout State) -> Date {
        if let date = state.verifyDate { return date }
        let now = Date()
        state.verifyDate = now
        return now
    }

    // MARK: Evaluation

    /// SecTrustEvaluateIfNecessary: the cached outcome, or a new evaluation that is then cached.
    func evaluate() -> Outcome {
        lock.locked {
            if let outcome = state.outcome { return outcome }
            let outcome = Self.evaluate(&state, applyingExceptions: true)
            state.outcome = outcome
            return outcome
        }
    }

    /// The cached outcome if there is one, without evaluating.
    var cachedOutcome: Outcome? { read { $0.outcome } }

    /// An evaluation that ignores any exceptions (SecTrustCopyExceptions); cached only when no exceptions are
    /// set, since then it is the ordinary result.
    func evaluateIgnoringExceptions() -> Outcome {
        lock.locked {
            if state.exceptions == nil {
                if let outcome = state.outcome { return outcome }
                let outcome = Self.evaluate(&state, applyingExceptions: true)
                state.outcome = outcome
                return outcome
            }
            return Self.evaluate(&state, applyingExceptions: false)
        }
    }

    private static func evaluate(_ state: inout State, applyingExceptions: Bool) -> Outcome {
        let time = pinVerifyDate(&state)
        let custom = state.customAnchors.map { CertificateStore($0.map(\.certificate)) }
        let anchors = TrustAnchors(custom: custom, anchorsOnly: state.anchorsOnly, system: SystemAnchors.shared.store)
        // Apple ignores a stapled response that does not parse, as one that is not the certificate's.
        let stapled = state.ocspResponses.compactMap { try? OCSPResponse(der: Array($0)) }
        // RequirePositiveResponse: every certificate below the top needs an answer, from a used stapled
        // response or from CRLs covering every reason (nothing is fetched).
        let evaluator = TrustEvaluator(anchors: anchors, policies: state.trustPolicies, crls: CRLStore(state.crls),
                                       ocspResponses: stapled, revocation: state.requiresRevocationAnswers ? .require : .soft)
        let result = evaluator.evaluate(
            leaf: state.certificates[0].certificate,
            intermediates: state.certificates.dropFirst().map(\.certificate),
            at: time)

        // Hand back the caller's own certificate objects where the chain uses them.
        var known: [Certificate: SecCertificate] = [:]
        for certificate in state.certificates + (state.customAnchors ?? []) where known[certificate.certificate] == nil {
            known[certificate.certificate] = certificate
        }
        var chain = result.certificates.map { known[$0] ?? SecCertificate(certificate: $0) }
        if chain.isEmpty { chain = [state.certificates[0]] }

        let found = result.failures
        let exceptions = applyingExceptions ? state.exceptions : nil
        let failures = exceptions.map { $0.remainingFailures(found, chain: chain) } ?? found
        let engineVerdictStands = failures == result.failures
        let resultType: SecTrustResultType
        if failures.isEmpty {
            // Apple: a chain that passes while exceptions are set is Proceed, whether or not anything was excepted.
            resultType = exceptions != nil ? .proceed : SecTrustResultType(result.resultType)
        } else if failures.contains(where: { $0.check.isFatal }) {
            resultType = .fatalTrustFailure
        } else if engineVerdictStands {
            resultType = SecTrustResultType(result.resultType)
        } else {
            resultType = .recoverableTrustFailure
        }

        let report: TrustFailureReport?
        if resultType.isTrusted {
            report = nil
        } else if engineVerdictStands, let error = result.error {
            report = TrustFailureReport(error)
        } else if let rebuilt = TrustFailureReport(failures: failures, summaries: chain.map { $0.summary ?? "" }) {
            report = rebuilt
        } else {
            // Apple's SecTrustCopyErrorStrings with no details: errSecInternalError, the "unknown" sentence.
            report = TrustFailureReport(
                code: errSecInternalError,
                message: TrustErrorSubtype.invalid.message(summary: chain[0].summary ?? ""))
        }
        return Outcome(result: resultType, chain: chain, failures: failures, report: report, verifyDate: time,
                       revocationCheckedForEveryCertificate: result.isRevocationCheckedForEveryCertificate,
                       revocationValidUntil: result.revocationValidUntil, evaluation: result)
    }
}

extension SecTrust {
    /// The engine's evaluation behind the trust's current result, evaluating first when the result is not
    /// cached (as SecTrustEvaluateWithError does), for the package's pinning layers that judge the evaluated
    /// chain themselves (TrustKitCompat). It is the evaluation before any SecTrustSetExceptions.
    package func engineEvaluation() -> TrustEvaluationResult { evaluate().evaluation }
}

extension SecTrust.Outcome {
    /// TrustResultDetails: one dictionary per chain position, failed check name → false.
    var details: [[String: Any]] {
        chain.indices.map { index in
            var detail: [String: Any] = [:]
            for failure in failures where failure.index == index { detail[failure.check.rawValue] = false }
            return detail
        }
    }

    /// SecTrustCopyResult's revocation keys, as Apple's SecPathBuilderReportResult sets them: only for a
    /// trusted result whose every certificate below the top had its revocation checked,
    /// `kSecTrustRevocationChecked` true and, when every answer used has a nextUpdate,
    /// `kSecTrustRevocationValidUntilDate` the earliest of them. (Apple's false value is for an EV chain
    /// whose revocation could not be checked; TrustCheck recognises no EV, so it never reports false.)
    var revocationInfo: [CFString: Any] {
        guard result.isTrusted, revocationCheckedForEveryCertificate else { return [:] }
        var info: [CFString: Any] = [kSecTrustRevocationChecked: true]
        if let revocationValidUntil { info[kSecTrustRevocationValidUntilDate] = revocationValidUntil }
        return info
    }

    /// The CFError SecTrustEvaluateWithError reports; nil when trusted.
    var error: CFError? { report.map(SecErrors.trustError) }
}
