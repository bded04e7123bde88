import FoundationEssentials

/// Why a PKITS run could not start or finish: the suite folder or its description cannot be read, or
/// the report cannot be written. (A case whose own files are missing is not an error of the run: it
/// fails closed, and its result names the file.)
public enum PKITSError: Error, LocalizedError, Sendable, Equatable, CustomStringConvertible {
    case unreadable(path: String, problem: String)
    case malformed(source: String, problem: String)
    case unwritable(path: String, problem: String)

    /// A stable identifier, for programs: `pkits.unreadable`, `pkits.malformed`, `pkits.unwritable`.
    public var code: String {
        switch self {
        case .unreadable: return "pkits.unreadable"
        case .malformed: return "pkits.malformed"
        case .unwritable: return "pkits.unwritable"
        }
    }

    public var errorDescription: String? { description }

    public var description: String {
        switch self {
        case .unreadable(let path, let problem):
            return "\(path): cannot read: \(problem) (give the folder holding pkits.json, certs/ and crls/: "
                + "pyhanko-certvalidator's tests/fixtures/nist_pkits, as `make pkits` fetches it)"
        case .malformed(let source, let problem): return "\(source): not a valid PKITS description: \(problem)"
        case .unwritable(let path, let problem): return "\(path): cannot write: \(problem)"
        }
    }
}
