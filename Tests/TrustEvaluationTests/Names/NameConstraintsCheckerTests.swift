import Testing
@testable import TrustCertificates
@testable import TrustEvaluation

/// One CA constraint set, one certificate below it, and the kinds of violation each rule set finds.
struct ConstraintCase: CustomTestStringConvertible, Sendable {
    typealias Kind = NameConstraintViolation.Kind
    let label: String
    let constraints: TestCertificate.Constraints
    let subject: TestCertificate.Name
    let san: [TestCertificate.GeneralNameSpec]?
    let webpki: Set<Kind>
    let apple: Set<Kind>

    init(
        _ label: String, permit: [TestCertificate.GeneralNameSpec] = [], exclude: [TestCertificate.GeneralNameSpec] = [],
        critical: Bool = true, subject: TestCertificate.Name = [[.cn("leaf")]], san: [TestCertificate.GeneralNameSpec]?,
        webpki: Set<Kind>, apple: Set<Kind>
    ) {
        self.label = label
        self.constraints = .init(permitted: permit, excluded: exclude, critical: critical)
        self.subject = subject
        self.san = san
        self.webpki = webpki
        self.apple = apple
    }

    /// The same verdict under both rule sets.
    init(
        _ label: String, permit: [TestCertificate.GeneralNameSpec] = [], exclude: [TestCertificate.GeneralNameSpec] = [],
        critical: Bool = true, subject: TestCertificate.Name = [[.cn("leaf")]], san: [TestCertificate.GeneralNameSpec]?,
        both: Set<Kind>
    ) {
        self.init(label, permit: permit, exclude: exclude, critical: critical, subject: subject, san: san, webpki: both, apple: both)
    }

    var testDescription: String { label }

    func violations(_ rules: NameConstraintRules) throws -> [NameConstraintViolation] {
        let ca = try TestCertificate(subject: [[.cn("Constrained CA")]], nameConstraints: constraints).build()
        let leaf = try TestCertificate(subject: subject, san: san).build()
        return NameConstraintsChecker.violations(
            of: try #require(ca.nameConstraints), for: leaf, isLeaf: true, isSelfIssued: false, rules: rules)
    }
}

struct NameConstraintsCheckerTests {
    private static let v6Loopback: [UInt8] = [UInt8](repeating: 0, count: 15) + [1]
    private static let v6LoopbackNetwork: [UInt8] = v6Loopback + [UInt8](repeating: 0xFF, count: 16)
    private static let testNet: [UInt8] = [192, 0, 2, 0, 255, 255, 255, 0]

    static let dnsCases: [ConstraintCase] = [
        ConstraintCase("rfc5280::nc::permitted-dns-mismatch", permit: [.dns("example.com")], san: [.dns("not-example.com")], both: [.notPermitted]),
        ConstraintCase("rfc5280::nc::excluded-dns-match", exclude: [.dns("example.com")], san: [.dns("example.com")], both: [.excluded]),
        ConstraintCase("rfc5280::nc::permitted-dns-match", permit: [.dns("example.com")], san: [.dns("example.com")], both: []),
        ConstraintCase("rfc5280::nc::permitted-dns-match-more", permit: [.dns("example.com")], san: [.dns("foo.bar.example.com")], both: []),
        ConstraintCase("label boundary", permit: [.dns("example.com")], san: [.dns("notexample.com")], both: [.notPermitted]),
        ConstraintCase("case is ignored", permit: [.dns("EXAMPLE.com")], san: [.dns("foo.Example.COM")], both: []),
        ConstraintCase("rfc5280::nc::excluded-dns-match-second", exclude: [.dns("not-allowed.example.com")],
                       san: [.dns("example.com"), .dns("not-allowed.example.com")], both: [.excluded]),
        ConstraintCase("rfc5280::nc::excluded-match-permitted-and-excluded", permit: [.dns("example.com")], exclude: [.dns("example.com")],
                       san: [.dns("example.com")], both: [.excluded]),
        ConstraintCase("every name must be permitted", permit: [.dns("example.com")], san: [.dns("a.example.com"), .dns("b.example.org")],
                       both: [.notPermitted]),
        ConstraintCase("an empty excluded dNSName excludes all", exclude: [.dns("")], san: [.dns("example.com")], both: [.excluded]),
        ConstraintCase("rfc5280::nc::permitted-different-constraint-type", permit: [.ip(testNet)], san: [.dns("example.com")], both: []),
        ConstraintCase("rfc5280::nc::excluded-different-constraint-type", exclude: [.ip(testNet)], san: [.dns("example.com")], both: []),
        ConstraintCase("the CN is never a DNS name", permit: [.dns("example.com")], subject: [[.cn("evil.com")]], san: nil, both: []),
        ConstraintCase("rfc5280::nc::invalid-dnsname-wildcard", permit: [.dns("*.example.com")], san: [.dns("foo.example.com")],
                       webpki: [.invalidConstraint, .notPermitted], apple: [.notPermitted]),
        ConstraintCase("rfc5280::nc::invalid-dnsname-leading-period", permit: [.dns(".example.com")], san: [.dns("foo.example.com")],
                       webpki: [.invalidConstraint, .notPermitted], apple: []),
        ConstraintCase("apple: a leading-dot constraint covers subdomains only", permit: [.dns(".example.com")], san: [.dns("example.com")],
                       webpki: [.invalidConstraint, .notPermitted], apple: [.notPermitted]),
        ConstraintCase("rfc5280::nc::nc-permits-invalid-dns-san", permit: [.dns("example.com")],
                       san: [.dns(".example.com"), .dns("foo.example.com")], webpki: [.invalidName], apple: []),
        ConstraintCase("an invalid name under an excluded subtree", exclude: [.dns("example.org")], san: [.dns("foo_bar.example.com")],
                       webpki: [.invalidName], apple: []),
        ConstraintCase("rfc5280::nc::nc-forbids-dnsname-wildcard-san", exclude: [.dns("bar.example.com")], san: [.dns("*.example.com")],
                       webpki: [.excluded], apple: []),
        ConstraintCase("cve::cve-2025-61727", permit: [.dns("example.com")], exclude: [.dns("bar.example.com")], san: [.dns("*.example.com")],
                       webpki: [.excluded], apple: []),
        ConstraintCase("cve::cve-2025-61727-nc-permits-variant", permit: [.dns("foo.example.com")], san: [.dns("*.example.com")],
                       both: [.notPermitted]),
        ConstraintCase("webpki::nc::nc-permits-dns-san-pattern", permit: [.dns("foo.com")], san: [.dns("*.foo.com")], both: []),
        ConstraintCase("a wildcard is excluded with its parent", exclude: [.dns("example.com")], san: [.dns("*.example.com")], both: [.excluded]),
        ConstraintCase("a wildcard covers one label only", exclude: [.dns("a.b.example.com")], san: [.dns("*.example.com")], both: []),
    ]

    static let ipCases: [ConstraintCase] = [
        ConstraintCase("rfc5280::nc::permitted-ip-mismatch", permit: [.ip(testNet)], san: [.ip([192, 0, 3, 1])], both: [.notPermitted]),
        ConstraintCase("rfc5280::nc::excluded-ipv4-match", exclude: [.ip(testNet)], san: [.ip([192, 0, 2, 1])], both: [.excluded]),
        ConstraintCase("rfc5280::nc::excluded-ipv6-match", exclude: [.ip(v6LoopbackNetwork)], san: [.ip(v6Loopback)], both: [.excluded]),
        ConstraintCase("rfc5280::nc::permitted-ipv4-match", permit: [.ip(testNet)], san: [.ip([192, 0, 2, 1])], both: []),
        ConstraintCase("rfc5280::nc::permitted-ipv6-match", permit: [.ip(v6LoopbackNetwork)], san: [.ip(v6Loopback)], both: []),
        ConstraintCase("an IPv4 subtree never permits IPv6", permit: [.ip([0, 0, 0, 0, 0, 0, 0, 0])], san: [.ip(v6Loopback)],
                       both: [.notPermitted]),
        ConstraintCase("an IPv4 subtree never excludes IPv6", exclude: [.ip([0, 0, 0, 0, 0, 0, 0, 0])], san: [.ip(v6Loopback)], both: []),
        ConstraintCase("host bits in the subtree are masked", permit: [.ip([192, 0, 2, 77, 255, 255, 255, 0])], san: [.ip([192, 0, 2, 1])],
                       both: []),
        ConstraintCase("rfc5280::nc::invalid-ipv4-address", permit: [.ip([127, 0, 0, 1])], san: [.ip([127, 0, 0, 1])],
                       webpki: [.invalidConstraint, .notPermitted], apple: [.notPermitted]),
        ConstraintCase("rfc5280::nc::invalid-ipv6-address", permit: [.ip(v6Loopback)], san: [.ip(v6Loopback)],
                       webpki: [.invalidConstraint, .notPermitted], apple: [.notPermitted]),
        ConstraintCase("a non-contiguous mask", permit: [.ip([192, 0, 2, 0, 255, 0, 255, 0])], san: [.ip([192, 0, 2, 1])],
                       webpki: [.invalidConstraint, .notPermitted], apple: []),
        ConstraintCase("rfc5280::nc::nc-permits-invalid-ip-san", permit: [.ip(testNet)], san: [.ip(testNet), .ip([192, 0, 2, 1])],
                       webpki: [.invalidName], apple: [.notPermitted]),
    ]

    static let emailCases: [ConstraintCase] = [
        ConstraintCase("rfc5280::nc::nc-permits-email-exact", permit: [.email("foo@example.com")], san: [.email("foo@example.com")], both: []),
        ConstraintCase("rfc5280::nc::nc-permits-email-domain", permit: [.email("example.com")], san: [.email("foo@example.com")], both: []),
        ConstraintCase("a host constraint is not its subdomains", permit: [.email("example.com")], san: [.email("foo@sub.example.com")],
                       both: [.notPermitted]),
        ConstraintCase("a leading-dot constraint is subdomains", permit: [.email(".example.com")], san: [.email("foo@sub.example.com")], both: []),
        ConstraintCase("a leading-dot constraint is not the domain", permit: [.email(".example.com")], san: [.email("foo@example.com")],
                       both: [.notPermitted]),
        ConstraintCase("rfc5280::nc::nc-permits-email-literal-asterisk-exact-match", permit: [.email("*@example.com")],
                       san: [.email("*@example.com")], both: []),
        ConstraintCase("rfc5280::nc::nc-permits-email-literal-asterisk-rejects-user", permit: [.email("*@example.com")],
                       san: [.email("user@example.com")], both: [.notPermitted]),
        ConstraintCase("rfc5280::nc::nc-permits-email-literal-asterisk-rejects-subdomain", permit: [.email("*@example.com")],
                       san: [.email("*@subdomain.example.com")], both: [.notPermitted]),
        ConstraintCase("rfc5280::nc::nc-permits-email-literal-double-asterisk", permit: [.email("**@example.com")],
                       san: [.email("**@example.com")], both: []),
        ConstraintCase("rfc5280::nc::nc-permits-email-literal-double-asterisk-rejects-single", permit: [.email("**@example.com")],
                       san: [.email("*@example.com")], both: [.notPermitted]),
        ConstraintCase("rfc5280::nc::nc-permits-email-literal-mid-asterisk", permit: [.email("user*@example.com")],
                       san: [.email("user*@example.com")], both: []),
        ConstraintCase("the local part is case-sensitive (Apple ignores case)", permit: [.email("Foo@example.com")],
                       san: [.email("foo@example.com")], webpki: [.notPermitted], apple: []),
        ConstraintCase("rfc5280::nc::invalid-email-address", permit: [.email("invalid@invalid@example.com")],
                       san: [.email("example@example.com")], webpki: [.invalidConstraint, .notPermitted], apple: [.notPermitted]),
        ConstraintCase("rfc5280::nc::nc-permits-invalid-email-san", permit: [.email("example.com")],
                       san: [.email("good@example.com"), .email("alsogood@example.com"), .email("invalid@address@example.com")],
                       webpki: [.invalidName], apple: [.notPermitted]),
        ConstraintCase("subject emailAddress is checked", permit: [.email("example.com")],
                       subject: [[.cn("leaf")], [.email("someone@example.org")]], san: nil, both: [.notPermitted]),
        ConstraintCase("subject emailAddress inside the subtree", permit: [.email("example.com")],
                       subject: [[.cn("leaf")], [.email("someone@example.com")]], san: [.email("other@example.com")], both: []),
    ]

    static let uriCases: [ConstraintCase] = [
        ConstraintCase("a URI's host", permit: [.uri("host.example.com")], san: [.uri("https://host.example.com:8443/path")], both: []),
        ConstraintCase("a URI's host outside", permit: [.uri("host.example.com")], san: [.uri("https://other.example.com/")],
                       both: [.notPermitted]),
        ConstraintCase("a leading-dot URI constraint", permit: [.uri(".example.com")], san: [.uri("https://a.example.com")], both: []),
        ConstraintCase("a leading-dot URI constraint is not the domain", permit: [.uri(".example.com")], san: [.uri("https://example.com")],
                       both: [.notPermitted]),
        ConstraintCase("a URI without a host", permit: [.uri("example.com")], san: [.uri("urn:isbn:0451450523")],
                       webpki: [.invalidName], apple: [.notPermitted]),
        ConstraintCase("a URI with an IP literal host", exclude: [.uri("example.com")], san: [.uri("https://[::1]/")],
                       webpki: [.invalidName], apple: []),
        ConstraintCase("user info is not the host (Apple keeps it)", permit: [.uri("host.example.com")],
                       san: [.uri("https://user@host.example.com/")], webpki: [], apple: [.notPermitted]),
        ConstraintCase("Apple compares a host constraint as a prefix", permit: [.uri("host.example.com")],
                       san: [.uri("https://host.example.com.evil/")], webpki: [.notPermitted], apple: []),
    ]

    static let directoryNameCases: [ConstraintCase] = [
        ConstraintCase("rfc5280::nc::permitted-dn-mismatch", permit: [.directory([[.cn("foo")]])], subject: [[.cn("not-foo")]],
                       san: [.directory([[.cn("not-foo")]])], both: [.notPermitted]),
        ConstraintCase("rfc5280::nc::excluded-dn-match", exclude: [.directory([[.cn("foo")]])], subject: [[.cn("foo")]],
                       san: [.directory([[.cn("foo")]])], both: [.excluded]),
        ConstraintCase("rfc5280::nc::permitted-dn-match", permit: [.directory([[.cn("foo")]])], subject: [[.cn("foo")]],
                       san: [.directory([[.cn("foo")]])], both: []),
        ConstraintCase("rfc5280::nc::permitted-dn-match-subject-san-mismatch", permit: [.directory([[.cn("foo")]])],
                       subject: [[.cn("not-foo")]], san: [.directory([[.cn("foo")]])], both: [.notPermitted]),
        ConstraintCase("rfc5280::nc::excluded-dn-match-sub-mismatch", exclude: [.directory([[.cn("foo")]])], subject: [[.cn("foo")]],
                       san: [.directory([[.cn("not-foo")]])], both: [.excluded]),
        ConstraintCase("an RDN prefix", permit: [.directory([[.o("Example")]])], subject: [[.o("Example")], [.cn("leaf")]], san: nil, both: []),
        ConstraintCase("not an RDN prefix", permit: [.directory([[.o("Example")], [.cn("leaf")]])], subject: [[.o("Example")]], san: nil,
                       both: [.notPermitted]),
        ConstraintCase("normalized comparison (Apple compares encodings)",
                       permit: [.directory([[TestCertificate.Attribute(oid: "2.5.4.10", value: "Example  Corp", tag: 0x13)]])],
                       subject: [[.o("example corp")], [.cn("leaf")]], san: nil, webpki: [], apple: [.notPermitted]),
        ConstraintCase("an empty subject is not constrained", permit: [.directory([[.cn("foo")]])], subject: [], san: [.dns("example.com")],
                       both: []),
        ConstraintCase("apple: no subject and no SAN", permit: [.dns("example.com")], subject: [], san: nil,
                       webpki: [], apple: [.certificateHasNoNames]),
    ]

    static let unsupportedFormCases: [ConstraintCase] = [
        ConstraintCase("rfc5280::nc::nc-forbids-othername", permit: [.dns("example.com")], exclude: [.otherName],
                       san: [.dns("example.com"), .otherName], webpki: [.unsupportedNameForm], apple: [.unsupportedCriticalConstraint]),
        ConstraintCase("rfc5280::nc::nc-forbids-othername-noop", permit: [.dns("example.com")], exclude: [.otherName],
                       san: [.dns("example.com")], webpki: [], apple: [.unsupportedCriticalConstraint]),
        ConstraintCase("non-critical excluded otherName", exclude: [.otherName], critical: false, san: [.otherName],
                       webpki: [.unsupportedNameForm], apple: []),
        ConstraintCase("non-critical permitted otherName", permit: [.otherName], critical: false, san: [.otherName],
                       webpki: [.unsupportedNameForm], apple: [.notPermitted]),
        ConstraintCase("non-critical excluded registeredID", exclude: [.registeredID("1.2.3.4")], critical: false,
                       san: [.registeredID("1.2.3.4")], webpki: [.unsupportedNameForm], apple: []),
        ConstraintCase("critical x400Address, no such name", permit: [.x400], san: [.dns("example.com")],
                       webpki: [], apple: [.unsupportedCriticalConstraint]),
        ConstraintCase("unconstrained otherName", permit: [.dns("example.com")], san: [.dns("example.com"), .otherName], both: []),
    ]

    @Test(arguments: dnsCases + ipCases + emailCases + uriCases + directoryNameCases + unsupportedFormCases)
    func webpkiRules(_ testCase: ConstraintCase) throws {
        #expect(Set(try testCase.violations(.webpki).map(\.kind)) == testCase.webpki)
    }

    @Test(arguments: dnsCases + ipCases + emailCases + uriCases + directoryNameCases + unsupportedFormCases)
    func appleRules(_ testCase: ConstraintCase) throws {
        #expect(Set(try testCase.violations(.apple).map(\.kind)) == testCase.apple)
    }

    // MARK: Position in the path

    @Test(arguments: [NameConstraintRules.webpki, .apple])
    func selfIssuedIntermediatesAreExempt(_ rules: NameConstraintRules) throws {
        let constraints = NameConstraints(permitted: [.dnsName("example.com")], excluded: [], critical: true)
        let certificate = try TestCertificate(subject: [[.cn("rollover")]], issuer: [[.cn("rollover")]], san: [.dns("not-example.com")]).build()
        #expect(certificate.isSelfIssued)
        // rfc5280::nc::permitted-self-issued
        #expect(NameConstraintsChecker.violations(of: constraints, for: certificate, isLeaf: false, isSelfIssued: true, rules: rules).isEmpty)
        // rfc5280::nc::excluded-self-issued-leaf
        #expect(NameConstraintsChecker.violations(of: constraints, for: certificate, isLeaf: true, isSelfIssued: true, rules: rules)
            .map(\.kind) == [.notPermitted])
        // rfc5280::nc::intermediate-with-san-rejected-by-*-nc: other intermediates are checked.
        #expect(NameConstraintsChecker.violations(of: constraints, for: certificate, isLeaf: false, isSelfIssued: false, rules: rules)
            .map(\.kind) == [.notPermitted])
    }

    // MARK: What a violation says

    @Test func violationDetails() throws {
        let constraints = NameConstraints(
            permitted: [.rfc822Name("example.com")], excluded: [.dnsName("bar.example.com")], critical: true)
        let leaf = try TestCertificate(
            subject: [[.cn("leaf")], [.email("x@example.org")]], san: [.dns("*.example.com")]).build()
        let violations = NameConstraintsChecker.violations(of: constraints, for: leaf, isLeaf: true, isSelfIssued: false, rules: .webpki)
        #expect(violations == [
            NameConstraintViolation(kind: .excluded, name: .dnsName("*.example.com"), source: .subjectAltName,
                                    constraint: .dnsName("bar.example.com")),
            NameConstraintViolation(kind: .notPermitted, name: .rfc822Name("x@example.org"), source: .subject),
        ])
        #expect(violations.map(\.description) == [
            "DNS:*.example.com is in the excluded subtree DNS:bar.example.com",
            "email:x@example.org in the subject is outside the permitted subtrees",
        ])
    }

    @Test func invalidConstraintIsReportedOnce() throws {
        let constraints = NameConstraints(permitted: [.dnsName(".example.com")], excluded: [], critical: true)
        let leaf = try TestCertificate(san: [.dns("a.example.com"), .dns("b.example.com")]).build()
        let violations = NameConstraintsChecker.violations(of: constraints, for: leaf, isLeaf: true, isSelfIssued: false, rules: .webpki)
        #expect(violations.filter { $0.kind == .invalidConstraint } == [
            NameConstraintViolation(kind: .invalidConstraint, constraint: .dnsName(".example.com")),
        ])
        #expect(violations.filter { $0.kind == .notPermitted }.count == 2)
    }

    @Test func directoryNameFromDERHasText() throws {
        let ca = try TestCertificate(nameConstraints: .init(permitted: [.directory([[.o("Example, Inc.")], [.cn("#1")]])])).build()
        #expect(try #require(ca.nameConstraints).permitted.map(\.description) == ["DirName:CN=\\#1,O=Example\\, Inc."])
    }

    // MARK: Work limits (pathological::nc-dos-*)

    @Test func appleRefusesMoreThan1024Subtrees() throws {
        let many = (0...NameConstraintsChecker.appleMaximumSubtrees).map { GeneralName.dnsName("t\($0).test") }
        let leaf = try TestCertificate(san: [.dns("t0.test")]).build()
        let tooMany = NameConstraints(permitted: many, excluded: [], critical: true)
        #expect(NameConstraintsChecker.violations(of: tooMany, for: leaf, isLeaf: true, isSelfIssued: false, rules: .apple)
            .map(\.kind) == [.tooManySubtrees])
        let enough = NameConstraints(permitted: Array(many.dropLast()), excluded: [], critical: true)
        #expect(NameConstraintsChecker.violations(of: enough, for: leaf, isLeaf: true, isSelfIssued: false, rules: .apple).isEmpty)
    }

    @Test func webpkiStopsAtItsComparisonBudget() throws {
        let subtrees = (0..<1000).map { GeneralName.dnsName("t\($0).test") }
        let constraints = NameConstraints(permitted: subtrees, excluded: [], critical: true)
        let names = (0..<251).map { TestCertificate.GeneralNameSpec.dns("t\($0).test") }
        let tooMany = try TestCertificate(san: names).build()
        #expect(NameConstraintsChecker.violations(of: constraints, for: tooMany, isLeaf: true, isSelfIssued: false, rules: .webpki)
            .map(\.kind) == [.tooManyComparisons])
        // 249 SANs and the subject: 250 names, exactly the budget.
        let enough = try TestCertificate(san: Array(names.prefix(249))).build()
        #expect(NameConstraintsChecker.violations(of: constraints, for: enough, isLeaf: true, isSelfIssued: false, rules: .webpki).isEmpty)
    }
}
