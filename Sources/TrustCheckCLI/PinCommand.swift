import TrustCertificates

/// `trustcheck pin FILE... [--trustkit | --json]`: the SPKI SHA-256 pin of every certificate.
///
/// Default output, one line per certificate in input order:
///
///     sha256/<base64 SHA-256 of the DER SubjectPublicKeyInfo>  <subject summary>
///
/// `--trustkit` prints lines to paste inside `kTSKPublicKeyHashes: @[ ... ]`:
///
///     @"<base64>", // <subject summary>
///     @"<base64>", // <subject summary> (TrustKit's own hash; the SPKI pin is <base64>)
///     // <subject summary>: TrustKit cannot pin <key> keys, only RSA 2048/3072/4096 and EC P-256/P-384
///
/// The second form is for keys whose SPKI TrustKit rebuilds wrongly (an RSA exponent other than
/// 65537): TrustKit compares its own hash, so that is the one that pins. The third is a comment,
/// so a pasted block stays valid.
///
/// `--json` prints an array with one object per certificate:
/// - `file`: the path as given; `index`: the certificate's position in it (from 0)
/// - `subject`: RFC 4514 subject; `summary`: Apple's subject summary, or null
/// - `spki_sha256`: base64 SHA-256 of the SubjectPublicKeyInfo; `pin`: `sha256/` + that
/// - `trustkit_pin`: base64 hash TrustKit computes for the key, or null when TrustKit cannot
/// - `key_type`: "RSA", "EC", "Ed25519", "Ed448", "DSA", "RSA-PSS" or "unknown"
/// - `key_curve`: "P-256", "P-384", "P-521", ... for EC keys, else null; `key_bits`: key size
/// - `sha256`: lower-case hex SHA-256 of the certificate DER
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
        --trustkit output, to paste inside kTSKPublicKeyHashes: @[ ... ]:
          @"<base64>", // <subject summary>
        keys TrustKit hashes differently (RSA exponent other than 65537) get TrustKit's own hash
        with the SPKI pin in the comment; keys TrustKit cannot pin get a comment line only.
        --json keys: file, index, subject, summary, spki_sha256, pin, trustkit_pin, key_type,
          key_curve, key_bits, sha256.

        """

    static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode {
        guard !arguments.positionals.isEmpty else {
            io.stderr.write("trustcheck pin: no FILE given\nusage: \(usage)\n")
            return .usageOrInputError
        }
        guard !(arguments.has("--json") && arguments.has("--trustkit")) else {
            io.stderr.write("trustcheck pin: --json and --trustkit cannot be combined\nusage: \(usage)\n")
            return .usageOrInputError
        }
        guard let inputs = CertificateInputs.load(arguments.positionals, io: io) else { return .usageOrInputError }

        if arguments.has("--json") {
            let objects = inputs.flatMap { input in
                input.certificates.enumerated().map { jsonObject(path: input.path, index: $0.offset, $0.element) }
            }
            io.stdout.write(JSONValue.array(objects).rendered() + "\n")
            return .success
        }
        for certificate in inputs.flatMap(\.certificates) {
            let line = arguments.has("--trustkit") ? trustKitLine(certificate) : pinLine(certificate)
            io.stdout.write(TerminalText.escaped(line) + "\n")
        }
        return .success
    }

    static func pinLine(_ certificate: Certificate) -> String {
        "\(certificate.pin)  \(CertificateFormatting.displayName(certificate))"
    }

    static func trustKitLine(_ certificate: Certificate) -> String {
        let name = CertificateFormatting.displayName(certificate)
        switch TrustKitPin.outcome(for: certificate.publicKey) {
        case .hash(let hash, equalsSPKIPin: true):
            return "@\"\(Base64.encode(hash))\", // \(name)"
        case .hash(let hash, equalsSPKIPin: false):
            return "@\"\(Base64.encode(hash))\", // \(name) (TrustKit's own hash; the SPKI pin is "
                + "\(Base64.encode(certificate.spkiSHA256)))"
        case .unsupported(let reason):
            return "// \(name): \(reason)"
        }
    }

    private static func jsonObject(path: String, index: Int, _ certificate: Certificate) -> JSONValue {
        let key = certificate.publicKey
        let (type, curve) = CertificateFormatting.keyType(key.algorithm)
        let trustKit: String?
        if case .hash(let hash, _) = TrustKitPin.outcome(for: key) { trustKit = Base64.encode(hash) } else { trustKit = nil }
        return .object([
            ("file", .string(path)),
            ("index", .int(index)),
            ("subject", .string(certificate.subject.rfc4514)),
            ("summary", .string(certificate.subjectSummary)),
            ("spki_sha256", .string(Base64.encode(certificate.spkiSHA256))),
            ("pin", .string(certificate.pin)),
            ("trustkit_pin", .string(trustKit)),
            ("key_type", .string(type)),
            ("key_curve", .string(curve)),
            ("key_bits", .int(key.bits)),
            ("sha256", .string(Hex.encode(certificate.sha256))),
        ])
    }
}
