import Foundation
import TrustEvaluation

/// Where SecTrustCompat finds the system trust store (Apple's built-in roots have no Linux equivalent; the
/// distribution's CA bundle takes their place).
///
/// The store is loaded once, on the first trust evaluation that needs it (every evaluation does: system
/// roots are anchors unless custom anchors are in force, and untrusted path-building parents otherwise), and
/// then shared, immutable, by every SecTrust in the process. Its path is, in order of precedence:
///
/// 1. the path given to `setSystemAnchorsPath(_:)` before the store was loaded;
/// 2. the environment variable `TRUSTCHECK_SYSTEM_ANCHORS` when the store is loaded;
/// 3. `/etc/ssl/certs/ca-certificates.crt` (Debian's bundle).
///
/// The path may name a PEM/DER bundle or a directory. If it cannot be read the system store is empty
/// (nothing is trusted without custom anchors) and `systemAnchorsLoadError` says why.
/// All members are thread-safe.
public enum SecTrustCompatConfiguration {
    /// `TRUSTCHECK_SYSTEM_ANCHORS`: the environment variable that names the system store's path (a
    /// bundle or a directory) when `setSystemAnchorsPath(_:)` was not called. Read once, when the
    /// store loads; an empty value counts as unset.
    public static let systemAnchorsEnvironmentVariable = "TRUSTCHECK_SYSTEM_ANCHORS"
    /// `/etc/ssl/certs/ca-certificates.crt`, Debian's CA bundle: the path when neither
    /// `setSystemAnchorsPath(_:)` nor the environment variable names another.
    public static let defaultSystemAnchorsPath = CertificateStore.defaultSystemBundlePath

    /// Chooses the system store's path. Only possible before the store is loaded: returns false, and changes
    /// nothing, once any evaluation has loaded it (with this same path, it returns true).
    @discardableResult
    public static func setSystemAnchorsPath(_ path: String) -> Bool {
        SystemAnchors.shared.setPath(path)
    }

    /// The path the system store was (or will be) loaded from.
    public static var systemAnchorsPath: String { SystemAnchors.shared.path }

    /// How many certificates the system store holds; loads it if needed.
    public static var systemAnchorsCount: Int { SystemAnchors.shared.store.count }

    /// Why the system store is empty, if loading it failed; loads it if needed.
    public static var systemAnchorsLoadError: String? { SystemAnchors.shared.loaded.error }
}

/// The process-wide system store: a path chosen at most once, then a store loaded at most once.
/// `@unchecked Sendable`: its two mutable fields are only touched with `lock` held, and the loaded store is
/// an immutable value that is never replaced.
final class SystemAnchors: @unchecked Sendable {
    static let shared = SystemAnchors()

    struct Loaded: Sendable {
        let path: String
        let store: CertificateStore
        let error: String?
    }

    private let lock = NSLock()
    private var chosenPath: String?
    private var loadedValue: Loaded?

    private init() {}

    func setPath(_ path: String) -> Bool {
        lock.locked {
            if let loadedValue { return loadedValue.path == path }
            chosenPath = path
            return true
        }
    }

    var path: String {
        lock.locked { loadedValue?.path ?? resolvedPath() }
    }

    var store: CertificateStore { loaded.store }

    var loaded: Loaded {
        lock.locked {
            if let loadedValue { return loadedValue }
            let path = resolvedPath()
            // TrustEvaluation's loader; at the default path its one shared load, which TrustAnchors() also uses.
            let system = path == SystemTrustStore.default.path ? SystemTrustStore.default : SystemTrustStore(path: path)
            let value = Loaded(path: path, store: system.store, error: system.loadError.map { "\($0)" })
            loadedValue = value
            return value
        }
    }

    /// Called with `lock` held.
    private func resolvedPath() -> String {
        if let chosenPath { return chosenPath }
        if let environment = ProcessInfo.processInfo.environment[SecTrustCompatConfiguration.systemAnchorsEnvironmentVariable],
           !environment.isEmpty
        {
            return environment
        }
        return SecTrustCompatConfiguration.defaultSystemAnchorsPath
    }
}

extension NSLock {
    /// Runs `body` with the lock held (NSLocking.withLock needs macOS 14 on Apple platforms).
    func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}
