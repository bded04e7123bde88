import Glibc

/// The process's memory, as the kernel accounts it.
enum MemoryUsage {
    /// Peak resident set size so far (getrusage ru_maxrss), in MB.
    static var peakMB: Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) / 1024
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
