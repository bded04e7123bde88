import FileOutput
import FoundationEssentials

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

    /// Writes to `path` (through devices, FIFOs and symbolic links; see `OutputFile`), or to standard
    /// output when `path` is nil or "-".
    public static func write(_ results: [LimboResult], to path: String?, harness: String = harnessName)
        throws(LimboError)
    {
        do {
            try OutputFile.write(encode(results, harness: harness), to: path ?? "-")
        } catch {
            throw LimboError.unwritable(path: error.path, problem: error.problem)
        }
    }
}
