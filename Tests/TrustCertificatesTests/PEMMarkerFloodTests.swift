import CertificateFixtures
import Foundation
import Testing
import TestSupport
@testable import TrustCertificates

/// PEM scanning is one pass over the input: a line of nothing but "-----BEGIN " markers, which a scan
/// that re-reads the line for every marker on it takes minutes over, costs one look at the line.
@Suite struct PEMMarkerFloodTests {
    static func seconds(_ work: () throws -> Void) rethrows -> Double {
        let start = ContinuousClock.now
        try work()
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// 2 MB of "-----BEGIN " on one line: a precise error, well under 2 s.
    @Test func aLineOfMarkersIsRefusedInOnePass() throws {
        let flood = [UInt8](Array(repeating: Array("-----BEGIN ".utf8), count: 2_000_000 / 11).joined())
        var thrown: CertificateLoadError?
        let elapsed = Self.seconds {
            do { _ = try CertificateLoader.certificates(in: flood, from: "flood.pem") } catch let error as CertificateLoadError { thrown = error } catch {}
        }
        #expect(elapsed < TimeBound.seconds(2), "took \(elapsed) s")
        #expect(thrown?.kind == .notACertificate, "\(String(describing: thrown))")
        #expect(thrown?.path == "flood.pem")
    }

    /// The same flood around a real certificate, before it on its own line and after it: the
    /// certificate is found, in the same time.
    @Test func aCertificateAmidMarkerFloodsIsFound() throws {
        let certificate = try String(contentsOfFile: Fixtures.path("rsa2048-root.pem"), encoding: .utf8)
        let line = String(repeating: "-----BEGIN ", count: 1_000_000 / 11)
        let text = Array((line + "\n" + certificate + "\n" + line + "\n").utf8)
        var found: [Certificate] = []
        let elapsed = try Self.seconds { found = try CertificateLoader.certificates(in: text, from: "flood.pem") }
        #expect(elapsed < TimeBound.seconds(2), "took \(elapsed) s")
        #expect(found.map(\.sha256) == (try CertificateLoader.load(path: Fixtures.path("rsa2048-root.pem"))).map(\.sha256))
    }

    /// Markers on the BEGIN line of a block, after its label, make that line no BEGIN line; the
    /// flood after it is skipped as one line.
    @Test func markersAfterALabelAreOneBadLine() throws {
        let text = Array(("-----BEGIN CERTIFICATE-----" + String(repeating: " -----BEGIN ", count: 150_000) + "\n").utf8)
        var thrown: CertificateLoadError?
        let elapsed = Self.seconds {
            do { _ = try CertificateLoader.certificates(in: text, from: "flood.pem") } catch let error as CertificateLoadError { thrown = error } catch {}
        }
        #expect(elapsed < TimeBound.seconds(2), "took \(elapsed) s")
        #expect(thrown != nil)
    }
}
