import Foundation
import Pinning
import Testing

/// Inputs the fuzz target FuzzTrustKitConfiguration found (Fuzz/README.md): each must be refused with a
/// `TrustKitConfigurationError`, promptly and without a crash.
@Suite struct TrustKitConfigurationFuzzRegressionTests {
    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: PinningFixtures.path("fuzz/" + name)))
    }

    /// Binary property lists whose objects refer to themselves (a dictionary holding itself, an array holding
    /// itself, and the fuzzer's TrustKit configuration whose domain holds the pinned-domains dictionary again).
    /// XML and JSON cannot express a cycle; a binary plist's object references can, and Foundation's decoder
    /// followed them until the stack overflowed. The reader refuses an object that holds itself.
    @Test(arguments: ["cyclic-dictionary.plist", "cyclic-array.plist", "cyclic-pinned-domains.plist"])
    func aCyclicBinaryPropertyListIsRefused(_ name: String) throws {
        let data = try Self.data(name)
        #expect(throws: TrustKitConfigurationError.self) {
            try TrustKitConfiguration(data: data, path: name, registry: PinningFixtures.registry)
        }
    }
}
