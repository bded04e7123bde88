/// What one ``ReportSpool/deliverPending(using:now:)`` run did with the entries it found.
public struct ReportDeliverySummary: Sendable, Hashable {
    /// Entries delivered (2xx) and removed.
    public var delivered: Int = 0
    /// Entries that failed and stay, with their next attempt pushed back.
    public var retrying: Int = 0
    /// Entries removed after their last allowed refusal.
    public var droppedAsRejected: Int = 0
    /// Entry files that could not be read and were removed.
    public var droppedUnreadable: Int = 0
    /// Entries whose next attempt is later than `now`.
    public var notDue: Int = 0
    /// Entries another sender (thread or process) was delivering at the time.
    public var busy: Int = 0
    /// Entries not tried because their destination already failed transiently in this run: one hanging
    /// endpoint costs one timeout per run, not one per report.
    public var deferred: Int = 0
    /// Every failure of this run, in order.
    public var failures: [ReportDeliveryError] = []
    /// Entries whose new state could not be saved (the attempt is not counted and they stay as they were).
    public var unsaved: [ReportSpoolError] = []

    /// Nothing done yet.
    public init() {}
}
