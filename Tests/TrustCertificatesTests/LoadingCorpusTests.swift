import Foundation
import GnuTLSBridge
import Testing
import TrustCertificates

/// Loading is not validation: every certificate and CRL GnuTLS imports (what `certtool -i` and
/// `certtool --crl-info` do), TrustCheck loads too, and leaves the encoding's faults to the checks of the profiles that enforce them. The
/// exceptions, each with its reason (a CRL TrustCheck does not parse still loads as an unreadable CRL,
/// which is judged unusable), are in Fixtures/loading-exceptions.json; a listed one that starts
/// loading fails the test too, so the list stays true.
@Suite struct LoadingCorpusTests {
    struct Exceptions: Decodable {
        struct Refusal: Decodable {
            /// The corpus source and file it is found in (for the reader: the key is its digest).
            var source: String
            var file: String
            /// Why TrustCheck refuses what GnuTLS imports.
            var reason: String
        }
        /// SHA-256 of the certificate's bytes, in hex → the refusal.
        var refused: [String: Refusal]
    }

    static let exceptionsPath = LoadingCorpus.packageRoot + "/Tests/TrustCertificatesTests/Fixtures/loading-exceptions.json"

    struct Counts: CustomStringConvertible {
        var bothLoad = 0, onlyGnuTLS = 0, onlyTrustCheck = 0, neither = 0
        var description: String {
            "\(bothLoad + onlyGnuTLS + onlyTrustCheck + neither): \(bothLoad) load in both, \(onlyGnuTLS) only in GnuTLS "
                + "(listed exceptions), \(onlyTrustCheck) only in TrustCheck, \(neither) in neither"
        }
    }

    /// A DER file is the kind that either parser reads it as, a certificate when neither reads it; with
    /// what loading it as that kind gave.
    static func resolved(_ entry: LoadingCorpus.Entry) -> (entry: LoadingCorpus.Entry, gnutlsLoads: Bool, refusal: String?) {
        guard entry.kind == .der else {
            let (gnutlsLoads, refusal) = load(entry)
            return (entry, gnutlsLoads, refusal)
        }
        var certificate = entry, crl = entry
        certificate.kind = .certificate
        crl.kind = .crl
        let asCertificate = load(certificate)
        if asCertificate.gnutlsLoads || asCertificate.refusal == nil { return (certificate, asCertificate.gnutlsLoads, asCertificate.refusal) }
        let asCRL = load(crl)
        if asCRL.gnutlsLoads || asCRL.refusal == nil { return (crl, asCRL.gnutlsLoads, asCRL.refusal) }
        return (certificate, asCertificate.gnutlsLoads, asCertificate.refusal)
    }

    /// Whether GnuTLS imports the entry, and TrustCheck's reason when it refuses it.
    static func load(_ entry: LoadingCorpus.Entry) -> (gnutlsLoads: Bool, refusal: String?) {
        switch entry.kind {
        case .certificate, .der:
            let gnutlsLoads = (try? GnuTLSCertificateParser.importCertificate(der: entry.der)) != nil
            do { _ = try Certificate(der: entry.der); return (gnutlsLoads, nil) } catch { return (gnutlsLoads, error.reason) }
        case .crl:
            let gnutlsLoads = (try? GnuTLSCRLParser.parse(der: entry.der)) != nil
            do { _ = try CertificateRevocationList(der: entry.der); return (gnutlsLoads, nil) } catch { return (gnutlsLoads, error.reason) }
        }
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { $0 < 16 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    @Test func everyCertificateGnuTLSImportsLoads() throws {
        let exceptions = try JSONDecoder().decode(Exceptions.self, from: Data(contentsOf: URL(fileURLWithPath: Self.exceptionsPath)))
        let inCI = ProcessInfo.processInfo.environment["CI"] != nil
        var unexplained: [String] = []
        var stillListed = Set(exceptions.refused.keys)
        var summary: [String] = []
        for source in LoadingCorpus.sources {
            guard let root = source.root else {
                if source.required && inCI { Issue.record("corpus source \(source.name) is missing (make test fetches it)") }
                summary.append("\(source.name): not on this machine")
                continue
            }
            var counts: [LoadingCorpus.Entry.Kind: Counts] = [.certificate: Counts(), .crl: Counts()]
            for read in try source.entries(root) {
                let (entry, gnutlsLoads, refusal) = Self.resolved(read)
                switch (gnutlsLoads, refusal) {
                case (true, nil): counts[entry.kind]?.bothLoad += 1
                case (false, nil): counts[entry.kind]?.onlyTrustCheck += 1
                case (false, .some): counts[entry.kind]?.neither += 1
                case (true, .some(let reason)):
                    counts[entry.kind]?.onlyGnuTLS += 1
                    let digest = Self.hex(SHA256.hash(entry.der))
                    if exceptions.refused[digest] != nil {
                        stillListed.remove(digest)
                    } else {
                        unexplained.append("\(entry.source): \(entry.name) (\(digest)): \(reason)")
                    }
                }
            }
            let certificates = counts[.certificate] ?? Counts(), crls = counts[.crl] ?? Counts()
            summary.append("\(source.name): certificates \(certificates); CRLs \(crls)")
        }
        print("loading corpus:\n  " + summary.joined(separator: "\n  "))
        #expect(unexplained.isEmpty, "GnuTLS imports these and TrustCheck refuses them:\n\(unexplained.joined(separator: "\n"))")
        // A listed exception from a source that is here, which now loads (or is gone), is out of date.
        let present = Set(LoadingCorpus.sources.filter { $0.root != nil }.map(\.name))
        let stale = stillListed.filter { present.contains(exceptions.refused[$0]?.source ?? "") }
        #expect(stale.isEmpty, "listed as refused but loading now (or gone): \(stale.sorted())")
    }

    /// What Apple's own parser tests (Security's si-18-certificate-parse) expect to load, loads here and
    /// as a SecCertificate would (Apple's creation rules); run where the upstream suites are named.
    @Test(.enabled(if: LoadingCorpus.sources.contains { $0.name == "upstream-test-suites" && $0.root != nil }))
    func appleParseSuccessCertificatesLoad() throws {
        guard let root = LoadingCorpus.sources.first(where: { $0.name == "upstream-test-suites" })?.root else { return }
        let entries = try LoadingCorpus.files(under: root, source: "upstream-test-suites")
            .filter { $0.name.contains("si-18-certificate-parse/ParseSuccessCerts/") || $0.name.contains("si-18-certificate-parse/KeySuccessCerts/") }
        for entry in entries {
            let loaded = Result { () throws(CertificateParseError) in try Certificate(der: entry.der) }
            switch loaded {
            case .success(let certificate):
                #expect(AppleCertificateEncodingRules.accepts(certificate), "\(entry.name): Apple creates it, the rules refuse it")
            case .failure(let error):
                Issue.record("\(entry.name): Apple loads it, TrustCheck refuses it: \(error.reason)")
            }
        }
    }
}
