// TrustKitCompat: TrustKit's Swift API on Linux, over TrustCheck's engine.
//
// iOS code written for TrustKit compiles with `import TrustKit` replaced by `import TrustKitCompat` (which
// re-exports URLSessionCompat and SecTrustCompat, so URLSession delegates and SecTrust work as on iOS): the
// kTSK… keys and TrustKitVersion with TrustKit's values, `TrustKit` (initSharedInstance(withConfiguration:),
// sharedInstance(), init(configuration:), pinningValidator, pinningValidatorCallback and its queue,
// setLoggerBlock), `TSKPinningValidator` (handle(_:completionHandler:), evaluateTrust(_:forHostname:)),
// `TSKTrustDecision`, `TSKTrustEvaluationResult`, `TSKPinningValidatorResult` and the callback types.
// Configuration checks, host lookup (Public Suffix List rules, includeSubdomains, exclusions, expiration),
// the pinning algorithm (default SSL evaluation for the host first, then pins from the anchor down) and
// the reports are TrustKit's (the Pinning and PinningReports modules).
//
// What differs from TrustKit on iOS:
// - No swizzling. kTSKSwizzleNetworkDelegates is accepted and checked as TrustKit checks it (true outside
//   the shared instance stops the program) but does nothing: there is no Objective-C runtime whose delegate
//   methods could be replaced. Pinning runs where the app calls `pinningValidator` — in its URLSession
//   delegate, which is what TrustKit recommends anyway.
// - No Info.plist: the shared instance is never initialised from a `TSKConfiguration` key at load time; call
//   initSharedInstance(withConfiguration:).
// - No keychain and no user trust settings: the default evaluation is TrustCheck's engine over the system
//   store (SecTrustCompatConfiguration), and kTSKIgnorePinningForUserDefinedTrustAnchors has nothing to act on.
// - Programming errors (an invalid configuration, sharedInstance() before initialisation, swizzling on a
//   non-shared instance) stop the process with TrustKit's exception name and reason, where TrustKit raises
//   an NSException that apps do not catch. A second initSharedInstance is ignored, as TrustKit's
//   dispatch_once ignores it.
// - An empty configuration gives an instance that pins nothing: evaluateTrust answers .domainNotPinned, so
//   the default validation runs (in TrustKit such an instance has no validator at all).
// - Reports: the same JSON, the same triggers (any result but success on a pinned host, enforced or not),
//   the same URIs (kTSKReportUris plus TrustKit's default https://overmind.datatheorem.com/trustkit/report
//   unless kTSKDisableDefaultReportUri) and the same rate limit (one identical report per 24 hours, per
//   instance). Instead of the background transfer service, a report is written to a durable spool,
//   `$XDG_CACHE_HOME/TrustKitCompat/<bundle id>/report-spool` (or `~/.cache/…`), and POSTed from there in
//   the background; one that cannot be delivered stays and is retried with back-off, also by later runs.
//   Without a main bundle (the usual case on Linux) the app fields are TrustKit's unit-test ones: bundle
//   id "N/A", vendor id "unit-tests"; app-platform is "IOS".
// - The callback and logger blocks keep TrustKit's non-Sendable signatures; TrustKit calls them on its
//   queues, and so does this module.
@_exported import URLSessionCompat
