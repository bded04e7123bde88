/// A challenge handler's answer, as URLSession.AuthChallengeDisposition for a server-trust challenge.
public enum ChallengeDisposition: String, Sendable {
    /// Trust the server (URLSession's `.useCredential` with `URLCredential(trust:)`).
    case useCredential
    /// Refuse the connection (`.cancelAuthenticationChallenge`).
    case cancel
    /// Let the engine decide with the client's configuration (`.performDefaultHandling`).
    case performDefaultHandling
}
