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

    /// The optimal string alignment distance: insertions, deletions, substitutions and swaps of two
    /// neighbouring characters (the usual typo, `--jsno`) each count one.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = [Int](), row = Array(0...b.count)
        for i in 1...a.count {
            var next = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                next[j] = min(row[j] + 1, next[j - 1] + 1, row[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { next[j] = min(next[j], previous[j - 2] + 1) }
            }
            previous = row
            row = next
        }
        return row[b.count]
    }
}
