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
    /// XML and JSON cannot express a cycle; a binary plist's object references can. Reading one does not
    /// return today: the property-list reader descends the cycle without end (Fuzz/README.md, "Open findings"),
    /// so these stay disabled until it refuses cycles, lest the suite hang.
    @Test(.disabled("the property-list reader descends a reference cycle without end (Fuzz/README.md, Open findings)"),
          arguments: ["cyclic-dictionary.plist", "cyclic-array.plist", "cyclic-pinned-domains.plist"])
    func aCyclicBinaryPropertyListIsRefused(_ name: String) throws {
        let data = try Self.data(name)
        #expect(throws: TrustKitConfigurationError.self) {
            try TrustKitConfiguration(data: data, path: name, registry: PinningFixtures.registry)
        }
    }
}
