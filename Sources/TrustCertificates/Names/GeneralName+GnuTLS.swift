import GnuTLSBridge

extension GeneralName {
    /// Converts GnuTLS's tagged form of a GeneralName.
    init(gnutls name: GnuTLSCertificateFields.TaggedName) throws {
        let text = String(decoding: name.value, as: UTF8.self)
        switch name.kind {
        case .dnsName: self = .dnsName(text)
        case .rfc822Name: self = .rfc822Name(text)
        case .uri: self = .uri(text)
        case .ipAddress:
            guard [4, 8, 16, 32].contains(name.value.count) else {
                throw CertificateParseError("an iPAddress of \(name.value.count) bytes")
            }
            self = .ipAddress(name.value)
        case .directoryName: self = .directoryName(try DistinguishedName(der: name.value, rfc4514: ""))
        case .registeredID: self = .registeredID(text)
        case .otherName: self = .otherName(name.value)
        }
    }
}
