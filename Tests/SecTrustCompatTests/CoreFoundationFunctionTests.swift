import Foundation
import SecTrustCompat
import Testing

@Suite("CFArray, CFTypeID and DarwinBoolean")
struct CoreFoundationFunctionTests {
    @Test("CFArrayGetCount / CFArrayGetValueAtIndex: object elements by pointer, values and bad indexes nil")
    func arrayFunctions() {
        let certificates: CFArray = [Fixtures.leaf, Fixtures.root]
        #expect(CFArrayGetCount(certificates) == 2)
        #expect(CFArrayGetCount(nil) == 0)
        let pointer = CFArrayGetValueAtIndex(certificates, 1)
        #expect(pointer.map { Unmanaged<SecCertificate>.fromOpaque($0).takeUnretainedValue() } === certificates[1] as? SecCertificate)
        #expect(CFArrayGetValueAtIndex(certificates, 2) == nil)
        #expect(CFArrayGetValueAtIndex(certificates, -1) == nil)
        #expect(CFArrayGetValueAtIndex(["a string", Data()] as CFArray, 0) == nil)
    }

    @Test("CFDataGetLength / CFDataCreate over a certificate's DER, as pinning code hashes it")
    func dataFunctions() {
        let der = SecCertificateCopyData(Fixtures.leaf)
        #expect(CFDataGetLength(der) == (der as Data).count)
        #expect(CFDataGetLength(der) > 100)
        #expect(CFDataGetLength(nil) == 0)
        let copy = (der as Data).withUnsafeBytes { CFDataCreate(nil, $0.bindMemory(to: UInt8.self).baseAddress, CFDataGetLength(der)) }
        #expect(copy == der)
        #expect(CFDataCreate(kCFAllocatorDefault, nil, 4) == Data())
    }

    @Test("CFDataGetBytePtr as the classic certificate-pinning delegate uses it: the certificate's DER, copied")
    func bytePointer() {
        let serverCertificateData = SecCertificateCopyData(Fixtures.leaf)
        let data = CFDataGetBytePtr(serverCertificateData)
        let size = CFDataGetLength(serverCertificateData)
        let cert1 = NSData(bytes: data, length: size)
        #expect(cert1 as Data == serverCertificateData as Data)
        #expect(cert1.isEqual(to: SecCertificateCopyData(Fixtures.leaf) as Data))
        #expect(!cert1.isEqual(to: SecCertificateCopyData(Fixtures.root) as Data))
        #expect(CFDataGetBytePtr(Data()) == nil)
    }

    @Test("CFGetTypeID tells the types apart")
    func typeIDs() throws {
        let key = try #require(SecCertificateCopyKey(Fixtures.leaf))
        let error: CFError? = NSError(domain: kCFErrorDomainOSStatus, code: -50)
        let cases: [(Any, CFTypeID)] = [
            (Fixtures.leaf, SecCertificateGetTypeID()), (Fixtures.serverTrust(), SecTrustGetTypeID()),
            (SecPolicyCreateBasicX509(), SecPolicyGetTypeID()), (key, SecKeyGetTypeID()),
            ([Fixtures.leaf] as CFArray, CFArrayGetTypeID()), (Data() as CFData, CFDataGetTypeID()),
            ("s" as CFString, CFStringGetTypeID()), (Date() as CFDate, CFDateGetTypeID()),
            (["k": 1] as CFDictionary, CFDictionaryGetTypeID()), (error!, CFErrorGetTypeID()),
            (true, CFBooleanGetTypeID()), (NSNumber(value: 2048), CFNumberGetTypeID()), (42, CFNumberGetTypeID()),
        ]
        for (value, expected) in cases { #expect(CFGetTypeID(value) == expected, "\(value)") }
        #expect(Set(cases.map(\.1)).count == 12)
        #expect(!cases.map(\.1).contains(0))
        #expect(CFGetTypeID(nil) == 0)
        #expect(CFGetTypeID(error) == CFErrorGetTypeID())  // an optional for CFTypeRef!
    }

    @Test("CFError functions take optionals: nil gives nil and 0")
    func errorFunctionsTakeOptionals() {
        let none: CFError? = nil
        #expect(CFErrorGetDomain(none) == nil)
        #expect(CFErrorGetCode(none) == 0)
        #expect(CFErrorCopyDescription(none) == nil)
        #expect(CFErrorCopyUserInfo(none) == nil)
    }

    @Test("DarwinBoolean")
    func darwinBoolean() {
        let yes: DarwinBoolean = true
        #expect(yes.boolValue && !DarwinBoolean(false).boolValue)
        #expect(Bool(yes) && "\(yes)" == "true")
    }
}
