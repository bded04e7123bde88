import Foundation
import TrustEvaluation

/// The path builder on bundles where many presented CAs share the issuer's name and only the last one
/// presented signed the leaf.
enum AdversarialRun {
    static func run(_ generator: CorpusGenerator, decoyCounts: [Int]) {
        Report.section("Adversarial bundles (P-256, no caches; decoys share the issuer name; the real CA is presented last)")
        let widths = [34, 12, 10, 12, 12, 16]
        Report.row(["bundle", "TC med µs", "TC sigs", "TC verdict", "GT med µs", "GT verdict"], widths: widths)
        for withKeyIdentifiers in [true, false] {
            for decoys in decoyCounts {
                let chain = generator.adversarial(decoys: decoys, withKeyIdentifiers: withKeyIdentifiers)
                let trustCheck = TrustCheckVerifier(anchors: TrustCheckVerifier.store([chain.root]), caches: false)
                let gnutls = GnuTLSTrustList()
                gnutls.add(chain.root)
                var tc = Samples(), gt = Samples()
                var signatureChecks = 0, trusted = true, status = 0
                for round in 0..<11 {
                    func timeTrustCheck() {
                        let (result, us) = Clock.time { trustCheck.evaluate(chain) }
                        tc.add(us)
                        signatureChecks = result.signatureChecks
                        trusted = trusted && result.isTrusted
                    }
                    func timeGnuTLS() {
                        let (s, us) = Clock.time { gnutls.verify(chain) }
                        gt.add(us)
                        status = s
                    }
                    if round % 2 == 0 { timeTrustCheck(); timeGnuTLS() } else { timeGnuTLS(); timeTrustCheck() }
                }
                let label = "\(decoys) decoys, \(withKeyIdentifiers ? "with AKI/SKI" : "no key identifiers")"
                Report.row([label, Report.us(tc.median), String(signatureChecks), trusted ? "trusted" : "not trusted",
                            Report.us(gt.median),
                            status == 0 ? "trusted" : String(format: "0x%x", status)], widths: widths)
            }
        }
        print("(GnuTLS takes the first presented CA of the right name and AKI and does not backtrack: without key")
        print(" identifiers it stops at the first decoy, 0x42 SIGNER_NOT_FOUND / 0x802 SIGNATURE_FAILURE)")
    }
}
