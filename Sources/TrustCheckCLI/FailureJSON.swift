import FoundationEssentials
import TrustCertificates
import TrustEvaluation

/// The JSON of a `TrustFailure` and of the diagnostics, made from their typed values (the same values
/// their text is made from).
enum FailureJSON {
    /// `{index, check, rule, detail, context}`; `context` holds the typed fields, or null.
    static func failure(_ failure: TrustFailure) -> JSONValue {
        .object([
            ("index", .int(failure.index)), ("check", .string(failure.check.rawValue)),
            ("rule", .string(failure.rule?.rawValue)), ("detail", .string(failure.detail)),
            ("context", failure.context.map(context) ?? .null),
        ])
    }

    /// The context's kind and fields.
    static func context(_ context: TrustFailure.Context) -> JSONValue {
        func time(_ date: Date) -> JSONValue { .string(CertificateFormatting.timestamp(date)) }
        switch context {
        case .hostname(let requested, let dnsNames, let ipAddresses, let emailAddresses, let commonNames,
                       let hasSubjectAltName):
            return .object([
                ("kind", .string("hostname")), ("requested", .string(requested.description)),
                ("dns_names", .strings(dnsNames)), ("ip_addresses", .strings(ipAddresses)),
                ("email_addresses", .strings(emailAddresses)), ("common_names", .strings(commonNames)),
                ("common_name_only", .bool(!hasSubjectAltName && !commonNames.isEmpty)),
            ])
        case .validity(let notBefore, let notAfter, let at):
            return .object([
                ("kind", .string("validity")), ("status", .string(context.validityPosition?.rawValue)),
                ("not_before", time(notBefore)), ("not_after", time(notAfter)), ("at", time(at)),
            ])
        case .validityPeriod(let days, let limitDays, let issuedOnOrAfter):
            return .object([
                ("kind", .string("validity_period")), ("days", .int(days)), ("limit_days", .int(limitDays)),
                ("issued_on_or_after", time(issuedOnOrAfter)),
            ])
        case .missingIssuer(let issuer, let authorityKeyIdentifier, let searched, let signatureDefect):
            return .object([
                ("kind", .string("missing_issuer")), ("issuer", .string(issuer.rfc4514)),
                ("authority_key_identifier", .string(authorityKeyIdentifier.map { Hex.encode($0) })),
                ("searched", .strings(searched.map(\.rawValue))), ("signature_defect", .string(signatureDefect)),
            ])
        case .untrustedRoot(let anchors):
            return .object([("kind", .string("untrusted_root")), ("anchors", .strings(anchors.map(\.rawValue)))])
        case .keySize(let algorithm, let bits, let minimumBits):
            return .object([
                ("kind", .string("key_size")), ("algorithm", .string(algorithm)), ("bits", .int(bits)),
                ("minimum_bits", .int(minimumBits)),
            ])
        case .brokenKey(let algorithm, let bits, let defect):
            return .object([
                ("kind", .string("broken_key")), ("algorithm", .string(algorithm)), ("bits", .int(bits)),
                ("defect", .string(defect)),
            ])
        case .signatureAlgorithm(let name):
            return .object([("kind", .string("signature_algorithm")), ("algorithm", .string(name))])
        case .rule(let rule, _):
            return .object([("kind", .string("rule")), ("rule", .string(rule.rawValue))])
        case .chainDepth(let intermediates, let maximum):
            return .object([
                ("kind", .string("chain_depth")), ("intermediates", .int(intermediates)), ("maximum", .int(maximum)),
            ])
        case .searchBudget(let paths, let signatureChecks):
            return .object([
                ("kind", .string("search_budget")), ("paths", .int(paths)), ("signature_checks", .int(signatureChecks)),
            ])
        case .pathLength(let maximum, let top):
            return .object([("kind", .string("path_length")), ("maximum", .int(maximum)), ("at", .string(top))])
        case .extensions(let oids):
            return .object([("kind", .string("extensions")), ("extensions", .strings(oids))])
        case .revoked(let date, let reason):
            return .object([
                ("kind", .string("revoked")), ("revocation_date", time(date)), ("reason", .string(reason?.description)),
            ])
        case .policyTree(let failure):
            return .object([("kind", .string("policy_tree"))] + PolicyTreeJSON.failureMembers(failure))
        case .note:
            return .object([("kind", .string("note"))])
        }
    }

    /// `{subject, sha256}`: enough to find a certificate again.
    static func certificate(_ certificate: Certificate) -> JSONValue {
        .object([("subject", .string(certificate.subject.rfc4514)), ("sha256", .string(Hex.encode(certificate.sha256)))])
    }

    /// `{note, message, ...}`.
    static func note(_ note: TrustNote) -> JSONValue {
        var members: [(String, JSONValue)] = [("note", .string(note.name)), ("message", .string(note.description))]
        switch note {
        case .probableWrongOrder(let first, let endEntity, let leafIndex, let rightOrder):
            members += [("first", certificate(first)), ("end_entity", certificate(endEntity)),
                        ("end_entity_index", .int(leafIndex)), ("right_order", .array(rightOrder.map(certificate)))]
        case .crlSigner(let signer, let crl, let verdict, let subject, let index):
            members += [("signer", certificate(signer)), ("crl", .string(crl)),
                        ("crl_verdict", .string(RevocationReport.verdictName(verdict))), ("for", certificate(subject)),
                        ("for_index", .int(index))]
        case .unusedPresented(let certificates):
            members.append(("certificates", .array(certificates.map(certificate))))
        }
        return .object(members)
    }

    /// `{event, message, ...typed fields}` for one step of `--explain`.
    static func diagnostic(_ step: TrustDiagnostic) -> JSONValue {
        var members: [(String, JSONValue)] = [("event", .string(step.event)), ("message", .string(step.description))]
        switch step {
        case .evaluationStarted(let leaf, let at):
            members += [("leaf", certificate(leaf)), ("at", .string(CertificateFormatting.timestamp(at)))]
        case .leafIsAnchor(let leaf, let source):
            members += [("leaf", certificate(leaf)), ("store", .string(source.rawValue))]
        case .issuerCandidatesFound(let subject, let candidates):
            members += [("subject", certificate(subject)), ("issuer_name", .string(subject.issuer.rfc4514)),
                        ("candidates", .array(candidates.map { element in
                            .object([("certificate", certificate(element.certificate)),
                                     ("store", .string(element.source.rawValue))])
                        }))]
        case .signatureChecked(let subject, let issuer, let verifies):
            members += [("subject", certificate(subject)), ("issuer", certificate(issuer)), ("verifies", .bool(verifies))]
        case .candidateRejected(let candidate, let subject, let reason):
            members += [("candidate", certificate(candidate)), ("subject", certificate(subject)),
                        ("reason", .string(reason.rawValue))]
        case .issuerAccepted(let subject, let issuer):
            members += [("subject", certificate(subject)), ("issuer", certificate(issuer.certificate)),
                        ("store", .string(issuer.source.rawValue))]
        case .noIssuerFound(let subject, let searched):
            members += [("subject", certificate(subject)), ("issuer_name", .string(subject.issuer.rfc4514)),
                        ("searched", .strings(searched.map(\.rawValue)))]
        case .pathComplete(let length, let end):
            let ending: (String, String?)
            switch end {
            case .anchor(let source): ending = ("anchor", source.rawValue)
            case .untrustedRoot: ending = ("untrusted_root", nil)
            case .missingIssuer: ending = ("missing_issuer", nil)
            case .lengthLimit: ending = ("length_limit", nil)
            }
            members += [("length", .int(length)), ("end", .string(ending.0)), ("store", .string(ending.1))]
        case .pathAccepted(let length):
            members.append(("length", .int(length)))
        case .checkFailed(let length, let failures):
            members += [("length", .int(length)), ("failures", .array(failures.map(failure)))]
        case .crlConsidered(let subject, let index, let assessment):
            members += [("subject", certificate(subject)), ("index", .int(index)), ("crl", RevocationReport.crl(assessment))]
        case .revocationStatus(let subject, let status):
            members += [("subject", certificate(subject)), ("index", .int(status.index)),
                        ("status", RevocationReport.certificate(status))]
        case .budgetSpent(let budget, let limit):
            members += [("budget", .string(budget.rawValue)), ("limit", .int(limit))]
        case .note(let note):
            members.append(("note", Self.note(note)))
        case .verdict(let error):
            members += [("trusted", .bool(error == nil)), ("code", .int(error.map { Int($0.code) }))]
        }
        return .object(members)
    }
}
