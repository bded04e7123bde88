/// Apple's URLAuthenticationChallengeSender, for NSURLConnection-era code; URLSession challenges are
/// answered through the completion handler, and their `sender` is nil.
public protocol URLAuthenticationChallengeSender: AnyObject {
    func use(_ credential: URLCredential, for challenge: URLAuthenticationChallenge)
    func continueWithoutCredential(for challenge: URLAuthenticationChallenge)
    func cancel(_ challenge: URLAuthenticationChallenge)
}
