// TrustKit's TSKPinningValidatorCallback.h.

/// The pinning policy of one configured domain, as TrustKit hands it to the callback: its parsed settings
/// under the `kTSK…` keys (`kTSKPublicKeyHashes` as a `Set<Data>` of 32-byte hashes, `kTSKReportUris` as
/// `[URL]`, `kTSKExpirationDate` as a `Date`, the booleans as `Bool`).
public typealias TKSDomainPinningPolicy = [String: Any]

/// A block invoked after every pinning validation a `TrustKit` instance performs, with the result, the
/// configured domain whose policy applied (`notedHostname`) and that policy. Hosts that are not pinned (or
/// whose policy expired or is excluded) are not validated, so they produce no call. It runs on the instance's
/// `pinningValidatorCallbackQueue`, after the decision, so it cannot change it.
public typealias TSKPinningValidatorCallback = (TSKPinningValidatorResult, String, TKSDomainPinningPolicy) -> Void
