import AppTransportSecurity
import Foundation
import FuzzSupport

// An Info.plist (XML or binary) read for its NSAppTransportSecurity dictionary, then linted and asked for the
// policy of a few URLs.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzATS(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = FuzzDriver.bytes(data, size)
    guard let configuration = try? ATSConfiguration(propertyList: Data(bytes), path: "fuzz-input") else { return 0 }
    _ = ATSLint.findings(configuration)
    for url in ["https://www.example.com/", "http://api.example.com:8080/x", "http://192.168.1.1/", "https://localhost"] {
        _ = try? configuration.policy(for: url)
    }
    return 0
}

FuzzDriver.main(name: "ATS", fuzzATS)
