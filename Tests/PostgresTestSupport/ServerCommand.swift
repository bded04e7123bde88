import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A command of the test server's life (initdb, pg_ctl, chown, the watchdog), spawned with only standard
/// input, output and error open.
///
/// Not Foundation's `Process`: a child it starts inherits Foundation's own descriptors, and `pg_ctl start`
/// leaves the postmaster holding them, so `waitUntilExit()` would wait for the server to stop.
/// posix_spawn with `addclosefrom_np(3)` hands the child nothing else.
struct ServerCommand {
    /// The program and its arguments.
    let arguments: [String]
    /// The working directory of the child.
    let directory: String
    /// Where its standard output and error go (appended).
    let outputPath: String

    /// Starts the command and returns its process id; its standard input is an empty pipe (end of file at once).
    func spawn() throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var input: [Int32] = [0, 0]
        guard pipe(&input) == 0 else { throw PostgresTestServerError("pipe() failed: \(String(cString: strerror(errno)))") }
        defer { close(input[0]) }
        close(input[1])
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        guard let closeFrom = Self.closeFrom, let changeDirectory = Self.changeDirectory else {
            throw PostgresTestServerError("this C library lacks posix_spawn_file_actions_addclosefrom_np/addchdir_np (glibc 2.34+)")
        }
        _ = closeFrom(&actions, 3)
        _ = directory.withCString { changeDirectory(&actions, $0) }

        let cArguments = arguments.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, arguments[0], &actions, nil, cArguments, environ)
        guard rc == 0 else {
            throw PostgresTestServerError("cannot start \(arguments[0]): \(String(cString: strerror(rc)))")
        }
        return pid
    }

    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private typealias ChangeDirectory = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32

    // glibc declares these GNU extensions only under _GNU_SOURCE, which Swift's Glibc module does not define,
    // so they are looked up by name.
    private static let closeFrom: CloseFrom? = symbol("posix_spawn_file_actions_addclosefrom_np")
    private static let changeDirectory: ChangeDirectory? = symbol("posix_spawn_file_actions_addchdir_np")

    private static func symbol<T>(_ name: String) -> T? {
        guard let handle = dlopen(nil, RTLD_NOW), let address = dlsym(handle, name) else { return nil }
        return unsafeBitCast(address, to: T.self)
    }

    /// Runs the command to its end; throws with what it printed when it exits with a failure.
    func run() throws {
        let pid = try spawn()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw PostgresTestServerError("waitpid failed: \(String(cString: strerror(errno)))") }
        }
        // WIFEXITED/WEXITSTATUS are macros: exited normally when the low 7 bits are 0, code in the next 8.
        let exitedNormally = status & 0x7F == 0
        let code = (status >> 8) & 0xFF
        guard exitedNormally, code == 0 else {
            let printed = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
            let how = exitedNormally ? "exited with \(code)" : "was killed by signal \(status & 0x7F)"
            throw PostgresTestServerError("\(arguments.joined(separator: " ")) \(how): \(printed)")
        }
    }
}
