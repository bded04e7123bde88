/// The command a person most likely meant by a first argument that is none.
package enum CommandSuggestion {
    /// Words other tools or habit use for a command here (`openssl x509` shows, `openssl s_client`
    /// connects), normalized as `NearestName.normalized` does.
    static let aliases: [String: String] = [
        "validate": "verify", "evaluate": "verify", "eval": "verify", "trust": "verify",
        "x509": "show", "inspect": "show", "info": "show", "dump": "show", "print": "show", "decode": "show", "parse": "show",
        "s-client": "connect", "client": "connect", "handshake": "connect", "probe": "connect", "tls": "connect",
        "spki": "pin", "fingerprint": "pin", "hash": "pin", "hpkp": "pin",
        "lint": "audit",
        "serve": "collect", "server": "collect", "collector": "collect", "receive": "collect",
        "flush": "reports-flush", "send": "reports-flush", "deliver": "reports-flush",
        "analyse": "reports", "analyze": "reports", "stats": "reports",
        "x509-limbo": "limbo", "nist": "pkits",
    ]

    /// One of `names` for `word`: an alias that names one of them, else the nearest (`NearestName`).
    package static func nearest(to word: String, among names: [String]) -> String? {
        if let alias = aliases[NearestName.normalized(word)], names.contains(alias) { return alias }
        return NearestName.nearest(to: word, among: names)
    }

    /// `unknown command 'WORD'; did you mean NAME?`, or without a near name `unknown command 'WORD'` and
    /// `unknown` after it, pointing to the list of commands.
    package static func unknownCommand(_ word: String, among names: [String], unknown: String = "") -> UsageError {
        if let name = nearest(to: word, among: names) {
            return UsageError(.unknownCommand, "unknown command '\(word)'; did you mean \(name)?")
        }
        return UsageError(.unknownCommand, "unknown command '\(word)'\(unknown)", pointsToHelp: true)
    }
}
