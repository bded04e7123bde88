import Foundation
import SecTrustCompat
import Testing

@Suite("CF names and casts on Linux")
struct CoreFoundationCompatTests {
    @Test("The casts iOS code writes compile and round-trip")
    func castsRoundTrip() throws {
        let certificates = [Fixtures.leaf, Fixtures.intermediate]
        let array = certificates as CFArray
        #expect(array.count == 2)
        let back = try #require(array as? [SecCertificate])
        #expect(back[0] === certificates[0])

        let bytes = Data([1, 2, 3])
        #expect(bytes as CFData as Data == bytes)

        let host = "www.trustcheck.test" as CFString
        #expect(host as String == "www.trustcheck.test")

        let date = Fixtures.verifyDate as CFDate
        #expect(date as Date == Fixtures.verifyDate)

        let attributes = [kSecAttrKeyType: kSecAttrKeyTypeRSA, kSecAttrKeyClass: kSecAttrKeyClassPublic] as CFDictionary
        #expect(attributes[kSecAttrKeyType] as? String == "42")
        let typed: [CFString: Any] = [kSecAttrKeySizeInBits: 2048]
        #expect((typed as CFDictionary)[kSecAttrKeySizeInBits] as? Int == 2048)
    }

    @Test("CFError is an NSError: Error, Unmanaged, domain, code and user info")
    func cfErrorIsNSError() throws {
        var unmanaged: Unmanaged<CFError>?
        #expect(SecKeyCreateWithData(Data([0x30, 0x00]) as CFData, [:] as CFDictionary, &unmanaged) == nil)
        let error = try #require(unmanaged?.takeRetainedValue())
        #expect(CFErrorGetDomain(error) == kCFErrorDomainOSStatus)
        #expect(CFErrorGetDomain(error) == "NSOSStatusErrorDomain")
        #expect(CFErrorGetCode(error) == Int(errSecParam))
        #expect(CFErrorCopyUserInfo(error)[kCFErrorDescriptionKey] as? String == "Unsupported key type: (null)")
        #expect(CFErrorCopyDescription(error)
            == "The operation couldn\u{2019}t be completed. (OSStatus error -50 - Unsupported key type: (null))")
        let thrown: Error = error
        #expect((thrown as NSError).code == -50)
    }

    @Test("Allocators and absolute time")
    func allocatorAndTime() {
        #expect(kCFAllocatorDefault == nil)
        #expect(SecCertificateCreateWithData(kCFAllocatorDefault, Fixtures.data("leaf.cer") as CFData) != nil)
        let now = CFAbsoluteTimeGetCurrent()
        #expect(abs(now - Date().timeIntervalSinceReferenceDate) < 5)
        #expect(kCFAbsoluteTimeIntervalSince1970 == 978_307_200)
    }

    @Test("OSStatus constants have Apple's values")
    func osStatusValues() {
        let expected: [(OSStatus, OSStatus)] = [
            (errSecSuccess, 0), (errSecParam, -50), (errSecUnimplemented, -4), (errSecAllocate, -108),
            (errSecNotTrusted, -67843), (errSecHostNameMismatch, -67602), (errSecCertificateExpired, -67818),
            (errSecCreateChainFailed, -25318), (errSecInternal, -26276), (errSecInvalidCertificate, -26275),
            (errSecInvalidExtendedKeyUsage, -67609), (errSecCertificateValidityPeriodTooLong, -67901),
            (errSecUnsupportedKeySize, -67735), (errSecInvalidDigestAlgorithm, -67815),
            (errSSLATSCertificateTrustViolation, -9886), (errSSLXCertChainInvalid, -9807),
            (errSSLHostNameMismatch, -9843), (errSSLCertExpired, -9814), (errSSLNoRootCert, -9813),
        ]
        for (constant, value) in expected { #expect(constant == value) }
    }

    @Test("SecTrustResultType has Apple's raw values")
    func resultTypeRawValues() {
        #expect(SecTrustResultType.invalid.rawValue == 0)
        #expect(SecTrustResultType.proceed.rawValue == 1)
        #expect(SecTrustResultType(rawValue: 2) != nil)  // .confirm, deprecated like Apple's
        #expect(SecTrustResultType.deny.rawValue == 3)
        #expect(SecTrustResultType.unspecified.rawValue == 4)
        #expect(SecTrustResultType.recoverableTrustFailure.rawValue == 5)
        #expect(SecTrustResultType.fatalTrustFailure.rawValue == 6)
        #expect(SecTrustResultType.otherError.rawValue == 7)
        #expect(SecTrustResultType(rawValue: 8) == nil)
        #expect("\(SecTrustResultType.recoverableTrustFailure)" == "recoverableTrustFailure")
        #expect(SecTrustResultType(rawValue: UInt32(kSecTrustResultUnspecified)) == .unspecified)
        #expect(kSecTrustResultRecoverableTrustFailure == 5 && kSecTrustResultFatalTrustFailure == 6)
        #expect(kSecTrustResultInvalid == 0 && kSecTrustResultProceed == 1 && kSecTrustResultOtherError == 7)
    }
}
