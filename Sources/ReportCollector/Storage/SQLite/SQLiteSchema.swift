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
    ]

    /// The version a fully migrated database has.
    static var currentVersion: Int { migrations.count }
}
