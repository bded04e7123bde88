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
        // 3: the analysis aggregates in the database. Each report names its leaf and its chain (`chains`, one
        // row per distinct set of SPKI pins, the pins in `chain_keys`); `known_keys` holds every key a verified
        // report vouched for and when it last did (`ReportKeys`, which also derives them for the reports
        // already stored); the indexes cover each of the analysis's queries (`ReportAnalysis`).
        """
        ALTER TABLE reports ADD COLUMN leaf_sha256 TEXT NOT NULL DEFAULT '';
        ALTER TABLE reports ADD COLUMN chain_id INTEGER;
        CREATE TABLE chains (id INTEGER PRIMARY KEY, fingerprint TEXT NOT NULL UNIQUE);
        CREATE TABLE chain_keys (chain_id INTEGER NOT NULL, pin TEXT NOT NULL, PRIMARY KEY (chain_id, pin)) WITHOUT ROWID;
        CREATE TABLE known_keys (pin TEXT PRIMARY KEY, last_vouched_ms INTEGER NOT NULL) WITHOUT ROWID;
        UPDATE reports SET leaf_sha256 = coalesce(
            (SELECT sha256 FROM report_certificates c WHERE c.report_id = reports.id AND c.position = 0), '');
        CREATE INDEX reports_window ON reports (received_at_ms, hostname, anchor_check, duplicate_count);
        CREATE INDEX reports_versions ON reports (hostname, app_version, app_platform, received_at_ms);
        CREATE INDEX reports_rotation ON reports (noted_hostname, app_version, app_platform, known_pins, enforce_pinning);
        CREATE INDEX reports_by_anchor ON reports (anchor_check, received_at_ms);
        CREATE INDEX reports_by_chain ON reports (chain_id, received_at_ms);
        CREATE INDEX reports_suspects ON reports (hostname, leaf_sha256, anchor_check, chain_id, received_at_ms, app_version, app_platform);
        CREATE INDEX reports_domain_chain ON reports (noted_hostname, chain_id);
        """,
        // 4: the analysis reads hourly counts (`ReportHours`): each report's group key, and `report_hours`
        // (derived for the reports already stored by `ReportHours.backfill`); the indexes of version 3 that
        // served the analysis's scans of `reports` go.
        """
        ALTER TABLE reports ADD COLUMN group_key TEXT NOT NULL DEFAULT '';
        CREATE TABLE report_hours (
            hour_ms INTEGER NOT NULL,
            group_key TEXT NOT NULL,
            hostname TEXT NOT NULL,
            noted_hostname TEXT NOT NULL,
            leaf_sha256 TEXT NOT NULL,
            chain_id INTEGER,
            anchor_check TEXT NOT NULL,
            app_version TEXT NOT NULL,
            app_platform TEXT NOT NULL,
            known_pins TEXT NOT NULL,
            enforce_pinning INTEGER,
            reports INTEGER NOT NULL,
            duplicates INTEGER NOT NULL,
            first_ms INTEGER NOT NULL,
            last_ms INTEGER NOT NULL,
            first_id INTEGER NOT NULL,
            last_id INTEGER NOT NULL,
            UNIQUE (hour_ms, group_key)
        );
        CREATE INDEX report_hours_by_leaf ON report_hours (hostname, leaf_sha256);
        DROP INDEX IF EXISTS reports_window;
        DROP INDEX IF EXISTS reports_versions;
        DROP INDEX IF EXISTS reports_rotation;
        DROP INDEX IF EXISTS reports_by_anchor;
        DROP INDEX IF EXISTS reports_by_chain;
        DROP INDEX IF EXISTS reports_suspects;
        DROP INDEX IF EXISTS reports_domain_chain;
        """,
    ]

    /// The migration that added `chains` and `known_keys`: a database older than this has its reports' keys
    /// derived (`ReportKeys.backfill`) when it is migrated.
    static let keysVersion = 3

    /// The migration that added `report_hours`: a database older than this has it derived
    /// (`ReportHours.backfill`) when it is migrated.
    static let hoursVersion = 4

    /// The version a fully migrated database has.
    static var currentVersion: Int { migrations.count }
}
