import Foundation

/// One case of a `vectors/*.json` file, as PEM text, for tests that evaluate a recorded PKI themselves
/// (the CRL tests read the generated `crl-*` PKIs instead of keeping copies of them).
public struct RecordedVector: Sendable {
    public let id: String
    public let peer: String
    public let intermediates: [String]
    public let trusted: [String]
    public let crls: [String]
    /// `validation_time` as written (RFC 3339).
    public let time: String
    public let revocation: String?

    /// The vectors directory of this checkout.
    public static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("vectors")

    /// The case `trustcheck::<file>::<name>` of `vectors/<file>.json`.
    public init(file: String, name: String) throws {
        let data = try Data(contentsOf: Self.directory.appendingPathComponent(file + ".json"))
        let root = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let id = "trustcheck::\(file)::\(name)"
        guard let cases = root?["testcases"] as? [[String: Any]], let found = cases.first(where: { $0["id"] as? String == id })
        else { throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "no vector \(id)"]) }
        self.id = id
        peer = found["peer_certificate"] as? String ?? ""
        intermediates = found["untrusted_intermediates"] as? [String] ?? []
        trusted = found["trusted_certs"] as? [String] ?? []
        crls = found["crls"] as? [String] ?? []
        time = found["validation_time"] as? String ?? ""
        revocation = found["revocation"] as? String
    }
}
