import Foundation

/// Apple's URLCredential. For a server-trust challenge, `URLCredential(trust:)` answered with
/// `.useCredential` trusts the server whatever its trust's evaluation would say (as on Apple platforms:
/// the delegate has decided).
open class URLCredential: NSObject, @unchecked Sendable {
    /// How long a credential is kept. Nothing is stored here; the value is kept for the caller.
    public enum Persistence: UInt, Sendable {
        case none = 0
        case forSession = 1
        case permanent = 2
        case synchronizable = 3
    }

    /// The user name of a password credential.
    open private(set) var user: String?
    /// The password of a password credential.
    open private(set) var password: String?
    /// The persistence asked for.
    open private(set) var persistence: Persistence
    /// The trust a server-trust credential accepts.
    let trust: SecTrust?

    /// A credential that accepts `trust` (a server-trust challenge's `protectionSpace.serverTrust`).
    public init(trust: SecTrust) {
        self.trust = trust
        persistence = .forSession
        super.init()
    }

    /// A user name and password credential.
    public init(user: String, password: String, persistence: Persistence) {
        self.user = user
        self.password = password
        self.persistence = persistence
        trust = nil
        super.init()
    }

    /// Whether the credential has a password.
    open var hasPassword: Bool { password != nil }
    /// The client certificates of an identity credential; none here.
    open var certificates: [Any] { [] }

    /// What `performDefaultHandling` credentials a challenge's default handler leaves unanswered: the marker
    /// a delegate method's default implementation answers with, so the session knows it was not implemented.
    static let notImplemented = URLCredential(user: "", password: "", persistence: .none)
}
