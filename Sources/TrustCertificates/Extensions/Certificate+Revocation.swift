/// Where a certificate's revocation information is (RFC 5280 §4.2.1.13, §4.2.1.15), decoded on
/// demand: only revocation checking reads these, once per certificate and CRL considered.
extension Certificate {
    /// cRLDistributionPoints; nil when the extension is absent.
    public var crlDistributionPoints: DecodedExtension<[DistributionPoint]>? {
        `extension`(ExtensionOID.crlDistributionPoints).map { found in
            DecodedExtension { try DistributionPoint.points(der: found.value) }
        }
    }

    /// freshestCRL: where the delta CRLs are; nil when the extension is absent.
    public var freshestCRL: DecodedExtension<[DistributionPoint]>? {
        `extension`(CRLExtensionOID.freshestCRL).map { found in DecodedExtension { try DistributionPoint.points(der: found.value) } }
    }

    /// The issuer's names for §6.3.3's implicit distribution point: the issuer field as a
    /// directoryName, then the issuerAltName entries (an unreadable issuerAltName adds none).
    public var issuerNames: [GeneralName] {
        let alternative = `extension`(ExtensionOID.issuerAltName).flatMap { try? GeneralName.names(der: $0.value) } ?? []
        return [.directoryName(issuer)] + alternative
    }
}
