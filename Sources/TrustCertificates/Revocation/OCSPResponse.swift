import FoundationEssentials

/// A successful DER OCSPResponse carrying a BasicOCSPResponse (RFC 6960 §4.2.1), parsed once, at
/// creation, into immutable values by TrustCheck's own DER reader (GnuTLS's OCSP object exposes
/// neither the signed bytes nor the certificates in a form the signature API takes).
///
/// Whether the response is any good — who signed it, whether it is current, which certificate it is
/// about — is for the caller to judge with `isSigned(by:)`, `authorizedResponders(for:)` and the
/// single responses; parsing only refuses bytes that are not a usable response at all.
public final class OCSPResponse: Sendable, Hashable, CustomStringConvertible {
    /// The OCSPResponse's DER encoding.
    public let der: [UInt8]
    /// SHA-256 of `der`.
    public let sha256: [UInt8]
    /// The responder's Name when the ResponderID is byName.
    public let responderName: DistinguishedName?
    /// The SHA-1 of the responder's public key when the ResponderID is byKey.
    public let responderKeyHash: [UInt8]?
    /// When the responder signed the response.
    public let producedAt: Date
    /// The single responses, in response order.
    public let responses: [OCSPSingleResponse]
    /// The certificates the responder sent to help verify its signature (a delegated responder's).
    public let certificates: [Certificate]
    /// The algorithm the responder signed with.
    public let signatureAlgorithm: SignatureAlgorithm
    /// The DER ResponseData: the bytes the signature covers.
    public let tbsResponseData: [UInt8]
    /// The signature BIT STRING as encoded.
    public let signatureValue: SignatureValue

    private static let basicResponseOID = "1.3.6.1.5.5.7.48.1.1"
    private static let statusNames = [1: "malformedRequest", 2: "internalError", 3: "tryLater", 5: "sigRequired",
                                      6: "unauthorized"]

    /// Parses exactly one DER OCSPResponse; throws unless it is a successful basic response.
    public init(der input: [UInt8]) throws(OCSPParseError) {
        do {
            var reader = DERReader(input)
            let outer = try reader.read(tag: DERTag.sequence, "an OCSPResponse SEQUENCE")
            guard reader.isAtEnd else { throw DERError.unexpected("a single OCSPResponse (bytes follow it)") }
            der = Array(outer.encoded)
            var fields = DERReader(outer.content)
            let status = try fields.read(tag: DERTag.enumerated, "a responseStatus ENUMERATED")
            guard status.content.count == 1 else { throw DERError.unexpected("a one-byte responseStatus") }
            let code = Int(status.content.first!)
            guard code == 0 else {
                throw OCSPParseError(.unsuccessful, "the responder answered \(Self.statusNames[code] ?? "status \(code)")"
                                     + " (\(code)), not a response")
            }
            let wrapper = try fields.read(tag: 0xA0, "responseBytes [0]")
            guard fields.isAtEnd else { throw DERError.unexpected("an OCSPResponse of two fields") }
            var wrapped = DERReader(wrapper.content)
            let responseBytes = try wrapped.read(tag: DERTag.sequence, "a ResponseBytes SEQUENCE")
            var typed = DERReader(responseBytes.content)
            let type = OIDDecoder.dotted(try typed.read(tag: DERTag.oid, "a responseType").content) ?? "?"
            guard type == Self.basicResponseOID else {
                throw OCSPParseError(.unsupportedType, "response type \(type) is not id-pkix-ocsp-basic")
            }
            let basicOctets = try typed.read(tag: DERTag.octetString, "a response OCTET STRING")
            guard wrapped.isAtEnd, typed.isAtEnd else { throw DERError.unexpected("a ResponseBytes of two fields") }

            var basicReader = DERReader(basicOctets.content)
            let basic = try basicReader.read(tag: DERTag.sequence, "a BasicOCSPResponse SEQUENCE")
            guard basicReader.isAtEnd else { throw DERError.unexpected("a single BasicOCSPResponse") }
            var parts = DERReader(basic.content)
            let tbs = try parts.read(tag: DERTag.sequence, "a ResponseData SEQUENCE")
            let algorithm = try parts.read(tag: DERTag.sequence, "a signatureAlgorithm")
            let (signatureBytes, unusedBits) = try parts.read(tag: DERTag.bitString, "a signature BIT STRING").bitString()
            let certs = try parts.readIfPresent(tag: 0xA0)
            guard parts.isAtEnd else { throw DERError.unexpected("a BasicOCSPResponse ending with its certs") }
            tbsResponseData = Array(tbs.encoded)
            signatureValue = SignatureValue(octets: signatureBytes, unusedBits: unusedBits)
            var algorithmFields = DERReader(algorithm.content)
            let algorithmOID = OIDDecoder.dotted(try algorithmFields.read(tag: DERTag.oid, "an algorithm OID").content) ?? "?"
            signatureAlgorithm = SignatureAlgorithm(oid: algorithmOID)
            certificates = try certs.map(Self.certificates) ?? []

            var data = DERReader(tbs.content)
            _ = try data.readIfPresent(tag: 0xA0)  // version [0] EXPLICIT, v1 (0) is the only one
            let responder = try data.read()
            switch responder.tag {
            case 0xA1:
                responderName = try DistinguishedName(der: responder.content)
                responderKeyHash = nil
            case 0xA2:
                var keyReader = DERReader(responder.content)
                responderKeyHash = Array(try keyReader.read(tag: DERTag.octetString, "a KeyHash OCTET STRING").content)
                responderName = nil
            default:
                throw DERError.unexpected("a ResponderID byName [1] or byKey [2]")
            }
            producedAt = try X509Time.decode(try data.read(tag: DERTag.generalizedTime, "a producedAt GeneralizedTime"))
            let list = try data.read(tag: DERTag.sequence, "a responses SEQUENCE")
            responses = try list.children().enumerated().map { index, node in
                do {
                    return try Self.singleResponse(node)
                } catch {
                    throw OCSPParseError(.malformedDER, "single response \(index + 1): \(error)")
                }
            }
            _ = try data.readIfPresent(tag: 0xA1)  // responseExtensions (a nonce, meaningless when stapled)
            guard data.isAtEnd else { throw DERError.unexpected("a ResponseData ending with its extensions") }
        } catch let error as OCSPParseError {
            throw error
        } catch {
            throw OCSPParseError(.malformedDER, "not a DER OCSP response: \(error)")
        }
        sha256 = SHA256.hash(der)
    }

    /// Whether `signer`'s key made this response's signature; a malformed signature value verifies nothing.
    public func isSigned(by signer: Certificate) -> Bool { isSigned(byKey: signer.publicKey) }

    /// Whether `key` made this response's signature: for a responder key that is not its certificate's
    /// own as written, such as a DSA key completed with inherited parameters.
    public func isSigned(byKey key: PublicKeyInfo) -> Bool {
        signatureValue.isMade(by: key, over: tbsResponseData[...], algorithm: signatureAlgorithm)
    }

    /// The certificates allowed to sign for `issuer`'s certificates (RFC 6960 §4.2.2.2): the issuer
    /// itself, and each certificate sent in the response that `issuer` signed and that carries
    /// id-kp-OCSPSigning, the delegated responders. Whether one of them signed is `isSigned(by:)`'s.
    public func authorizedResponders(for issuer: Certificate) -> [Certificate] {
        authorizedResponderKeys(for: issuer, issuerKey: issuer.publicKey).map(\.responder)
    }

    /// `authorizedResponders(for:)` with the key each responder signs with. `issuerKey` is the issuer's
    /// key as its path uses it: its own, or completed with the DSA parameters it inherits from above
    /// (RFC 5280 §6.1.4 (f)). A delegated responder's DSA key without parameters inherits the issuer's,
    /// the certificate above it on its path (RFC 3279 §2.3.2).
    public func authorizedResponderKeys(for issuer: Certificate, issuerKey: PublicKeyInfo)
        -> [(responder: Certificate, key: PublicKeyInfo)]
    {
        [(issuer, issuerKey)] + certificates.compactMap { candidate -> (responder: Certificate, key: PublicKeyInfo)? in
            guard candidate.issuer.normalized == issuer.subject.normalized, candidate.isSigned(byKey: issuerKey),
                  (candidate.extendedKeyUsage ?? []).contains(ExtendedKeyUsageOID.ocspSigning)
            else { return nil }
            return (candidate, candidate.publicKey.inheritingDSAParameters(from: issuerKey) ?? candidate.publicKey)
        }
    }

    /// "OCSP response by <responder> produced <producedAt>".
    public var description: String {
        let responder = responderName?.rfc4514 ?? responderKeyHash.map { "key " + Hex.encode($0) } ?? "?"
        return "OCSP response by \(responder) produced \(RFC3339.string(producedAt))"
    }

    /// DER byte equality.
    public static func == (lhs: OCSPResponse, rhs: OCSPResponse) -> Bool { lhs.der == rhs.der }
    /// Hashes the fingerprint, consistent with DER equality.
    public func hash(into hasher: inout Hasher) { hasher.combine(sha256) }

    // MARK: DER of the parts

    private static func certificates(_ wrapper: DERNode) throws -> [Certificate] {
        var reader = DERReader(wrapper.content)
        let list = try reader.read(tag: DERTag.sequence, "a certs SEQUENCE")
        return try list.children().enumerated().map { index, node in
            do {
                return try Certificate(der: Array(node.encoded))
            } catch {
                throw OCSPParseError(.badCertificate, "certificate \(index + 1) of the response: \(error)")
            }
        }
    }

    private static func singleResponse(_ node: DERNode) throws -> OCSPSingleResponse {
        guard node.tag == DERTag.sequence else { throw DERError.unexpected("a SingleResponse SEQUENCE") }
        var fields = DERReader(node.content)
        let certID = try fields.read(tag: DERTag.sequence, "a CertID SEQUENCE")
        var idFields = DERReader(certID.content)
        let hashAlgorithm = try idFields.read(tag: DERTag.sequence, "a hashAlgorithm")
        var hashFields = DERReader(hashAlgorithm.content)
        let hashOID = OIDDecoder.dotted(try hashFields.read(tag: DERTag.oid, "a hash OID").content) ?? "?"
        let nameHash = try idFields.read(tag: DERTag.octetString, "an issuerNameHash")
        let keyHash = try idFields.read(tag: DERTag.octetString, "an issuerKeyHash")
        let serial = try idFields.read(tag: DERTag.integer, "a serialNumber")
        guard idFields.isAtEnd, !serial.content.isEmpty else { throw DERError.unexpected("a CertID of four fields") }

        let statusNode = try fields.read()
        let status: OCSPCertificateStatus
        switch statusNode.tag {
        case 0x80:
            status = .good
        case 0xA1:
            var revoked = DERReader(statusNode.content)
            let date = try X509Time.decode(try revoked.read(tag: DERTag.generalizedTime, "a revocationTime"))
            var reason: CRLReason?
            if let explicit = try revoked.readIfPresent(tag: 0xA0) {
                var value = DERReader(explicit.content)
                let enumerated = try value.read(tag: DERTag.enumerated, "a revocationReason ENUMERATED")
                guard value.isAtEnd, enumerated.content.count == 1,
                      let parsed = CRLReason(rawValue: Int(enumerated.content.first!))
                else { throw DERError.unexpected("one of RFC 5280's revocation reasons") }
                reason = parsed
            }
            guard revoked.isAtEnd else { throw DERError.unexpected("a RevokedInfo of time and reason") }
            status = .revoked(date: date, reason: reason)
        case 0x82:
            status = .unknown
        default:
            throw DERError.unexpected("a certStatus good [0], revoked [1] or unknown [2]")
        }
        let thisUpdate = try X509Time.decode(try fields.read(tag: DERTag.generalizedTime, "a thisUpdate"))
        var nextUpdate: Date?
        if let explicit = try fields.readIfPresent(tag: 0xA0) {
            var value = DERReader(explicit.content)
            nextUpdate = try X509Time.decode(try value.read(tag: DERTag.generalizedTime, "a nextUpdate"))
        }
        _ = try fields.readIfPresent(tag: 0xA1)  // singleExtensions
        guard fields.isAtEnd else { throw DERError.unexpected("a SingleResponse ending with its extensions") }
        let id = OCSPCertificateID(hashAlgorithmOID: hashOID, issuerNameHash: Array(nameHash.content),
                                   issuerKeyHash: Array(keyHash.content), serialNumber: Array(serial.content))
        return OCSPSingleResponse(certificateID: id, status: status, thisUpdate: thisUpdate, nextUpdate: nextUpdate)
    }
}
