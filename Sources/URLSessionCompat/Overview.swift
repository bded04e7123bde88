// URLSessionCompat: Foundation's URLSession on Linux with the server-trust challenge Apple's has.
//
// Linux's FoundationNetworking never offers server trust to a delegate: an app's
// `urlSession(_:didReceive:completionHandler:)` pinning code never runs there. This module declares
// URLSession, its configuration, tasks, requests, responses, delegates and authentication-challenge types
// under Apple's names and signatures, over TrustCheck's TLS client: import it instead of FoundationNetworking
// and the delegate receives `challenge.protectionSpace.serverTrust` as a SecTrust (SecTrustCompat, which this
// module re-exports, as Foundation brings Security on Apple platforms).
//
// What differs from Apple's, deliberately:
// - HTTPS and HTTP/1.1 only, one connection per task (no HTTP/2, no connection reuse, no caches, no cookies,
//   no proxies, no content decoding); so a server-trust challenge comes with every task, not once per
//   connection. An http:// URL fails with -1022, as App Transport Security's default has it on Apple platforms.
// - The default handling is TrustCheck's engine with Apple's SSL policy for the host, over the system store
//   (SecTrustCompatConfiguration); there is no keychain, no user trust settings and no App Transport
//   Security enforcement (the AppTransportSecurity module evaluates an ATS policy on its own).
// - Delegate methods with default implementations stand for Apple's optional Objective-C ones: a delegate
//   that implements neither the session-level nor the task-level challenge method gets the default handling,
//   as on Apple platforms.
// - Import it instead of FoundationNetworking, not beside it: both declare URLSession.
// - swift-corelibs-foundation declares the NSURLError constants of the TLS group one off from Apple's
//   (NSURLErrorServerCertificateUntrusted is -1203 there): compare `URLError.Code`s (`.serverCertificateUntrusted`
//   is -1202 on both) rather than those constants.
@_exported import SecTrustCompat
