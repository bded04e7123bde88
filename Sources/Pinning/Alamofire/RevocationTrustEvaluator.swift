import FoundationEssentials
import TrustCertificates
import TrustEvaluation

/// Alamofire's `RevocationTrustEvaluator` with offline CRLs (pinning-libraries.md 2.3): default validation
/// and host validation when asked, then an evaluation under a revocation policy *instead of* the SSL policy
/// (Alamofire's `evaluate(afterApplying: .revocation(options:))` replaces the policies).
///
/// TrustCheck fetches nothing: no OCSP, no CRL download. So, per option (see `Options`):
/// * the CRLs are consulted only when `options` contains `.crl` (`.any` does); with `.ocsp` alone no
///   certificate can have an answer;
/// * a CRL of the issuer listing a certificate revokes it (fatal, -67820); CRLs of its issuer that may not
///   be used (stale, unreadable, wrongly signed…) fail it with RevocationResponseRequired (-67635); a
///   certificate whose issuer has no CRL at all soft-fails, as Apple does without an answer;
/// * `.requirePositiveResponse` fails closed instead: every certificate below the anchor needs an answer,
///   a usable CRL of its issuer, or the evaluation fails with RevocationResponseRequired on each one
///   without (Apple's error: -67635 and the pinning sentence, its subtype being Pinning);
/// * `.preferCRL` and `.networkAccessDisabled` change nothing: there is one method and no network.
///
/// The revocation evaluation uses the BasicX509 policy with the CRLs, so it also checks dates and
/// structure, which Apple's revocation-only policy does not; with `performDefaultValidation` on (the
/// default) those were checked already. Options Apple refuses (none, or undefined bits) throw
/// `.revocationPolicyCreationFailed` when that step is reached, after the validations, as in Alamofire.
public struct RevocationTrustEvaluator: ServerTrustEvaluating {
    /// The CRLs to check the chain against.
    public let crls: CRLStore
    /// Whether the chain is validated first (SSL policy, no host).
    public let performDefaultValidation: Bool
    /// Whether the chain is validated for the host first.
    public let validateHost: Bool
    /// How revocation is checked.
    public let options: Options

    /// Alamofire's defaults, with the CRLs to use.
    public init(crls: CRLStore, performDefaultValidation: Bool = true, validateHost: Bool = true, options: Options = .any) {
        self.crls = crls
        self.performDefaultValidation = performDefaultValidation
        self.validateHost = validateHost
        self.options = options
    }

    /// The CRLs of the files at `crlPaths` (PEM or DER, several per file allowed). A file that cannot be read
    /// is an error; a CRL inside one that does not parse is kept as unreadable, so its issuer fails closed.
    public init(crlPaths: [String], performDefaultValidation: Bool = true, validateHost: Bool = true,
                options: Options = .any) throws(CertificateLoadError)
    {
        var files: [CRLFile] = []
        for path in crlPaths { files.append(try CRLLoader.file(at: path)) }
        self.init(crls: CRLStore(files), performDefaultValidation: performDefaultValidation, validateHost: validateHost,
                  options: options)
    }

    public func evaluate(_ trust: ServerTrust, forHost host: String, at date: Date) throws(ServerTrustError) {
        var trust = trust
        if performDefaultValidation { try trust.performDefaultValidation(forHost: host, at: date) }
        if validateHost { try trust.performValidation(forHost: host, at: date) }
        guard options.isValidForAppleRevocationPolicy else { throw .revocationPolicyCreationFailed }
        let consulted = options.contains(.crl) ? crls : .empty
        // RequirePositiveResponse: the engine's RevocationPolicy.require fails every certificate below the
        // anchor whose status the CRLs do not establish (RFC 5280 §6.3, every reason covered).
        let evaluation = trust.evaluation(policies: [.basicX509()], crls: consulted,
                                          revocation: options.contains(.requirePositiveResponse) ? .require : .soft, at: date)
        guard evaluation.isTrusted else { throw .trustEvaluationFailed(error: ServerTrustEvaluationFailure(evaluation)) }
    }
}
