import CommonCryptoCompat
import Foundation
import Testing

/// FIPS 180-4 and RFC 1321 test vectors (the values hashlib gives), through every CommonCrypto entry point.
struct DigestVectorTests {
    static let abc: [String: String] = [
        "MD5": "900150983cd24fb0d6963f7d28e17f72",
        "SHA1": "a9993e364706816aba3e25717850c26c9cd0d89d",
        "SHA224": "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7",
        "SHA256": "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
        "SHA384": "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7",
        "SHA512": "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
    ]
    static let empty: [String: String] = [
        "MD5": "d41d8cd98f00b204e9800998ecf8427e",
        "SHA1": "da39a3ee5e6b4b0d3255bfef95601890afd80709",
        "SHA224": "d14a028c2a3a2bc9476102bb288234c415a2b01f828ea62ac5b3e42f",
        "SHA256": "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
        "SHA384": "38b060a751ac96384cd9327eb1b1e36a21fdb71114be07434c0cc7bf63f6e1da274edebfe76f65fbd51ad2f14898b95b",
        "SHA512": "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e",
    ]
    /// "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", the two-block message of FIPS 180-4.
    static let twoBlocks: [String: String] = [
        "MD5": "8215ef0796a20bcaaae116d3876c664a",
        "SHA1": "84983e441c3bd26ebaae4aa1f95129e5e54670f1",
        "SHA224": "75388b16512776cc5dba5da1fd890150b0c6455cb4f58b1952522525",
        "SHA256": "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
        "SHA384": "3391fdddfc8dc7393707a65b1b4709397cf8b1d162af05abfe8f450de5f36bc6b0455a8520bc4e6f5fe95b1fe3c8452b",
        "SHA512": "204a8fc6dda82f0a0ced7beb8e08a41657c16ef468b228a8279be331a703c33596fd15c13b1b07f9aa1d3bea57789ca031ad85c7a71dd70354ec631238ca3445",
    ]
    /// A million "a"s.
    static let million: [String: String] = [
        "MD5": "7707d6ae4e027c70eea2a935c2296f21",
        "SHA1": "34aa973cd4c4daa4f61eeb2bdbad27316534016f",
        "SHA224": "20794655980c91d8bbb4c1ea97618a4bf03f42581948b2ee4ee7ad67",
        "SHA256": "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0",
        "SHA384": "9d0e1809716474cb086e834e310a4a1ced149e9c00f248527972cec5704c2a5b07b8b3dc38ecc4ebae97ddd87f3d8985",
        "SHA512": "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973ebde0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b",
    ]

    /// One-shot digests, called as iOS code calls them.
    static func oneShot(_ name: String, _ data: Data) -> String {
        var digest = [UInt8](repeating: 0, count: 64)
        let length: Int32
        switch name {
        case "MD5": return DeprecatedDigests.md5(data)
        case "SHA1": length = CC_SHA1_DIGEST_LENGTH; data.withUnsafeBytes { _ = CC_SHA1($0.baseAddress, CC_LONG(data.count), &digest) }
        case "SHA224": length = CC_SHA224_DIGEST_LENGTH; data.withUnsafeBytes { _ = CC_SHA224($0.baseAddress, CC_LONG(data.count), &digest) }
        case "SHA256": length = CC_SHA256_DIGEST_LENGTH; data.withUnsafeBytes { _ = CC_SHA256($0.baseAddress, CC_LONG(data.count), &digest) }
        case "SHA384": length = CC_SHA384_DIGEST_LENGTH; data.withUnsafeBytes { _ = CC_SHA384($0.baseAddress, CC_LONG(data.count), &digest) }
        case "SHA512": length = CC_SHA512_DIGEST_LENGTH; data.withUnsafeBytes { _ = CC_SHA512($0.baseAddress, CC_LONG(data.count), &digest) }
        default: preconditionFailure(name)
        }
        return hex(digest.prefix(Int(length)))
    }

    /// Incremental digests in `chunk`-byte updates.
    static func incremental(_ name: String, _ data: Data, chunk: Int) -> String {
        var digest = [UInt8](repeating: 0, count: 64)
        func feed(_ update: (UnsafeRawPointer?, CC_LONG) -> Void) {
            data.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let count = min(chunk, buffer.count - offset)
                    update(buffer.baseAddress! + offset, CC_LONG(count))
                    offset += count
                }
            }
        }
        switch name {
        case "MD5":
            return DeprecatedDigests.md5Incremental(data, chunk: chunk)
        case "SHA1":
            var context = CC_SHA1_CTX()
            CC_SHA1_Init(&context)
            feed { CC_SHA1_Update(&context, $0, $1) }
            CC_SHA1_Final(&digest, &context)
            return hex(digest.prefix(20))
        case "SHA224":
            var context = CC_SHA256_CTX()
            CC_SHA224_Init(&context)
            feed { CC_SHA224_Update(&context, $0, $1) }
            CC_SHA224_Final(&digest, &context)
            return hex(digest.prefix(28))
        case "SHA256":
            var context = CC_SHA256_CTX()
            CC_SHA256_Init(&context)
            feed { CC_SHA256_Update(&context, $0, $1) }
            CC_SHA256_Final(&digest, &context)
            return hex(digest.prefix(32))
        case "SHA384":
            var context = CC_SHA512_CTX()
            CC_SHA384_Init(&context)
            feed { CC_SHA384_Update(&context, $0, $1) }
            CC_SHA384_Final(&digest, &context)
            return hex(digest.prefix(48))
        case "SHA512":
            var context = CC_SHA512_CTX()
            CC_SHA512_Init(&context)
            feed { CC_SHA512_Update(&context, $0, $1) }
            CC_SHA512_Final(&digest, &context)
            return hex(digest.prefix(64))
        default: preconditionFailure(name)
        }
    }

    static let names = ["MD5", "SHA1", "SHA224", "SHA256", "SHA384", "SHA512"]

    @Test(arguments: names)
    func oneShotVectors(_ name: String) {
        #expect(Self.oneShot(name, Data("abc".utf8)) == Self.abc[name])
        #expect(Self.oneShot(name, Data()) == Self.empty[name])
        #expect(Self.oneShot(name, Data("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)) == Self.twoBlocks[name])
        #expect(Self.oneShot(name, Data(repeating: UInt8(ascii: "a"), count: 1_000_000)) == Self.million[name])
    }

    @Test(arguments: names)
    func incrementalVectorsInAnyChunking(_ name: String) {
        let million = Data(repeating: UInt8(ascii: "a"), count: 1_000_000)
        for chunk in [1, 63, 64, 65, 1000, 1_000_000] where chunk > 1 || name == "SHA256" {
            #expect(Self.incremental(name, million, chunk: chunk) == Self.million[name], "chunk \(chunk)")
        }
        #expect(Self.incremental(name, Data("abc".utf8), chunk: 1) == Self.abc[name])
        #expect(Self.incremental(name, Data(), chunk: 1) == Self.empty[name])
    }

    /// Copying a context copies its state, as copying the C struct does: both copies go on independently.
    @Test func copiedContextsDigestIndependently() {
        var first = CC_SHA256_CTX()
        CC_SHA256_Init(&first)
        let a = Array("a".utf8), bc = Array("bc".utf8), xyz = Array("xyz".utf8)
        CC_SHA256_Update(&first, a, CC_LONG(a.count))
        var second = first
        CC_SHA256_Update(&first, bc, CC_LONG(bc.count))
        CC_SHA256_Update(&second, xyz, CC_LONG(xyz.count))
        var digest = [UInt8](repeating: 0, count: Int(CC_SHA256_DIGEST_LENGTH))
        CC_SHA256_Final(&digest, &first)
        #expect(hex(digest[...]) == Self.abc["SHA256"])
        CC_SHA256_Final(&digest, &second)
        var expected = [UInt8](repeating: 0, count: 32)
        let axyz = Array("axyz".utf8)
        CC_SHA256(axyz, CC_LONG(axyz.count), &expected)
        #expect(digest == expected)
        #expect(digest != Array(repeating: 0, count: 32))
    }

    /// Final starts the context afresh, so a context can be reused after it without Init.
    @Test func finalResetsTheContext() {
        var context = CC_SHA1_CTX()
        CC_SHA1_Init(&context)
        var digest = [UInt8](repeating: 0, count: Int(CC_SHA1_DIGEST_LENGTH))
        CC_SHA1_Update(&context, "junk", 4)
        CC_SHA1_Final(&digest, &context)
        CC_SHA1_Update(&context, "abc", 3)
        CC_SHA1_Final(&digest, &context)
        #expect(hex(digest[...]) == Self.abc["SHA1"])
    }

    /// The one-shot functions return the output pointer, and the types are those Swift imports on Darwin.
    @Test func signaturesAsImportedOnDarwin() {
        var digest = [UInt8](repeating: 0, count: Int(CC_SHA512_DIGEST_LENGTH))
        let returned = digest.withUnsafeMutableBufferPointer { buffer in
            CC_SHA512("abc", 3, buffer.baseAddress) == buffer.baseAddress
        }
        #expect(returned)
        let length: CC_LONG = 3
        #expect(type(of: length) == UInt32.self)
        #expect(type(of: CC_SHA256_DIGEST_LENGTH) == Int32.self)
        #expect(CC_SHA256_BLOCK_BYTES == 64 && CC_SHA512_BLOCK_BYTES == 128)
    }
}

func hex(_ bytes: ArraySlice<UInt8>) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

/// MD5 is deprecated as on Apple platforms: its calls are deprecated members reached through a protocol, which
/// keeps the suite free of warnings while the calls stay CommonCrypto's.
protocol MD5Digests: Sendable {
    func md5(_ data: Data) -> String
    func md5Incremental(_ data: Data, chunk: Int) -> String
}

let DeprecatedDigests: any MD5Digests = MD5Calls()

private struct MD5Calls: MD5Digests {
    @available(*, deprecated)
    func md5(_ data: Data) -> String {
        var digest = [UInt8](repeating: 0, count: Int(CC_MD5_DIGEST_LENGTH))
        data.withUnsafeBytes { _ = CC_MD5($0.baseAddress, CC_LONG(data.count), &digest) }
        return hex(digest[...])
    }

    @available(*, deprecated)
    func md5Incremental(_ data: Data, chunk: Int) -> String {
        var context = CC_MD5_CTX()
        CC_MD5_Init(&context)
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = min(chunk, buffer.count - offset)
                CC_MD5_Update(&context, buffer.baseAddress! + offset, CC_LONG(count))
                offset += count
            }
        }
        var digest = [UInt8](repeating: 0, count: Int(CC_MD5_DIGEST_LENGTH))
        CC_MD5_Final(&digest, &context)
        return hex(digest[...])
    }
}
