import Pinning
import TrustCertificates

/// `trustcheck pin FILE... [--trustkit | --json]`: the SPKI SHA-256 pin of every certificate.
///
/// Default output, one line per certificate in input order:
///
///     sha256/<base64 SHA-256 of the DER SubjectPublicKeyInfo>  <subject summary>
///
/// `--trustkit` prints the kTSKPublicKeyHashes entries twice, as Objective-C and as Swift literals,
/// each block ready to paste between the brackets:
///
///     // kTSKPublicKeyHashes (Objective-C)
///     @"<base64>", // <subject summary>
///     // kTSKPublicKeyHashes (Swift)
///     "<base64>", // <subject summary>
///
/// For a key whose SPKI TrustKit rebuilds wrongly (an RSA exponent other than 65537) the entry is
/// TrustKit's own hash, the one it compares, with the SPKI pin in the comment. A key TrustKit cannot
/// pin at all (ErrorCouldNotGenerateSpkiHash) is an error on stderr and exit status 2, after the
/// entries of the others. A note on stderr reminds that TrustKit wants a backup pin.
///
/// `--json` prints an array with one object per certificate:
/// - `file`: the path as given; `index`: the certificate's position in it (from 0)
/// - `subject`: RFC 4514 subject; `summary`: Apple's subject summary, or null
/// - `sha256`, `sha1`, `spki_sha256` (hex), `spki_sha256_base64`, `pin` (see CertificateJSON)
/// - `trustkit_pin`: base64 hash TrustKit computes for the key, or null when TrustKit cannot
/// - `key_type`: "RSA", "EC", "Ed25519", "Ed448", "DSA", "RSA-PSS" or "unknown"
/// - `key_curve`: "P-256", "P-384", "P-521", ... for EC keys, else null; `key_bits`: key size
enum PinCommand: Subcommand {
    static let name = "pin"
    static let summary = "Print the SPKI SHA-256 pin (HPKP, TrustKit, ATS) of each certificate."
    static let usage = "trustcheck pin FILE... [--trustkit | --json]"
    static let options: [CommandOption] = [
        .flag("--trustkit", "print TrustKit kTSKPublicKeyHashes entries"),
        .flag("--json", "print a JSON array"),
    ]
    static let details = """
        FILE is a PEM or DER certificate, a PEM or concatenated-DER bundle, or a directory.
        default output, one line per certificate:
          sha256/<base64 SPKI SHA-256>  <subject summary>
        --trustkit output, kTSKPublicKeyHashes entries as Objective-C and as Swift literals:
          // kTSKPublicKeyHashes (Objective-C)
          @"<base64>", // <subject summary>
          // kTSKPublicKeyHashes (Swift)
          "<base64>", // <subject summary>
        keys TrustKit hashes differently (RSA exponent other than 65537) get TrustKit's own hash
        with the SPKI pin in the comment; a key TrustKit cannot pin is an error (exit status 2).
        TrustKit refuses to enforce fewer than two pins: add a backup pin for a key you hold in reserve.
        --json prints an array, one object per certificate, with these members (always present):
          file, index: the file as named and the certificate's position in it
          subject, summary: the RFC 4514 subject and Apple's subject summary
          sha256, sha1, spki_sha256: digests in hex
          spki_sha256_base64, pin, trustkit_pin: the SPKI pin in base64 and as sha256/..., TrustKit's hash
          key_type, key_curve, key_bits: the key (key_curve null unless EC)

        """

    static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode {
        guard !arguments.positionals.isEmpty else {
            return usageError(UsageError(.missingArgument, "no FILE given", pointsToHelp: true), io: io)
        }
        guard !(arguments.has("--json") && arguments.has("--trustkit")) else {
            return usageError(UsageError(.conflictingOptions, "--json and --trustkit cannot be combined"), io: io)
        }
        guard let inputs = CertificateInputs.load(arguments.positionals, io: io) else { return .usageOrInputError }

        if arguments.has("--json") {
            let objects = inputs.flatMap { input in
                input.certificates.enumerated().map { jsonObject(path: input.path, index: $0.offset, $0.element) }
            }
            io.stdout.write(JSONValue.array(objects).rendered() + "\n")
            return .success
        }
        let certificates = inputs.flatMap { input in input.certificates.map { (input.path, $0) } }
        guard arguments.has("--trustkit") else {
            for (_, certificate) in certificates { io.stdout.write(TerminalText.escaped(pinLine(certificate)) + "\n") }
            return .success
        }
        var entries: [TrustKitEntry] = []
        var unpinnable: [(String, Certificate, String)] = []
        for (path, certificate) in certificates {
            switch TrustKitSPKIHash(key: certificate.publicKey) {
            case .hash(let hash, let equalsSPKIPin):
                entries.append(TrustKitEntry(certificate: certificate, hash: hash, equalsSPKIPin: equalsSPKIPin))
            case .unsupported(let reason):
                unpinnable.append((path, certificate, reason))
            }
        }
        if !entries.isEmpty {
            let objectiveC = entries.map { "@\"\(Base64.encode($0.hash))\", // " + $0.comment }
            let swift = entries.map { "\"\(Base64.encode($0.hash))\", // " + $0.comment }
            let lines = ["// kTSKPublicKeyHashes (Objective-C)"] + objectiveC + ["// kTSKPublicKeyHashes (Swift)"] + swift
            io.stdout.write(lines.map(TerminalText.escaped).joined(separator: "\n") + "\n")
            io.stderr.write("note: TrustKit refuses to enforce fewer than two pins: add a backup pin, the hash of a "
                + "key you hold in reserve for the next certificate.\n")
        }
        for (path, certificate, reason) in unpinnable {
            io.error(TerminalText.escaped("\(path): \(CertificateFormatting.displayName(certificate)): \(reason)"))
        }
        return unpinnable.isEmpty ? .success : .usageOrInputError
    }

    /// One kTSKPublicKeyHashes entry: the hash TrustKit compares, and the comment that says whose it is.
    struct TrustKitEntry {
        let certificate: Certificate
        let hash: [UInt8]
        let equalsSPKIPin: Bool

        var comment: String {
            let name = CertificateFormatting.displayName(certificate)
            return equalsSPKIPin ? name
                : "\(name) (TrustKit's own hash; the SPKI pin is \(Base64.encode(certificate.spkiSHA256)))"
        }
    }

    static func pinLine(_ certificate: Certificate) -> String {
        "\(certificate.pin)  \(CertificateFormatting.displayName(certificate))"
    }

    private static func jsonObject(path: String, index: Int, _ certificate: Certificate) -> JSONValue {
        let key = certificate.publicKey
        let (type, curve) = CertificateFormatting.keyType(key.algorithm)
        let trustKit = TrustKitSPKIHash(key: key).digest.map { Base64.encode($0) }
        return .object([
            ("file", .string(path)),
            ("index", .int(index)),
            ("subject", .string(certificate.subject.rfc4514)),
            ("summary", .string(certificate.subjectSummary)),
        ] + CertificateJSON.fingerprints(certificate) + [
            ("trustkit_pin", .string(trustKit)),
            ("key_type", .string(type)),
            ("key_curve", .string(curve)),
            ("key_bits", .int(key.bits)),
        ])
    }
}
