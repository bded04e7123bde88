import Foundation
import Pinning
import Testing
import TestSupport

/// The bounded property list and JSON readers: hostile inputs refused with precise errors within a time
/// bound, duplicate keys refused in every format, and normal files read as Foundation reads them.
@Suite struct PropertyListReaderTests {
    /// Generous: each hostile case takes milliseconds; Foundation's reader took seconds to minutes or crashed.
    static let bound = TimeBound.duration(2)

    /// The error `body` throws, and how long it took.
    static func refusal(_ body: () throws -> Void) -> (error: (any Error)?, elapsed: Duration) {
        var error: (any Error)?
        let elapsed = ContinuousClock().measure {
            do { try body() } catch let thrown { error = thrown }
        }
        return (error, elapsed)
    }

    static func readError(_ body: () throws -> Void) throws -> PropertyListReadError {
        let (error, elapsed) = refusal(body)
        #expect(elapsed < bound, "took \(elapsed)")
        return try #require(error as? PropertyListReadError, "\(String(describing: error))")
    }

    static func xml(_ body: String) -> Data {
        Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">\(body)</plist>
            """.utf8)
    }

    /// A bplist00 file of these encoded objects (references and offsets of 1 or 2 bytes as needed).
    static func bplist(_ objects: [[UInt8]], top: Int = 0) -> Data {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            bytes += object
        }
        let table = bytes.count
        let offsetSize = table < 256 ? 1 : table < 65_536 ? 2 : 4
        for offset in offsets { bytes += (0..<offsetSize).reversed().map { UInt8((offset >> ($0 * 8)) & 0xFF) } }
        func be64(_ value: Int) -> [UInt8] { (0..<8).reversed().map { UInt8((value >> ($0 * 8)) & 0xFF) } }
        bytes += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), 1] + be64(objects.count) + be64(top) + be64(table)
        return Data(bytes)
    }

    static func ascii(_ text: String) -> [UInt8] {
        let count = text.utf8.count
        return (count < 15 ? [0x50 | UInt8(count)] : [0x5F, 0x10, UInt8(count)]) + Array(text.utf8)
    }

    /// A value as text, numbers and booleans alike as doubles (JSONSerialization gives NSNumbers on Linux),
    /// dictionaries in key order: the same for equal trees from either reader.
    static func canonical(_ value: Any) -> String {
        switch value {
        case let dictionary as [String: Any]:
            "{" + dictionary.keys.sorted().map { "\($0)=\(canonical(dictionary[$0]!))" }.joined(separator: ";") + "}"
        case let array as [Any]: "[" + array.map(canonical).joined(separator: ",") + "]"
        case let string as String: "\"\(string)\""
        case let bool as Bool: "\(bool ? 1.0 : 0.0)"
        case let int as Int: "\(Double(int))"
        case let double as Double: "\(double)"
        default: "\(value)"
        }
    }

    // MARK: Hostile inputs

    @Test func anIntegerOfSevenFFBytesIsAnErrorNotATrap() throws {
        var bytes = Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?><plist><integer>".utf8)
        bytes += [UInt8](repeating: 0xFF, count: 7) + Array("</integer></plist>".utf8)
        let error = try Self.readError { _ = try PropertyListValue.propertyList(from: Data(bytes)) }
        #expect(error.code == .malformed)
        #expect(error.problem == "line 1: <integer> is not valid UTF-8")
        // Bytes that are text but not digits.
        let letters = try Self.readError { _ = try PropertyListValue.propertyList(from: Self.xml("<integer>12abc</integer>")) }
        #expect(letters.problem == "line 3: <integer> is not a decimal or 0x hex integer")
    }

    @Test(arguments: ["18446744073709551616", "9223372036854775808", "-9223372036854775809", "0x10000000000000000"])
    func integersOutsideInt64AreRefused(_ text: String) throws {
        let error = try Self.readError { _ = try PropertyListValue.propertyList(from: Self.xml("<integer>\(text)</integer>")) }
        #expect(error.code == .integerOutOfRange)
    }

    @Test func integerFormsCFPropertyListAccepts() throws {
        let cases: [(String, Int)] = [("42", 42), ("+42", 42), ("-42", -42), (" 7\n", 7), ("0x1F", 31), ("-0x10", -16),
                                      ("9223372036854775807", .max), ("-9223372036854775808", .min)]
        for (text, value) in cases {
            #expect(try PropertyListValue.propertyListValue(from: Self.xml("<integer>\(text)</integer>")) == .integer(value), "\(text)")
        }
    }

    @Test(arguments: [1_000, 10_000])
    func deepXMLNestingIsRefusedAtTheDepthLimit(_ depth: Int) throws {
        let data = Self.xml(String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth))
        let error = try Self.readError { _ = try PropertyListValue.propertyList(from: data) }
        #expect(error.code == .tooDeep)
        #expect(error.problem.contains("deeper than \(PropertyListLimits.maximumDepth) levels"))
        // The same through TrustKit's reader, naming the file.
        let configuration = try #require(Self.refusal {
            _ = try TrustKitConfiguration(data: data, path: "deep.plist", registry: PinningFixtures.registry)
        }.error as? TrustKitConfigurationError)
        #expect(configuration.code == .notAConfiguration)
        #expect(configuration.description.hasPrefix("deep.plist: malformed property list: line 3: containers nested deeper"))
    }

    @Test func deepJSONNestingIsRefusedAtTheDepthLimit() throws {
        let data = Data((String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)).utf8)
        let error = try Self.readError { _ = try PropertyListValue.json(from: data) }
        #expect(error.code == .tooDeep)
    }

    @Test func nestingAtTheLimitIsRead() throws {
        let depth = PropertyListLimits.maximumDepth
        let data = Self.xml(String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth))
        var value = try PropertyListValue.propertyListValue(from: data)
        var levels = 0
        while case .array(let inner) = value {
            levels += 1
            value = inner.first ?? .null
        }
        #expect(levels == depth)
    }

    @Test func aSelfReferencingBinaryPlistIsRefusedAsACycle() throws {
        // Object 0: an array whose one element is object 0.
        let data = Self.bplist([[0xA1, 0x00]])
        let error = try Self.readError { _ = try PropertyListValue.propertyList(from: data) }
        #expect(error.code == .invalidReference)
        #expect(error.problem == "binary object 0 contains itself (a reference cycle)")
        // A longer cycle, through a dictionary: 0 = {"k": 1}, 1 = [0].
        let longer = Self.bplist([[0xD1, 0x02, 0x01], [0xA1, 0x00], Self.ascii("k")])
        #expect(try Self.readError { _ = try PropertyListValue.propertyList(from: longer) }.code == .invalidReference)
    }

    @Test func sharedBinaryReferencesCannotExpandExponentially() throws {
        // Object i is an array referencing object i + 1 twice; object 40 is `true`: a 2^41-node tree.
        var objects: [[UInt8]] = (0..<40).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] }
        objects.append([0x09])
        let data = Self.bplist(objects)
        #expect(data.count < 300)
        let error = try Self.readError { _ = try PropertyListValue.propertyList(from: data) }
        #expect(error.code == .tooManyObjects)
        #expect(error.problem.contains("more than \(PropertyListLimits.maximumObjects) values"))
        // Moderate sharing (Apple's writer shares equal strings) is read.
        let shared = Self.bplist([[0xA3, 0x01, 0x01, 0x01], Self.ascii("same")])
        #expect(try PropertyListValue.propertyListValue(from: shared) == .array([.string("same"), .string("same"), .string("same")]))
    }

    @Test func aLongStringReferencedManyTimesIsDecodedOnce() throws {
        // An array of 90,000 references to one 1 MB data object: 90 GB if each reference were decoded anew.
        func file(references: Int) -> Data {
            let count = UInt32(references)
            let array: [UInt8] = [0xAF, 0x12] + (0..<4).reversed().map { UInt8((count >> ($0 * 8)) & 0xFF) }
                + [UInt8](repeating: 0x01, count: references)
            let blob: [UInt8] = [0x4F, 0x12, 0x00, 0x0F, 0x42, 0x40] + [UInt8](repeating: 0x41, count: 1_000_000)
            return Self.bplist([array, blob])
        }
        var value: PropertyListValue?
        let elapsed = ContinuousClock().measure { value = try? PropertyListValue.propertyListValue(from: file(references: 90_000)) }
        #expect(elapsed < Self.bound)
        guard case .array(let elements)? = value else {
            Issue.record("not read")
            return
        }
        #expect(elements.count == 90_000 && elements.last == .data(Data(repeating: 0x41, count: 1_000_000)))
        let error = try Self.readError { _ = try PropertyListValue.propertyList(from: file(references: PropertyListLimits.maximumObjects)) }
        #expect(error.code == .tooManyObjects)
    }

    @Test func binaryReferencesOutsideTheFileAreRefused() throws {
        let cases: [Data] = [
            Self.bplist([[0xA1, 0x05]]), // a reference past the object count
            Self.bplist([[0x5F, 0x10, 0xFF, 0x41]]), // a string longer than the file
            Self.bplist([[0xA0]], top: 3), // a top object past the table
            Data(Array("bplist00".utf8) + [UInt8](repeating: 0xFF, count: 40)), // a trailer of nonsense
        ]
        for data in cases {
            let error = try Self.readError { _ = try PropertyListValue.propertyList(from: data) }
            #expect([.invalidReference, .malformed].contains(error.code), "\(error)")
        }
        #expect(try Self.readError { _ = try PropertyListValue.propertyList(from: Self.bplist([[0x81, 0x00]])) }.code == .unsupported)
    }

    @Test func aConfigurationOverTheSizeLimitIsRefusedBeforeItIsDecoded() throws {
        // 30 MB of JSON: refused from its size, without decoding a byte of it.
        var json = Data("{\"TSKPinnedDomains\": {\"a\": \"".utf8)
        json.append(Data(repeating: UInt8(ascii: "x"), count: 30_000_000))
        json.append(Data("\"}}".utf8))
        let (error, elapsed) = Self.refusal {
            _ = try TrustKitConfiguration(data: json, path: "big.json", registry: PinningFixtures.registry)
        }
        #expect(elapsed < Self.bound)
        let configuration = try #require(error as? TrustKitConfigurationError)
        #expect(configuration.code == .unreadable)
        #expect(configuration.description == "big.json: the configuration is \(json.count) bytes, larger than the 4 MiB limit")
        // From a file: refused from stat(2), never read.
        let path = try PinningFixtures.temporaryFile(json, name: "big.json")
        let (fileError, fileElapsed) = Self.refusal {
            _ = try TrustKitConfiguration(contentsOfFile: path, registry: PinningFixtures.registry)
        }
        #expect(fileElapsed < Self.bound)
        let fromFile = try #require(fileError as? TrustKitConfigurationError)
        #expect(fromFile.code == .unreadable)
        #expect(fromFile.problem == "the file is \(json.count) bytes, larger than the 4 MiB limit")
        // And an Info.plist for NSPinnedDomains, over its own 8 MiB limit.
        #expect(throws: PinnedDomainsError.self) { try PinnedDomains(infoPlist: json + json) }
    }

    // MARK: Duplicate keys

    static let duplicatePath = "TSKPinnedDomains.example.com.TSKEnforcePinning"

    static let duplicateJSON = Data("""
        {"TSKPinnedDomains": {"example.com": {"TSKEnforcePinning": true, "TSKEnforcePinning": false,
            "TSKPublicKeyHashes": ["a", "b"]}}}
        """.utf8)

    static let duplicateXML = xml("""
        <dict><key>TSKPinnedDomains</key><dict><key>example.com</key><dict>
        <key>TSKEnforcePinning</key><true/>
        <key>TSKEnforcePinning</key><false/>
        </dict></dict></dict>
        """)

    /// {TSKPinnedDomains: {example.com: {TSKEnforcePinning: true, TSKEnforcePinning: false}}}, by hand:
    /// Apple's and Python's writers cannot write a key twice.
    static let duplicateBinary = bplist([
        [0xD1, 0x01, 0x02], ascii("TSKPinnedDomains"), [0xD1, 0x03, 0x04], ascii("example.com"),
        [0xD2, 0x05, 0x05, 0x06, 0x07], ascii("TSKEnforcePinning"), [0x09], [0x08],
    ])

    @Test(arguments: [("JSON", duplicateJSON), ("XML", duplicateXML), ("binary", duplicateBinary)])
    func enforcePinningTrueThenFalseIsRefusedInEveryFormat(_ format: String, _ data: Data) throws {
        let error = try Self.readError {
            _ = format == "JSON" ? try PropertyListValue.json(from: data) : try PropertyListValue.propertyList(from: data)
        }
        #expect(error.code == .duplicateKey)
        #expect(error.keyPath == Self.duplicatePath)
        let (thrown, elapsed) = Self.refusal {
            _ = try TrustKitConfiguration(data: data, path: "pins.\(format)", registry: PinningFixtures.registry)
        }
        #expect(elapsed < Self.bound)
        let configuration = try #require(thrown as? TrustKitConfigurationError)
        #expect(configuration.code == .duplicateKey)
        #expect(configuration.key == Self.duplicatePath)
        #expect(configuration.description.hasPrefix("pins.\(format): \(Self.duplicatePath): the key occurs more than once"))
        #expect(configuration.description.contains("remove all but the one you mean"))
    }

    @Test func duplicateKeysArePathedThroughArraysAndAtTheTop() throws {
        let top = try Self.readError { _ = try PropertyListValue.json(from: Data(#"{"a": 1, "a": 1}"#.utf8)) }
        #expect(top.keyPath == "a")
        let inArray = try Self.readError {
            _ = try PropertyListValue.propertyList(from: Self.xml("<dict><key>list</key><array><dict><key>k</key><true/><key>k</key><true/></dict></array></dict>"))
        }
        #expect(inArray.keyPath == "list[0].k")
        #expect(inArray.problem.hasPrefix("line 3: "))
    }

    @Test func anInfoPlistWithADuplicatedPinnedDomainsKeyIsRefused() throws {
        let data = Self.xml("""
            <dict><key>NSAppTransportSecurity</key><dict><key>NSPinnedDomains</key><dict/><key>NSPinnedDomains</key><dict/></dict></dict>
            """)
        let error = try #require(Self.refusal { _ = try PinnedDomains(infoPlist: data) }.error as? PinnedDomainsError)
        #expect(error.code == .duplicateKey)
        #expect(error.problem.hasPrefix("NSAppTransportSecurity.NSPinnedDomains occurs more than once"))
    }

    // MARK: Other refusals

    @Test func malformedDocumentsAreRefusedWithTheirLine() throws {
        let cases: [(Data, String)] = [
            (Self.xml("<string>a &bogus; b</string>"), "unknown entity &bogus;"),
            (Self.xml("<string>open"), "expected </string>"),
            (Self.xml("<dict><key>a</key></dict>"), "has no value"),
            (Self.xml("<dict><string>a</string></dict>"), "expected a <key>"),
            (Self.xml("<date>2026-01-01</date>"), "<date> is not yyyy-MM-ddTHH:mm:ssZ"),
            (Self.xml("<data>!!!</data>"), "<data> is not base64"),
            (Self.xml("<true/><true/>"), "expected </plist>"),
            (Data("<!DOCTYPE plist [<!ENTITY a \"b\">]><plist><string/></plist>".utf8), "internal subset"),
            (Data("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><plist><string/></plist>".utf8), "only UTF-8"),
            (Data([0xFE, 0xFF, 0x00, 0x3C]), "UTF-16"),
        ]
        for (data, problem) in cases {
            let error = try Self.readError { _ = try PropertyListValue.propertyList(from: data) }
            #expect(error.problem.contains(problem), "\(error.problem)")
        }
        let json: [(String, String)] = [
            (#"{"a": 1,}"#, "expected a member name"), (#"[01]"#, "leading zero"), (#"{"a": 99999999999999999999}"#, "does not fit"),
            (#"["\ud800"]"#, "unpaired surrogate"), (#"[1] x"#, "content after"), ("{\"a\": \"\u{01}\"}", "control character"),
        ]
        for (text, problem) in json {
            let error = try Self.readError { _ = try PropertyListValue.json(from: Data(text.utf8)) }
            #expect(error.problem.contains(problem), "\(text): \(error.problem)")
        }
    }

    // MARK: Normal files, as Foundation reads them

    @Test(arguments: ["reader-sample.plist", "reader-sample-binary.plist", "trustkit.plist", "trustkit-binary.plist", "Info.plist",
                      "af-ats-info.plist"])
    func propertyListsReadAsFoundationReadsThem(_ file: String) throws {
        let data = try Data(contentsOf: PinningFixtures.directory.appendingPathComponent(file))
        let ours = try #require(try PropertyListValue.propertyList(from: data) as? [String: Any])
        let foundation = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        #expect(NSDictionary(dictionary: ours).isEqual(to: foundation), "\(file)")
    }

    @Test func theSampleHasEveryTypeWithItsExactValue() throws {
        for file in ["reader-sample.plist", "reader-sample-binary.plist"] {
            let data = try Data(contentsOf: PinningFixtures.directory.appendingPathComponent(file))
            guard case .dictionary(let sample) = try PropertyListValue.propertyListValue(from: data) else {
                Issue.record("\(file): not a dictionary")
                continue
            }
            #expect(sample["entities"] == .string("<a> & \"b\" 'c'"))
            #expect(sample["unicode"] == .string("h\u{e9}llo \u{2603} \u{1F600}"))
            #expect(sample["true"] == .boolean(true) && sample["false"] == .boolean(false))
            #expect(sample["integer"] == .integer(42) && sample["smallest"] == .integer(.min) && sample["large"] == .integer(1 << 62))
            #expect(sample["real"] == .real(3.25))
            #expect(sample["date"] == .date(ISO8601DateFormatter().date(from: "2026-01-01T12:30:05Z")!))
            #expect(sample["data"] == .data(Data(0..<40)))
            #expect(sample["shared"] == .array([.string("same"), .string("same"), .string("same")]))
            #expect(sample["array"] == .array([.integer(1), .string("two"), .array([.real(3.5), .boolean(false)]), .dictionary([:])]))
        }
    }

    @Test func jsonReadsAsFoundationReadsIt() throws {
        let text = #"{"s": "a\"\\\/\n\u00e9\ud83d\ude00", "i": -12, "r": 1.5e3, "t": true, "f": false, "n": null, "a": [[], {}]}"#
        let ours = try PropertyListValue.jsonValue(from: Data(text.utf8))
        #expect(ours == .dictionary(["s": .string("a\"\\/\n\u{e9}\u{1F600}"), "i": .integer(-12), "r": .real(1500), "t": .boolean(true),
                                     "f": .boolean(false), "n": .null, "a": .array([.array([]), .dictionary([:])])]))
        let json = try Data(contentsOf: PinningFixtures.directory.appendingPathComponent("trustkit.json"))
        let foundation = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let mine = try #require(try PropertyListValue.json(from: json) as? [String: Any])
        #expect(Self.canonical(mine) == Self.canonical(foundation))
    }
}
