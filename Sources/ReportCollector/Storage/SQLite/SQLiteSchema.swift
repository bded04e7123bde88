/// The SQLite store's schema, as numbered migrations: migration `n` takes `PRAGMA user_version` from `n - 1`
/// to `n`. Only ever append; a released migration never changes.
enum SQLiteSchema {
    static let migrations: [String] = [
        // 1: reports, their chains and bodies, malformed-body counters.
        """
        CREATE TABLE reports (
            id INTEGER PRIMARY KEY,
            deduplication_key TEXT NOT NULL UNIQUE,
            received_at_ms INTEGER NOT NULL,
            source TEXT NOT NULL,
            app_bundle_id TEXT NOT NULL,
            app_version TEXT NOT NULL,
            app_platform TEXT NOT NULL,
            app_platform_version TEXT NOT NULL,
            app_vendor_id TEXT NOT NULL,
            trustkit_version TEXT NOT NULL,
            date_time_ms INTEGER NOT NULL,
            hostname TEXT NOT NULL,
            port INTEGER NOT NULL,
            noted_hostname TEXT NOT NULL,
            include_subdomains INTEGER NOT NULL,
            enforce_pinning INTEGER NOT NULL,
            validated_certificate_chain TEXT NOT NULL,
            known_pins TEXT NOT NULL,
            validation_result INTEGER NOT NULL,
            known_pins_expiration_ms INTEGER,
            anchor_check TEXT NOT NULL,
            anchor_reason TEXT,
            duplicate_count INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX reports_by_received ON reports (received_at_ms, id);
        CREATE INDEX reports_by_host ON reports (hostname, received_at_ms);
        CREATE TABLE report_certificates (
            report_id INTEGER NOT NULL REFERENCES reports (id),
            position INTEGER NOT NULL,
            subject TEXT NOT NULL,
            issuer TEXT NOT NULL,
            spki_pin TEXT NOT NULL,
            sha256 TEXT NOT NULL,
            not_before_ms INTEGER NOT NULL,
            not_after_ms INTEGER NOT NULL,
            PRIMARY KEY (report_id, position)
        ) WITHOUT ROWID;
        CREATE TABLE report_bodies (
            report_id INTEGER PRIMARY KEY REFERENCES reports (id),
            body BLOB NOT NULL
        );
        CREATE TABLE malformed_bodies (
            reason TEXT PRIMARY KEY,
            count INTEGER NOT NULL,
            last_source TEXT NOT NULL,
            last_received_ms INTEGER NOT NULL
        ) WITHOUT ROWID;
        """,
        // 2: every TrustKit report format. Android and older TrustKit reports lack app_platform_version,
        // trustkit_version and enforce_pinning, so they become nullable — which SQLite's ALTER TABLE cannot
        // do, so the table is rebuilt as SQLite's documented procedure does (lang_altertable.html, "making
        // other kinds of table schema changes"; `migrate()` turns foreign keys off around it and checks them
        // after). report_format says which format each report came in (every earlier report is the current
        // Apple format, the only one accepted before); served_certificate_chain is TrustKit-Android's.
        """
        CREATE TABLE reports_v2 (
            id INTEGER PRIMARY KEY,
            deduplication_key TEXT NOT NULL UNIQUE,
            received_at_ms INTEGER NOT NULL,
            source TEXT NOT NULL,
            app_bundle_id TEXT NOT NULL,
            app_version TEXT NOT NULL,
            app_platform TEXT NOT NULL,
            app_platform_version TEXT,
            app_vendor_id TEXT NOT NULL,
            trustkit_version TEXT,
            date_time_ms INTEGER NOT NULL,
            hostname TEXT NOT NULL,
            port INTEGER NOT NULL,
            noted_hostname TEXT NOT NULL,
            include_subdomains INTEGER NOT NULL,
            enforce_pinning INTEGER,
            validated_certificate_chain TEXT NOT NULL,
            known_pins TEXT NOT NULL,
            validation_result INTEGER NOT NULL,
            known_pins_expiration_ms INTEGER,
            anchor_check TEXT NOT NULL,
            anchor_reason TEXT,
            duplicate_count INTEGER NOT NULL DEFAULT 0,
            report_format TEXT NOT NULL,
            served_certificate_chain TEXT
        );
        INSERT INTO reports_v2 (id, deduplication_key, received_at_ms, source, app_bundle_id, app_version, app_platform,
            app_platform_version, app_vendor_id, trustkit_version, date_time_ms, hostname, port, noted_hostname,
            include_subdomains, enforce_pinning, validated_certificate_chain, known_pins, validation_result,
            known_pins_expiration_ms, anchor_check, anchor_reason, duplicate_count, report_format)
        SELECT id, deduplication_key, received_at_ms, source, app_bundle_id, app_version, app_platform,
            app_platform_version, app_vendor_id, trustkit_version, date_time_ms, hostname, port, noted_hostname,
            include_subdomains, enforce_pinning, validated_certificate_chain, known_pins, validation_result,
            known_pins_expiration_ms, anchor_check, anchor_reason, duplicate_count, 'ios'
        FROM reports;
        DROP TABLE reports;
        ALTER TABLE reports_v2 RENAME TO reports;
        CREATE INDEX reports_by_received ON reports (received_at_ms, id);
        CREATE INDEX reports_by_host ON reports (hostname, received_at_ms);
        """,
    ]

    /// The version a fully migrated database has.
    static var currentVersion: Int { migrations.count }
}
