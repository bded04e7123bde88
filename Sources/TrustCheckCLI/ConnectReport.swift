import FoundationEssentials
import Pinning
import TLSClient
import TrustCertificates
import TrustEvaluation

/// What `trustcheck connect` saw: the presented chain, the negotiated parameters and the verdict, or
/// the connection error, as text and as JSON.
struct ConnectReport {
    let target: ConnectTarget
    let serverName: String
    let presented: [Certificate]
    let negotiated: TLSNegotiation?
    let stapledOCSPResponse: [UInt8]?
    /// The trust decision, whenever the handshake made one: also when the connection failed after it.
    let verdict: ServerTrustVerdict?
    /// Set for failures other than the trust decision (TCP, handshake, I/O, the server refusing the
    /// client after its certificate was trusted): exit 2.
    let connectionError: TLSClientError?
    /// What the pinning (`--pin`, `--pin-config`) decided in the handshake; nil without pinning or
    /// without an evaluation.
    let pinning: PinningOutcome?
    /// The `--pin-config` file as named, for the JSON report.
    var pinningConfig: String?
    /// What became of the pinning's TrustKit report (`PinFailureReportRun.json`); null without one.
    var pinFailureReport: JSONValue = .null

    init(target: ConnectTarget, configuration: TLSClientConfiguration, connection: TLSConnection) {
        self.target = target
        pinning = connection.verdict.pinning
        serverName = configuration.serverName ?? target.host
        presented = connection.presentedChain
        negotiated = connection.negotiated
        stapledOCSPResponse = connection.stapledOCSPResponse
        verdict = connection.verdict
        connectionError = nil
    }

    init(target: ConnectTarget, configuration: TLSClientConfiguration, failure: TLSClientError) {
        self.target = target
        serverName = configuration.serverName ?? target.host
        switch failure {
        case .untrusted(let verdict, let presented, let staple, _):
            self.presented = presented
            self.verdict = verdict
            stapledOCSPResponse = staple
            negotiated = nil
            connectionError = nil
        case .afterTrustDecision(_, let decision):
            // The decision stays in the report (and a recording) beside the failure that followed it.
            presented = decision.presentedChain
            verdict = decision.verdict
            stapledOCSPResponse = decision.stapledOCSPResponse
            negotiated = decision.negotiated
            connectionError = failure
        case .handshake(_, let presented):
            self.presented = presented
            verdict = nil
            stapledOCSPResponse = nil
            negotiated = nil
            connectionError = failure
        default:
            presented = []
            verdict = nil
            stapledOCSPResponse = nil
            negotiated = nil
            connectionError = failure
        }
        self.failure = failure
        pinning = verdict?.pinning
    }

    /// The staple, as verify reports an `--ocsp` file, beside what the engine made of it (nil: none stapled).
    var stapleOutcome: (OCSPInput, OCSPResponseReport?)? {
        guard let staple = stapledOCSPResponse else { return nil }
        let input = OCSPInput(path: "stapled", response: Result { () throws(OCSPParseError) in try OCSPResponse(der: staple) })
        guard let evaluation = verdict?.evaluation else { return (input, nil) }
        return OCSPInput.outcomes([input], in: evaluation).first
    }

    private var failure: TLSClientError? = nil

    var isConnectionError: Bool { connectionError != nil }
    var trusted: Bool { connectionError == nil && verdict?.isTrusted == true }
    /// What the trust decision was, whatever happened after it (what a replay of a recording decides).
    var decisionTrusted: Bool { verdict?.isTrusted == true }
    var errorMessage: String? { connectionError.map { "\($0.code): \($0.errorDescription ?? "")" } }

    /// The verdict's reason, or the connection error's.
    var reason: String? {
        if let connectionError { return connectionError.errorDescription }
        if let failure, case .untrusted = failure { return failure.errorDescription }
        return verdict.flatMap(Self.reason)
    }

    /// Why the handshake decided as it did, trusted or not: the refusal's reason, else what the pinning
    /// or the engine said of the chain (nil when neither ran: a challenge handler decided).
    static func reason(_ verdict: ServerTrustVerdict) -> String? {
        verdict.reason ?? verdict.pinning?.reason ?? verdict.evaluation?.reason
    }

    var text: String {
        var out = "connect \(target.host) port \(target.port), server name \(serverName)\n"
        out += "presented chain (\(presented.count) certificate\(presented.count == 1 ? "" : "s")):\n"
        for (index, certificate) in presented.enumerated() {
            out += " \(index) s: \(TerminalText.escaped(certificate.subject.rfc4514))\n"
            out += "   i: \(TerminalText.escaped(certificate.issuer.rfc4514))\n"
            out += "   v: \(CertificateFormatting.timestamp(certificate.notBefore)) .. \(CertificateFormatting.timestamp(certificate.notAfter))\n"
            out += "   sha256: \(CertificateFormatting.colonHex(certificate.sha256))\n"
            out += Self.pem(certificate.der)
        }
        if let negotiated {
            out += "negotiated: \(negotiated.protocolVersion), \(negotiated.cipherSuite), group \(negotiated.group ?? "none"), "
                + "ALPN \(negotiated.alpn.map { TerminalText.escaped($0) } ?? "none")\n"
        } else {
            out += "negotiated: nothing (the handshake did not complete)\n"
        }
        out += "stapled OCSP response: " + (stapledOCSPResponse.map { "\($0.count) bytes" } ?? "none") + "\n"
        if let (input, outcome) = stapleOutcome { out += TerminalText.escaped(OCSPInput.line(input, outcome)) + "\n" }
        if let pinning { out += TerminalText.escaped(pinning.summary) + "\n" }
        if trusted {
            out += "verdict: trusted" + (reason.map { ": " + TerminalText.escaped($0) } ?? "") + "\n"
        } else if connectionError != nil {
            if let verdict {
                out += "trust decision: " + (verdict.isTrusted ? "trusted" : "not trusted")
                    + (Self.reason(verdict).map { ": " + TerminalText.escaped($0) } ?? "") + "; then the connection failed\n"
            }
            out += "verdict: connection failed: \(TerminalText.escaped(errorMessage ?? ""))\n"
        } else {
            out += "verdict: not trusted: \(TerminalText.escaped(reason ?? "refused"))\n"
        }
        return out
    }

    var json: JSONValue {
        let engineError = verdict?.evaluation?.error
        let error: JSONValue
        if let connectionError {
            error = .object([("code", .string(connectionError.code)), ("message", .string(connectionError.errorDescription))])
        } else if let engineError, !trusted {
            error = .object([("code", .int(Int(engineError.code))), ("message", .string(engineError.message))])
        } else if !trusted {
            error = .object([("code", .string("trust.refused")), ("message", .string(reason))])
        } else {
            error = .null
        }
        return .object([
            ("host", .string(target.host)),
            ("port", .int(Int(target.port))),
            ("server_name", .string(serverName)),
            ("trusted", .bool(trusted)),
            ("reason", .string(reason)),
            ("chain_trusted", verdict?.evaluation.map { .bool($0.isTrusted) } ?? .null),
            ("error", error),
            ("result", .string(verdict?.evaluation?.resultType.name)),
            ("trust_decision", verdict.map { verdict in
                .object([("trusted", .bool(verdict.isTrusted)), ("reason", .string(Self.reason(verdict)))])
            } ?? .null),
            ("pinning", pinning?.json(config: pinningConfig) ?? .null),
            ("pin_failure_report", pinFailureReport),
            ("chain", .array(presented.map { certificate in
                .object([
                    ("subject", .string(certificate.subject.rfc4514)),
                    ("issuer", .string(certificate.issuer.rfc4514)),
                    ("not_before", .string(CertificateFormatting.timestamp(certificate.notBefore))),
                    ("not_after", .string(CertificateFormatting.timestamp(certificate.notAfter))),
                    ("sha256", .string(Hex.encode(certificate.sha256))),
                    ("spki_sha256_base64", .string(Base64.encode(certificate.spkiSHA256))),
                    ("pem", .string(Self.pem(certificate.der))),
                ])
            })),
            ("negotiated", negotiatedJSON),
            ("stapled_ocsp_response", .string(stapledOCSPResponse.map(Base64.encode))),
            ("ocsp", stapleOutcome.map(OCSPInput.json) ?? .null),
        ])
    }

    /// {protocol, cipher_suite, group, alpn, description}, or null when the handshake did not complete (the
    /// report's and a recording's `negotiated`).
    var negotiatedJSON: JSONValue {
        guard let negotiated else { return .null }
        return .object([
            ("protocol", .string(negotiated.protocolVersion)),
            ("cipher_suite", .string(negotiated.cipherSuite)),
            ("group", .string(negotiated.group)),
            ("alpn", .string(negotiated.alpn)),
            ("description", .string(negotiated.description)),
        ])
    }

    static func pem(_ der: [UInt8]) -> String {
        let base64 = Array(Base64.encode(der))
        let lines = stride(from: 0, to: base64.count, by: 64).map { String(base64[$0..<min($0 + 64, base64.count)]) }
        return "-----BEGIN CERTIFICATE-----\n" + lines.joined(separator: "\n") + "\n-----END CERTIFICATE-----\n"
    }
}
