import HTTPServerBridge
import TrustCertificates

/// Who may read the analysis under `/api/`: the holder of the read token, presented as
/// `Authorization: Bearer TOKEN` (RFC 6750 §2.1).
///
/// The read token is not the reporting secret: that one sits in every app's `TSKReportUris`, so anyone with
/// the app can extract it, while the analysis names hosts, app versions and the issuers of intercepting
/// chains. With no read token configured every read is refused (403): no listen address makes an
/// unauthenticated reader safe, since other users of the machine reach loopback, and so does a web page whose
/// host name is made to resolve to 127.0.0.1 (DNS rebinding).
///
/// Only the token's SHA-256 is kept. A presented token is hashed and the two 32-byte digests compared without
/// an early exit, so neither how much of a guess was right nor the token's length shows in the time taken.
public struct ReadAuthorization: Sendable {
    /// The shortest token accepted: 16 characters. Even 16 hex digits are 64 bits, which at 10,000 guesses a
    /// second take some 29 million years to search on average; `openssl rand -hex 32` gives 64.
    public static let minimumTokenLength = 16
    /// The longest token accepted: 1,024 characters, far past any generated token and well inside
    /// libmicrohttpd's 32 KiB of header memory per connection.
    public static let maximumTokenLength = 1_024
    /// The `WWW-Authenticate` realm.
    static let realm = "trustcheck collect"

    private let tokenDigest: [UInt8]?

    /// No read token: the API refuses every read.
    public init() { tokenDigest = nil }

    /// Reads need `token`: RFC 6750's token characters (`A-Z a-z 0-9 - . _ ~ + /`, then any `=`), so it can be
    /// sent in the header as it is, from `minimumTokenLength` to `maximumTokenLength` characters.
    public init(token: String) throws(ReadTokenError) {
        let bytes = Array(token.utf8)
        guard bytes.count >= Self.minimumTokenLength else {
            throw ReadTokenError(.tooShort, "the read token has \(bytes.count) characters; use at least \(Self.minimumTokenLength) "
                                 + "(make one with: openssl rand -hex 32)")
        }
        guard bytes.count <= Self.maximumTokenLength else {
            throw ReadTokenError(.tooLong, "the read token has \(bytes.count) characters; use at most \(Self.maximumTokenLength)")
        }
        guard Self.isTokenSyntax(bytes) else {
            throw ReadTokenError(.invalidCharacter, "the read token may hold only A-Z a-z 0-9 - . _ ~ + / and a trailing = "
                                 + "(make one with: openssl rand -hex 32)")
        }
        tokenDigest = SHA256.hash(bytes)
    }

    /// A read token is configured (reads are possible at all).
    public var isConfigured: Bool { tokenDigest != nil }

    /// Whether `text` is the read token: used to refuse a reporting secret equal to it.
    public func isToken(_ text: String) -> Bool {
        guard let tokenDigest else { return false }
        return Self.digestsEqual(SHA256.hash(Array(text.utf8)), tokenDigest)
    }

    /// nil when `request` carries the read token; otherwise the refusal to send: 403 when no token is
    /// configured, 401 with `WWW-Authenticate: Bearer` when the token is missing or wrong.
    public func refusal(for request: HTTPRequest) -> HTTPResponse? {
        guard let tokenDigest else {
            return CollectorResponse.error(status: 403, code: "auth.api_closed",
                                           message: "this collector's API is closed: start trustcheck collect with --read-token-file FILE to read it")
        }
        guard let presented = Self.bearerToken(request.header("authorization")) else {
            return Self.unauthorized(code: "auth.missing_read_token", challenge: "Bearer realm=\"\(Self.realm)\"",
                                     message: "reading this collector's analysis needs its read token: send Authorization: Bearer TOKEN")
        }
        guard Self.digestsEqual(SHA256.hash(presented), tokenDigest) else {
            return Self.unauthorized(code: "auth.wrong_read_token", challenge: "Bearer realm=\"\(Self.realm)\", error=\"invalid_token\"",
                                     message: "the read token is wrong")
        }
        return nil
    }

    /// The token of `Authorization: Bearer TOKEN` (the scheme in any case, RFC 7235 §2.1), or nil for none
    /// or another scheme.
    static func bearerToken(_ header: String?) -> [UInt8]? {
        guard let header else { return nil }
        let bytes = Array(header.utf8)
        let scheme = Array("bearer".utf8)
        guard bytes.count > scheme.count, bytes[scheme.count] == 0x20,
              zip(bytes, scheme).allSatisfy({ ($0 | 0x20) == $1 })
        else { return nil }
        let token = bytes[(scheme.count + 1)...].drop { $0 == 0x20 }
        return token.isEmpty ? nil : Array(token)
    }

    /// RFC 6750 §2.1's b64token: `1*( ALPHA / DIGIT / "-" / "." / "_" / "~" / "+" / "/" ) *"="`.
    static func isTokenSyntax(_ bytes: [UInt8]) -> Bool {
        let body = bytes.prefix { $0 != 0x3D }
        guard !body.isEmpty, bytes[body.count...].allSatisfy({ $0 == 0x3D }) else { return false }
        return body.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x7E || byte == 0x2B || byte == 0x2F
        }
    }

    /// Two SHA-256 digests compared in full, whatever they hold.
    static func digestsEqual(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var difference: UInt8 = 0
        for index in lhs.indices { difference |= lhs[index] ^ rhs[index] }
        return difference == 0
    }

    private static func unauthorized(code: String, challenge: String, message: String) -> HTTPResponse {
        var response = CollectorResponse.error(status: 401, code: code, message: message)
        response.headers.append(HTTPHeader(name: "WWW-Authenticate", value: challenge))
        return response
    }
}
