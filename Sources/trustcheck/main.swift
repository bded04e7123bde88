import Glibc
import TrustCheckCLI

let arguments = Array(CommandLine.arguments.dropFirst())
// `collect`, `reports` and `reports-flush` run in a sibling executable (see TrustCheckCommand.siblingCommands):
// exec'd, so it keeps this process's id, descriptors and signals (SIGTERM stops the collector gracefully).
if let sibling = TrustCheckCommand.siblingExecutable(for: arguments) {
    let path = SiblingExecutable.path(of: sibling)
    let argv = ([sibling] + arguments).map { strdup($0) } + [nil]
    execv(path, argv)
    let reason = String(cString: strerror(errno))
    FileDescriptorOutput.standardError.write("trustcheck: cannot run \(path): \(reason)\n")
    exit(2)
}
// All other behaviour lives in TrustCheckCLI so that tests can run it in-process.
exit(TrustCheckCommand.run(arguments: arguments))
