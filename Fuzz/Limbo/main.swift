import Foundation
import FuzzSupport
import TrustConformance

// x509-limbo suites and the project's replay vectors (with their recorded connections and pin
// configurations): decoded, then the first testcases run through the vector runner, which parses their PEMs
// and evaluates them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLimbo(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = FuzzDriver.bytes(data, size)
    guard let suite = try? LimboSuite.decode(Data(bytes), source: "fuzz-input") else { return 0 }
    let runner = VectorRunner()
    for testcase in suite.testcases.prefix(2) { _ = runner.check(testcase) }
    return 0
}

FuzzDriver.main(name: "Limbo", fuzzLimbo)
