import AppTransportSecurity
import TrustCertificates

/// What `trustcheck ats INFO_PLIST URL` found: the policy, and for https the server's handshake and verdict.
struct ATSServerReport: Encodable {
    /// The leaf's facts ATS judges.
    struct Leaf: Encodable {
        let subject: String
        let keyAlgorithm: String
        let keyBits: Int
        let signatureAlgorithm: String

        init(_ certificate: Certificate) {
            subject = certificate.subjectSummary ?? String(describing: certificate.subject)
            keyAlgorithm = String(describing: certificate.publicKey.algorithm)
            keyBits = certificate.publicKey.bits
            signatureAlgorithm = certificate.signatureAlgorithm.name
        }

        private enum CodingKeys: String, CodingKey {
            case subject
            case keyAlgorithm = "key_algorithm"
            case keyBits = "key_bits"
            case signatureAlgorithm = "signature_algorithm"
        }
    }

    let infoPlist: String
    let policy: ATSPolicy
    /// `ADDR:PORT` connected to; nil when nothing was (a cleartext URL).
    let connectedTo: String?
    let negotiated: ATSNegotiated?
    let serverSupports: ATSNegotiated?
    let leaf: Leaf?
    let verdict: ATSVerdict
    let notes: [String]

    private enum CodingKeys: String, CodingKey {
        case infoPlist = "info_plist"
        case policy
        case connectedTo = "connected_to"
        case negotiated
        case serverSupports = "server_supports"
        case leaf, verdict, notes
    }

    /// The text for people; every string from the plist, the URL or the server is escaped.
    var text: String {
        func e(_ text: String) -> String { TerminalText.escaped(text) }
        func row(_ label: String, _ value: String, _ decidedBy: String, _ reason: String) -> String {
            "  \(label.padding(to: 20)) \(value)  [\(e(decidedBy))]\n      \(e(reason))\n"
        }
        var out = "ATS policy for \(e(policy.url)) (\(e(infoPlist)))\n"
        out += "  host \(e(policy.host)) (\(policy.hostKind.rawValue))"
            + (policy.exceptionDomain.map { ", exception \"\(e($0))\"" } ?? ", no exception") + "\n"
        out += row("ATS applies", policy.atsApplies.value ? "yes" : "no", policy.atsApplies.decidedBy, policy.atsApplies.reason)
        out += row("cleartext (http)", policy.cleartextAllowed.value ? "allowed" : "refused", policy.cleartextAllowed.decidedBy,
                   policy.cleartextAllowed.reason)
        out += row("minimum TLS", policy.minimumTLSVersion.value.plistValue, policy.minimumTLSVersion.decidedBy, policy.minimumTLSVersion.reason)
        out += row("forward secrecy", policy.forwardSecrecyRequired.value ? "required" : "not required",
                   policy.forwardSecrecyRequired.decidedBy, policy.forwardSecrecyRequired.reason)
        out += row("key sizes", policy.minimumKeySizesRequired.value ? "RSA >= 2048, EC >= 256" : "not required",
                   policy.minimumKeySizesRequired.decidedBy, policy.minimumKeySizesRequired.reason)
        out += row("SHA-2 signatures", policy.sha2SignaturesRequired.value ? "required" : "not required",
                   policy.sha2SignaturesRequired.decidedBy, policy.sha2SignaturesRequired.reason)
        out += row("server trust", "required", policy.serverTrustRequired.decidedBy, policy.serverTrustRequired.reason)
        out += row("pins", policy.pins.value.map { "leaf \($0.leaf?.count ?? 0), CA \($0.ca?.count ?? 0)" } ?? "none",
                   policy.pins.decidedBy, policy.pins.reason)
        if let connectedTo {
            out += "server \(e(connectedTo)) as \(e(policy.host))\n"
            if let negotiated { out += "  negotiated   \(e(negotiated.protocolVersion)) \(e(negotiated.cipherSuite))\n" }
            if let serverSupports {
                out += "  server speaks \(e(serverSupports.protocolVersion)) \(e(serverSupports.cipherSuite)) (offered every version and suite)\n"
            }
            if let leaf {
                out += "  leaf         \(e(leaf.subject)): \(e(leaf.keyAlgorithm)) \(leaf.keyBits) bits, signed \(e(leaf.signatureAlgorithm))\n"
            }
        }
        for note in notes { out += "note: \(e(note))\n" }
        if verdict.allowed {
            out += "result: ALLOWED: \(e(verdict.reason))\n"
        } else {
            out += "result: REFUSED\n"
            if let error = verdict.error {
                out += "  Error Domain=NSURLErrorDomain Code=\(error.code) \"\(error.message)\" (\(error.name))\n"
                if let status = error.streamErrorCode, let name = error.streamErrorName {
                    out += "  _kCFStreamErrorCodeKey=\(status) (\(name))\n"
                }
            }
            out += "  reason: \(e(verdict.reason))\n"
            if let decidedBy = verdict.decidedBy { out += "  requirement set by: \(e(decidedBy))\n" }
        }
        return out
    }
}
