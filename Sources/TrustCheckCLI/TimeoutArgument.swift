import FoundationEssentials

/// The value of `--timeout S`: seconds, more than 0 and at most an hour, beyond which a deadline no longer
/// bounds anything a person waits for.
package enum TimeoutArgument {
    /// The seconds `text` gives, nil when it is not a number within the bounds.
    package static func seconds(_ text: String) -> TimeInterval? {
        guard let seconds = TimeInterval(text), seconds > 0, seconds <= 3600 else { return nil }
        return seconds
    }

    /// The seconds `--timeout TEXT` gives, or the usage error that says what is accepted.
    static func value(_ text: String) throws(UsageError) -> TimeInterval {
        guard let seconds = seconds(text) else {
            throw UsageError(.invalidValue, "--timeout '\(text)' is not a number of seconds (0 < S <= 3600)")
        }
        return seconds
    }
}
