import FileOutput
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs one alert command to its end, bounded: `/bin/sh -c COMMAND` in a process group of its own, the alert
/// JSON written to its standard input without ever blocking or raising SIGPIPE, stopped (SIGTERM to the group,
/// then SIGKILL after ``killGrace``) when it outlives its timeout or when the collector stops.
///
/// A command may ignore its input, close it, or exit before reading it (`true`): the write then fails with
/// EPIPE, which is no error here. The SIGPIPE that write raises for its thread is blocked on the alert
/// workers (``blockSIGPIPEOnThisThread()``) and taken back at once, so it never reaches the process, whatever
/// the process's own SIGPIPE handling (`trustcheck-collect` ignores it; a test runner may not).
enum AlertCommandRunner {
    /// How long a command has to exit after SIGTERM before the group gets SIGKILL: 2 s, time for a script's
    /// `trap` to clean up, and short enough that a stop (10 s) has room after it.
    static let killGrace: TimeInterval = 2
    /// How often a running command is checked for its end, its timeout and the collector's stop.
    static let pollInterval: useconds_t = 20_000

    /// How a run ended; nil problem for exit status 0.
    struct Outcome: Equatable {
        var problem: String?
        /// Stopped at its timeout or the collector's stop.
        var stopped = false
    }

    /// Runs `command` with `environment` added to the collector's, `input` on standard input, standard output
    /// and error shared with the collector's. `shouldStop` is polled: true stops the command at once.
    static func run(_ command: String, environment: [String: String], input: Data, timeout: TimeInterval,
                    shouldStop: () -> Bool) -> Outcome
    {
        let deadline = Date().addingTimeInterval(timeout)
        var pipeEnds: [Int32] = [-1, -1]
        guard ChildProcessSupport.makeCloseOnExecPipe(&pipeEnds) else {
            return Outcome(problem: "cannot run '\(command)': no pipe: \(String(cString: strerror(errno)))")
        }
        var pid: pid_t = 0
        let started = spawn(command, environment: environment, stdin: pipeEnds[0], pid: &pid)
        close(pipeEnds[0])
        guard started == 0 else {
            close(pipeEnds[1])
            return Outcome(problem: "cannot run '\(command)': \(String(cString: strerror(started)))")
        }
        write(input, to: pipeEnds[1], until: deadline, shouldStop: shouldStop)
        close(pipeEnds[1])

        var ending = reap(pid, until: deadline, shouldStop: shouldStop)
        guard ending == .running else { return outcome(ending, command: command) }
        let stopping = shouldStop()
        kill(-pid, SIGTERM)
        ending = reap(pid, until: Date().addingTimeInterval(killGrace), shouldStop: { false })
        if ending == .running {
            kill(-pid, SIGKILL)
            _ = reap(pid, until: Date().addingTimeInterval(killGrace), shouldStop: { false })
        }
        let why = stopping ? "was stopped with the collector" : "ran longer than \(seconds(timeout)) s and was terminated"
        return Outcome(problem: "'\(command)' \(why)", stopped: true)
    }

    /// Blocks SIGPIPE for the calling thread, so that a write to a pipe whose reader is gone fails with
    /// EPIPE and leaves the signal pending on this thread, where ``write(_:to:until:shouldStop:)`` takes it.
    static func blockSIGPIPEOnThisThread() {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    // MARK: Standard input

    /// Writes `data` to the non-blocking `descriptor` until done, the reader is gone (EPIPE), the deadline
    /// passes or `shouldStop`; a command that never reads cannot hold the worker past its timeout.
    private static func write(_ data: Data, to descriptor: Int32, until deadline: Date, shouldStop: () -> Bool) {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        let bytes = [UInt8](data)
        var offset = 0
        while offset < bytes.count && Date() < deadline && !shouldStop() {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written > 0 {
                offset += written
                continue
            }
            if written < 0 && errno == EINTR { continue }
            if written < 0 && errno == EAGAIN {
                var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&ready, 1, 50)
                continue
            }
            // EPIPE (the command is done with its input) or another error: the command runs on without it.
            if written < 0 && errno == EPIPE { takePendingSIGPIPE() }
            return
        }
    }

    /// Consumes the SIGPIPE a failed write left pending on this thread (where it is blocked).
    private static func takePendingSIGPIPE() {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGPIPE)
        var pending = sigset_t()
        guard sigpending(&pending) == 0, sigismember(&pending, SIGPIPE) == 1 else { return }
        var now = timespec(tv_sec: 0, tv_nsec: 0)
        _ = sigtimedwait(&set, nil, &now)
    }

    // MARK: The child's end

    enum Ending: Equatable {
        case running
        case exited(Int32)
        case signalled(Int32)
        /// Reaped by someone else (SIGCHLD ignored by the embedding program).
        case unknown
    }

    private static func outcome(_ ending: Ending, command: String) -> Outcome {
        switch ending {
        case .exited(0), .unknown: Outcome()
        case .exited(let status): Outcome(problem: "'\(command)' exited with status \(status)")
        case .signalled(let number): Outcome(problem: "'\(command)' was killed by signal \(number)")
        case .running: Outcome(problem: "'\(command)' did not finish")
        }
    }

    /// Waits for `pid` to end, polling, until `deadline` or `shouldStop`.
    private static func reap(_ pid: pid_t, until deadline: Date, shouldStop: () -> Bool) -> Ending {
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
            guard Date() < deadline, !shouldStop() else { return .running }
            usleep(pollInterval)
        }
    }

    // MARK: Starting it

    /// Starts `/bin/sh -c command` with standard input from `stdin`, standard output and error the
    /// collector's, no other descriptor, default signal handling and an empty signal mask (the collector
    /// ignores SIGPIPE and its workers block it; the command must not inherit either), in a new process group.
    /// 0, or posix_spawn's error number.
    private static func spawn(_ command: String, environment: [String: String], stdin: Int32, pid: inout pid_t) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin, 0)
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

        var variables = ProcessInfo.processInfo.environment
        for name in AlertNotice.variableNames { variables[name] = nil }
        variables.merge(environment) { $1 }
        let arguments: [String] = ["/bin/sh", "-c", command]
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        return posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, envp)
    }

    private static func seconds(_ value: TimeInterval) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
