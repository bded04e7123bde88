import Foundation

/// The command line: `trustcheck-bench [--quick] [--chains N] [--anchors N] [--stream N] [--only SECTION,...]`.
struct BenchOptions {
    /// Chains per corpus (per key type and root variant).
    var chains = 200
    /// The largest anchor store (the benchmark's target: 100,000).
    var maximumAnchors = 100_000
    /// Distinct chains streamed for the RSS growth (the benchmark's target: 100,000).
    var stream = 100_000
    /// Process runs of each of trustcheck and certtool.
    var processRuns = 21
    /// nil: every section.
    var only: Set<String>?
    /// Extra warm passes of TrustCheck alone after the cold/warm table (for a profiler: callgrind then
    /// sees mostly the warm path).
    var profileWarm = 0
    /// The same with fresh caches on every pass: what callgrind then sees is mostly the cold path.
    var profileCold = 0
    /// Key types the cold/warm table runs (all by default); `--types Ed25519` focuses a profile on one.
    var keyTypes = KeyType.allCases

    static let sections = ["coldwarm", "threads", "stream", "length", "adversarial", "anchors", "process"]
    static let usage = "usage: trustcheck-bench [--quick] [--chains N] [--anchors N] [--stream N] "
        + "[--only \(sections.joined(separator: ","))] [--profile-warm N] [--profile-cold N] "
        + "[--types \(KeyType.allCases.map(\.rawValue).joined(separator: ","))]"

    init(_ arguments: [String]) {
        var iterator = arguments.makeIterator()
        func integer(_ option: String) -> Int {
            guard let text = iterator.next(), let value = Int(text), value > 0 else { Self.fail("\(option) needs a positive number") }
            return value
        }
        while let argument = iterator.next() {
            switch argument {
            case "--quick": (chains, maximumAnchors, stream, processRuns) = (40, 1_000, 5_000, 5)
            case "--chains": chains = integer(argument)
            case "--anchors": maximumAnchors = integer(argument)
            case "--stream": stream = integer(argument)
            case "--profile-warm": profileWarm = integer(argument)
            case "--profile-cold": profileCold = integer(argument)
            case "--types":
                let names = (iterator.next() ?? "").split(separator: ",").map(String.init)
                let types = names.compactMap(KeyType.init(rawValue:))
                guard !types.isEmpty, types.count == names.count else { Self.fail("--types takes key type names") }
                keyTypes = types
            case "--only":
                let names = Set((iterator.next() ?? "").split(separator: ",").map(String.init))
                guard !names.isEmpty, names.isSubset(of: Self.sections) else { Self.fail("--only takes section names") }
                only = names
            default: Self.fail("unknown option \(argument)")
            }
        }
    }

    func wants(_ section: String) -> Bool { only?.contains(section) ?? true }

    private static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("trustcheck-bench: \(message)\n\(usage)\n".utf8))
        exit(2)
    }
}
