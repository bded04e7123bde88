import Foundation
import SecTrustCompat

/// The certificates of Fixtures/ (see generate.sh) and the dates the tests evaluate at.
enum Fixtures {
    /// The fixtures directory. First use installs Fixtures/system-anchors.pem ("TrustCheck Test System Root",
    /// and the live-TLS tests' root) as the system trust store, before any evaluation can load the real one;
    /// every test reaches the fixtures through here, so the store is always the fixture one.
    static let directory: URL = {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        SecTrustCompatConfiguration.setSystemAnchorsPath(systemAnchorsPath(in: directory))
        return directory
    }()

    static func systemAnchorsPath(in directory: URL) -> String {
        directory.appendingPathComponent("system-anchors.pem").path
    }

    /// 2025-06-01T00:00:00Z: every fixture except expired.cer is valid.
    static let verifyDate = Date(timeIntervalSince1970: 1_748_736_000)
    /// 2027-06-01T00:00:00Z: the leaves have expired, the CAs have not.
    static let afterLeavesExpire = Date(timeIntervalSince1970: 1_811_808_000)
    /// 2019-06-01T00:00:00Z: nothing is valid yet.
    static let beforeEverything = Date(timeIntervalSince1970: 1_559_347_200)

    static func data(_ file: String) -> Data {
        let url = directory.appendingPathComponent(file)
        guard let data = try? Data(contentsOf: url) else { fatalError("missing fixture \(url.path)") }
        return data
    }

    static func certificate(_ name: String) -> SecCertificate {
        guard let certificate = SecCertificateCreateWithData(nil, data("\(name).cer") as CFData) else {
            fatalError("fixture \(name).cer does not parse")
        }
        return certificate
    }

    /// The base64 SHA-256 of the certificate's SubjectPublicKeyInfo, computed by openssl.
    static func spkiPin(_ name: String) -> String {
        String(decoding: data("\(name).spki-sha256.txt"), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static var root: SecCertificate { certificate("root") }
    static var intermediate: SecCertificate { certificate("intermediate") }
    static var leaf: SecCertificate { certificate("leaf") }
    static var expired: SecCertificate { certificate("expired") }
    static var selfSigned: SecCertificate { certificate("selfsigned") }
    static var systemRoot: SecCertificate { certificate("system-root") }
    static var systemLeaf: SecCertificate { certificate("system-leaf") }

    static let leafHost = "www.trustcheck.test"
    static let leafSummary = "www.trustcheck.test"
    static let rootSummary = "TrustCheck Test Root CA"
    static let intermediateSummary = "TrustCheck Test Intermediate CA"
    static let systemRootSummary = "TrustCheck Test System Root"

    /// A trust for `certificates` under `policies`, at `verifyDate`, with `anchors` unless nil.
    static func trust(_ certificates: [SecCertificate], policies: [SecPolicy]? = nil, anchors: [SecCertificate]? = nil,
                      at date: Date = verifyDate) -> SecTrust
    {
        // Installs the fixture system store first, whatever certificates the caller brings (the OCSP tests
        // bring their own): an evaluation before it would load the real store for the whole process.
        _ = directory
        var trust: SecTrust?
        let status = SecTrustCreateWithCertificates(certificates as CFArray, policies.map { $0 as CFArray }, &trust)
        precondition(status == errSecSuccess && trust != nil, "SecTrustCreateWithCertificates: \(status)")
        if let anchors { SecTrustSetAnchorCertificates(trust!, anchors as CFArray) }
        SecTrustSetVerifyDate(trust!, date as CFDate)
        return trust!
    }

    /// leaf ← intermediate ← root under an SSL policy for `host`, anchored at the root.
    static func serverTrust(host: String = leafHost, at date: Date = verifyDate) -> SecTrust {
        trust([leaf, intermediate], policies: [SecPolicyCreateSSL(true, host as CFString)], anchors: [root], at: date)
    }
}

/// The outcome of SecTrustEvaluateWithError, for assertions.
struct Evaluation {
    let trusted: Bool
    let error: CFError?
    let result: SecTrustResultType

    init(_ trust: SecTrust) {
        var error: CFError?
        trusted = SecTrustEvaluateWithError(trust, &error)
        self.error = error
        var result = SecTrustResultType.invalid
        SecTrustGetTrustResult(trust, &result)
        self.result = result
    }

    var code: Int? { error?.code }
    var message: String? { error?.localizedDescription }
    var detailedMessage: String? { (error?.userInfo[NSUnderlyingErrorKey] as? NSError)?.localizedDescription }
}

// MARK: - Hashes (CommonCrypto's CC_SHA256 / CC_SHA1 are not on Linux; swift-crypto is not a dependency)

enum Hash {
    static func sha256(_ data: Data) -> Data {
        var h: [UInt32] = [
            0x6A09_E667, 0xBB67_AE85, 0x3C6E_F372, 0xA54F_F53A, 0x510E_527F, 0x9B05_688C, 0x1F83_D9AB, 0x5BE0_CD19,
        ]
        let k: [UInt32] = [
            0x428A_2F98, 0x7137_4491, 0xB5C0_FBCF, 0xE9B5_DBA5, 0x3956_C25B, 0x59F1_11F1, 0x923F_82A4, 0xAB1C_5ED5,
            0xD807_AA98, 0x1283_5B01, 0x2431_85BE, 0x550C_7DC3, 0x72BE_5D74, 0x80DE_B1FE, 0x9BDC_06A7, 0xC19B_F174,
            0xE49B_69C1, 0xEFBE_4786, 0x0FC1_9DC6, 0x240C_A1CC, 0x2DE9_2C6F, 0x4A74_84AA, 0x5CB0_A9DC, 0x76F9_88DA,
            0x983E_5152, 0xA831_C66D, 0xB003_27C8, 0xBF59_7FC7, 0xC6E0_0BF3, 0xD5A7_9147, 0x06CA_6351, 0x1429_2967,
            0x27B7_0A85, 0x2E1B_2138, 0x4D2C_6DFC, 0x5338_0D13, 0x650A_7354, 0x766A_0ABB, 0x81C2_C92E, 0x9272_2C85,
            0xA2BF_E8A1, 0xA81A_664B, 0xC24B_8B70, 0xC76C_51A3, 0xD192_E819, 0xD699_0624, 0xF40E_3585, 0x106A_A070,
            0x19A4_C116, 0x1E37_6C08, 0x2748_774C, 0x34B0_BCB5, 0x391C_0CB3, 0x4ED8_AA4A, 0x5B9C_CA4F, 0x682E_6FF3,
            0x748F_82EE, 0x78A5_636F, 0x84C8_7814, 0x8CC7_0208, 0x90BE_FFFA, 0xA450_6CEB, 0xBEF9_A3F7, 0xC671_78F2,
        ]
        func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }
        for block in padded(data) {
            var w = block
            for i in 16..<64 {
                let s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3)
                let s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10)
                w.append(w[i - 16] &+ s0 &+ w[i - 7] &+ s1)
            }
            var (a, b, c, d, e, f, g, hh) = (h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7])
            for i in 0..<64 {
                let t1 = hh &+ (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) &+ ((e & f) ^ (~e & g)) &+ k[i] &+ w[i]
                let t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) &+ ((a & b) ^ (a & c) ^ (b & c))
                (hh, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
            }
            for (i, v) in [a, b, c, d, e, f, g, hh].enumerated() { h[i] = h[i] &+ v }
        }
        return bigEndianBytes(h)
    }

    static func sha1(_ data: Data) -> Data {
        var h: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
        func rotl(_ x: UInt32, _ n: UInt32) -> UInt32 { (x << n) | (x >> (32 - n)) }
        for block in padded(data) {
            var w = block
            for i in 16..<80 { w.append(rotl(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1)) }
            var (a, b, c, d, e) = (h[0], h[1], h[2], h[3], h[4])
            for i in 0..<80 {
                let (f, k): (UInt32, UInt32) = switch i {
                case 0..<20: ((b & c) | (~b & d), 0x5A82_7999)
                case 20..<40: (b ^ c ^ d, 0x6ED9_EBA1)
                case 40..<60: ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
                default: (b ^ c ^ d, 0xCA62_C1D6)
                }
                (e, d, c, b, a) = (d, c, rotl(b, 30), a, rotl(a, 5) &+ f &+ e &+ k &+ w[i])
            }
            for (i, v) in [a, b, c, d, e].enumerated() { h[i] = h[i] &+ v }
        }
        return bigEndianBytes(h)
    }

    /// The message padded to 64-byte blocks, each as 16 big-endian words.
    private static func padded(_ data: Data) -> [[UInt32]] {
        var bytes = [UInt8](data)
        let bitLength = UInt64(bytes.count) * 8
        bytes.append(0x80)
        while bytes.count % 64 != 56 { bytes.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        return stride(from: 0, to: bytes.count, by: 64).map { start in
            (0..<16).map { i in
                let j = start + i * 4
                return UInt32(bytes[j]) << 24 | UInt32(bytes[j + 1]) << 16 | UInt32(bytes[j + 2]) << 8 | UInt32(bytes[j + 3])
            }
        }
    }

    private static func bigEndianBytes(_ words: [UInt32]) -> Data {
        Data(words.flatMap { word in [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: word >> UInt32($0)) } })
    }
}
