import Foundation
import SecTrustCompat
import Testing

// Call sites written the way code for Apple's SDK writes them: this file compiling (without warnings) is half
// of each test, the runtime assertions the other half. Only the imports differ from an iOS source file.
// What makes each form compile is in the declaration table of SwiftInterfaceTests.

/// iOS 13+ style: `&error`, `nil` errors, `if let` / `guard let` / `?.` on the optionals and implicitly
/// unwrapped optionals Apple's Swift import produces.
struct ModernPinningCode {
    /// SPKI-style pin material of every certificate of the evaluated chain, CFArray walked as iOS code does.
    static func chainKeys(_ trust: SecTrust) -> [Data] {
        guard let chain = SecTrustCopyCertificateChain(trust) else { return [] }
        var keys: [Data] = []
        for index in 0..<CFArrayGetCount(chain) {
            let certificate = unsafeBitCast(CFArrayGetValueAtIndex(chain, index), to: SecCertificate.self)
            guard CFGetTypeID(certificate) == SecCertificateGetTypeID(),
                  let key = SecCertificateCopyKey(certificate),
                  let data = SecKeyCopyExternalRepresentation(key, nil) as Data?
            else { continue }
            keys.append(data)
        }
        return keys
    }

    /// The verdict and what a log line would say about a failure.
    static func evaluate(_ trust: SecTrust) -> (trusted: Bool, domain: String?, code: Int, description: String?) {
        var error: CFError?
        let trusted = SecTrustEvaluateWithError(trust, &error)
        var domain: String?
        if let errorDomain = CFErrorGetDomain(error) { domain = errorDomain as String }
        let code = CFErrorGetCode(error)  // an optional for the implicitly unwrapped parameter
        var description: String?
        if let text = CFErrorCopyDescription(error) { description = text as String }
        return (trusted, domain, code, description)
    }

    static func leafSummary(_ trust: SecTrust) -> String? {
        (SecTrustCopyCertificateChain(trust) as? [SecCertificate])?.first
            .flatMap { SecCertificateCopySubjectSummary($0) as String? }?.lowercased()
    }

    /// Alamofire's RevocationTrustEvaluator: an OptionSet over Apple's CFOptionFlags constants.
    struct RevocationOptions: OptionSet {
        let rawValue: CFOptionFlags
        static let ocsp = RevocationOptions(rawValue: kSecRevocationOCSPMethod)
        static let crl = RevocationOptions(rawValue: kSecRevocationCRLMethod)
        static let requirePositiveResponse = RevocationOptions(rawValue: kSecRevocationRequirePositiveResponse)
        static let any = RevocationOptions(rawValue: kSecRevocationUseAnyAvailableMethod)
    }

    static func evaluateWithRevocation(_ trust: SecTrust, host: String, options: RevocationOptions) -> Bool {
        guard let revocation = SecPolicyCreateRevocation(options.rawValue) else { return false }
        SecTrustSetPolicies(trust, [SecPolicyCreateSSL(true, host as CFString), revocation] as CFArray)
        return SecTrustEvaluateWithError(trust, nil)
    }
}

/// iOS ≤ 12 style, with the functions Apple deprecated. The calls are in deprecated members reached through
/// a protocol, so the deprecation warnings they earn (as on Apple) do not reach the test build.
protocol LegacyPinningCode {
    func evaluate(_ trust: SecTrust) -> (status: OSStatus, result: SecTrustResultType)
    func chainKeys(_ trust: SecTrust) -> [SecKey]
    func leafKey(_ trust: SecTrust) -> SecKey?
}

struct IOS12PinningCode: LegacyPinningCode {
    @available(*, deprecated)
    func evaluate(_ trust: SecTrust) -> (status: OSStatus, result: SecTrustResultType) {
        var result = SecTrustResultType.invalid
        let status = SecTrustEvaluate(trust, &result)
        return (status, result)
    }

    @available(*, deprecated)
    func chainKeys(_ trust: SecTrust) -> [SecKey] {
        var keys: [SecKey] = []
        for index in 0..<SecTrustGetCertificateCount(trust) {
            if let certificate = SecTrustGetCertificateAtIndex(trust, index),
               let key = SecCertificateCopyPublicKey(certificate)
            {
                keys.append(key)
            }
        }
        return keys
    }

    @available(*, deprecated)
    func leafKey(_ trust: SecTrust) -> SecKey? { SecTrustCopyPublicKey(trust) }
}

@Suite("Apple-style call sites compile and behave")
struct AppleCallSitesCompileTests {
    let legacyCode: any LegacyPinningCode = IOS12PinningCode()

    @Test("unsafeBitCast(CFArrayGetValueAtIndex(chain, i), to: SecCertificate.self) walks the chain")
    func chainWalk() throws {
        let keys = ModernPinningCode.chainKeys(Fixtures.serverTrust())
        let expected = [Fixtures.leaf, Fixtures.intermediate, Fixtures.root].map {
            SecKeyCopyExternalRepresentation(SecCertificateCopyKey($0)!, nil)! as Data
        }
        #expect(keys == expected)
    }

    @Test("A trusted chain: true, and the nil error reads as nil domain, code 0, nil description")
    func trustedVerdict() {
        let verdict = ModernPinningCode.evaluate(Fixtures.serverTrust())
        #expect(verdict.trusted)
        #expect(verdict.domain == nil && verdict.code == 0 && verdict.description == nil)
    }

    @Test("An untrusted chain: if let domain / CFErrorGetCode(optional) / if let description")
    func untrustedVerdict() {
        let verdict = ModernPinningCode.evaluate(Fixtures.serverTrust(host: "other.trustcheck.test"))
        #expect(!verdict.trusted)
        #expect(verdict.domain == "NSOSStatusErrorDomain")
        #expect(verdict.code == Int(errSecHostNameMismatch))
        #expect(verdict.description == "\u{201C}www.trustcheck.test\u{201D} certificate name does not match input")
    }

    @Test("Optional chaining over the chain copy")
    func optionalChaining() {
        #expect(ModernPinningCode.leafSummary(Fixtures.serverTrust()) == "www.trustcheck.test")
    }

    @Test("Alamofire's revocation options: best effort passes, a required positive answer cannot be had")
    func revocationOptions() {
        #expect(ModernPinningCode.evaluateWithRevocation(Fixtures.serverTrust(), host: Fixtures.leafHost, options: .any))
        #expect(!ModernPinningCode.evaluateWithRevocation(
            Fixtures.serverTrust(), host: Fixtures.leafHost, options: [.ocsp, .requirePositiveResponse]))
    }

    @Test("iOS 12 code: SecTrustEvaluate, SecTrustGetCertificateAtIndex, SecCertificateCopyPublicKey, SecTrustCopyPublicKey")
    func legacyCalls() {
        let trust = Fixtures.serverTrust()
        let evaluation = legacyCode.evaluate(trust)
        #expect(evaluation.status == errSecSuccess && evaluation.result == .unspecified)
        let keys = legacyCode.chainKeys(trust)
        #expect(keys == [Fixtures.leaf, Fixtures.intermediate, Fixtures.root].map { SecCertificateCopyKey($0)! })
        #expect(legacyCode.leafKey(trust) == SecCertificateCopyKey(Fixtures.leaf))

        let wrongHost = legacyCode.evaluate(Fixtures.serverTrust(host: "other.trustcheck.test"))
        #expect(wrongHost.status == errSecSuccess && wrongHost.result == .recoverableTrustFailure)
    }
}
