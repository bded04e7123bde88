import Dispatch
import Foundation
import Pinning
import Synchronization

/// TrustKit's main class: an SSL pinning policy and the validator that enforces it (`TrustKit`).
///
/// As in TrustKit, most apps configure one shared instance:
///
/// ```swift
/// let trustKitConfig = [
///     kTSKSwizzleNetworkDelegates: false,
///     kTSKPinnedDomains: [
///         "yahoo.com": [
///             kTSKExpirationDate: "2017-12-01",
///             kTSKPublicKeyHashes: [
///                 "JbQbUG5JMJUoI6brnx0x3vZF6jilxsapbXGVfjhN8Fg=",
///                 "WoiWRyIOVNa9ihaBciRSC7XHjliYS9VwUGOIud4PB18=",
///             ],]]] as [String: Any]
/// TrustKit.initSharedInstance(withConfiguration: trustKitConfig)
/// ```
///
/// and call `TrustKit.sharedInstance().pinningValidator` from their authentication handlers. Frameworks that
/// need a policy of their own use ``init(configuration:)`` instead.
///
/// A configuration TrustKit refuses is a programming error there (it raises `TrustKit configuration
/// invalid` with a reason): here the process stops with the same name and reason (`fatalError`), rather than
/// running on without the pinning the app asked for.
///
/// `@unchecked Sendable`: the settable properties are kept behind a lock; the rest is constant.
public final class TrustKit: NSObject, @unchecked Sendable {
    private struct Settings {
        var pinningValidator: TSKPinningValidator
        var callback: UncheckedSendable<TSKPinningValidatorCallback>?
        var callbackQueue: DispatchQueue
    }

    /// The validator (a placeholder until `init` has made the real one, which needs `self` for its
    /// callback), the app's callback and its queue.
    private let settings: Mutex<Settings>
    /// The parsed configuration; nil for an empty dictionary, which TrustKit accepts and pins nothing with.
    let configuration: TrustKitConfiguration?
    /// The serial queue the validation callback and the reports run on (`com.datatheorem.trustkit.reporterqueue`).
    private let reporterQueue: DispatchQueue
    /// The reporter queue, for tests that wait for the callbacks of the validations made so far.
    var reporterQueueForTests: DispatchQueue { reporterQueue }
    /// Where pin failure reports go.
    let reports: TrustKitReportPipeline?

    // MARK: Singleton

    /// Initialises the shared instance with `trustKitConfig`. Only the first call counts: later calls are
    /// ignored, their configuration not even checked, as TrustKit's dispatch_once ignores them.
    /// Stops the process when the configuration is invalid.
    public class func initSharedInstance(withConfiguration trustKitConfig: [String: Any]) {
        initSharedInstance(withConfiguration: trustKitConfig, sharedContainerIdentifier: nil)
    }

    /// ``initSharedInstance(withConfiguration:)``; `sharedContainerIdentifier` is an app group for the
    /// background upload of an app extension's reports on iOS, and has no use on Linux.
    public class func initSharedInstance(withConfiguration trustKitConfig: [String: Any], sharedContainerIdentifier: String?) {
        TrustKitGlobalState.log("Configuration passed via explicit call to initSharedInstanceWithConfiguration:")
        let made = TrustKitGlobalState.setSharedInstanceOnce {
            TrustKit(checked: trustKitConfig, environment: .standard, isSingleton: true)
        }
        if !made { TrustKitGlobalState.log("TrustKit was already initialized; ignoring this configuration") }
    }

    /// The shared instance. Stops the process, with TrustKit's "TrustKit was not initialized", when
    /// ``initSharedInstance(withConfiguration:)`` has not been called.
    public class func sharedInstance() -> TrustKit {
        guard let instance = TrustKitGlobalState.sharedInstance else {
            trustKitRaise("TrustKit was not initialized",
                          "TrustKit must be initialized using +initSharedInstanceWithConfiguration: prior to accessing sharedInstance")
        }
        return instance
    }

    // MARK: Instances

    /// An instance with its own policy, independent of the shared instance. Stops the process when the
    /// configuration is invalid, or when it sets `kTSKSwizzleNetworkDelegates` (allowed for the shared
    /// instance only). An empty dictionary gives an instance that pins nothing (every host `.domainNotPinned`).
    public convenience init(configuration trustKitConfig: [String: Any]) {
        self.init(configuration: trustKitConfig, sharedContainerIdentifier: nil)
    }

    /// ``init(configuration:)``; `sharedContainerIdentifier` has no use on Linux.
    public convenience init(configuration trustKitConfig: [String: Any], sharedContainerIdentifier: String?) {
        self.init(checked: trustKitConfig, environment: .standard, isSingleton: false)
    }

    /// The public initialisers' path: TrustKit's refusals stop the process.
    convenience init(checked trustKitConfig: [String: Any], environment: TrustKitCompatEnvironment, isSingleton: Bool) {
        let configuration: TrustKitConfiguration?
        do {
            configuration = try Self.validate(trustKitConfig, environment: environment, isSingleton: isSingleton)
        } catch {
            trustKitRaise("TrustKit configuration invalid", error.trustKitReason)
        }
        self.init(validated: configuration, environment: environment)
    }

    /// The configuration TrustKit would run with, or the reason it would raise: nil for an empty dictionary.
    static func validate(_ trustKitConfig: [String: Any], environment: TrustKitCompatEnvironment, isSingleton: Bool)
        throws(TrustKitCompatError) -> TrustKitConfiguration?
    {
        guard !trustKitConfig.isEmpty else { return nil }
        let configuration: TrustKitConfiguration
        do {
            configuration = try TrustKitConfiguration(dictionary: trustKitConfig, registry: environment.registry)
        } catch {
            throw TrustKitCompatError(configuration: error)
        }
        if !isSingleton, configuration.swizzleNetworkDelegates { throw .swizzlingOutsideSharedInstance }
        return configuration
    }

    /// An instance for a configuration `validate` accepted.
    init(validated configuration: TrustKitConfiguration?, environment: TrustKitCompatEnvironment) {
        self.configuration = configuration
        reports = configuration == nil ? nil : TrustKitReportPipeline(environment: environment)
        let queue = DispatchQueue(label: "com.datatheorem.trustkit.reporterqueue")
        reporterQueue = queue
        let placeholder = TSKPinningValidator(configuration: nil, validationCallbackQueue: queue) { _, _, _, _ in }
        settings = Mutex(Settings(pinningValidator: placeholder, callback: nil, callbackQueue: .main))
        super.init()
        let validator = TSKPinningValidator(configuration: configuration, validationCallbackQueue: queue) {
            [weak self] result, notedHostname, policy, validation in
            self?.validationCompleted(result, notedHostname: notedHostname, policy: policy, validation: validation)
        }
        settings.withLock { $0.pinningValidator = validator }
        if let problem = reports?.problem { TrustKitGlobalState.log(problem) }
        if configuration?.swizzleNetworkDelegates == true {
            TrustKitGlobalState.log("TSKSwizzleNetworkDelegates has no effect on Linux: call pinningValidator from the delegates")
        }
        TrustKitGlobalState.log("Successfully initialized with configuration for "
            + (configuration?.pinnedDomains.keys.sorted().joined(separator: ", ") ?? "no domain"))
    }

    // MARK: Validation

    /// The validator enforcing this instance's policy, for the app's authentication handlers.
    public var pinningValidator: TSKPinningValidator {
        get { settings.withLock { $0.pinningValidator } }
        set { settings.withLock { $0.pinningValidator = newValue } }
    }

    /// Invoked after every validation of a pinned host, on ``pinningValidatorCallbackQueue``; nil: none.
    public var pinningValidatorCallback: TSKPinningValidatorCallback? {
        get { settings.withLock { $0.callback?.value } }
        set {
            let box = newValue.map(UncheckedSendable.init)
            settings.withLock { $0.callback = box }
        }
    }

    /// The queue ``pinningValidatorCallback`` runs on: the main queue unless set (setting nil restores it),
    /// as in TrustKit. On Linux the main queue runs only while the main thread serves it (`dispatchMain()`,
    /// the main run loop, or an async `main`), so a program that blocks its main thread sets another queue.
    public var pinningValidatorCallbackQueue: DispatchQueue! {
        get { settings.withLock { $0.callbackQueue } }
        set {
            let queue = newValue ?? .main
            settings.withLock { $0.callbackQueue = queue }
        }
    }

    /// TrustKit's own validation callback, on the reporter queue: the app's callback on its queue, then the
    /// report for anything but a success.
    private func validationCompleted(_ result: TSKPinningValidatorResult, notedHostname: String,
                                     policy: TKSDomainPinningPolicy, validation: TrustKitValidation)
    {
        let (callback, queue) = settings.withLock { ($0.callback, $0.callbackQueue) }
        if let callback {
            let arguments = UncheckedSendable((result, notedHostname, policy))
            queue.async {
                let (result, notedHostname, policy) = arguments.value
                callback.value(result, notedHostname, policy)
            }
        }
        reports?.send(validation, at: Date())
    }

    // MARK: Logging

    /// Sets the logger every TrustKit instance writes its messages to. Without one, messages go to standard
    /// error in debug builds of this module only, as TrustKit's default logger prints in Debug builds only.
    public class func setLoggerBlock(_ block: @escaping (String) -> Void) {
        TrustKitGlobalState.setLogger(block)
    }
}
