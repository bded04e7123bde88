extension StringProtocol {
    /// The text without leading and trailing white space: what `trimmingCharacters(in:)` with
    /// `.whitespacesAndNewlines` (or, with `newlines` false, `.whitespaces`: spaces and tabs, line breaks
    /// kept) gave under swift-corelibs Foundation, which `trustcheck` does not link.
    package func trimmingWhitespace(newlines: Bool = true) -> SubSequence {
        let isBlank: (Character) -> Bool = { $0.isWhitespace && (newlines || !$0.isNewline) }
        guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else {
            return self[endIndex...]
        }
        return self[first...last]
    }
}
