extension DistinguishedName {
    /// Short names as GnuTLS prints them, so both sources of text look alike.
    private static let shortNames: [String: String] = [
        AttributeOID.commonName: "CN", AttributeOID.organizationalUnit: "OU", AttributeOID.organization: "O",
        "2.5.4.6": "C", "2.5.4.7": "L", "2.5.4.8": "ST", "2.5.4.9": "STREET", "2.5.4.5": "serialNumber",
        "0.9.2342.19200300.100.1.25": "DC", "0.9.2342.19200300.100.1.1": "UID", AttributeOID.emailAddress: "EMAIL",
    ]

    /// RFC 4514: RDNs last-first, attributes of one RDN joined by "+", unknown types as a dotted OID
    /// with the value's DER in hex.
    static func rfc4514(_ rdns: [[Attribute]]) -> String {
        rdns.reversed().map { rdn in
            rdn.map { attribute in
                if let name = shortNames[attribute.oid], let text = attribute.text {
                    return name + "=" + escape(text)
                }
                let encoded = [attribute.valueTag] + DEREncoder.length(attribute.rawValue.count) + attribute.rawValue
                return attribute.oid + "=#" + encoded.map { hex($0) }.joined()
            }.joined(separator: "+")
        }.joined(separator: ",")
    }


    private static func hex(_ byte: UInt8) -> String { (byte < 16 ? "0" : "") + String(byte, radix: 16) }

    private static func escape(_ text: String) -> String {
        var result = ""
        let last = text.count - 1
        for (index, character) in text.enumerated() {
            let special = ",+\"\\<>;".contains(character)
                || (index == 0 && (character == "#" || character == " "))
                || (index == last && character == " ")
            result += special ? "\\" + String(character) : String(character)
        }
        return result
    }
}
