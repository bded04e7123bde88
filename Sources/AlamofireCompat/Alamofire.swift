import Dispatch
import Foundation

/// Reference to `Session.default` for quick bootstrapping and examples, as Alamofire's global `AF`.
public let AF = Session.default

/// Namespace for informational Alamofire values.
public enum AFInfo {
    /// The Alamofire release whose API this module follows.
    public static let version = "5.12.0"
}
