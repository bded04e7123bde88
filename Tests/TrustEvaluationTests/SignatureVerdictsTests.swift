import Foundation
import Testing
import TrustCertificates
@testable import TrustEvaluation

/// A path search's own memo of signature verdicts: the same answers whether it still searches its few
/// verdicts one by one or has moved them to a dictionary.
@Suite struct SignatureVerdictsTests {
    /// Distinct certificates from the path builder's fixtures, each pair of them one memo key.
    static func certificates() throws -> [Certificate] {
        try ["cross-leaf.pem", "cross-intermediate.pem", "new-root.pem", "old-root.pem", "new-by-old.pem"]
            .flatMap(PathBuilderTests.load)
    }

    /// A verdict that differs between a pair and its reverse, so that a swapped key would show.
    static func expected(_ subject: Int, _ issuer: Int) -> Bool { (subject * 3 + issuer) % 2 == 0 }

    @Test func everyRecordedVerdictIsFoundAndNoOtherBeforeAndAfterTheMoveToADictionary() throws {
        let certificates = try Self.certificates()
        let pairs = certificates.indices.flatMap { subject in certificates.indices.map { (subject, $0) } }
        #expect(pairs.count > 16, "enough pairs to pass the linear limit twice")
        var verdicts = SignatureVerdicts()
        for (recorded, (subject, issuer)) in pairs.enumerated() {
            #expect(verdicts.verdict(certificates[subject], issuedBy: certificates[issuer]) == nil)
            verdicts.record(Self.expected(subject, issuer), certificates[subject], issuedBy: certificates[issuer])
            for (index, (otherSubject, otherIssuer)) in pairs.enumerated() {
                let found = verdicts.verdict(certificates[otherSubject], issuedBy: certificates[otherIssuer])
                #expect(found == (index <= recorded ? Self.expected(otherSubject, otherIssuer) : nil),
                        "after \(recorded + 1) verdicts, pair \(otherSubject)→\(otherIssuer)")
            }
        }
    }

    /// Keys are the certificates' bytes, not the objects: a second parse of the same DER finds the verdict.
    @Test func aCertificateParsedAgainFindsTheVerdictOfItsFirstParse() throws {
        let certificates = try Self.certificates()
        let again = try certificates.map { try Certificate(der: $0.der) }
        var verdicts = SignatureVerdicts()
        verdicts.record(true, certificates[0], issuedBy: certificates[1])
        verdicts.record(false, certificates[1], issuedBy: certificates[2])
        #expect(verdicts.verdict(again[0], issuedBy: again[1]) == true)
        #expect(verdicts.verdict(again[1], issuedBy: again[2]) == false)
        #expect(verdicts.verdict(again[1], issuedBy: again[0]) == nil)
    }
}
