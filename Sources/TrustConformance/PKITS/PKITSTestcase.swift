import FoundationEssentials
import TrustEvaluation

/// One case of pyhanko-certvalidator's description of NIST PKITS (`pkits.json`):
/// `{"id": "40101", "name": "valid_signatures_test1", "cert": "...EE.crt", "other_certs": [...],
/// "crls": [...], "path_len": 3, "revocation": false, "params": {...}, "error": {...}}`.
///
/// Files are named relative to the suite's `certs/` and `crls/` folders. The trust anchor
/// (TrustAnchorRootCertificate.crt) and its CRL are implicit, as in pyhanko's runner.
public struct PKITSTestcase: Decodable, Sendable, Hashable {
    /// PKITS's test number as five digits: "40101" is test 4.1.1.
    public var number: String
    /// pyhanko's name of the case; one PKITS test can appear under several names (with other inputs).
    public var name: String
    /// The end-entity certificate.
    public var cert: String
    /// Intermediates offered to the path builder, in no particular order.
    public var otherCerts: [String]
    /// CRLs besides the trust anchor's.
    public var crls: [String]
    /// The length of the path pyhanko expects to build, anchor and leaf included.
    public var pathLength: Int
    /// The intermediates of a path pyhanko fixes in advance (the name-chaining cases, where no path
    /// should be found); offered to the path builder with `otherCerts`.
    public var pathIntermediates: [String]
    /// false: revocation is not checked (pyhanko's "hard-fail": used when present, never required);
    /// true (the default): every certificate below the anchor needs a revocation answer ("require").
    public var checksRevocation: Bool
    /// The RFC 5280 §6.1.1 policy inputs; absent: RFC 5280's defaults.
    public var parameters: PKITSParameters?
    /// The expected failure; nil: the path must validate.
    public var error: PKITSExpectedError?

    enum CodingKeys: String, CodingKey {
        case number = "id", name, cert, otherCerts = "other_certs", crls, pathLength = "path_len"
        case pathIntermediates = "path_intermediates", checksRevocation = "revocation", parameters = "params", error
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        number = try container.decode(String.self, forKey: .number)
        name = try container.decode(String.self, forKey: .name)
        cert = try container.decode(String.self, forKey: .cert)
        otherCerts = try container.decodeIfPresent([String].self, forKey: .otherCerts) ?? []
        crls = try container.decodeIfPresent([String].self, forKey: .crls) ?? []
        pathLength = try container.decode(Int.self, forKey: .pathLength)
        pathIntermediates = try container.decodeIfPresent([String].self, forKey: .pathIntermediates) ?? []
        checksRevocation = try container.decodeIfPresent(Bool.self, forKey: .checksRevocation) ?? true
        parameters = try container.decodeIfPresent(PKITSParameters.self, forKey: .parameters)
        error = try container.decodeIfPresent(PKITSExpectedError.self, forKey: .error)
        guard number.count == 5, number.allSatisfy(\.isASCII), number.allSatisfy(\.isNumber) else {
            throw DecodingError.dataCorruptedError(forKey: .number, in: container,
                                                   debugDescription: "\"\(number)\" is not a five-digit PKITS test number")
        }
    }

    /// PKITS's section, "4.1" … "4.16".
    public var section: String {
        let digits = Array(number)
        return "\(digits[0]).\(Int(String(digits[1...2]))!)"
    }

    /// PKITS's test number, "4.1.1".
    public var testNumber: String { "\(section).\(Int(String(Array(number)[3...4]))!)" }

    /// A unique id: the section as namespace (so that `LimboSummary` counts by section), the test number
    /// and pyhanko's name, e.g. "4.1::4.1.1 valid_signatures_test1".
    public var id: String { "\(section)::\(testNumber) \(name)" }

    public var expectedResult: LimboTestcase.ExpectedResult { error == nil ? .success : .failure }
}
