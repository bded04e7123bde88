// AlamofireCompat: Alamofire 5's API (5.12.0) on Linux, over URLSessionCompat and SecTrustCompat.
//
// Upstream Alamofire compiles its server-trust evaluation only where the Security framework exists
// (`#if canImport(Security)`): on Linux it has no `ServerTrustEvaluating` requirement and no evaluator at all.
// This module keeps Alamofire's names and signatures — `ServerTrustManager`, `DefaultTrustEvaluator`,
// `RevocationTrustEvaluator`, `PinnedCertificatesTrustEvaluator`, `PublicKeysTrustEvaluator`,
// `CompositeTrustEvaluator`, `DisabledTrustEvaluator`, the `.af` extensions of SecTrust, SecPolicy, SecCertificate,
// [SecCertificate] and Bundle, `AFError` and its `ServerTrustFailureReason`s, `Session`, `DataRequest`,
// `DataResponse`, `HTTPHeaders`, `HTTPMethod`, `URLEncoding`, `JSONEncoding`, the parameter encoders, the
// response serializers and validation — so that iOS code written against Alamofire compiles with `import Alamofire`
// replaced by `import AlamofireCompat` (and `import Foundation`), and its evaluators decide the trust of live TLS
// connections. The evaluators and the `.af` extensions are Alamofire's own code (MIT licence, Alamofire Software
// Foundation; the ported files keep its notice) calling SecTrustCompat's SecTrust functions; `Session`,
// `SessionDelegate` and the requests are written here, following Alamofire's behaviour.
//
// What differs from Alamofire on iOS:
// - Trust is evaluated by TrustCheck's engine with Apple's SSL policy over the system store (SecTrustCompat), not
//   by the Security framework: no keychain, no user or MDM trust settings, no network fetching of intermediates,
//   OCSP or CRLs (a `RevocationTrustEvaluator` passes unless `.requirePositiveResponse` asks for an answer that
//   only a stapled OCSP response can give).
// - The evaluators take the iOS 12+ paths (`SecTrustEvaluateWithError`, iOS 15's `SecTrustCopyCertificateChain`):
//   a failed default or host validation throws `.trustEvaluationFailed(error:)`, as on current iOS; the
//   pre-iOS 12 `validate(policy:errorProducer:)` is kept, deprecated as it is there.
// - The network is URLSessionCompat's: HTTPS and HTTP/1.1 only, one connection per task (no HTTP/2, no
//   connection reuse, so a server-trust challenge comes with every request), no cache, no cookies, no proxies.
//   An http:// URL fails with `.sessionTaskFailed(URLError(-1022))`, as App Transport Security's default.
// - `Session` is a subset: data requests only (no upload, download, stream or WebSocket requests), request
//   adapters and retriers, redirect handlers, validation, and the completion-handler and async (`serializing…`)
//   response APIs. No `EventMonitor`s or `CachedResponseHandler` (their `Session.init` parameters are absent), no
//   `cURLDescription`, no progress, no `onHTTPResponse`/`httpResponses()`, no retry on a serialization error, and
//   no `JSONResponseSerializer`/`responseJSON` (deprecated upstream; its `Any` result cannot be `Sendable` in
//   Swift 6 mode): use `responseDecodable`.
// - `Session.init`'s `requestSetup` and `requestQueue` are kept and ignored (every request is set up on `rootQueue`
//   when it resumes); the
//   `delegateQueue` is a serial `OperationQueue` of its own, and `Request.suspend()` cannot pause a task already
//   running (it only keeps a request that has not started from starting).
// - `Bundle.af.certificates` reads the DER files (.cer, .crt, .der in either case) at the top level of a bundle's
//   resources: on Linux `Bundle.main` is the executable's directory and `Bundle.module` a target's resources.
// - `URLSessionTaskMetrics` holds only the task interval and the redirect count.
// - Response handlers default to `DispatchQueue.main`, as Alamofire's; on Linux a process whose main thread is
//   parked in `dispatchMain()` (as an async `main` is) has the main queue drained by a worker thread, so such a
//   handler runs on the main queue but `Thread.isMainThread` is false.
// - Import it instead of FoundationNetworking, not beside it (URLSessionCompat declares URLSession).
@_exported import SecTrustCompat
@_exported import URLSessionCompat
