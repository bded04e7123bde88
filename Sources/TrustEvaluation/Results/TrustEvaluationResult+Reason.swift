extension TrustEvaluationResult {
    /// Why the evaluation decided as it did, in one line for a log or a headline: the user's terms first,
    /// Apple's OSStatus after them in parentheses.
    ///
    /// - Trusted: the certificate the chain ends at and where it came from,
    ///   `chain to “TrustCheck Example Root” (anchor)` (`system store` for a system root).
    /// - Presented out of order (a `TrustNote.probableWrongOrder` note on an untrusted result): what is
    ///   wrong and the right order (`TrustNote.outOfOrder`), with the primary error's code; every
    ///   failure then is about the wrong certificate.
    /// - Otherwise the most specific failure (`TrustFailure.mostSpecific(among:)`, ranked by
    ///   `TrustFailure.Specificity`) in its own words (`TrustFailure.reason(on:)`) and its check's
    ///   code, and how many other failures there are:
    ///   `host name mismatch: the certificate is valid for www.example.test, not other.example.test (-67602)`,
    ///   `not yet valid: the leaf “www.example.test” is valid from 2026-11-01T00:00:00Z, evaluated at
    ///   2020-01-01T00:00:00Z (-67818), and 2 more failures`.
    ///
    /// The code may differ from `error`'s: Apple's primary error follows Apple's priority rule
    /// (`TrustError.primaryFailure(among:)`), which `error` keeps exactly. The verdict itself is
    /// `isTrusted`; the reason does not repeat it. Certificate names are the certificates' own text:
    /// escape the line before printing it to a terminal.
    public var reason: String {
        if isTrusted {
            guard let top = chain.last else { return "trusted" }
            let store: String
            switch top.source {
            case .anchor: store = "anchor"
            case .system: store = "system store"
            case .presented: store = "presented"
            }
            return "chain to \(TrustDiagnostic.quoted(top.certificate)) (\(store))"
        }
        let code = error.map { " (\($0.code))" } ?? ""
        if let outOfOrder = notes.lazy.compactMap(\.outOfOrder).first { return outOfOrder + code }
        guard let failure = TrustFailure.mostSpecific(among: failures) else { return "not trusted" + code }
        let others = failures.count - 1
        return failure.reason(on: chain) + " (\(failure.check.status))"
            + (others > 0 ? ", and \(others) more failure" + (others == 1 ? "" : "s") : "")
    }
}
