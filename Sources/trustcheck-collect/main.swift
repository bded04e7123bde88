import Foundation
import TrustCheckCollectorCLI

// `trustcheck collect` and `trustcheck reports` run this binary (see TrustCheckCommand.sibling); it takes
// the same arguments, the command's name first.
exit(TrustCheckCollectorCommand.run(arguments: Array(CommandLine.arguments.dropFirst())))
