import TrustCertificates

/// The name a person most likely meant when they typed one that does not exist: an option or a command.
enum NearestName {
    /// `word` as it compares with names: lower case, leading dashes gone, `_` as `-`. OpenSSL writes
    /// `-CAfile` and `-verify_hostname`, Go tools `-json`: each is the same as `--cafile`,
    /// `--verify-hostname` and `--json` here.
    static func normalized(_ word: String) -> String {
        String(word.drop { $0 == "-" }.lowercased().map { $0 == "_" ? "-" : $0 })
    }

    /// The candidate `word` most likely means, compared normalized: the same name spelt differently, else
    /// the one candidate it begins (three characters at least), else the nearest by edit distance when it
    /// is near enough (one edit in a name of up to four characters, two in a longer one), the first
    /// candidate of equal distance. Nil when nothing is close: a far-fetched guess misleads more than none.
    static func nearest(to word: String, among candidates: [String]) -> String? {
        let typed = normalized(word)
        guard !typed.isEmpty else { return nil }
        let names = candidates.map(normalized)
        if let same = names.firstIndex(of: typed) { return candidates[same] }
        let extended = candidates.indices.filter { names[$0].hasPrefix(typed) }
        if typed.count >= 3, extended.count == 1 { return candidates[extended[0]] }
        let limit = typed.count <= 4 ? 1 : 2
        var best: (index: Int, distance: Int)?
        for (index, name) in names.enumerated() {
            let distance = editDistance(typed, name)
            if distance <= limit, distance < (best?.distance ?? .max) { best = (index, distance) }
        }
        return best.map { candidates[$0.index] }
    }

    /// `EditDistance.between`: a swap of neighbouring characters (`--jsno`) counts one.
    static func editDistance(_ a: String, _ b: String) -> Int { EditDistance.between(a, b) }
}
