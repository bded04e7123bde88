import Foundation
import Testing
@testable import TrustEvaluation

struct PunycodeTests {
    @Test(arguments: [
        ("example", "example"), ("公司", "xn--55qx5d"), ("网络", "xn--io0a7i"), ("aéroport", "xn--aroport-bya"),
        ("bücher", "xn--bcher-kva"), ("☃", "xn--n3h"), ("⌘", "xn--bih"), ("😜", "xn--628h"), ("test-測試", "xn--test--gs1lv54n"),
    ])
    func aLabel(_ label: String, _ expected: String) {
        #expect(Punycode.aLabel(Substring(label)) == expected)
    }
}

struct PublicSuffixListTests {
    /// An excerpt in the list's own format: both sections, a wildcard with an exception, Unicode rules,
    /// and a comment and a trailing word that must be ignored.
    static let excerpt = """
        // ===BEGIN ICANN DOMAINS===
        com
        uk
        co.uk
        ck
        *.ck
        !www.ck
        公司.cn
        cn
        // a comment line
        jp   trailing words are ignored
        // ===END ICANN DOMAINS===
        // ===BEGIN PRIVATE DOMAINS===
        s3.amazonaws.com
        github.io
        *.compute.amazonaws.com
        // ===END PRIVATE DOMAINS===
        """

    static let list = PublicSuffixList(text: excerpt)

    @Test(arguments: [
        // domain, public suffix counting PRIVATE, public suffix counting ICANN only
        ("com", true, true), ("COM", true, true), ("com.", true, true), ("example.com", false, false),
        ("co.uk", true, true), ("example.co.uk", false, false), ("uk", true, true),
        ("ck", true, true), ("foo.ck", true, true), ("www.ck", false, false), ("a.foo.ck", false, false),
        ("公司.cn", true, true), ("xn--55qx5d.cn", true, true), ("XN--55QX5D.cn", true, true), ("example.xn--55qx5d.cn", false, false),
        ("s3.amazonaws.com", true, false), ("github.io", true, false), ("x.compute.amazonaws.com", true, false),
        ("compute.amazonaws.com", false, false), ("amazonaws.com", false, false),
        // The implicit `*` rule: every single label is a public suffix, listed or not.
        ("localhost", true, true), ("unlisted", true, true), ("foo.unlisted", false, false),
        ("jp", true, true), ("trailing", true, true), ("words.jp", false, false),
        ("", false, false), ("a..com", false, false), (".com", false, false),
    ])
    func isPublicSuffix(_ domain: String, _ counted: Bool, _ icannOnly: Bool) {
        #expect(Self.list.isPublicSuffix(domain) == counted)
        #expect(Self.list.isPublicSuffix(domain, includingPrivateDomains: false) == icannOnly)
    }

    @Test func excerptIsLoaded() {
        #expect(!Self.list.isMissing)
        #expect(Self.list.loadError == nil)
        #expect(Self.list.ruleCount == 12)
    }

    /// A missing list fails open, visibly, as Apple does when CFNetwork's function is unavailable.
    @Test func missingFileFailsOpenVisibly() {
        let list = PublicSuffixList(contentsOfFile: "/nonexistent/public_suffix_list.dat")
        #expect(list.isMissing)
        #expect(list.loadError?.contains("/nonexistent/public_suffix_list.dat") == true)
        #expect(list.ruleCount == 0)
        #expect(!list.isPublicSuffix("com"))
        #expect(!list.isPublicSuffix("co.uk"))
        #expect(PublicSuffixList.empty.isMissing)
    }

    /// A file over the limit is not read: the list fails open, saying why, in bounded time and memory.
    @Test func anOversizedFileIsRefusedVisibly() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("psl-big-\(UInt64.random(in: 0...UInt64.max)).dat").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        defer { try? FileManager.default.removeItem(atPath: path) }
        // Sparse: one byte past the limit, written at its offset.
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seek(toOffset: UInt64(PublicSuffixList.maximumFileSize))
        try handle.write(contentsOf: Data([0x0A]))
        try handle.close()
        let list = PublicSuffixList(contentsOfFile: path)
        #expect(list.isMissing)
        #expect(list.loadError?.contains(path) == true)
        #expect(list.loadError?.contains("larger than the 16 MiB limit") == true, "\(list.loadError ?? "")")
        #expect(!list.isPublicSuffix("com"))
    }

    @Test func readsAFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("psl-\(UInt64.random(in: 0...UInt64.max)).dat").path
        try Self.excerpt.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let list = PublicSuffixList(contentsOfFile: path)
        #expect(!list.isMissing)
        #expect(list.ruleCount == Self.list.ruleCount)
        #expect(list.isPublicSuffix("co.uk"))
    }

    /// The Debian `publicsuffix` list, when installed: the suffixes x509-limbo's
    /// pedantic-public-suffix-wildcard cases rely on.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: PublicSuffixList.systemPath)))
    func systemList() {
        let list = PublicSuffixList.system
        #expect(!list.isMissing)
        #expect(list.ruleCount > 5000)
        #expect(list.isPublicSuffix("com"))
        #expect(list.isPublicSuffix("co.uk"))
        #expect(list.isPublicSuffix("s3.amazonaws.com"))
        #expect(!list.isPublicSuffix("s3.amazonaws.com", includingPrivateDomains: false))
        #expect(list.isPublicSuffix("xn--55qx5d.cn"))
        #expect(!list.isPublicSuffix("www.ck"))
        #expect(!list.isPublicSuffix("example.com"))
    }
}
