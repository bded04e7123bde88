/// The PostgreSQL store's schema, as numbered migrations: migration `n` takes `schema_version.version` from
/// `n - 1` to `n`. Only ever append; a released migration never changes. The tables mirror the SQLite
/// store's (same names, same epoch-millisecond times, the same JSON text for lists), with PostgreSQL's
/// types where they say more: identity ids, booleans, bytea bodies. Each migration is a list of single
/// statements (PQexecParams runs one statement per call).
enum PostgresSchema {
    static let migrations: [[String]] = [
        // 1: reports, their chains and bodies, malformed-body counters.
        ["""
        CREATE TABLE reports (
            id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            deduplication_key text NOT NULL UNIQUE,
            received_at_ms bigint NOT NULL,
            source text NOT NULL,
            app_bundle_id text NOT NULL,
            app_version text NOT NULL,
            app_platform text NOT NULL,
            app_platform_version text NOT NULL,
            app_vendor_id text NOT NULL,
            trustkit_version text NOT NULL,
            date_time_ms bigint NOT NULL,
            hostname text NOT NULL,
            port integer NOT NULL,
            noted_hostname text NOT NULL,
            include_subdomains boolean NOT NULL,
            enforce_pinning boolean NOT NULL,
            validated_certificate_chain text NOT NULL,
            known_pins text NOT NULL,
            validation_result integer NOT NULL,
            known_pins_expiration_ms bigint,
            anchor_check text NOT NULL,
            anchor_reason text,
            duplicate_count integer NOT NULL DEFAULT 0
        )
        """,
         "CREATE INDEX reports_by_received ON reports (received_at_ms, id)",
         "CREATE INDEX reports_by_host ON reports (hostname, received_at_ms)",
         """
        CREATE TABLE report_certificates (
            report_id bigint NOT NULL REFERENCES reports (id),
            position integer NOT NULL,
            subject text NOT NULL,
            issuer text NOT NULL,
            spki_pin text NOT NULL,
            sha256 text NOT NULL,
            not_before_ms bigint NOT NULL,
            not_after_ms bigint NOT NULL,
            PRIMARY KEY (report_id, position)
        )
        """,
         """
        CREATE TABLE report_bodies (
            report_id bigint PRIMARY KEY REFERENCES reports (id),
            body bytea NOT NULL
        )
        """,
         """
        CREATE TABLE malformed_bodies (
            reason text PRIMARY KEY,
            count bigint NOT NULL,
            last_source text NOT NULL,
            last_received_ms bigint NOT NULL
        )
        """],
        // 2: every TrustKit report format. Android and older TrustKit reports lack app_platform_version,
        // trustkit_version and enforce_pinning; report_format says which format each report came in (every
        // earlier report is the current Apple format, the only one accepted before), then has no default, so
        // the store always says; served_certificate_chain is TrustKit-Android's.
        ["""
        ALTER TABLE reports
            ALTER COLUMN app_platform_version DROP NOT NULL,
            ALTER COLUMN trustkit_version DROP NOT NULL,
            ALTER COLUMN enforce_pinning DROP NOT NULL,
            ADD COLUMN report_format text NOT NULL DEFAULT 'ios',
            ADD COLUMN served_certificate_chain text
        """,
         "ALTER TABLE reports ALTER COLUMN report_format DROP DEFAULT"],
        // 3: the analysis aggregates in the database. Each report names its leaf and its chain (`chains`, one
        // row per distinct set of SPKI pins, the pins in `chain_keys`); `known_keys` holds every key a verified
        // report vouched for and when it last did (`ReportKeys`, which also derives them for the reports
        // already stored); the indexes cover each of the analysis's queries (`ReportAnalysis`).
        ["ALTER TABLE reports ADD COLUMN leaf_sha256 text NOT NULL DEFAULT '', ADD COLUMN chain_id bigint",
         "CREATE TABLE chains (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, fingerprint text NOT NULL UNIQUE)",
         "CREATE TABLE chain_keys (chain_id bigint NOT NULL, pin text NOT NULL, PRIMARY KEY (chain_id, pin))",
         "CREATE TABLE known_keys (pin text PRIMARY KEY, last_vouched_ms bigint NOT NULL)",
         """
        UPDATE reports SET leaf_sha256 = c.sha256 FROM report_certificates c WHERE c.report_id = reports.id AND c.position = 0
        """,
         "CREATE INDEX reports_window ON reports (received_at_ms, hostname, anchor_check, duplicate_count)",
         "CREATE INDEX reports_versions ON reports (hostname, app_version, app_platform, received_at_ms)",
         "CREATE INDEX reports_rotation ON reports (noted_hostname, app_version, app_platform, known_pins, enforce_pinning)",
         "CREATE INDEX reports_by_anchor ON reports (anchor_check, received_at_ms)",
         "CREATE INDEX reports_by_chain ON reports (chain_id, received_at_ms)",
         "CREATE INDEX reports_suspects ON reports (hostname, leaf_sha256, anchor_check, chain_id, received_at_ms, app_version, app_platform)",
         "CREATE INDEX reports_domain_chain ON reports (noted_hostname, chain_id)"],
        // 4: the analysis reads hourly counts (`ReportHours`): each report's group key, and `report_hours`
        // (derived for the reports already stored by `ReportHours.backfill`); the indexes of version 3 that
        // served the analysis's scans of `reports` go.
        ["ALTER TABLE reports ADD COLUMN group_key text NOT NULL DEFAULT ''",
         """
        CREATE TABLE report_hours (
            hour_ms bigint NOT NULL,
            group_key text NOT NULL,
            hostname text NOT NULL,
            noted_hostname text NOT NULL,
            leaf_sha256 text NOT NULL,
            chain_id bigint,
            anchor_check text NOT NULL,
            app_version text NOT NULL,
            app_platform text NOT NULL,
            known_pins text NOT NULL,
            enforce_pinning boolean,
            reports bigint NOT NULL,
            duplicates bigint NOT NULL,
            first_ms bigint NOT NULL,
            last_ms bigint NOT NULL,
            first_id bigint NOT NULL,
            last_id bigint NOT NULL,
            PRIMARY KEY (hour_ms, group_key)
        )
        """,
         "CREATE INDEX report_hours_by_leaf ON report_hours (hostname, leaf_sha256)",
         "DROP INDEX IF EXISTS reports_window", "DROP INDEX IF EXISTS reports_versions", "DROP INDEX IF EXISTS reports_rotation", "DROP INDEX IF EXISTS reports_by_anchor",
         "DROP INDEX IF EXISTS reports_by_chain", "DROP INDEX IF EXISTS reports_suspects", "DROP INDEX IF EXISTS reports_domain_chain"],
    ]

    /// The migration that added `chains` and `known_keys`: a database older than this has its reports' keys
    /// derived (`ReportKeys.backfill`) when it is migrated.
    static let keysVersion = 3

    /// The migration that added `report_hours`: a database older than this has it derived
    /// (`ReportHours.backfill`) when it is migrated.
    static let hoursVersion = 4

    /// The key of the advisory lock each retention batch holds: collectors sharing a database delete and
    /// recount hours one at a time. "TrustRet" in ASCII.
    static let retentionLockKey: Int64 = 0x5472_7573_7452_6574

    /// The version a fully migrated database has.
    static var currentVersion: Int { migrations.count }

    /// The key of the advisory lock `migrate()` holds: several collectors starting at once against one
    /// database migrate one after the other, never racing to create the same table. Any fixed 64-bit
    /// number works; this one is "TrustChk" in ASCII.
    static let migrationLockKey: Int64 = 0x5472_7573_7443_686B
}
