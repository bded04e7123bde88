import Foundation
import TrustCertificates

/// The certificates and CRL of Fixtures/model, written by its generate.py.
enum ModelFixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/model")

    static func certificate(_ name: String) throws -> Certificate {
        try CertificateLoader.load(path: directory.appendingPathComponent("\(name).pem").path)[0]
    }

    static func crl() throws -> CertificateRevocationList {
        try CRLLoader.load(path: directory.appendingPathComponent("ca.crl").path)[0]
    }
}
