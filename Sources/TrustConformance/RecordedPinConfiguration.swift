import FoundationEssentials

/// A vector's `pin_configuration`: the pinning configuration file a recording applied (a TrustKit
/// configuration as JSON or plist, or an Info.plist), embedded so that the replay needs nothing else:
/// `{"name": "pins.json", "data": "<base64 of the file's bytes>"}`.
public struct RecordedPinConfiguration: Decodable, Sendable, Hashable {
    /// The file name the recording read it from (for messages).
    public var name: String
    /// The file's bytes.
    public var data: [UInt8]

    /// A configuration named `name` with these bytes.
    public init(name: String, data: [UInt8]) {
        self.name = name
        self.data = data
    }

    enum CodingKeys: String, CodingKey { case name, data }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        let text = try c.decode(String.self, forKey: .data)
        guard let bytes = Data(base64Encoded: text) else {
            throw DecodingError.dataCorruptedError(forKey: .data, in: c, debugDescription: "data is not base64")
        }
        data = Array(bytes)
    }
}
