import CertificateFixtures
import Testing

typealias Fixtures = CertificateFixtures

extension ExpectedCertificate: CustomTestStringConvertible {
    public var testDescription: String { label }
}
