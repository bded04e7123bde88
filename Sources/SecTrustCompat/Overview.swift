// SecTrustCompat: Apple's Security-framework trust API on Linux.
//
// Code written for `import Security` compiles with `import SecTrustCompat` (plus `import Foundation`) and gets
// Apple's verdicts, error codes and messages, computed by the TrustEvaluation engine with its Apple profile.
//
// Types      SecCertificate, SecPolicy, SecTrust, SecKey (final classes; SecTrust is internally locked),
//            SecTrustResultType (Apple's raw values), OSStatus and the errSec… / errSSL… constants,
//            SecTrustCallback, SecTrustWithErrorCallback, the kSecAttr… / kSecTrust… / kSecPolicy… keys,
//            and CF stand-ins (CFArray, CFData, CFString, CFDate, CFDictionary, CFError, CFTypeRef, …):
//            see CoreFoundationCompat.swift for how `as CFArray`-style casts work on Linux.
// Semantics  apple-sectrust.md: §1 API behaviour, §2 results and CFErrors, §3 anchors, §5 keys.
// System     the distribution's CA bundle stands in for Apple's roots: see SecTrustCompatConfiguration.
//
// Deliberate differences from Apple platforms:
// - No network, ever: no AIA intermediate fetching, no OCSP; SecTrustSetNetworkFetchAllowed is recorded only.
//   A SecPolicyCreateRevocation policy therefore gets answers only from stapled responses and from CRLs given
//   with SecTrustSetCRLs (TrustCheck's own): it changes nothing unless it has kSecRevocationRequirePositiveResponse,
//   which then fails every certificate below the top that neither answers (-67635).
// - SecTrustSetOCSPResponse responses and SecTrustSetCRLs CRLs are the only revocation answers: a usable one
//   revokes (fatal) or answers a RequirePositiveResponse policy for its certificate; bad stapled responses are
//   ignored, as Apple ignores them; CRLs follow RFC 5280 §6.3 (TrustEvaluation's RevocationPolicy.require).
// - CFArrayGetValueAtIndex gives pointers to object elements only (Linux CFArrays hold values too); see there.
// - API Apple deprecated is `@available(*, deprecated)` here, so it warns on Linux as on Apple platforms;
//   SwiftInterfaceTests lists the declarations checked against Apple's Swift interface.
// - No user/admin trust settings, so no `.deny` and no trust-settings `.proceed`; no CT, no pinning database,
//   no blocklists, no NSPinnedDomains from an Info.plist.
// - Exceptions are applied to the failures of the chain the engine picked (Apple applies them while choosing).
// - SecPolicy objects are immutable (Apple's SecTrustSetNetworkFetchAllowed mutates the caller's policies).
// - SecKey holds public RSA and EC P-256/384/521 keys only: no private keys, no EdDSA (Apple SPI), no
//   cryptographic operations.
// - SecTrustGetCertificateAtIndex returns nil out of range (Apple reads past the array).
