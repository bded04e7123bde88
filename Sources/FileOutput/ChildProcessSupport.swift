#if canImport(Glibc)
import Glibc
#endif

/// What the processes TrustCheck starts with `posix_spawn` share: pipes that close on exec, and closing every
/// inherited descriptor above the standard three, so that no child started meanwhile holds another's pipe
/// open. Used by the report-delivery child (`trustcheck reports-flush`) and the collector's alert commands.
public enum ChildProcessSupport {
    /// A pipe whose two ends close on exec (`pipe2(O_CLOEXEC)`, else `pipe` and `fcntl`); false when none
    /// could be made.
    public static func makeCloseOnExecPipe(_ descriptors: inout [Int32]) -> Bool {
        if let pipe2 { return pipe2(&descriptors, O_CLOEXEC) == 0 }
        guard pipe(&descriptors) == 0 else { return false }
        descriptors.forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) }
        return true
    }

    /// Adds "close every descriptor from `lowest` up" to `actions` where glibc has it (2.34 and later).
    public static func addCloseFrom(_ lowest: Int32, to actions: inout posix_spawn_file_actions_t) {
        if let closeFrom { _ = closeFrom(&actions, lowest) }
    }

    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32

    // glibc declares these GNU extensions (2.34 and 2.9) only under _GNU_SOURCE, which Swift's Glibc module
    // does not define, so they are looked up by name.
    private static let closeFrom: CloseFrom? = symbol("posix_spawn_file_actions_addclosefrom_np")
    private static let pipe2: Pipe2? = symbol("pipe2")

    private static func symbol<T>(_ name: String) -> T? {
        guard let handle = dlopen(nil, RTLD_NOW), let address = dlsym(handle, name) else { return nil }
        return unsafeBitCast(address, to: T.self)
    }
}
