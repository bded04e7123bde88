/// A testcase id that several loaded cases share: x509-limbo's results are keyed by id, so such cases
/// cannot be told apart there, and pairing them with expectations by id alone would judge one case by
/// another's expected result. `trustcheck limbo` reports each one and judges every case by its own.
public struct LimboDuplicateID: Sendable, Hashable, CustomStringConvertible {
    public var id: String
    /// The file of each case with this id, in the order loaded (a file twice when it holds it twice).
    public var files: [String]
    /// Whether the cases are the same testcase (a file given twice) rather than different ones.
    public var identical: Bool

    public init(id: String, files: [String], identical: Bool) {
        self.id = id
        self.files = files
        self.identical = identical
    }

    public var description: String {
        "duplicate testcase id \(id): \(files.count) "
            + (identical ? "copies of the same testcase" : "different testcases")
            + " (\(files.joined(separator: ", "))); each is judged against its own expected result, "
            + "and the results list them under the same id in this order"
    }
}
