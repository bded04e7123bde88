import Foundation

/// Writes x509-limbo's result format:
/// `{"version":1,"harness":"trustcheck","results":[{"id":...,"actual_result":...,"context":...}]}`.
public enum LimboResultsWriter {
    public static let harnessName = "trustcheck"

    struct Document: Encodable {
        let version = 1
        let harness: String
        let results: [LimboResult]
    }

    public static func encode(_ results: [LimboResult], harness: String = harnessName) -> Data {
        let encoder = JSONEncoder()
        // Sorted keys: the same results always give the same bytes, so result files diff cleanly.
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        do {
            var data = try encoder.encode(Document(harness: harness, results: results))
            data.append(0x0A)
            return data
        } catch {
            // Only strings and enums are encoded: this cannot fail.
            preconditionFailure("encoding limbo results failed: \(error)")
        }
    }

    /// Writes to `path`, or to standard output when `path` is nil or "-".
    public static func write(_ results: [LimboResult], to path: String?, harness: String = harnessName)
        throws(LimboError)
    {
        let data = encode(results, harness: harness)
        guard let path, path != "-" else {
            FileHandle.standardOutput.write(data)
            return
        }
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw LimboError.unwritable(path: path, problem: (error as NSError).localizedDescription)
        }
    }
}
