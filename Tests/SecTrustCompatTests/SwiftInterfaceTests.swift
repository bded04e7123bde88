import Foundation
import Testing

/// What the compiler says about code that uses SecTrustCompat, checked by type-checking snippets with `swiftc`
/// against the module the test build just produced: which ignored results warn, which calls are deprecated,
/// and that Apple's call forms type-check. These are properties of the declarations, not of their behaviour,
/// so only a compiler run can show them without the test build itself getting warnings.
///
/// The declarations were checked against Apple's Swift interface (developer.apple.com's Swift declarations,
/// and SecTrust.h for attributes):
///
/// | Declaration (as Apple's Swift imports it)                                               | Result        |
/// |-----------------------------------------------------------------------------------------|---------------|
/// | CFErrorGetDomain(_ err: CFError!) -> CFErrorDomain!                                      | discardable   |
/// | CFErrorGetCode(_ err: CFError!) -> CFIndex                                               | discardable   |
/// | CFErrorCopyDescription(_ err: CFError!) -> CFString!                                     | discardable   |
/// | CFErrorCopyUserInfo(_ err: CFError!) -> CFDictionary!                                    | discardable   |
/// | CFArrayGetCount(_ theArray: CFArray!) -> CFIndex                                         | discardable   |
/// | CFArrayGetValueAtIndex(_ theArray: CFArray!, _ idx: CFIndex) -> UnsafeRawPointer!        | discardable   |
/// | CFGetTypeID(_ cf: CFTypeRef!) -> CFTypeID; CF…GetTypeID() / Sec…GetTypeID() -> CFTypeID  | discardable   |
/// | SecTrustEvaluateWithError(_ trust: SecTrust, _ error: UnsafeMutablePointer<CFError?>?) -> Bool | **warns** (warn_unused_result) |
/// | SecTrustEvaluate(_:_: UnsafeMutablePointer<SecTrustResultType>) -> OSStatus               | deprecated iOS 13 |
/// | SecTrustEvaluateAsync(_:_: DispatchQueue?, _: SecTrustCallback) -> OSStatus                | deprecated iOS 13 |
/// | SecTrustGetCertificateAtIndex(_:_:) -> SecCertificate?                                    | deprecated iOS 15 |
/// | SecTrustCopyProperties(_:) -> CFArray?                                                   | deprecated iOS 15 |
/// | SecTrustCopyPublicKey(_:) -> SecKey?                                                     | deprecated iOS 14 |
/// | SecCertificateCopyPublicKey(_ certificate: SecCertificate) -> SecKey? (iOS form)          | deprecated iOS 12 |
/// | SecTrustGetNetworkFetchAllowed(_:_: UnsafeMutablePointer<DarwinBoolean>) -> OSStatus      | discardable   |
/// | SecTrustSetOCSPResponse(_ trust: SecTrust, _ responseData: CFTypeRef?) -> OSStatus        | discardable   |
/// | SecPolicyCreateRevocation(_ revocationFlags: CFOptionFlags) -> SecPolicy?; kSecRevocation…: CFOptionFlags | discardable |
/// | SecTrustCopyExceptions(_:) -> CFData?; SecTrustSetExceptions(_:_: CFData?) -> Bool         | discardable   |
/// | SecCertificateCopySerialNumberData(_:_: UnsafeMutablePointer<Unmanaged<CFError>?>?) -> CFData? | discardable |
/// | SecCertificateCopyEmailAddresses(_:_: UnsafeMutablePointer<CFArray?>) -> OSStatus         | discardable   |
/// | SecTrustCreateWithCertificates, SecTrustSet…, SecTrustCopy…, SecPolicyCreateSSL/BasicX509, SecKey… (unchanged) | discardable |
///
/// "discardable": Swift imports every C function as discardable unless it carries `warn_unused_result`, which
/// in SecTrust.h only SecTrustEvaluateWithError does (and no CF function here); SecTrustCompat mirrors that
/// with `@discardableResult` everywhere else.
@Suite("Swift interface: warnings and call forms")
struct SwiftInterfaceTests {
    /// `swiftc -typecheck` of `source` against the built modules; the diagnostics, one per line.
    static func typecheck(_ source: String) throws -> [String] {
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        // The test executable sits in the build directory, beside Modules/.
        let executable = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        let modules = executable.deletingLastPathComponent().appendingPathComponent("Modules")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("swift-interface-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("CallSites.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)

        let process = Process()
        process.executableURL = try swiftc()
        process.arguments = ["-typecheck", "-swift-version", "6", "-I", modules.path,
                             "-I", package.appendingPathComponent("Sources/CGnuTLS").path,
                             "-module-cache-path", directory.appendingPathComponent("cache").path,
                             "-diagnostic-style", "llvm", file.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.split(separator: "\n").map(String.init).filter { $0.contains(": warning: ") || $0.contains(": error: ") }
    }

    /// The swiftc of the toolchain: $SWIFTC, else the first on PATH, else /opt/swift's.
    static func swiftc() throws -> URL {
        let environment = ProcessInfo.processInfo.environment
        let candidates = [environment["SWIFTC"]].compactMap { $0 }
            + (environment["PATH"] ?? "").split(separator: ":").map { "\($0)/swiftc" }
            + ["/opt/swift/usr/bin/swiftc"]
        guard let path = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw SwiftcNotFound(searched: candidates)
        }
        return URL(fileURLWithPath: path)
    }

    struct SwiftcNotFound: Error, CustomStringConvertible {
        let searched: [String]
        var description: String { "no swiftc found (set SWIFTC); searched \(searched.joined(separator: ", "))" }
    }

    /// Diagnostics on `line` of the snippet.
    static func on(_ line: Int, _ diagnostics: [String]) -> [String] {
        diagnostics.filter { $0.contains("CallSites.swift:\(line):") }
    }

    @Test("Ignoring SecTrustEvaluateWithError's verdict warns; ignoring other results does not; deprecated calls warn")
    func unusedResultsAndDeprecations() throws {
        let diagnostics = try Self.typecheck("""
            import Foundation
            import SecTrustCompat
            func calls(_ trust: SecTrust, _ certificate: SecCertificate) {
                SecTrustEvaluateWithError(trust, nil)
                SecTrustSetAnchorCertificates(trust, nil)
                SecTrustSetOCSPResponse(trust, nil)
                CFErrorGetCode(nil)
                SecTrustCopyExceptions(trust)
                var result = SecTrustResultType.invalid
                _ = SecTrustEvaluate(trust, &result)
                _ = SecTrustGetCertificateAtIndex(trust, 0)
                _ = SecTrustCopyPublicKey(trust)
                _ = SecCertificateCopyPublicKey(certificate)
                _ = SecTrustCopyProperties(trust)
            }
            """)
        #expect(Self.on(4, diagnostics).count == 1)
        #expect(Self.on(4, diagnostics).first?.contains("warning: result of call to 'SecTrustEvaluateWithError' is unused") == true)
        for line in 5...9 { #expect(Self.on(line, diagnostics).isEmpty, "line \(line): \(Self.on(line, diagnostics))") }
        let deprecated = [(10, "SecTrustEvaluate"), (11, "SecTrustGetCertificateAtIndex"), (12, "SecTrustCopyPublicKey"),
                          (13, "SecCertificateCopyPublicKey"), (14, "SecTrustCopyProperties")]
        for (line, name) in deprecated {
            #expect(Self.on(line, diagnostics).contains { $0.contains("warning: '\(name)' is deprecated") },
                    "line \(line): \(Self.on(line, diagnostics))")
        }
        #expect(diagnostics.count == 1 + deprecated.count, "\(diagnostics)")
    }

    @Test("Apple's call forms type-check with no diagnostics")
    func appleCallForms() throws {
        let diagnostics = try Self.typecheck("""
            import Foundation
            import SecTrustCompat
            func pin(_ trust: SecTrust, _ optionalError: CFError?) -> Bool {
                if let domain = CFErrorGetDomain(optionalError) { print(domain) }
                if let text = CFErrorCopyDescription(optionalError) { print(text) }
                print(CFErrorGetCode(optionalError), CFErrorCopyUserInfo(optionalError) as Any)
                var allowed: DarwinBoolean = false
                SecTrustGetNetworkFetchAllowed(trust, &allowed)
                guard allowed.boolValue || !allowed.boolValue, let chain = SecTrustCopyCertificateChain(trust) else { return false }
                let leaf = unsafeBitCast(CFArrayGetValueAtIndex(chain, 0), to: SecCertificate.self)
                guard CFGetTypeID(leaf) == SecCertificateGetTypeID(), CFGetTypeID(trust) == SecTrustGetTypeID() else { return false }
                let policies = [SecPolicyCreateSSL(true, "host" as CFString), SecPolicyCreateRevocation(kSecRevocationUseAnyAvailableMethod)!]
                SecTrustSetPolicies(trust, policies as CFArray)
                SecTrustSetOCSPResponse(trust, [Data()] as CFArray)
                var error: CFError?
                guard SecTrustEvaluateWithError(trust, &error) else { return CFErrorGetCode(error) == 0 }
                return SecCertificateCopyKey(leaf).flatMap { SecKeyCopyExternalRepresentation($0, nil) } != nil
            }
            """)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
    }
}
