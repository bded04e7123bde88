import Foundation
import TrustCheckCollectorCLI

// `trustcheck collect`, `reports` and `reports-flush` run this binary (see TrustCheckCommand.siblingCommands);
// it takes the same arguments, the command's name first.
exit(TrustCheckCollectorCommand.run(arguments: Array(CommandLine.arguments.dropFirst())))
