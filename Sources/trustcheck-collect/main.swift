import Foundation
import TrustCheckCollectorCLI

// SIGPIPE is ignored process-wide before any thread starts, so a write to a pipe or socket whose reader is
// gone (an alert command that exits without reading its input, a webhook or client that hung up) is an
// EPIPE error to the code that wrote, never the end of the collector. Children get the default back
// (the alert commands are started with it reset).
signal(SIGPIPE, SIG_IGN)

// `trustcheck collect`, `reports` and `reports-flush` run this binary (see TrustCheckCommand.siblingCommands);
// it takes the same arguments, the command's name first.
exit(TrustCheckCollectorCommand.run(arguments: Array(CommandLine.arguments.dropFirst())))
