import FuzzSupport
import TrustCertificates

// Revocation data from the network: the first byte chooses the parser, the rest is its input.
//   even: a CRL file (DER or PEM, one or many) through CRLLoader, each CRL's entries looked up;
//   odd:  an OCSP response (DER) through OCSPResponse(der:).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRevocation(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = FuzzDriver.bytes(data, size)
    guard let selector = bytes.first else { return 0 }
    let input = Array(bytes.dropFirst())
    if selector % 2 == 0 {
        guard let file = try? CRLLoader.file(in: input, from: "fuzz-input") else { return 0 }
        for crl in file.crls.prefix(4) {
            _ = crl.description
            _ = crl.number
            if let first = crl.revokedCertificates.first { _ = crl.entry(forSerialNumber: first.serialNumber) }
        }
    } else {
        guard let response = try? OCSPResponse(der: input) else { return 0 }
        _ = response.description
        for certificate in response.certificates.prefix(2) { _ = response.isSigned(by: certificate) }
    }
    return 0
}

FuzzDriver.main(name: "Revocation", fuzzRevocation)
