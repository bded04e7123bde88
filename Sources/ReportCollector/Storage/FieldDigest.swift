import TrustCertificates

/// A key naming a list of text fields: the hex SHA-256 of the fields, each prefixed by its length in
/// bytes and a colon, so that no two different lists encode to the same bytes.
enum FieldDigest {
    static func sha256Hex(_ fields: [String]) -> String {
        var bytes: [UInt8] = []
        for field in fields {
            let utf8 = Array(field.utf8)
            bytes += Array(String(utf8.count).utf8) + [0x3A] + utf8
        }
        return Hex.encode(SHA256.hash(bytes))
    }
}
