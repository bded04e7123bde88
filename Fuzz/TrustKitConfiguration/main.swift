import Foundation
import FuzzSupport
import Pinning

// TrustKit configurations as apps ship them: JSON, XML or binary property lists (recognised by content), an
// Info.plist's TSKConfiguration or a bare configuration, then a host name matched against the result.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTrustKitConfiguration(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = FuzzDriver.bytes(data, size)
    guard let configuration = try? TrustKitConfiguration(data: Data(bytes), path: "fuzz-input") else { return 0 }
    for host in ["www.example.com", "example.com", "a.b.c.example.co.uk"] { _ = configuration.policy(forHostname: host) }
    return 0
}

FuzzDriver.main(name: "TrustKitConfiguration", fuzzTrustKitConfiguration)
