import Foundation
import Pinning

/// A row the stores insert, as columns and values in order, whatever the database: what a report and its
/// certificates become is written here once, and each store only says how its database spells a parameter
/// and a value.
public struct StoredRow {
    /// A column's value before a database's own type.
    public enum Value: Sendable, Hashable {
        case text(String)
        case integer(Int64)
        case boolean(Bool)
        case bytes([UInt8])
        case null

        static func text(orNull text: String?) -> Value { text.map(Value.text) ?? .null }
        static func integer(orNull value: Int64?) -> Value { value.map(Value.integer) ?? .null }
    }

    let table: String
    let columns: [String]
    let values: [Value]

    private init(table: String, _ pairs: KeyValuePairs<String, Value>) {
        self.table = table
        columns = pairs.map(\.key)
        values = pairs.map(\.value)
    }

    /// `INSERT INTO table (columns) VALUES (placeholders)`, the n-th placeholder (from 1) as `placeholder` writes it.
    func insert(placeholder: (Int) -> String) -> String {
        "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES ("
            + values.indices.map { placeholder($0 + 1) }.joined(separator: ", ") + ")"
    }

    /// The report's row of `reports` (its certificates and body are rows of their own); `chainID` is its
    /// chain's row of `chains` (`ReportKeys`), nil when no certificate of it could be read.
    static func report(_ report: ReceivedReport, chainID: Int64?) -> StoredRow {
        let body = report.body
        return StoredRow(table: "reports", [
            "deduplication_key": .text(report.deduplicationKey),
            "received_at_ms": .integer(report.receivedAt.epochMilliseconds),
            "source": .text(report.source),
            "app_bundle_id": .text(body.appBundleID),
            "app_version": .text(body.appVersion),
            "app_platform": .text(body.appPlatform.rawValue),
            "app_platform_version": .text(orNull: body.appPlatformVersion),
            "app_vendor_id": .text(body.appVendorID),
            "trustkit_version": .text(orNull: body.trustKitVersion),
            "date_time_ms": .integer(body.dateTime.epochMilliseconds),
            "hostname": .text(body.hostname),
            "port": .integer(Int64(body.port)),
            "noted_hostname": .text(body.notedHostname),
            "include_subdomains": .boolean(body.includeSubdomains),
            "enforce_pinning": body.enforcePinning.map(Value.boolean) ?? .null,
            "validated_certificate_chain": .text(StoredListCoding.encode(body.validatedCertificateChain)),
            "known_pins": .text(StoredListCoding.encode(body.knownPins)),
            "validation_result": .integer(Int64(body.validationResult.rawValue)),
            "known_pins_expiration_ms": .integer(orNull: body.knownPinsExpirationDate?.epochMilliseconds),
            "anchor_check": .text(report.anchorCheck.code),
            "anchor_reason": .text(orNull: report.anchorCheck.reason),
            "report_format": .text(body.format.rawValue),
            "served_certificate_chain": .text(orNull: body.servedCertificateChain.map(StoredListCoding.encode)),
            "leaf_sha256": .text(report.certificates.first?.sha256 ?? ""),
            "chain_id": .integer(orNull: chainID),
            "group_key": .text(ReportHours.Dimensions(report, chainID: chainID).groupKey),
        ])
    }

    /// One certificate of report `reportID`, a row of `report_certificates`.
    static func certificate(_ certificate: ReportedCertificate, reportID: Int64) -> StoredRow {
        StoredRow(table: "report_certificates", [
            "report_id": .integer(reportID),
            "position": .integer(Int64(certificate.position)),
            "subject": .text(certificate.subject),
            "issuer": .text(certificate.issuer),
            "spki_pin": .text(certificate.spkiPin),
            "sha256": .text(certificate.sha256),
            "not_before_ms": .integer(certificate.notBefore.epochMilliseconds),
            "not_after_ms": .integer(certificate.notAfter.epochMilliseconds),
        ])
    }

    /// The report's raw body, a row of `report_bodies`.
    static func body(_ report: ReceivedReport, reportID: Int64) -> StoredRow {
        StoredRow(table: "report_bodies", ["report_id": .integer(reportID), "body": .bytes(report.rawBody)])
    }
}
