import AppTransportSecurity
import Foundation
import Testing

/// Inputs the fuzz targets found (Fuzz/README.md): each must be refused with an `ATSError`, promptly and
/// without a crash.
@Suite struct ATSFuzzRegressionTests {
    /// Binary Info.plists whose objects refer to themselves: a root dictionary holding itself, the fuzzer's
    /// Info.plist whose TrustKit domain's values are that domain's dictionary, and the fuzzer's ATS Info.plist
    /// whose offset table gives two object numbers one offset, so that an exception domain holds its parent.
    /// The property-list reader shared with the TrustKit configuration refuses an object that holds itself.
    @Test(arguments: ["cyclic-dictionary.plist", "cyclic-trustkit-info.plist", "cyclic-offset-alias.plist"])
    func aCyclicBinaryInfoPlistIsRefused(_ name: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: fixture("fuzz/" + name)))
        #expect(throws: ATSError.self) { try ATSConfiguration(propertyList: data, path: name) }
    }
}
