import Dispatch
import Foundation
import TrustCertificates
import TrustEvaluation

/// Called with the result of SecTrustEvaluateAsync, on the queue given to it.
public typealias SecTrustCallback = (SecTrust, SecTrustResultType) -> Void
/// Called with the result of SecTrustEvaluateAsyncWithError, on the queue given to it.
public typealias SecTrustWithErrorCallback = (SecTrust, Bool, CFError?) -> Void

// SecTrustCopyResult keys.
/// `kSecTrustResultValue` ("TrustResultValue"): the SecTrustCopyResult key of the result type, an
/// NSNumber holding the ``SecTrustResultType`` raw value.
public let kSecTrustResultValue: CFString = "TrustResultValue"
/// Apple SPI (SecTrustPriv.h), public here: the per-certificate failed checks.
public let kSecTrustResultDetails: CFString = "TrustResultDetails"
/// `kSecTrustEvaluationDate` ("TrustEvaluationDate"): the SecTrustCopyResult key of the date the
/// chain was evaluated for: the verify date as set, or as the first evaluation pinned it.
public let kSecTrustEvaluationDate: CFString = "TrustEvaluationDate"
/// `kSecTrustExtendedValidation` ("TrustExtendedValidation"): Apple's SecTrustCopyResult key, true for
/// an Extended Validation chain. Never present: TrustCheck does not recognise EV.
public let kSecTrustExtendedValidation: CFString = "TrustExtendedValidation"
/// `kSecTrustOrganizationName` ("Organization"): Apple's SecTrustCopyResult key of an EV
/// certificate's organization. Never present.
public let kSecTrustOrganizationName: CFString = "Organization"
/// `kSecTrustRevocationChecked` ("TrustRevocationChecked"): Apple's SecTrustCopyResult key, true when the
/// chain is trusted and the revocation status of every certificate below the anchor was established (not
/// revoked) by the CRLs given with SecTrustSetCRLs or a stapled OCSP response (SecTrustSetOCSPResponse).
/// Absent otherwise: nothing is fetched, and Apple's false (an EV chain not checked) has no counterpart here.
public let kSecTrustRevocationChecked: CFString = "TrustRevocationChecked"
/// `kSecTrustRevocationValidUntilDate` ("TrustExpirationDate"): Apple's SecTrustCopyResult key of the
/// earliest nextUpdate of the revocation answers used (CRLs, their delta CRLs, stapled OCSP responses), a
/// date; present only beside ``kSecTrustRevocationChecked`` and when every answer used has a nextUpdate.
public let kSecTrustRevocationValidUntilDate: CFString = "TrustExpirationDate"
/// `kSecTrustCertificateTransparency` ("TrustCertificateTransparency"): Apple's SecTrustCopyResult
/// key, true when the chain met the Certificate Transparency policy. Never present: no CT here.
public let kSecTrustCertificateTransparency: CFString = "TrustCertificateTransparency"

// SecTrustCopyProperties keys.
/// `kSecPropertyKeyType` ("type"): the key of an entry's kind in SecTrustCopyProperties' array;
/// always ``kSecPropertyTypeError`` here.
public let kSecPropertyKeyType: CFString = "type"
/// `kSecPropertyKeyValue` ("value"): the key of an entry's value in SecTrustCopyProperties' array,
/// the failure's sentence (e.g. "Hostname mismatch.").
public let kSecPropertyKeyValue: CFString = "value"
/// `kSecPropertyTypeError` ("error"): the kind of an entry that describes a failure.
public let kSecPropertyTypeError: CFString = "error"

// MARK: - Creating and configuring

/// Creates a trust for `certificates` (one SecCertificate, or a non-empty array whose element 0 is the leaf
/// and the rest unordered intermediates) under `policies` (nil: SecPolicyCreateBasicX509(); one SecPolicy or a
/// non-empty array, all of which must pass). Anything else: `errSecParam` and `trust` untouched.
/// A new trust has no custom anchors (the system store is trusted) and no verify date.
@discardableResult
public func SecTrustCreateWithCertificates(
    _ certificates: CFTypeRef, _ policies: CFTypeRef?, _ trust: UnsafeMutablePointer<SecTrust?>
) -> OSStatus {
    let policyList = policies == nil ? [SecPolicyCreateBasicX509()] : SecTrustInput.policies(policies!)
    guard let certificateList = SecTrustInput.certificates(certificates), let policyList else { return errSecParam }
    trust.pointee = SecTrust(certificates: certificateList, policies: policyList)
    return errSecSuccess
}

/// Replaces the policies (one SecPolicy or a non-empty array of them).
@discardableResult
public func SecTrustSetPolicies(_ trust: SecTrust, _ policies: CFTypeRef) -> OSStatus {
    guard let policyList = SecTrustInput.policies(policies) else { return errSecParam }
    trust.update {
        $0.policies = policyList
        $0.networkFetchSetting = nil  // Apple keeps that flag in the policies' options
    }
    return errSecSuccess
}

/// The policies, as a new array holding the same policy objects.
@discardableResult
public func SecTrustCopyPolicies(_ trust: SecTrust, _ policies: UnsafeMutablePointer<CFArray?>) -> OSStatus {
    policies.pointee = trust.read { $0.policies }
    return errSecSuccess
}

/// Sets the custom anchors. Non-nil (even empty) turns the system store off as anchors (anchorsOnly = true;
/// an empty array trusts nothing); nil clears them and turns the system store back on. Elements that are not
/// SecCertificates: `errSecParam`, nothing changes.
@discardableResult
public func SecTrustSetAnchorCertificates(_ trust: SecTrust, _ anchorCertificates: CFArray?) -> OSStatus {
    var anchors: [SecCertificate]?
    if let anchorCertificates {
        let certificates = anchorCertificates.compactMap { $0 as? SecCertificate }
        guard certificates.count == anchorCertificates.count else { return errSecParam }
        anchors = certificates
    }
    trust.update {
        $0.customAnchors = anchors
        $0.anchorsOnly = anchors != nil
    }
    return errSecSuccess
}

/// true: only the custom anchors are trusted; false: custom anchors and the system store. Order matters:
/// SecTrustSetAnchorCertificates sets this flag too.
@discardableResult
public func SecTrustSetAnchorCertificatesOnly(_ trust: SecTrust, _ anchorCertificatesOnly: Bool) -> OSStatus {
    trust.update { $0.anchorsOnly = anchorCertificatesOnly }
    return errSecSuccess
}

/// The custom anchors, or nil (with `errSecSuccess`) when none are set.
@discardableResult
public func SecTrustCopyCustomAnchorCertificates(
    _ trust: SecTrust, _ anchors: UnsafeMutablePointer<CFArray?>
) -> OSStatus {
    anchors.pointee = trust.read { $0.customAnchors }
    return errSecSuccess
}

/// Evaluates at `verifyDate` instead of now.
@discardableResult
public func SecTrustSetVerifyDate(_ trust: SecTrust, _ verifyDate: CFDate) -> OSStatus {
    trust.update { $0.verifyDate = verifyDate }
    return errSecSuccess
}

/// The verify date as CFAbsoluteTime. If none was set this stores *now* into the trust and returns it, so
/// the first evaluation pins the date for later re-evaluations (Apple's code does this; its header says 0).
@discardableResult
public func SecTrustGetVerifyTime(_ trust: SecTrust) -> CFAbsoluteTime {
    trust.verifyDate().timeIntervalSinceReferenceDate
}

/// Records whether network fetching (AIA intermediates, OCSP) is allowed. TrustCheck never uses the
/// network, so this only changes what SecTrustGetNetworkFetchAllowed reports.
@discardableResult
public func SecTrustSetNetworkFetchAllowed(_ trust: SecTrust, _ allowFetch: Bool) -> OSStatus {
    trust.modify { state in
        // Apple re-evaluates only when fetching goes from disallowed to allowed.
        let invalidate = allowFetch && !state.networkFetchAllowed
        state.networkFetchSetting = allowFetch
        return ((), invalidate)
    }
    return errSecSuccess
}

/// Whether network fetching is allowed: as set, else false when a BasicX509 policy is present (Apple's
/// BasicX509 carries NoNetworkAccess) and true otherwise.
@discardableResult
public func SecTrustGetNetworkFetchAllowed(
    _ trust: SecTrust, _ allowFetch: UnsafeMutablePointer<DarwinBoolean>
) -> OSStatus {
    allowFetch.pointee = DarwinBoolean(trust.read(\.networkFetchAllowed))
    return errSecSuccess
}

// MARK: - Evaluating

/// Evaluates (or reuses the cached result) and stores the result type. Returns `errSecSuccess` even when
/// the chain is not trusted: the verdict is only in `result`.
@available(*, deprecated, message: "Use SecTrustEvaluateWithError")
@available(iOS, introduced: 2.0, deprecated: 13.0, message: "Use SecTrustEvaluateWithError")
@available(macOS, introduced: 10.3, deprecated: 10.15, message: "Use SecTrustEvaluateWithError")
@discardableResult
public func SecTrustEvaluate(_ trust: SecTrust, _ result: UnsafeMutablePointer<SecTrustResultType>) -> OSStatus {
    result.pointee = .invalid
    result.pointee = trust.evaluate().result
    return errSecSuccess
}

/// Evaluates and returns true only for `.proceed` and `.unspecified`; then `error` is set to nil. Otherwise
/// `error` gets a CFError in NSOSStatusErrorDomain whose code is the primary failure's OSStatus, whose
/// localized description is Apple's simple message (e.g. `“www.example.com” certificate name does not match
/// input`) and whose NSUnderlyingError (same domain and code) describes every failure per certificate.
/// Not `@discardableResult`: Apple declares it `__attribute__((warn_unused_result))`, so ignoring the verdict
/// warns, as it does on Apple platforms.
public func SecTrustEvaluateWithError(_ trust: SecTrust, _ error: UnsafeMutablePointer<CFError?>?) -> Bool {
    let outcome = trust.evaluate()
    error?.pointee = outcome.error
    return outcome.result.isTrusted
}

/// Evaluates off the calling thread and calls `result` exactly once on `queue`, which must be the queue
/// this is called on (checked, as Apple's dispatch_assert_queue does). When the result is already cached the
/// callback runs synchronously, before this returns, as on Apple platforms.
@discardableResult
public func SecTrustEvaluateAsyncWithError(
    _ trust: SecTrust, _ queue: DispatchQueue, _ result: @escaping SecTrustWithErrorCallback
) -> OSStatus {
    dispatchPrecondition(condition: .onQueue(queue))
    if let outcome = trust.cachedOutcome {
        result(trust, outcome.result.isTrusted, outcome.error)
        return errSecSuccess
    }
    let callback = CallbackOnQueue(result)
    DispatchQueue.global(qos: .userInitiated).async {
        let outcome = trust.evaluate()
        let trusted = outcome.result.isTrusted
        let error = outcome.error
        queue.async { callback.value(trust, trusted, error) }
    }
    return errSecSuccess
}

/// Evaluates on `queue` (the global queue when nil) and calls `result` there with the result type.
@available(*, deprecated, message: "Use SecTrustEvaluateAsyncWithError")
@available(iOS, introduced: 7.0, deprecated: 13.0, message: "Use SecTrustEvaluateAsyncWithError")
@available(macOS, introduced: 10.7, deprecated: 10.15, message: "Use SecTrustEvaluateAsyncWithError")
@discardableResult
public func SecTrustEvaluateAsync(
    _ trust: SecTrust, _ queue: DispatchQueue?, _ result: @escaping SecTrustCallback
) -> OSStatus {
    let callback = CallbackOnQueue(result)
    (queue ?? DispatchQueue.global()).async {
        callback.value(trust, trust.evaluate().result)
    }
    return errSecSuccess
}

/// The result type, evaluating first if needed (as Apple does since iOS 11).
@discardableResult
public func SecTrustGetTrustResult(_ trust: SecTrust, _ result: UnsafeMutablePointer<SecTrustResultType>) -> OSStatus {
    result.pointee = trust.evaluate().result
    return errSecSuccess
}

/// Evaluates if needed and returns `TrustResultValue` (NSNumber of the SecTrustResultType raw value),
/// `TrustResultDetails` (one dictionary per chain certificate: failed check name → false) and
/// `TrustEvaluationDate` (the verify date); for a trusted chain whose every certificate below the anchor had
/// its revocation status established, also ``kSecTrustRevocationChecked`` (true) and, when every answer
/// used has a nextUpdate, ``kSecTrustRevocationValidUntilDate`` (the earliest).
@discardableResult
public func SecTrustCopyResult(_ trust: SecTrust) -> CFDictionary? {
    let outcome = trust.evaluate()
    let result: [CFString: Any] = [
        kSecTrustResultValue: NSNumber(value: Int32(outcome.result.rawValue)),
        kSecTrustResultDetails: outcome.details,
        kSecTrustEvaluationDate: outcome.verifyDate,
    ]
    return result.merging(outcome.revocationInfo) { first, _ in first }
}

/// Apple's iOS-style property list of failure descriptions: `[{type: "error", value: sentence}]`, nil when
/// trusted.
@available(*, deprecated, message: "Use SecTrustEvaluateWithError")
@available(iOS, introduced: 2.0, deprecated: 15.0, message: "Use SecTrustEvaluateWithError")
@available(macOS, introduced: 10.7, deprecated: 12.0, message: "Use SecTrustEvaluateWithError")
@discardableResult
public func SecTrustCopyProperties(_ trust: SecTrust) -> CFArray? {
    let checks = Set(trust.evaluate().failures.map(\.check))
    var sentences: [String] = []
    if checks.contains(.idLinkage) {
        sentences = ["Invalid certificate chain linkage."]
    } else if checks.contains(.criticalExtensions) {
        sentences = ["One or more unsupported critical extensions found."]
    } else {
        let known: Set<CheckName> = [.anchorTrusted, .missingIntermediate, .sslHostname, .temporalValidity,
                                      .weakKeySize, .keySize, .weakSignature, .signatureHashAlgorithms]
        let rules: [(Bool, String)] = [
            (checks.contains(.anchorTrusted), "Root certificate is not trusted."),
            (checks.contains(.missingIntermediate), "Unable to build chain to root certificate."),
            (checks.contains(.sslHostname), "Hostname mismatch."),
            (!checks.subtracting(known).isEmpty, "Policy requirements not met."),
            (checks.contains(.temporalValidity), "One or more certificates have expired or are not valid yet."),
            (checks.contains(.weakKeySize) || checks.contains(.keySize),
             "One or more certificates is using a weak key size."),
            (checks.contains(.weakSignature) || checks.contains(.signatureHashAlgorithms),
             "One or more certificates is using a weak signature algorithm."),
        ]
        sentences = rules.filter(\.0).map(\.1)
    }
    guard !sentences.isEmpty else { return nil }
    return sentences.map { [kSecPropertyKeyType: kSecPropertyTypeError, kSecPropertyKeyValue: $0] as [String: Any] }
}

// MARK: - The chain

/// Evaluates if needed; the length of the chain (at least 1).
@discardableResult
public func SecTrustGetCertificateCount(_ trust: SecTrust) -> CFIndex {
    trust.evaluate().chain.count
}

/// Index 0: the input leaf, without evaluating. Other indexes evaluate first and return that element of the
/// chain; out of range (where Apple has no bounds check) gives nil.
@available(*, deprecated, message: "Use SecTrustCopyCertificateChain(_:)")
@available(iOS, introduced: 2.0, deprecated: 15.0, message: "Use SecTrustCopyCertificateChain(_:)")
@available(macOS, introduced: 10.7, deprecated: 12.0, message: "Use SecTrustCopyCertificateChain(_:)")
@discardableResult
public func SecTrustGetCertificateAtIndex(_ trust: SecTrust, _ ix: CFIndex) -> SecCertificate? {
    if ix == 0 { return trust.leaf }
    guard ix > 0 else { return nil }
    let chain = trust.evaluate().chain
    return ix < chain.count ? chain[ix] : nil
}

/// Evaluates if needed; the chosen chain, leaf first (the best failing chain when untrusted).
@discardableResult
public func SecTrustCopyCertificateChain(_ trust: SecTrust) -> CFArray? {
    trust.evaluate().chain
}

/// The input leaf's public key, without evaluating; nil for key types SecKey does not support.
@discardableResult
public func SecTrustCopyKey(_ trust: SecTrust) -> SecKey? {
    SecCertificateCopyKey(trust.leaf)
}

/// The leaf's public key (the same as SecTrustCopyKey).
@available(*, deprecated, message: "Use SecTrustCopyKey")
@available(iOS, introduced: 2.0, deprecated: 14.0, message: "Use SecTrustCopyKey")
@available(macOS, introduced: 10.7, deprecated: 11.0, message: "Use SecTrustCopyKey")
@discardableResult
public func SecTrustCopyPublicKey(_ trust: SecTrust) -> SecKey? {
    SecTrustCopyKey(trust)
}

// MARK: - Revocation data

/// Attaches stapled OCSP responses: one DER OCSPResponse as CFData, an array of them, or nil to remove them
/// (anything else: `errSecParam`, nothing changes). Invalidates the cached result, like every setter.
///
/// As on Apple, the responses are consumed at evaluation for every certificate below the top of the chain
/// whatever the policies: a usable one (signed by the certificate's issuer or a delegated responder,
/// current at the verify date, good or revoked) saying revoked fails trust with Revocation (fatal,
/// `errSecCertificateRevoked`); a usable one saying good answers a RequirePositiveResponse revocation policy
/// for its certificate. Responses that do not parse or are unusable (wrong signer or certificate, stale,
/// unknown status) are ignored. See TrustEvaluation's `OCSPCheck` and `OCSPResponseReport`.
@discardableResult
public func SecTrustSetOCSPResponse(_ trust: SecTrust, _ responseData: CFTypeRef?) -> OSStatus {
    guard let responses = SecTrustInput.dataItems(responseData) else { return errSecParam }
    trust.update { $0.ocspResponses = responses }
    return errSecSuccess
}

/// TrustCheck's own (Apple has no counterpart: trustd would fetch CRLs itself): attaches certificate
/// revocation lists, as CFData of one or more CRLs (DER, or PEM `X509 CRL` blocks), an array of them, or
/// nil to remove them. Anything else is `errSecParam`; data holding no CRL at all is `errSecDecode`;
/// either way nothing changes. Invalidates the cached result, like every setter.
///
/// The CRLs are processed as RFC 5280 §6.3 says (see TrustEvaluation's `CRLRevocationChecker`): a
/// certificate a usable CRL lists fails with Revocation (fatal, `errSecCertificateRevoked`); with a
/// `kSecRevocationRequirePositiveResponse` revocation policy, CRLs covering every reason answer for a
/// certificate as a used stapled response does, and a certificate neither answers fails with
/// RevocationResponseRequired (`errSecIncompleteCertRevocationCheck`).
@discardableResult
public func SecTrustSetCRLs(_ trust: SecTrust, _ crlData: CFTypeRef?) -> OSStatus {
    guard let items = SecTrustInput.dataItems(crlData) else { return errSecParam }
    var files: [CRLFile] = []
    for (index, data) in items.enumerated() {
        do {
            files.append(try CRLLoader.file(in: Array(data), from: "CRL data \(index + 1)"))
        } catch {
            return errSecDecode
        }
    }
    trust.update { $0.crls = files }
    return errSecSuccess
}

// MARK: - Exceptions

/// Evaluates without the current exceptions and returns a cookie that, given to SecTrustSetExceptions,
/// overrides exactly the recoverable failures seen now, for these certificates (see TrustExceptions).
@discardableResult
public func SecTrustCopyExceptions(_ trust: SecTrust) -> CFData? {
    let outcome = trust.evaluateIgnoringExceptions()
    return TrustExceptions.encode(chain: outcome.chain, failures: outcome.failures)
}

/// Installs a cookie from SecTrustCopyExceptions. Returns true when its first element names the current
/// leaf (by SHA-1); otherwise clears any exceptions and returns false. nil when none are set returns true.
@discardableResult
public func SecTrustSetExceptions(_ trust: SecTrust, _ exceptions: CFData?) -> Bool {
    let parsed = exceptions.flatMap(TrustExceptions.init(encoded:))
    return trust.update { state in
        if exceptions == nil && state.exceptions == nil { return true }
        if let parsed, parsed.matches(leaf: state.certificates[0]) {
            state.exceptions = parsed
            return true
        }
        state.exceptions = nil
        return false
    }
}

// MARK: - Input validation

enum SecTrustInput {
    /// CFData, an array of CFData, or nil (none); nil for anything else.
    static func dataItems(_ value: CFTypeRef?) -> [Data]? {
        switch value {
        case nil: return []
        case let data as Data: return [data]
        case let array as [Any]:
            let data = array.compactMap { $0 as? Data }
            return data.count == array.count ? data : nil
        default: return nil
        }
    }

    /// One SecCertificate or a non-empty array of them.
    static func certificates(_ value: Any) -> [SecCertificate]? {
        if let certificate = value as? SecCertificate { return [certificate] }
        guard let array = value as? [Any], !array.isEmpty else { return nil }
        let certificates = array.compactMap { $0 as? SecCertificate }
        return certificates.count == array.count ? certificates : nil
    }

    /// One SecPolicy or a non-empty array of them.
    static func policies(_ value: Any) -> [SecPolicy]? {
        if let policy = value as? SecPolicy { return [policy] }
        guard let array = value as? [Any], !array.isEmpty else { return nil }
        let policies = array.compactMap { $0 as? SecPolicy }
        return policies.count == array.count ? policies : nil
    }
}

/// A callback Apple's API takes without `@Sendable`, carried to the queue the caller named.
/// `@unchecked Sendable`: the callback is only ever invoked once, on that queue, which is Apple's contract
/// for these functions (SecTrustEvaluateAsyncWithError even requires being called on that queue).
private struct CallbackOnQueue<Callback>: @unchecked Sendable {
    let value: Callback
    init(_ value: Callback) { self.value = value }
}
