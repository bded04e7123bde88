import FileOutput
import FoundationEssentials
import Pinning
import TLSClient
import TrustCertificates
import TrustEvaluation

/// `trustcheck connect --record FILE`: what the handshake showed, as one vector in the project's vector
/// format (vectors/README.md, "Recorded handshakes"), so that `trustcheck verify --replay FILE` and the
/// vector runner can decide it again offline and must reach the same verdict.
///
/// The vector holds the chain as presented (leaf, then the rest in the order sent), the server name as
/// the peer name, the time the engine evaluated at, the anchors (every custom anchor, and the system
/// roots the evaluated chain reached — the whole system store would not make a vector; a system root
/// the path did not reach cannot change a replay's path), the stapled OCSP response, the pins or the
/// pin configuration's bytes, and as expectations what was decided: Apple's result, status, message,
/// evaluated chain and failures, the pin verdict, the pinning decision and the connection's verdict.
enum ConnectRecording {
    /// The vector for `report`; nil when no trust decision was made (nothing for a replay to reproduce).
    static func vector(_ report: ConnectReport, anchors: TrustAnchors, pinning: PinningOptions?) -> JSONValue? {
        guard let leaf = report.presented.first, let evaluation = report.verdict?.evaluation else { return nil }
        func pem(_ certificate: Certificate) -> JSONValue { .string(ConnectReport.pem(certificate.der)) }
        let custom = anchors.custom?.certificates ?? []
        let systemRoots = anchors.usesSystemAnchors ? evaluation.chain.filter { $0.source == .system }.map(\.certificate) : []
        var features: [String] = []
        if !systemRoots.isEmpty || (anchors.usesSystemAnchors && !custom.isEmpty) { features.append("trustcheck-system-anchors") }
        if report.stapledOCSPResponse != nil { features.append("trustcheck-stapled-ocsp") }
        let peerKind: String
        if case .ip = PeerName(parsing: report.serverName) { peerKind = "IP" } else { peerKind = "DNS" }

        var members: [(String, JSONValue)] = [
            ("id", .string(id(serverName: report.serverName, time: evaluation.verificationTime, chain: report.presented,
                              anchors: custom + systemRoots, staple: report.stapledOCSPResponse))),
            ("conflicts_with", .array([])),
            ("features", .strings(features)),
            ("importance", .string("medium")),
            // No port here: it is in recorded_connection, so a re-recording against an ephemeral port differs only there.
            ("description", .string("Recorded by trustcheck connect \(report.target.host) for \(report.serverName): "
                + description(report) + ".")),
            ("validation_kind", .string("SERVER")),
            ("trusted_certs", .array(custom.map(pem))),
            ("untrusted_intermediates", .array(report.presented.dropFirst().map(pem))),
            ("peer_certificate", pem(leaf)),
            ("peer_certificate_key", .null),
            ("validation_time", .string(RFC3339.string(evaluation.verificationTime))),
            ("signature_algorithms", .array([])),
            ("key_usage", .array([])),
            ("extended_key_usage", .array([])),
            ("expected_result", .string(evaluation.isTrusted ? "SUCCESS" : "FAILURE")),
            ("expected_peer_name", .object([("kind", .string(peerKind)), ("value", .string(report.serverName))])),
            ("expected_peer_names", .array([])),
            ("max_chain_depth", .null),
            ("crls", .array([])),
            ("profile", .string(TrustProfile.apple.rawValue)),
            ("policy", .string("ssl")),
            ("system_anchors", .array(systemRoots.map(pem))),
            ("anchors_only", .bool(anchors.anchorsOnly)),
            ("expected_apple_result", .string(evaluation.resultType.name)),
            ("expected_status", .int(Int(evaluation.error?.code ?? 0))),
            ("expected_message", .string(evaluation.error?.message)),
            ("expected_chain", .strings(evaluation.certificates.map { Hex.encode($0.sha256) })),
            ("expected_failures", .array(evaluation.failures.map { failure in
                .object([("index", .int(failure.index)), ("check", .string(failure.check.rawValue))])
            })),
        ]
        if let pinning {
            members += pinningMembers(pinning, outcome: report.pinning)
        }
        members += [
            ("ocsp_responses", .strings(report.stapledOCSPResponse.map { [Base64.encode($0)] } ?? [])),
            // The decision, which a replay reaches again; a failure after it is in recorded_connection.
            ("expected_connection_trusted", .bool(report.decisionTrusted)),
            ("recorded_connection", .object([
                ("host", .string(report.target.host)),
                ("port", .int(Int(report.target.port))),
                ("server_name", .string(report.serverName)),
                ("negotiated", report.negotiatedJSON),
                ("trusted", .bool(report.trusted)),
                ("reason", .string(report.trusted ? nil : report.errorMessage ?? report.reason)),
            ])),
        ]
        return .object([("version", .int(1)), ("testcases", .array([.object(members)]))])
    }

    /// The vector's id: `trustcheck::recorded::<server name>::<validation time>::<digest>`, the digest the
    /// first 8 bytes (hex) of a SHA-256 over what the recording evaluated — the chain as presented, the
    /// embedded anchors and the staple, each length-prefixed. Two recordings of one host differ by time
    /// and, at one `--at`, by what the server sent, so `trustcheck limbo` over several keeps them apart
    /// (x509-limbo's results are keyed by id).
    static func id(serverName: String, time: Date, chain: [Certificate], anchors: [Certificate], staple: [UInt8]?) -> String {
        var input: [UInt8] = []
        func append(_ bytes: [UInt8]) {
            let count = UInt32(clamping: bytes.count)
            input += [UInt8(count >> 24), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)] + bytes
        }
        for certificate in chain { append(certificate.der) }
        append([])  // the chain ends; the anchors follow
        for certificate in anchors { append(certificate.der) }
        append(staple ?? [])
        let digest = Hex.encode(Array(SHA256.hash(input).prefix(8)))
        return "trustcheck::recorded::\(serverName)::\(RFC3339.string(time))::\(digest)"
    }

    /// The vector's description of the outcome: the decision, and the failure that followed it if any.
    private static func description(_ report: ConnectReport) -> String {
        let decision = report.decisionTrusted ? "trusted" : "not trusted: \(report.verdict?.reason ?? report.reason ?? "refused")"
        guard let failure = report.errorMessage else { return decision }
        return decision + "; then the connection failed: " + failure
    }

    /// The pins (with the pin verdict vectors already check) or the embedded configuration, and the decision.
    private static func pinningMembers(_ pinning: PinningOptions, outcome: PinningOutcome?) -> [(String, JSONValue)]
    {
        var members: [(String, JSONValue)] = []
        if case .pins(let pins) = pinning.policy.rules, let outcome {
            // The handshake's outcome, in the vector's terms (PinVerdict), as a replay checks it.
            let verdict: PinVerdict = outcome.result == .success ? .pinned
                : outcome.result == .failedNoMatchingPin ? .noMatchingPin : .chainNotTrusted
            members += [
                ("pins", .strings(pins.pins.map(\.base64))),
                ("expected_pin_result", .string(verdict.rawValue)),
                ("expected_pin_matches", .array(outcome.matches.map { .int($0.chainIndex) })),
            ]
        } else if let path = pinning.configurationPath {
            members.append(("pin_configuration", .object([
                ("name", .string(FileSystemPath.lastComponent(path))),
                ("data", .string(Base64.encode(pinning.configurationData ?? []))),
            ])))
        }
        members.append(("pinning_report_only", .bool(pinning.reportOnly)))
        members.append(("expected_pinning_decision", .string(outcome?.decision.rawValue)))
        return members
    }

    /// Writes the vector for `report` to `path` through `OutputFile` (a FIFO, device or symbolic link is
    /// written through, never replaced). False, with the reason on stderr, when nothing could be recorded.
    static func write(_ report: ConnectReport, anchors: TrustAnchors, pinning: PinningOptions?, to path: String,
                      io: CommandIO) -> Bool
    {
        guard let vector = vector(report, anchors: anchors, pinning: pinning) else {
            io.error("--record \(path): nothing recorded: no trust decision was made ("
                + (report.errorMessage ?? report.reason ?? "the server presented no certificate") + ")")
            return false
        }
        if isStandardOutput(path) {
            io.stdout.write(vector.rendered() + "\n")
            return true
        }
        do {
            try OutputFile.write(Data((vector.rendered() + "\n").utf8), to: path)
        } catch {
            io.error("--record \(error.description)")
            return false
        }
        io.stderr.write("recorded \(path): replay with trustcheck verify --replay \(path)\n")
        return true
    }

    /// `--record -` (or /dev/stdout): the vector is the command's standard output, and the report moves to
    /// standard error so that standard output stays one JSON document.
    static func isStandardOutput(_ path: String?) -> Bool { path == "-" || path == "/dev/stdout" }
}
