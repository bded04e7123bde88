import Foundation
import TestSupport

/// The certificate files of public test suites and stores that the loading corpus test compares
/// TrustCheck's parser with GnuTLS on. Each source is found where `make test` puts it; `required`
/// sources must be there when CI runs (a missing one fails the test rather than shrinking it).
struct LoadingCorpus {
    /// One certificate as a file holds it: a DER file, or one PEM CERTIFICATE block of a file.
    struct Entry {
        /// `der`: a DER file, a certificate or a CRL as either parser reads it.
        enum Kind { case certificate, crl, der }
        var kind: Kind = .certificate
        var source: String
        /// The file, with `#n` for the n-th PEM block of a file that has several.
        var name: String
        var der: [UInt8]
    }

    struct Source {
        var name: String
        /// Where it is; nil when it is not on this machine.
        var root: String?
        var required: Bool
        /// Reads the source's entries.
        var entries: (String) throws -> [Entry]
    }

    static let packageRoot = ExternalFixtures.packageRoot

    static var sources: [Source] {
        func existing(_ path: String) -> String? { FileManager.default.fileExists(atPath: path) ? path : nil }
        let build = packageRoot + "/.build"
        return [
            // Debian's ca-certificates: the Mozilla roots as Debian ships them.
            Source(name: "debian-ca-certificates", root: existing("/usr/share/ca-certificates"), required: true,
                   entries: { try files(under: $0, source: "debian-ca-certificates") }),
            // Every certificate of x509-limbo's testcases, many of them deliberately malformed.
            Source(name: "x509-limbo", root: ExternalFixtures.environment("TRUSTCHECK_LIMBO") ?? ExternalFixtures.shared("limbo/limbo.json"),
                   required: true, entries: limboEntries),
            // NIST PKITS as pyhanko-certvalidator carries it (make pkits-fetch).
            Source(name: "nist-pkits", root: existing(build + "/pkits/nist_pkits"), required: true,
                   entries: { try files(under: $0, source: "nist-pkits") }),
            // pyca/cryptography's x509 test vectors (make corpus-fetch): odd encodings from the wild and
            // hand-made ones, PKITS again in its original form.
            Source(name: "cryptography-vectors", root: existing(build + "/corpus/cryptography_vectors/x509"), required: true,
                   entries: { try files(under: $0, source: "cryptography-vectors") }),
            // The upstream libraries' own test certificates (Alamofire's Tests/Resources/Certificates,
            // TrustKit's TrustKitTests/Certificates, AFNetworking's Tests/Resources, Apple Security's
            // test data): not redistributed here, so read only where a checkout of them is named, or where
            // the project's shared data holds them (../shared/upstream-certificates).
            Source(name: "upstream-test-suites", root: ExternalFixtures.upstreamCertificates,
                   required: false, entries: { try files(under: $0, source: "upstream-test-suites") }),
        ]
    }

    /// Certificate files under `root`: by extension, as the suites name them (PEM or DER by content).
    static func files(under root: String, source: String) throws -> [Entry] {
        let extensions: Set<String> = ["pem", "crt", "cer", "der", "crl"]
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        var entries: [Entry] = []
        for case let relative as String in walker {
            let path = root + "/" + relative
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
                  extensions.contains((relative as NSString).pathExtension.lowercased())
            else { continue }
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            entries += certificates(in: bytes, source: source, name: relative) + crls(in: bytes, source: source, name: relative)
        }
        return entries.sorted { $0.name < $1.name }
    }

    /// The certificates of one file: its PEM CERTIFICATE blocks, or the file itself when it has none
    /// (DER, a certificate or a CRL). Files of other PEM kinds (keys, requests) give nothing.
    static func certificates(in bytes: [UInt8], source: String, name: String) -> [Entry] {
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.contains("-----BEGIN ") else {
            return bytes.first == 0x30 ? [Entry(kind: .der, source: source, name: name, der: bytes)] : []
        }
        let blocks = pemBlocks(text, label: "CERTIFICATE")
        return blocks.enumerated().map { index, der in
            Entry(source: source, name: blocks.count > 1 ? "\(name)#\(index + 1)" : name, der: der)
        }
    }

    /// The PEM X509 CRL blocks of one file (a DER file is one entry of `certificates(in:)`).
    static func crls(in bytes: [UInt8], source: String, name: String) -> [Entry] {
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.contains("-----BEGIN ") else { return [] }
        let blocks = pemBlocks(text, label: "X509 CRL")
        return blocks.enumerated().map { index, der in
            Entry(kind: .crl, source: source, name: blocks.count > 1 ? "\(name)#\(index + 1)" : name, der: der)
        }
    }

    /// The base64 content of each `-----BEGIN label-----` block, decoded (an undecodable one is skipped:
    /// neither parser is handed it).
    static func pemBlocks(_ text: String, label: String) -> [[UInt8]] {
        var blocks: [[UInt8]] = []
        var body: String?
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed == "-----BEGIN \(label)-----" {
                body = ""
            } else if trimmed == "-----END \(label)-----", let content = body {
                if let data = Data(base64Encoded: content) { blocks.append([UInt8](data)) }
                body = nil
            } else if let content = body {
                body = content + trimmed
            }
        }
        return blocks
    }

    /// Every distinct certificate of limbo.json's testcases (peer, intermediates, trusted).
    static func limboEntries(_ path: String) throws -> [Entry] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        guard let suite = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let testcases = suite["testcases"] as? [[String: Any]]
        else { return [] }
        var seen = Set<[UInt8]>()
        var entries: [Entry] = []
        for testcase in testcases {
            let id = testcase["id"] as? String ?? "?"
            for (index, pem) in (testcase["crls"] as? [String] ?? []).enumerated() {
                for der in pemBlocks(pem, label: "X509 CRL") where seen.insert(der).inserted {
                    entries.append(Entry(kind: .crl, source: "x509-limbo", name: "\(id) crls[\(index)]", der: der))
                }
            }
            var pems: [(String, String)] = []
            if let peer = testcase["peer_certificate"] as? String { pems.append(("peer", peer)) }
            for key in ["untrusted_intermediates", "trusted_certs"] {
                for (index, pem) in (testcase[key] as? [String] ?? []).enumerated() { pems.append(("\(key)[\(index)]", pem)) }
            }
            for (role, pem) in pems {
                for der in pemBlocks(pem, label: "CERTIFICATE") where seen.insert(der).inserted {
                    entries.append(Entry(source: "x509-limbo", name: "\(id) \(role)", der: der))
                }
            }
        }
        return entries
    }
}
