import Dispatch
import Foundation
import SecTrustCompat

/// The functions Apple deprecated, for tests of their behaviour. SecTrustCompat marks them
/// `@available(*, deprecated)` as Apple does, so a direct call warns; these forwarders are deprecated members
/// reached through a protocol, which keeps the test build free of warnings while the calls stay Apple's.
/// `legacy.SecTrustEvaluate(trust, &result)` is `SecTrustEvaluate(trust, &result)`; results are discardable
/// like those of the C functions.
protocol DeprecatedFunctions: Sendable {
    @discardableResult func SecTrustEvaluate(_ trust: SecTrust, _ result: UnsafeMutablePointer<SecTrustResultType>) -> OSStatus
    @discardableResult func SecTrustEvaluateAsync(_ trust: SecTrust, _ queue: DispatchQueue?, _ result: @escaping SecTrustCallback)
        -> OSStatus
    @discardableResult func SecTrustGetCertificateAtIndex(_ trust: SecTrust, _ ix: CFIndex) -> SecCertificate?
    @discardableResult func SecTrustCopyPublicKey(_ trust: SecTrust) -> SecKey?
    @discardableResult func SecTrustCopyProperties(_ trust: SecTrust) -> CFArray?
    @discardableResult func SecCertificateCopyPublicKey(_ certificate: SecCertificate) -> SecKey?
}

let legacy: any DeprecatedFunctions = Forwarders()

private struct Forwarders: DeprecatedFunctions {
    @available(*, deprecated)
    func SecTrustEvaluate(_ trust: SecTrust, _ result: UnsafeMutablePointer<SecTrustResultType>) -> OSStatus {
        SecTrustCompat.SecTrustEvaluate(trust, result)
    }

    @available(*, deprecated)
    func SecTrustEvaluateAsync(_ trust: SecTrust, _ queue: DispatchQueue?, _ result: @escaping SecTrustCallback)
        -> OSStatus
    {
        SecTrustCompat.SecTrustEvaluateAsync(trust, queue, result)
    }

    @available(*, deprecated)
    func SecTrustGetCertificateAtIndex(_ trust: SecTrust, _ ix: CFIndex) -> SecCertificate? {
        SecTrustCompat.SecTrustGetCertificateAtIndex(trust, ix)
    }

    @available(*, deprecated)
    func SecTrustCopyPublicKey(_ trust: SecTrust) -> SecKey? { SecTrustCompat.SecTrustCopyPublicKey(trust) }

    @available(*, deprecated)
    func SecTrustCopyProperties(_ trust: SecTrust) -> CFArray? { SecTrustCompat.SecTrustCopyProperties(trust) }

    @available(*, deprecated)
    func SecCertificateCopyPublicKey(_ certificate: SecCertificate) -> SecKey? {
        SecTrustCompat.SecCertificateCopyPublicKey(certificate)
    }
}
