import FuzzSupport
import Pinning
import TrustCertificates

// Certificates as users' files and servers' chains reach the engine: DER, PEM (one or many, with text around
// them) and bundles, through CertificateLoader; then what the engine does with each one it read: its text
// form, its pin, and its signature checked against its own key (the key handed to GnuTLS).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCertificates(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = FuzzDriver.bytes(data, size)
    guard let certificates = try? CertificateLoader.certificates(in: bytes, from: "fuzz-input") else { return 0 }
    for certificate in certificates.prefix(4) {
        _ = certificate.description
        _ = certificate.issuerNames
        _ = PublicKeyPin(of: certificate)
        _ = certificate.isSigned(by: certificate)
    }
    return 0
}

FuzzDriver.main(name: "Certificates", fuzzCertificates)
