import FoundationEssentials
import TrustCertificates

/// `trustcheck show FILE... [--json] [--at TIME]`: everything TrustCheck reads from each certificate.
///
/// Text output is for people: one block per certificate, `Label: value` lines, blank line between
/// blocks; extensions the certificate lacks are left out.
///
/// `--json` prints an array with one object per certificate; its keys, always present, are:
/// - `file`, `index`: the path as given and the position in it (from 0)
/// - `subject`, `issuer`: RFC 4514 strings; `subject_summary`: Apple's summary or null
/// - `serial`: lower-case hex of the DER INTEGER content (a leading 00 kept); `version`: 1, 2 or 3 (4 or
///   more for a certificate that loads despite an unknown version)
/// - `not_before`, `not_after`: RFC 3339 UTC
/// - `validity`: {`at`: the time checked (RFC 3339), `status`: "valid" | "expired" |
///   "not_yet_valid", `days_left`: whole days from `at` to `not_after`, negative once expired}
/// - `encoding_defects`: [{`rule`, `detail`}]: the RFC 5280 encoding rules the certificate breaks although
///   it loads (`rule` as in `trustcheck help checks`; the profiles that enforce a rule fail it), often empty
/// - `public_key`: {`type`, `curve` (null unless EC), `bits`}; types as in `trustcheck pin --json`
/// - `signature_algorithm`: {`name` (GnuTLS's, e.g. "RSA-SHA256"), `oid`, `hash` (e.g. "SHA256",
///   null for EdDSA), `secure`: GnuTLS's verdict for certificate signatures (false for SHA-1)}
/// - `subject_alt_names`: [{`type`: "dns" | "email" | "uri" | "ip" | "directory_name" |
///   "registered_id" | "other_name", `value`}] or null when the extension is absent
/// - `basic_constraints`: {`ca`, `path_length` (null if none), `critical`} or null
/// - `key_usage`: {`usages`: RFC 5280 names, `critical`} or null
/// - `extended_key_usage`: [{`oid`, `name`}] (name = oid when unknown) or null
/// - `subject_key_identifier`, `authority_key_identifier`: lower-case hex or null
/// - `name_constraints`: {`permitted`, `excluded`: names as in subject_alt_names (IP as
///   address/prefix), `critical`} or null
/// - `policies`: [{`oid`, `cps_uris`, `user_notices`}] or null
/// - `extensions`: [{`oid`, `name` (null when unknown), `critical`}] in certificate order
/// - `critical_extensions`, `unknown_critical_extensions`: OID lists (the latter makes the
///   certificate unusable for trust)
/// - `sha256`, `sha1`: lower-case hex fingerprints of the DER; `spki_sha256`: lower-case hex SHA-256 of
///   the SubjectPublicKeyInfo, `spki_sha256_base64` the same in base64, `pin`: `sha256/` + that (see CertificateJSON)
enum ShowCommand: Subcommand {
    static let name = "show"
    static let summary = "Describe each certificate: names, validity, key, extensions, fingerprints."
    static let usage = "trustcheck show FILE... [--json] [--at TIME]"
    static let options: [CommandOption] = [
        .flag("--json", "print a JSON array (keys documented in ShowCommand.swift)"),
        .value("--at", "TIME", "judge validity at TIME instead of now: RFC 3339 (2025-01-31T12:00:00Z), a date, @EPOCH or now"),
    ]
    static let details = """
        FILE is a PEM or DER certificate, a PEM or concatenated-DER bundle, or a directory.
        days left are whole days from TIME (default: now) to notAfter.

        """

    static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode {
        guard !arguments.positionals.isEmpty else {
            return usageError(UsageError(.missingArgument, "no FILE given", pointsToHelp: true), io: io)
        }
        var now = Date()
        if let text = arguments.value("--at") {
            do throws(UsageError) { now = try TimeArgument.date(text) } catch { return usageError(error, io: io) }
        }
        guard let inputs = CertificateInputs.load(arguments.positionals, io: io) else { return .usageOrInputError }

        if arguments.has("--json") {
            let objects = inputs.flatMap { input in
                input.certificates.enumerated().map { json(path: input.path, index: $0.offset, $0.element, now: now) }
            }
            io.stdout.write(JSONValue.array(objects).rendered() + "\n")
            return .success
        }
        let blocks = inputs.flatMap { input in
            input.certificates.enumerated().map { offset, certificate in
                let heading = input.certificates.count == 1
                    ? input.path : "\(input.path) (certificate \(offset + 1) of \(input.certificates.count))"
                return TerminalText.escaped(heading) + "\n" + text(certificate, now: now, style: io.style)
            }
        }
        io.stdout.write(blocks.joined(separator: "\n"))
        return .success
    }

    // MARK: Text

    static func text(_ certificate: Certificate, now: Date, style: TerminalStyle = .plain) -> String {
        let validity = ValidityStatus(certificate, at: now)
        var lines: [(String, String)] = [
            ("Subject", certificate.subject.isEmpty ? "(empty)" : certificate.subject.rfc4514),
            ("Summary", certificate.subjectSummary ?? "(none)"),
            ("Issuer", certificate.issuer.isEmpty ? "(empty)" : certificate.issuer.rfc4514),
            ("Serial", CertificateFormatting.colonHex(certificate.serialNumber)),
            ("Version", String(certificate.version)),
            ("Not before", CertificateFormatting.timestamp(certificate.notBefore)),
            ("Not after", CertificateFormatting.timestamp(certificate.notAfter)),
            ("Validity", validity.text + " at \(CertificateFormatting.timestamp(now))"),
            ("Public key", CertificateFormatting.keyText(certificate.publicKey)),
            ("Signature", "\(certificate.signatureAlgorithm.name) (\(certificate.signatureAlgorithm.oid))"
                + (certificate.signatureAlgorithm.isSecureForCertificates ? "" : ", not secure for certificates")),
        ]
        if let names = certificate.subjectAlternativeNames {
            lines.append(("Subject alt names", names.map(\.description).joined(separator: ", ")))
        }
        if let constraints = certificate.basicConstraints {
            let pathLength = constraints.pathLength.map { ", pathlen:\($0)" } ?? ""
            lines.append(("Basic constraints", "CA:\(constraints.isCA ? "TRUE" : "FALSE")\(pathLength)"
                + critical(constraints.critical)))
        }
        if let usage = certificate.keyUsage {
            lines.append(("Key usage", usage.names.joined(separator: ", ") + critical(isCritical(ExtensionOID.keyUsage, in: certificate))))
        }
        if let purposes = certificate.extendedKeyUsage {
            lines.append(("Extended key usage", purposes.map(ExtendedKeyUsageOID.name).joined(separator: ", ")
                + critical(isCritical(ExtensionOID.extendedKeyUsage, in: certificate))))
        }
        if let identifier = certificate.subjectKeyIdentifier {
            lines.append(("Subject key ID", CertificateFormatting.colonHex(identifier)))
        }
        if let identifier = certificate.authorityKeyIdentifier {
            lines.append(("Authority key ID", CertificateFormatting.colonHex(identifier)))
        }
        if let constraints = certificate.nameConstraints {
            func list(_ names: [GeneralName]) -> String {
                names.isEmpty ? "none" : names.map(\.description).joined(separator: ", ")
            }
            lines.append(("Name constraints", "permitted: \(list(constraints.permitted)); excluded: "
                + list(constraints.excluded) + critical(constraints.critical)))
        }
        if let policies = certificate.policies {
            let described = policies.map { policy in
                ([policy.oid] + policy.cpsURIs.map { "CPS: \($0)" } + policy.userNotices.map { "notice: \"\($0)\"" })
                    .joined(separator: ", ")
            }
            lines.append(("Policies", described.joined(separator: "; ")))
        }
        let criticalNames = certificate.criticalExtensionOIDs.map(CertificateFormatting.extensionName)
        lines += [
            ("Critical extensions", criticalNames.isEmpty ? "none" : criticalNames.joined(separator: ", ")),
            ("Unknown critical", certificate.unknownCriticalExtensions.isEmpty
                ? "none" : certificate.unknownCriticalExtensions.joined(separator: ", ") + " (certificate unusable)"),
        ]
        // What the certificate breaks of RFC 5280's encoding although it loads; the profiles judge it.
        for defect in certificate.encodingDefects {
            lines.append(("Encoding", "\(defect) (rule \(defect.ruleName))"))
        }
        if let defect = certificate.publicKey.defect { lines.append(("Key defect", defect + " (key unusable)")) }
        lines += [
            ("SHA-256", CertificateFormatting.colonHex(certificate.sha256)),
            ("SHA-1", CertificateFormatting.colonHex(certificate.sha1)),
            ("Pin", certificate.pin),
        ]
        let width = lines.map(\.0.count).max() ?? 0
        // Every value may hold text from the certificate: escaped so it cannot drive the terminal; the
        // validity line is TrustCheck's own text, coloured after escaping.
        return lines.map { label, value in
            let shown = label == "Validity" ? style.paint(value, validity.colour) : TerminalText.escaped(value)
            return "  " + (label + ":").padding(to: width + 1) + " " + shown + "\n"
        }.joined()
    }

    private static func critical(_ isCritical: Bool) -> String { isCritical ? " (critical)" : "" }

    private static func isCritical(_ oid: String, in certificate: Certificate) -> Bool {
        certificate.extension(oid)?.critical ?? false
    }

    // MARK: JSON

    static func json(path: String, index: Int, _ certificate: Certificate, now: Date) -> JSONValue {
        let identity: [(String, JSONValue)] = [
            ("file", .string(path)),
            ("index", .int(index)),
            ("subject", .string(certificate.subject.rfc4514)),
            ("subject_summary", .string(certificate.subjectSummary)),
            ("issuer", .string(certificate.issuer.rfc4514)),
            ("serial", .string(Hex.encode(certificate.serialNumber))),
            ("version", .int(certificate.version)),
            ("not_before", .string(CertificateFormatting.timestamp(certificate.notBefore))),
            ("not_after", .string(CertificateFormatting.timestamp(certificate.notAfter))),
            ("validity", ValidityStatus(certificate, at: now).json),
            ("encoding_defects", .array(certificate.encodingDefects.map { defect in
                .object([("rule", .string(defect.ruleName)), ("detail", .string(defect.description))])
            })),
        ]
        return .object(identity + algorithmsJSON(certificate) + extensionsJSON(certificate)
            + CertificateJSON.fingerprints(certificate))
    }

    private static func algorithmsJSON(_ certificate: Certificate) -> [(String, JSONValue)] {
        let (keyType, curve) = CertificateFormatting.keyType(certificate.publicKey.algorithm)
        let algorithm = certificate.signatureAlgorithm
        return [
            ("public_key", .object([
                ("type", .string(keyType)),
                ("curve", .string(curve)),
                ("bits", .int(certificate.publicKey.bits)),
            ])),
            ("signature_algorithm", .object([
                ("name", .string(algorithm.name)),
                ("oid", .string(algorithm.oid)),
                ("hash", .string(algorithm.hash?.name)),
                ("secure", .bool(algorithm.isSecureForCertificates)),
            ])),
        ]
    }

    private static func extensionsJSON(_ certificate: Certificate) -> [(String, JSONValue)] {
        var basicConstraints = JSONValue.null
        if let constraints = certificate.basicConstraints {
            basicConstraints = .object([("ca", .bool(constraints.isCA)), ("path_length", .int(constraints.pathLength)),
                                        ("critical", .bool(constraints.critical))])
        }
        var keyUsage = JSONValue.null
        if let usage = certificate.keyUsage {
            keyUsage = .object([("usages", .strings(usage.names)),
                                ("critical", .bool(isCritical(ExtensionOID.keyUsage, in: certificate)))])
        }
        var extendedKeyUsage = JSONValue.null
        if let oids = certificate.extendedKeyUsage {
            extendedKeyUsage = .array(oids.map {
                .object([("oid", .string($0)), ("name", .string(ExtendedKeyUsageOID.name($0)))])
            })
        }
        var nameConstraints = JSONValue.null
        if let constraints = certificate.nameConstraints {
            nameConstraints = .object([("permitted", .array(constraints.permitted.map(CertificateJSON.generalName))),
                                       ("excluded", .array(constraints.excluded.map(CertificateJSON.generalName))),
                                       ("critical", .bool(constraints.critical))])
        }
        var policies = JSONValue.null
        if let list = certificate.policies {
            policies = .array(list.map {
                .object([("oid", .string($0.oid)), ("cps_uris", .strings($0.cpsURIs)),
                         ("user_notices", .strings($0.userNotices))])
            })
        }
        let extensions = JSONValue.array(certificate.extensions.map {
            .object([("oid", .string($0.oid)), ("name", .string(CertificateFormatting.extensionNames[$0.oid])),
                     ("critical", .bool($0.critical))])
        })
        return [
            ("subject_alt_names", CertificateJSON.subjectAltNames(certificate)),
            ("basic_constraints", basicConstraints),
            ("key_usage", keyUsage),
            ("extended_key_usage", extendedKeyUsage),
            ("subject_key_identifier", .string(certificate.subjectKeyIdentifier.map { Hex.encode($0) })),
            ("authority_key_identifier", .string(certificate.authorityKeyIdentifier.map { Hex.encode($0) })),
            ("name_constraints", nameConstraints),
            ("policies", policies),
            ("extensions", extensions),
            ("critical_extensions", .strings(certificate.criticalExtensionOIDs)),
            ("unknown_critical_extensions", .strings(certificate.unknownCriticalExtensions)),
        ]
    }
}
