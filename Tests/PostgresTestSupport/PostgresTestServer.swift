import Foundation
import PostgresBridge

#if canImport(Glibc)
import Glibc
#endif

/// A throw-away PostgreSQL server for tests: Debian's `postgresql` binaries run `initdb` in a temporary
/// directory and serve it on 127.0.0.1 at a free port (and a Unix socket inside that directory), with
/// `trust` authentication for the `trustcheck` role. PostgreSQL refuses to run as root, so as root every
/// server command runs as the `postgres` account (`runuser -u postgres`), which the package creates.
///
/// One server serves a whole test process (``shared``). A watchdog process, in its own session so that a
/// signal to the test's process group does not take it down first, stops the server and removes its
/// directory within a second of the test process ending, however it ends.
/// Each test takes its own database (``makeDatabase()``), so tests running in parallel never see each
/// other's rows.
public final class PostgresTestServer: Sendable {
    /// The server of this test process, started on first use.
    public static let shared: Result<PostgresTestServer, PostgresTestServerError> = {
        do {
            // Stopped by its watchdog once this process has exited (no atexit: it would have to spawn and wait).
            return .success(try PostgresTestServer.start())
        } catch let error as PostgresTestServerError {
            return .failure(error)
        } catch {
            return .failure(PostgresTestServerError("starting PostgreSQL failed: \(error)"))
        }
    }()

    /// The directory holding `initdb`, `pg_ctl` and `postgres`: `TRUSTCHECK_POSTGRES_BIN` when set, else the
    /// newest `/usr/lib/postgresql/N/bin` with an `initdb` (Debian's layout); nil when PostgreSQL is not installed.
    public static let binDirectory: String? = {
        let fileManager = FileManager.default
        if let configured = ProcessInfo.processInfo.environment["TRUSTCHECK_POSTGRES_BIN"] {
            return fileManager.isExecutableFile(atPath: configured + "/initdb") ? configured : nil
        }
        let root = "/usr/lib/postgresql"
        let versions = ((try? fileManager.contentsOfDirectory(atPath: root)) ?? []).compactMap(Int.init).sorted(by: >)
        return versions.map { "\(root)/\($0)/bin" }.first { fileManager.isExecutableFile(atPath: $0 + "/initdb") }
    }()

    /// Why PostgreSQL tests cannot run here, or nil when they can (the binaries are installed).
    public static var unavailableReason: String? {
        binDirectory == nil
            ? "PostgreSQL server binaries not found (/usr/lib/postgresql/N/bin/initdb; apt-get install postgresql, or set TRUSTCHECK_POSTGRES_BIN)"
            : nil
    }

    /// The role the tests connect as (a superuser of this cluster only).
    public let user = "trustcheck"
    /// The TCP port on 127.0.0.1.
    public let port: UInt16
    /// The directory holding the Unix socket (`.s.PGSQL.<port>`).
    public let socketDirectory: String
    private let baseDirectory: String
    private let binDirectory: String

    private init(port: UInt16, baseDirectory: String, binDirectory: String) {
        self.port = port
        self.baseDirectory = baseDirectory
        self.binDirectory = binDirectory
        self.socketDirectory = baseDirectory + "/socket"
    }

    /// A libpq key/value connection string for `database` over TCP.
    public func connectionString(database: String = "postgres") -> String {
        "host=127.0.0.1 port=\(port) user=\(user) dbname=\(database)"
    }

    /// A `postgres://` URL for `database` over TCP, as a user would give it to `--db`.
    public func url(database: String = "postgres") -> String {
        "postgres://\(user)@127.0.0.1:\(port)/\(database)"
    }

    /// Creates a new, empty database with a unique name and returns its name.
    public func makeDatabase() throws -> String {
        let name = "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        let admin = try PostgresConnection(connectionString())
        // CREATE DATABASE takes no parameters; the name is generated above from hex digits only.
        try admin.execute("CREATE DATABASE \(name)")
        return name
    }

    /// Starts a server in a new temporary directory (a few seconds: initdb, then start-up).
    public static func start() throws -> PostgresTestServer {
        guard let binDirectory else { throw PostgresTestServerError(unavailableReason ?? "PostgreSQL not installed") }
        let asRoot = geteuid() == 0
        let base = try makeTemporaryDirectory()
        let data = base + "/data"
        let socket = base + "/socket"
        try FileManager.default.createDirectory(atPath: socket, withIntermediateDirectories: false)
        if asRoot { try run(["/bin/chown", "-R", "postgres:postgres", base], in: base, asPostgres: false) }

        do {
            try run([binDirectory + "/initdb", "-D", data, "-U", "trustcheck", "-A", "trust", "-E", "UTF8",
                     "--locale=C", "--no-sync", "--no-instructions"], in: base, asPostgres: asRoot)
            // Another process may take the port between choosing and binding it: try a few.
            var lastFailure = ""
            for _ in 0..<3 {
                let port = try freeLoopbackPort()
                let options = "-c listen_addresses=127.0.0.1 -p \(port) -c unix_socket_directories=\(socket)"
                    + " -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=100"
                do {
                    try run([binDirectory + "/pg_ctl", "-D", data, "-l", base + "/server.log", "-w", "-t", "60",
                             "-o", options, "start"], in: base, asPostgres: asRoot)
                } catch let error as PostgresTestServerError {
                    lastFailure = error.message + " " + ((try? String(contentsOfFile: base + "/server.log", encoding: .utf8)) ?? "")
                    continue
                }
                try startWatchdog(base: base, data: data)
                return PostgresTestServer(port: port, baseDirectory: base, binDirectory: binDirectory)
            }
            throw PostgresTestServerError("PostgreSQL did not start: \(lastFailure)")
        } catch {
            try? FileManager.default.removeItem(atPath: base)
            throw error
        }
    }

    /// Stops the server now (fast shutdown: sessions are ended, nothing waits) and removes its directory,
    /// for a test that needs the server gone; ``shared`` is left to its watchdog.
    public func stop() throws {
        defer {
            try? FileManager.default.removeItem(atPath: baseDirectory)
        }
        try Self.run([binDirectory + "/pg_ctl", "-D", baseDirectory + "/data", "-m", "fast", "-w", "-t", "30", "stop"],
                     in: baseDirectory, asPostgres: geteuid() == 0)
    }

    // MARK: - Processes

    /// Runs a command to its end (as `postgres` through runuser when asked) and throws with its output on failure.
    private static func run(_ arguments: [String], in directory: String, asPostgres: Bool) throws {
        let command = asPostgres ? ["/usr/sbin/runuser", "-u", "postgres", "--"] + arguments : arguments
        let outputPath = directory + "/command-\(UUID().uuidString).log"
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        try ServerCommand(arguments: command, directory: directory, outputPath: outputPath).run()
    }

    /// A shell that waits for this test process to go away, then ends the postmaster (SIGQUIT: immediate
    /// shutdown) and removes the directory: a crashed or killed test run leaves no server behind. After an
    /// explicit ``stop()`` it finds nothing left to do. `setsid` puts it in its own session, out of reach of
    /// a signal to the test's process group.
    private static func startWatchdog(base: String, data: String) throws {
        let script = """
            while [ -d /proc/\(getpid()) ]; do sleep 1; done
            if [ -f '\(data)/postmaster.pid' ]; then kill -QUIT "$(head -n 1 '\(data)/postmaster.pid')"; sleep 2; fi
            rm -rf '\(base)'
            """
        _ = try ServerCommand(arguments: ["/usr/bin/setsid", "/bin/sh", "-c", script], directory: "/",
                              outputPath: base + "/watchdog.log").spawn()
    }

    private static func makeTemporaryDirectory() throws -> String {
        var template = Array((NSTemporaryDirectory() + "/trustcheck-pg-XXXXXX").utf8CString)
        guard let path = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw PostgresTestServerError("mkdtemp failed: \(String(cString: strerror(errno)))")
        }
        let directory = String(cString: path)
        // postgres (as the postgres account) must reach the directory; its data directory stays 0700.
        chmod(directory, 0o755)
        return directory
    }

    /// A port the kernel reports free on 127.0.0.1 (bind to port 0, read it back, close).
    private static func freeLoopbackPort() throws -> UInt16 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw PostgresTestServerError("socket() failed") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(descriptor, generic, length) == 0 && getsockname(descriptor, generic, &length) == 0
            }
        }
        guard bound else { throw PostgresTestServerError("could not bind 127.0.0.1:0") }
        return UInt16(bigEndian: address.sin_port)
    }
}
