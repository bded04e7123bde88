import FoundationEssentials
import TrustCertificates

/// A SHA-256 public-key pin: a digest and what it is the digest of.
///
/// Text forms read by `init(parsing:algorithm:)`, whitespace around them ignored:
/// * bare base64 (`TSKPublicKeyHashes`, Alamofire-era code),
/// * `sha256/<base64>` (OkHttp's `CertificatePinner`),
/// * `pin-sha256="<base64>"` (an HPKP directive, RFC 7469 §2.1.1: the directive name is
///   case-insensitive and the value may be a quoted string or a bare token).
/// The prefixed forms are SPKI pins by definition, so they are refused for the external-representation
/// algorithm rather than silently reinterpreted.
public struct PublicKeyPin: Sendable, Hashable, CustomStringConvertible {
    /// What `digest` is the SHA-256 of.
    public let algorithm: PinAlgorithm
    /// The 32 digest bytes.
    public let digest: [UInt8]

    /// A pin of `digest`, which must be 32 bytes long.
    public init(algorithm: PinAlgorithm = .spkiSHA256, digest: [UInt8]) throws(PinFormatError) {
        guard digest.count == 32 else {
            throw PinFormatError(.wrongLength, text: Base64.encode(digest),
                                 problem: "a SHA-256 pin is 32 bytes, this is \(digest.count)")
        }
        self.algorithm = algorithm
        self.digest = digest
    }

    /// Reads one of the text forms above.
    public init(parsing text: String, algorithm: PinAlgorithm = .spkiSHA256) throws(PinFormatError) {
        let trimmed = String(text.trimmingWhitespace())
        guard !trimmed.isEmpty else { throw PinFormatError(.empty, text: text, problem: "the pin is empty") }
        let value: Substring
        // A bare base64 digest may itself begin with "sha256/" ('/' is a base64 digit), so a whole-text
        // decode to 32 bytes wins over reading a prefix.
        if let bytes = Base64.decode(trimmed), bytes.count == 32 {
            value = Substring(trimmed)
        } else if let hpkp = Self.hpkpValue(trimmed) {
            value = try Self.spkiOnly(hpkp, algorithm: algorithm, text: text, form: "pin-sha256=")
        } else if trimmed.lowercased().hasPrefix("sha256/") {
            value = try Self.spkiOnly(trimmed.dropFirst(7), algorithm: algorithm, text: text, form: "sha256/")
        } else if let other = Self.otherHashPrefix(trimmed) {
            throw PinFormatError(.unsupportedHash, text: text, problem: "\(other) pins are not supported, only SHA-256")
        } else {
            value = Substring(trimmed)
        }
        guard let bytes = Base64.decode(String(value)) else {
            throw PinFormatError(.notBase64, text: text, problem: "\"\(value)\" is not base64")
        }
        guard bytes.count == 32 else {
            throw PinFormatError(.wrongLength, text: text,
                                 problem: "it decodes to \(bytes.count) bytes, a SHA-256 pin is 32")
        }
        self.algorithm = algorithm
        self.digest = bytes
    }

    /// The pin of `certificate`'s key under `algorithm`, from the digest computed when it was parsed;
    /// nil for an external-representation pin of a key Apple cannot represent (RSA-PSS, DSA, unknown).
    public init?(of certificate: Certificate, algorithm: PinAlgorithm = .spkiSHA256) {
        let digest = algorithm.digest(of: certificate)
        guard digest.count == 32 else { return nil }
        self.algorithm = algorithm
        self.digest = digest
    }

    /// Whether `certificate`'s key has this pin.
    public func matches(_ certificate: Certificate) -> Bool { algorithm.digest(of: certificate) == digest }

    /// The digest in standard base64 with padding, as `TSKPublicKeyHashes` holds it.
    public var base64: String { Base64.encode(digest) }
    /// `pin-sha256="<base64>"`, the form of TrustKit reports' `known-pins` and HPKP headers.
    public var hpkpDirective: String { "pin-sha256=\"\(base64)\"" }
    /// `sha256/<base64>`, OkHttp's form.
    public var okHttpForm: String { "sha256/" + base64 }

    /// The SPKI form `sha256/…`, or `external-representation-sha256/…` for the other algorithm.
    public var description: String {
        algorithm == .spkiSHA256 ? okHttpForm : "\(algorithm.rawValue)/\(base64)"
    }

    /// The value of a `pin-sha256` directive, quoted or not; nil when `text` is not one.
    private static func hpkpValue(_ text: String) -> Substring? {
        guard let equals = text.firstIndex(of: "="),
              text[..<equals].trimmingWhitespace(newlines: false).lowercased() == "pin-sha256"
        else { return nil }
        var value = text[text.index(after: equals)...].drop(while: \.isWhitespace)
        if value.count >= 2, value.first == "\"", value.last == "\"" { value = value.dropFirst().dropLast() }
        return value
    }

    private static func otherHashPrefix(_ text: String) -> String? {
        let lower = text.lowercased()
        for name in ["sha1", "sha384", "sha512", "md5"] where lower.hasPrefix(name + "/") || lower.hasPrefix("pin-\(name)") {
            return name.uppercased()
        }
        return nil
    }

    private static func spkiOnly(_ value: Substring, algorithm: PinAlgorithm, text: String,
                                 form: String) throws(PinFormatError) -> Substring
    {
        guard algorithm == .spkiSHA256 else {
            throw PinFormatError(.formNotForAlgorithm, text: text,
                                 problem: "\(form) names an SPKI SHA-256 pin, not a \(algorithm) pin")
        }
        return value
    }
}
