import Foundation
import TrustCheckCLI

// All behaviour lives in TrustCheckCLI so that tests can run it in-process.
exit(TrustCheckCommand.run(arguments: Array(CommandLine.arguments.dropFirst())))
