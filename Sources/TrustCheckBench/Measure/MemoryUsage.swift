import Glibc

/// The process's memory and CPU time, as the kernel accounts them.
enum MemoryUsage {
    /// Peak resident set size so far (getrusage ru_maxrss), in MB.
    static var peakMB: Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) / 1024
    }

    /// User and system CPU time the process has used so far, in seconds.
    static var cpuSeconds: Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// Current resident set size (the second field of /proc/self/statm, in pages), in MB.
    static var currentMB: Double {
        guard let file = fopen("/proc/self/statm", "r") else { return 0 }
        defer { fclose(file) }
        var size = 0, resident = 0
        guard withUnsafeMutablePointer(to: &size, { s in
            withUnsafeMutablePointer(to: &resident) { r in withVaList([s, r]) { vfscanf(file, "%ld %ld", $0) } }
        }) == 2 else { return 0 }
        return Double(resident * Int(sysconf(Int32(_SC_PAGESIZE)))) / 1_048_576
    }
}
