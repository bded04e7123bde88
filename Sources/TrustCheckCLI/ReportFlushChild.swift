import FileOutput
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// Delivers spooled pin-failure reports from the `trustcheck` process, which links no HTTP client: it runs
/// `trustcheck-collect reports-flush --report-spool DIR --timeout S --due-only --json` as a child process and reads
/// back its summary. A command that spooled a report (`connect`, `verify`) calls ``run(spoolDirectory:timeout:)``
/// before it exits, so the report leaves at once when the endpoint is up and waits in the spool when not.
///
/// Bounded: the call returns within `timeout` + ``grace`` + twice ``terminationWait``, whatever the child
/// does. The child stops starting attempts at `timeout`; if it is still running at `timeout` + `grace`, its
/// process group gets SIGTERM, then SIGKILL. A flush killed part-way loses nothing (an entry leaves the spool
/// only once delivered; one sent but not yet removed is sent again later).
///
/// The child runs in a process group of its own, so the kill reaches anything it started, and with
/// standard input from /dev/null and no descriptor of this process but the two pipes it reports on.
package struct ReportFlushChild: Sendable {
    /// Names the `trustcheck-collect` to run instead of the one beside `trustcheck`: in-process under the
    /// tests, the running binary is the test runner, and a packager may install the two apart.
    package static let executableVariable = "TRUSTCHECK_COLLECT_EXECUTABLE"
    package static let executableName = "trustcheck-collect"
    /// The flush's time when none is given, as `reports-flush`'s own default.
    package static let defaultTimeout: TimeInterval = 10
    /// What the child gets past its `--timeout` before it is stopped: its start, its last attempt's shortest
    /// timeout (a quarter second), writing its summary.
    package static let defaultGrace: TimeInterval = 2
    /// How long a stopped child has to exit after SIGTERM, and to be reaped after SIGKILL.
    package static let terminationWait: TimeInterval = 0.25
    /// The most of each output kept (a summary lists at most a spool's entries; anything past is drained).
    static let outputLimit = 1 << 20

    /// The executable to run, or why there is none.
    package let executable: Result<String, ReportFlushChildError>
    /// See ``defaultGrace``.
    package let grace: TimeInterval

    /// A runner of `executable` when given; else of `$TRUSTCHECK_COLLECT_EXECUTABLE` when set; else of the
    /// `trustcheck-collect` beside `selfExecutable` (the running binary).
    package init(executable: String? = nil, grace: TimeInterval = ReportFlushChild.defaultGrace,
                 beside selfExecutable: String = "/proc/self/exe")
    {
        self.executable = Self.locate(explicit: executable, selfExecutable: selfExecutable)
        self.grace = max(0, grace)
    }

    private static func locate(explicit: String?, selfExecutable: String) -> Result<String, ReportFlushChildError> {
        if let explicit, !explicit.isEmpty { return .success(explicit) }
        if let value = getenv(executableVariable), value.pointee != 0 { return .success(String(cString: value)) }
        let beside = SiblingExecutable.path(of: executableName, beside: selfExecutable)
        guard access(beside, X_OK) == 0 else {
            return .failure(ReportFlushChildError(
                kind: .notFound, problem: "trustcheck-collect not found beside trustcheck (no executable \(beside)); "
                    + "set \(executableVariable) to its path"))
        }
        return .success(beside)
    }

    /// Flushes the spool at `spoolDirectory` for at most `timeout` seconds (clamped to 0.001…3600, as
    /// `reports-flush` takes it) and says what came of it.
    package func run(spoolDirectory: String, timeout: TimeInterval = ReportFlushChild.defaultTimeout) -> ReportFlushOutcome {
        let path: String
        switch executable {
        case .failure(let error): return .couldNotRun(error)
        case .success(let found): path = found
        }
        let seconds = min(3600, max(0.001, timeout))
        let bound = ContinuousClock.now + Self.duration(seconds + grace)
        let arguments = [path, "reports-flush", "--report-spool", spoolDirectory, "--timeout", String(seconds), "--due-only", "--json"]
        let child: (pid: pid_t, output: Int32, errors: Int32)
        switch Self.spawn(arguments) {
        case .failure(let error): return .couldNotRun(error)
        case .success(let started): child = started
        }
        let (output, errors, ended) = Self.collect([child.output, child.errors], until: bound)
        var status = Self.reap(child.pid, until: bound)
        if !ended, status != .running, status != .unknown {
            // It exited, but something it started still held the pipes at the bound: its process group
            // outlives it (and keeps its id from being reused) while any member does, so this reaches only those.
            kill(-child.pid, SIGKILL)
        }
        if status == .running {
            // Past the bound: stop it and everything it started. Pipes its descendants hold were given up on above.
            kill(-child.pid, SIGTERM)
            status = Self.reap(child.pid, until: .now + Self.duration(Self.terminationWait))
            if status == .running {
                kill(-child.pid, SIGKILL)
                _ = Self.reap(child.pid, until: .now + Self.duration(Self.terminationWait))
            }
            return .couldNotRun(ReportFlushChildError(
                kind: .overran, problem: "trustcheck-collect reports-flush was still running after \(Self.text(seconds + grace)) s and was stopped"))
        }
        return Self.outcome(status, output: output, errors: errors)
    }

    // MARK: The child's end

    /// How a child ended, from its wait status.
    enum Ending: Equatable {
        /// Not yet, at the bound.
        case running
        case exited(Int32)
        case signalled(Int32)
        /// Reaped by someone else (SIGCHLD ignored): only its output tells.
        case unknown
    }

    private static func outcome(_ ending: Ending, output: [UInt8], errors: [UInt8]) -> ReportFlushOutcome {
        let said = String(decoding: errors, as: UTF8.self).split(separator: "\n").joined(separator: "; ")
        let detail = said.isEmpty ? "" : ": " + said
        switch ending {
        case .exited(0), .exited(1), .unknown:
            guard let summary = try? JSONDecoder().decode(ReportFlushSummary.self, from: Data(output)) else {
                return .couldNotRun(ReportFlushChildError(
                    kind: .unreadableOutput, problem: "trustcheck-collect reports-flush printed no flush summary\(detail)"))
            }
            return .finished(summary)
        case .exited(let code):
            return .couldNotRun(ReportFlushChildError(kind: .failed, problem: "trustcheck-collect reports-flush exited with \(code)\(detail)"))
        case .signalled(let number):
            return .couldNotRun(ReportFlushChildError(
                kind: .failed, problem: "trustcheck-collect reports-flush was killed by signal \(number)\(detail)"))
        case .running:
            return .couldNotRun(ReportFlushChildError(kind: .overran, problem: "trustcheck-collect reports-flush did not finish"))
        }
    }

    /// Waits for `pid` to end, polling, until `bound`.
    private static func reap(_ pid: pid_t, until bound: ContinuousClock.Instant) -> Ending {
        while true {
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid {
                // WIFEXITED/WEXITSTATUS/WTERMSIG are macros: exited when the low 7 bits are 0, code in the next 8.
                return status & 0x7F == 0 ? .exited((status >> 8) & 0xFF) : .signalled(status & 0x7F)
            }
            if result < 0 {
                if errno == EINTR { continue }
                return .unknown
            }
            guard ContinuousClock.now < bound else { return .running }
            usleep(5_000)
        }
    }

    /// Everything written to `descriptors` until each is at its end or `bound` passes, and whether all
    /// reached their end; closes them.
    private static func collect(_ descriptors: [Int32], until bound: ContinuousClock.Instant) -> ([UInt8], [UInt8], Bool) {
        var collected: [[UInt8]] = descriptors.map { _ in [] }
        var open = Array(descriptors.indices)
        var chunk = [UInt8](repeating: 0, count: 65536)
        while !open.isEmpty {
            let left = milliseconds(until: bound)
            guard left > 0 else { break }
            var polled = open.map { pollfd(fd: descriptors[$0], events: Int16(POLLIN), revents: 0) }
            let ready = poll(&polled, nfds_t(polled.count), left)
            if ready < 0 && errno != EINTR { break }
            guard ready > 0 else { continue }
            var stillOpen: [Int] = []
            for (slot, index) in open.enumerated() {
                guard polled[slot].revents != 0 else {
                    stillOpen.append(index)
                    continue
                }
                let count = chunk.withUnsafeMutableBytes { read(descriptors[index], $0.baseAddress, $0.count) }
                if count > 0 {
                    let room = max(0, outputLimit - collected[index].count)
                    collected[index] += chunk[0..<min(count, room)]
                    stillOpen.append(index)
                } else if count < 0 && (errno == EINTR || errno == EAGAIN) {
                    stillOpen.append(index)
                }
                // 0 is the end; another error ends it too.
            }
            open = stillOpen
        }
        descriptors.forEach { close($0) }
        return (collected[0], collected[1], open.isEmpty)
    }

    // MARK: Starting it

    /// Starts `arguments` with standard input /dev/null, output and error into two new pipes, nothing else
    /// open, default signal handling, in a new process group; returns its pid and the pipes' read ends.
    private static func spawn(_ arguments: [String]) -> Result<(pid: pid_t, output: Int32, errors: Int32), ReportFlushChildError> {
        var output: [Int32] = [-1, -1], errors: [Int32] = [-1, -1]
        guard ChildProcessSupport.makeCloseOnExecPipe(&output), ChildProcessSupport.makeCloseOnExecPipe(&errors) else {
            let reason = String(cString: strerror(errno))
            (output + errors).filter { $0 >= 0 }.forEach { close($0) }
            return .failure(ReportFlushChildError(kind: .spawnFailed, problem: "cannot run \(arguments[0]): no pipe: \(reason)"))
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
        // Descriptors this process opened without O_CLOEXEC (a caller's, a library's) stay out of the child.
        ChildProcessSupport.addCloseFrom(3, to: &actions)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t(), none = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGPIPE, SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGCHLD] { sigaddset(&defaults, number) }
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, environ)
        close(output[1])
        close(errors[1])
        guard result == 0 else {
            close(output[0])
            close(errors[0])
            return .failure(ReportFlushChildError(kind: .spawnFailed, problem: "cannot run \(arguments[0]): \(String(cString: strerror(result)))"))
        }
        return .success((pid, output[0], errors[0]))
    }

    // MARK: Time

    private static func duration(_ seconds: TimeInterval) -> Duration { .milliseconds(Int64((seconds * 1000).rounded(.up))) }

    private static func milliseconds(until bound: ContinuousClock.Instant) -> Int32 {
        let (seconds, attoseconds) = (bound - .now).components
        let total = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: max(0, total))
    }

    private static func text(_ seconds: TimeInterval) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
