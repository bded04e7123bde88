/// How far apart two names are, for "did you mean" suggestions (the CLI's options and commands, an
/// Info.plist's misspelt keys): the optimal string alignment distance, where an insertion, a deletion, a
/// substitution and a swap of two neighbouring characters (the usual typo) each count one.
package enum EditDistance {
    package static func between(_ a: String, _ b: String) -> Int {
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
