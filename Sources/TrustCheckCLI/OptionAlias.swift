/// An option name from another tool's habits (curl, openssl, gnutls-cli, certtool) or a likely guess,
/// and what it is here: the unknown-option error of a command names it instead of a bare refusal.
package struct OptionAlias: Sendable {
    /// What the spelling means in a command.
    package enum Meaning: Sendable {
        /// The first of these options the command has, written as the suggestion shows it (`--tls 1.2`).
        case option([String])
        /// Words for a habit no option matches, e.g. `connect --port`: the port goes with the host.
        case advice(String)
    }

    /// The spellings, normalized as `NearestName.normalized` does (`-CAfile` is `cafile`).
    let spellings: [String]
    let meaning: Meaning

    package init(_ spellings: [String], _ meaning: Meaning) {
        self.spellings = spellings
        self.meaning = meaning
    }

    /// For every command; an entry applies to a command only when the command has the option it names.
    static let common: [OptionAlias] = [
        OptionAlias(["cafile", "ca-file", "ca", "cacert", "ca-cert", "capath", "ca-path", "ca-bundle", "cabundle", "x509cafile",
                     "load-ca-certificate", "trusted", "trust-anchor", "trust-anchors", "anchor", "root", "roots"],
                    .option(["--anchors"])),
        OptionAlias(["host", "hostname", "host-name", "sni", "servername", "server-name", "sni-hostname", "verify-hostname",
                     "verify-host", "check-host", "peer-name"],
                    .option(["--host", "--servername", "--domain"])),
        OptionAlias(["attime", "time", "date", "verify-time", "validation-time"], .option(["--at"])),
        OptionAlias(["crlfile", "crl-file", "crls", "load-crl", "crl-check"], .option(["--crl"])),
        OptionAlias(["respin", "ocsp-response", "ocsp-file", "stapled-ocsp"], .option(["--ocsp"])),
        OptionAlias(["pinnedpubkey", "pin-sha256", "pins", "spki", "spki-pin", "public-key-pin", "hpkp"], .option(["--pin"])),
        OptionAlias(["config", "trustkit-config", "pin-configuration", "pinning-config", "pinning"], .option(["--pin-config"])),
        OptionAlias(["explicit-policy"], .option(["--require-explicit-policy"])),
        OptionAlias(["inhibit-map"], .option(["--inhibit-policy-mapping"])),
        OptionAlias(["inhibit-any"], .option(["--inhibit-any-policy"])),
        OptionAlias(["policy-id", "certificate-policy"], .option(["--policy-oid"])),
        OptionAlias(["verbose", "debug", "trace"], .option(["--explain"])),
        OptionAlias(["format", "output-json", "json-output"], .option(["--json"])),
        OptionAlias(["connect-timeout", "max-time", "deadline"], .option(["--timeout"])),
        OptionAlias(["tlsv1.2", "tls1-2", "tls1.2", "tls12"], .option(["--tls 1.2"])),
        OptionAlias(["tlsv1.3", "tls1-3", "tls1.3", "tls13"], .option(["--tls 1.3"])),
        OptionAlias(["tls-max", "tls-version"], .option(["--tls"])),
        OptionAlias(["next-protocol", "alpn-protocol"], .option(["--alpn"])),
        OptionAlias(["untrusted", "intermediate", "intermediates", "cert", "certificate", "leaf"], .option(["--chain"])),
        OptionAlias(["database", "sqlite", "postgres", "store"], .option(["--db"])),
        OptionAlias(["bind", "address", "listen-address", "port"], .option(["--listen"])),
        OptionAlias(["spool", "spool-dir", "report-dir"], .option(["--report-spool"])),
        OptionAlias(["bundle-id", "app-id"], .option(["--app-bundle-id"])),
    ]
}
