import FoundationEssentials

/// Apple's source gives policy dates as CFAbsoluteTime: seconds since 2001-01-01T00:00:00Z.
enum AppleDates {
    static func date(cfAbsoluteTime: TimeInterval) -> Date { Date(timeIntervalSinceReferenceDate: cfAbsoluteTime) }
}
