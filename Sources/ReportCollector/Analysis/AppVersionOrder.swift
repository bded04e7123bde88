/// App versions in the order of their releases: `2.0` before `10.0`, `1.9` before `1.10`, `1.2` before
/// `1.2.1`, `2.0 (45)` before `2.0 (123)`. Versions are compared component by component (runs of digits and
/// runs of letters; dots, dashes, spaces and brackets separate them), numbers as numbers, a number before
/// text in the same place, and a version before its own extensions (`1.0` before `1.0b`); equal-looking
/// versions (`1.0` and `1.00`) fall back to their text, so the order is total and stable.
public enum AppVersionOrder {
    public static func areInIncreasingOrder(_ a: String, _ b: String) -> Bool {
        let left = components(a), right = components(b)
        for (x, y) in zip(left, right) where x != y {
            switch (x, y) {
            case (.number(let m), .number(let n)): return m < n
            case (.number, .text): return true
            case (.text, .number): return false
            case (.text(let s), .text(let t)): return s < t
            }
        }
        if left.count != right.count { return left.count < right.count }
        return a < b
    }

    private enum Component: Equatable {
        case number(UInt64)
        case text(String)
    }

    /// Runs of digits (numbers) and runs of letters (text); everything else separates them.
    private static func components(_ version: String) -> [Component] {
        var components: [Component] = []
        var run = ""
        var runIsDigits = false
        func flush() {
            guard !run.isEmpty else { return }
            // A run of digits too long for UInt64 compares as text.
            if runIsDigits, let value = UInt64(run) { components.append(.number(value)) } else { components.append(.text(run)) }
            run = ""
        }
        for character in version {
            let isDigit = character.isASCII && character.isNumber
            if isDigit || character.isLetter {
                if !run.isEmpty && isDigit != runIsDigits { flush() }
                runIsDigits = isDigit
                run.append(character)
            } else {
                flush()
            }
        }
        flush()
        return components
    }
}
