import Foundation
import TrustCertificates

/// Apple's SecCertificate: an X.509 certificate parsed once into an immutable value.
///
/// Equality and hashing are by DER bytes, as Apple's CFEqual (anchor membership uses the same rule).
public final class SecCertificate: Sendable, Hashable, CustomStringConvertible {
    /// The parsed certificate the engine evaluates.
    public let certificate: Certificate
    /// SecCertificateCopyKey's result, computed once (Apple caches it per certificate too).
    let key: SecKey?

    /// Wraps a certificate TrustCertificates has already parsed, and extracts its public key once.
    /// Unlike ``SecCertificateCreateWithData(_:_:)`` this applies none of Apple's extra encoding rules
    /// (version, serial-number length, empty extensions), so it accepts certificates Apple's parser refuses.
    public init(certificate: Certificate) {
        self.certificate = certificate
        self.key = SecKey(publicKey: certificate.publicKey)
    }

    var summary: String? { certificate.subjectSummary }

    /// Apple's debug form, `<cert(…) s: subject i: issuer>`: the subject summary and the issuer's last
    /// common name (else its RFC 4514 string), with the object identifier where Apple prints the address.
    public var description: String {
        let issuerSummary = certificate.issuer.commonNames.last ?? certificate.issuer.rfc4514
        return "<cert(\(ObjectIdentifier(self))) s: \(summary ?? "") i: \(issuerSummary)>"
    }

    public static func == (lhs: SecCertificate, rhs: SecCertificate) -> Bool { lhs.certificate == rhs.certificate }
    public func hash(into hasher: inout Hasher) { hasher.combine(certificate) }
}

/// Parses a DER-encoded X.509 certificate. PEM, anything unparseable and what Apple's parser refuses
/// (AppleCertificateEncodingRules) give nil; bytes after the certificate's outer SEQUENCE are ignored,
/// as Apple does. The allocator is ignored.
@discardableResult
public func SecCertificateCreateWithData(_ allocator: CFAllocator?, _ data: CFData) -> SecCertificate? {
    guard let certificate = try? Certificate(der: [UInt8](data)), AppleCertificateEncodingRules.accepts(certificate) else {
        return nil
    }
    return SecCertificate(certificate: certificate)
}

/// The certificate's DER, without any trailing bytes the input had.
@discardableResult
public func SecCertificateCopyData(_ certificate: SecCertificate) -> CFData {
    Data(certificate.certificate.der)
}

/// A human-readable name for the certificate (apple-sectrust.md §5.3): the common names (newest first),
/// else an email address, a DNS name, or the organisational unit / organisation. nil for an empty subject.
@discardableResult
public func SecCertificateCopySubjectSummary(_ certificate: SecCertificate) -> CFString? {
    certificate.summary
}

/// The **last** common name of the subject. No common name: `errSecInternal` and `commonName` untouched.
@discardableResult
public func SecCertificateCopyCommonName(
    _ certificate: SecCertificate, _ commonName: UnsafeMutablePointer<CFString?>
) -> OSStatus {
    guard let last = certificate.certificate.commonNames.last else { return errSecInternal }
    commonName.pointee = last
    return errSecSuccess
}

/// The email addresses of the certificate: SAN rfc822Names, then subject emailAddress attributes.
@discardableResult
public func SecCertificateCopyEmailAddresses(
    _ certificate: SecCertificate, _ emailAddresses: UnsafeMutablePointer<CFArray?>
) -> OSStatus {
    emailAddresses.pointee = certificate.certificate.emailAddresses
    return errSecSuccess
}

/// The content bytes of the serial number's DER INTEGER, exactly (a leading 00 sign byte is kept).
@discardableResult
public func SecCertificateCopySerialNumberData(
    _ certificate: SecCertificate, _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> CFData? {
    Data(certificate.certificate.serialNumber)
}

/// The certificate's public key: RSA or EC P-256/P-384/P-521; nil for other key types.
@discardableResult
public func SecCertificateCopyKey(_ certificate: SecCertificate) -> SecKey? {
    certificate.key
}

/// iOS 10.3–12's name for SecCertificateCopyKey (macOS had a different, OSStatus-returning signature).
@available(*, deprecated, message: "Use SecCertificateCopyKey")
@available(iOS, introduced: 10.3, deprecated: 12.0, message: "Use SecCertificateCopyKey")
@discardableResult
public func SecCertificateCopyPublicKey(_ certificate: SecCertificate) -> SecKey? {
    SecCertificateCopyKey(certificate)
}

/// The notBefore date (iOS 18+).
@discardableResult
public func SecCertificateCopyNotValidBeforeDate(_ certificate: SecCertificate) -> CFDate? {
    certificate.certificate.notBefore
}

/// The notAfter date (iOS 18+).
@discardableResult
public func SecCertificateCopyNotValidAfterDate(_ certificate: SecCertificate) -> CFDate? {
    certificate.certificate.notAfter
}
