import Foundation
import Testing
import TrustCertificates
import TrustEvaluation

/// The roots people really trust: every root of the machine's system store must be usable as a trust
/// anchor. Each unexpired root is evaluated as its own leaf and its own (only) anchor under
/// BasicX509, the way a trust-store audit walks it; apple and rfc5280 must trust every one (this
/// caught the eight zero-serial roots of Debian's store, see `ProfileRule`). webpki is left out on
/// purpose: it validates the leaf as a subscriber certificate, which a root is not.
///
/// The store is the real one, so "unexpired" means now, on this machine.
@Suite struct SystemStoreRootsTests {
    static let storePath = CertificateStore.defaultSystemBundlePath
    static var storeIsPresent: Bool { FileManager.default.fileExists(atPath: storePath) }

    @Test(.enabled(if: storeIsPresent, "no system trust store at /etc/ssl/certs/ca-certificates.crt (install ca-certificates)"),
          arguments: [TrustProfile.apple, .rfc5280])
    func everyUnexpiredSystemRootIsTrustedAsItsOwnAnchor(profile: TrustProfile) throws {
        let now = Date()
        let roots = try CertificateStore.system(path: Self.storePath).certificates.filter { $0.notAfter >= now && $0.notBefore <= now }
        #expect(roots.count > 0, "\(Self.storePath) holds no unexpired root")
        for root in roots {
            let evaluator = TrustEvaluator(anchors: TrustAnchors(custom: CertificateStore([root])),
                                           policies: [.basicX509(profile: profile)])
            let result = evaluator.evaluate(leaf: root, at: now)
            #expect(result.isTrusted, """
                \(profile) does not trust the system root “\(root.subjectSummary ?? root.subject.rfc4514)” as its own anchor: \
                \(result.failures.map(\.description).joined(separator: "; "))
                """)
        }
    }
}
