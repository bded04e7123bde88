/// Apple's URLAuthenticationChallengeSender, for NSURLConnection-era code; URLSession challenges are
/// answered through the completion handler, and their `sender` is nil.
///
/// Apple's `performDefaultHandling(for:)` and `rejectProtectionSpaceAndContinue(with:)` are optional
/// Objective-C requirements; here, as in swift-corelibs-foundation, they are requirements with default
/// implementations that do nothing, so `sender?.performDefaultHandling(for: challenge)` compiles (the
/// Objective-C-only form `performDefaultHandling?(for:)` does not).
public protocol URLAuthenticationChallengeSender: AnyObject {
    func use(_ credential: URLCredential, for challenge: URLAuthenticationChallenge)
    func continueWithoutCredential(for challenge: URLAuthenticationChallenge)
    func cancel(_ challenge: URLAuthenticationChallenge)
    func performDefaultHandling(for challenge: URLAuthenticationChallenge)
    func rejectProtectionSpaceAndContinue(with challenge: URLAuthenticationChallenge)
}

extension URLAuthenticationChallengeSender {
    public func performDefaultHandling(for challenge: URLAuthenticationChallenge) {}
    public func rejectProtectionSpaceAndContinue(with challenge: URLAuthenticationChallenge) {}
}
