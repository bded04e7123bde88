import Foundation

/// The benchmark's text output: aligned rows.
enum Report {
    static func section(_ title: String) { print("\n## \(title)") }

    static func row(_ cells: [String], widths: [Int]) {
        var line = ""
        for (cell, width) in zip(cells, widths) {
            line += cell.count >= width ? cell + " " : cell + String(repeating: " ", count: width - cell.count)
        }
        print(line.trimmingCharacters(in: .whitespaces))
    }

    static func us(_ value: Double) -> String { String(format: "%.1f", value) }
    static func ratio(_ value: Double) -> String { String(format: "%.3f", value) }
    static func rate(_ value: Double) -> String { String(format: "%.0f", value) }
    static func mb(_ value: Double) -> String { String(format: "%.1f MB", value) }
    static func ms(_ microseconds: Double) -> String { String(format: "%.1f ms", microseconds / 1000) }

    static let comparisonWidths = [26, 10, 10, 10, 10, 10, 10, 9]
    static func comparisonHeader() {
        row(["chains", "TC med µs", "TC p90", "TC ch/s", "GT med µs", "GT p90", "GT ch/s", "ratio"], widths: comparisonWidths)
    }
    static func comparison(_ label: String, _ c: Comparison) {
        row([label, us(c.trustCheck.median), us(c.trustCheck.p90), rate(c.trustCheck.perSecond),
             us(c.gnutls.median), us(c.gnutls.p90), rate(c.gnutls.perSecond), ratio(c.ratio)], widths: comparisonWidths)
    }
}
