#if canImport(Glibc)
import Glibc
#endif

/// Where the executables installed beside `trustcheck` are: in the directory of the running binary
/// (`/proc/self/exe`, which the kernel gives with every symbolic link resolved), so a `trustcheck` reached
/// through a link in `~/bin` still finds the `trustcheck-collect` it was installed with, never another one
/// on the PATH.
package enum SiblingExecutable {
    /// The path of `name` in the directory of `executable` (the running binary unless given).
    package static func path(of name: String, beside executable: String = "/proc/self/exe") -> String {
        directory(of: resolved(executable)) + "/" + name
    }

    /// `path` with symbolic links resolved (realpath(3)); unchanged when that fails.
    private static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }

    private static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "" : String(path[..<slash])
    }
}
