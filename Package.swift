// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "TrustCheck",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "TrustCertificates", targets: ["TrustCertificates"]),
        .library(name: "TrustEvaluation", targets: ["TrustEvaluation"]),
        .library(name: "SecTrustCompat", targets: ["SecTrustCompat"]),
        .library(name: "URLSessionCompat", targets: ["URLSessionCompat"]),
        .library(name: "AlamofireCompat", targets: ["AlamofireCompat"]),
        .library(name: "TrustKitCompat", targets: ["TrustKitCompat"]),
        .library(name: "CommonCryptoCompat", targets: ["CommonCryptoCompat"]),
        .library(name: "CryptoKitCompat", targets: ["CryptoKitCompat"]),
        .library(name: "Pinning", targets: ["Pinning"]),
        .library(name: "TrustConformance", targets: ["TrustConformance"]),
        .library(name: "FileOutput", targets: ["FileOutput"]),
        .library(name: "PinningReports", targets: ["PinningReports"]),
        .library(name: "PinningReportsURLSession", targets: ["PinningReportsURLSession"]),
        .library(name: "TLSClient", targets: ["TLSClient"]),
        .library(name: "AppTransportSecurity", targets: ["AppTransportSecurity"]),
        .library(name: "ReportCollector", targets: ["ReportCollector"]),
        .executable(name: "trustcheck", targets: ["trustcheck"]),
        .executable(name: "trustcheck-collect", targets: ["trustcheck-collect"]),
        .executable(name: "trustcheck-bench", targets: ["TrustCheckBench"]),
        .executable(name: "trustcheck-bench-spawn", targets: ["TrustCheckBenchSpawn"]),
        .executable(name: "PinningDelegateExample", targets: ["PinningDelegateExample"]),
    ],
    targets: [
        .systemLibrary(
            name: "CGnuTLS",
            pkgConfig: "gnutls",
            providers: [.apt(["libgnutls28-dev"])]
        ),
        // The only code that touches C pointers.
        .target(name: "GnuTLSBridge", dependencies: ["CGnuTLS"]),
        // FileOutput: its FileSystemPath (stat, path components) serves the loaders too.
        .target(name: "TrustCertificates", dependencies: ["GnuTLSBridge", "FileOutput"]),
        .target(name: "TrustEvaluation", dependencies: ["TrustCertificates"]),
        // Keeps Apple's exact signatures (CFError is NSError...), so it links Foundation; nothing `trustcheck`
        // links depends on it. It extends TLSClient's challenge with the iOS-style `serverTrust`.
        .target(name: "SecTrustCompat", dependencies: ["TrustEvaluation", "TrustCertificates", "TLSClient"]),
        // Apple's URLSession (tasks, delegates, the server-trust challenge) over the TLS client, imported instead of
        // FoundationNetworking: an iOS app's delegate receives `protectionSpace.serverTrust` as on Apple platforms.
        .target(name: "URLSessionCompat", dependencies: ["SecTrustCompat", "TLSClient", "GnuTLSBridge"]),
        // Alamofire 5's Session, requests and server-trust evaluators under Alamofire's names, over URLSessionCompat
        // and SecTrustCompat: an app's `ServerTrustManager` decides the trust of its live requests.
        .target(name: "AlamofireCompat", dependencies: ["URLSessionCompat", "SecTrustCompat"]),
        // TrustKit's API (kTSK… keys, TrustKit, TSKPinningValidator) over the pinning stage and its reports.
        .target(name: "TrustKitCompat", dependencies: ["URLSessionCompat", "SecTrustCompat", "Pinning", "PinningReports",
                                                       "PinningReportsURLSession", "TrustEvaluation", "TrustCertificates"]),
        // CommonCrypto's digests (CC_SHA256 and its kin) over GnuTLS, for pins computed as iOS apps compute them.
        .target(name: "CommonCryptoCompat", dependencies: ["GnuTLSBridge"]),
        // CryptoKit's hash functions (SHA256.hash(data:) and kin) over GnuTLS, for pins computed the newer way.
        .target(name: "CryptoKitCompat", dependencies: ["GnuTLSBridge"]),
        // Pins, TrustKit's configuration, validator and reports. No networking: report delivery is a separate module.
        .target(name: "Pinning", dependencies: ["TrustEvaluation", "TrustCertificates"]),
        // Pin-failure reports: a durable spool, its delivery runs over a `ReportTransport`, and TrustKit's
        // reporter. FoundationEssentials only, so `trustcheck` can spool reports without linking networking;
        // apart from Pinning so that a pinning check links no spool either.
        .target(name: "PinningReports", dependencies: ["Pinning", "FileOutput"]),
        // The HTTP transport of the reports (URLSession: FoundationNetworking and libcurl), for programs that
        // deliver them: `trustcheck-collect reports-flush`, the collector, apps.
        .target(name: "PinningReportsURLSession", dependencies: ["PinningReports"]),
        // Every file written to a path a user named goes through FileOutput, which never replaces a device,
        // FIFO or symbolic link.
        .target(name: "FileOutput"),
        // Live TLS on GnuTLS, with trust decided by the engine (and the pins) in the verify callback. The
        // challenge handler's SecTrust (as an iOS app's delegate receives it) comes from SecTrustCompat, which
        // depends on this module, not the other way round: `trustcheck` links no swift-corelibs Foundation.
        .target(name: "TLSClient", dependencies: ["GnuTLSBridge", "TrustCertificates", "TrustEvaluation", "Pinning"]),
        // App Transport Security: an Info.plist's NSAppTransportSecurity read as Apple reads it, the policy for a
        // URL with the key that decided each requirement, a server's handshake judged against it, and lint.
        // No networking (the CLI connects), FoundationEssentials only.
        .target(name: "AppTransportSecurity", dependencies: ["Pinning", "TrustEvaluation", "TrustCertificates"]),
        .target(name: "TrustConformance", dependencies: ["TrustEvaluation", "TrustCertificates", "FileOutput", "Pinning"]),
        .target(
            name: "TrustCheckCLI",
            dependencies: ["TrustCertificates", "TrustEvaluation", "TrustConformance", "Pinning", "TLSClient", "FileOutput",
                           "PinningReports", "AppTransportSecurity"]
        ),
        // `trustcheck collect`, `reports` and `reports-flush`: a sibling executable that `trustcheck` runs for those
        // commands, so that every other command's process links GnuTLS and FoundationEssentials only — not libmicrohttpd,
        // SQLite, libpq and FoundationNetworking with libcurl, which more than doubled `verify`'s start-up
        // (docs/performance.md, "Start-up"). It reuses the CLI's machinery through `package` access.
        .target(
            name: "TrustCheckCollectorCLI",
            dependencies: ["TrustCheckCLI", "ReportCollector", "HTTPServerBridge", "Pinning", "PinningReports", "PinningReportsURLSession",
                           "TrustCertificates", "TrustEvaluation", "FileOutput"]
        ),
        // Linked by lld, as `trustcheck` is: with the Swift runtime static (`--static-swift-stdlib`, how every
        // make target builds), FoundationNetworking's libcurl calls come after -lcurl on the link line, which
        // lld resolves wherever it stands and GNU ld does not.
        .executableTarget(name: "trustcheck-collect", dependencies: ["TrustCheckCollectorCLI"],
                          linkerSettings: [.unsafeFlags(["-use-ld=lld"])]),
        // Start-up of the release build, which every make target links with the Swift runtime and
        // FoundationEssentials static (`--static-swift-stdlib`, docs/performance.md): linked by lld with packed relative
        // relocations (DT_RELR, glibc ≥ 2.36: Debian 12 has 2.36), since a static Swift runtime and Foundation
        // bring ~89,000 relative relocations, 1.9 MB of RELA entries the loader reads at every start (packed:
        // 15 KB); the binary stays position-independent, so ASLR is kept (-no-pie saves as much but gives up
        // ASLR for the image that parses untrusted certificates). StaticLibStdCxx/libstdc++.so, a linker
        // script found before the system's, turns the static runtime's -lstdc++ into GCC's libstdc++.a, so
        // no libstdc++.so is loaded and bound at start.
        // StartupOrder/symbols.txt (`make startup-order`) lists the functions a start runs; lld lays them out
        // first and together, so the pages a start faults in hold start-up code rather than its neighbours
        // (static verify: 12.7 -> 10.5 MB peak RSS). Symbols it no longer finds are skipped silently.
        .executableTarget(
            name: "trustcheck", dependencies: ["TrustCheckCLI"], exclude: ["StaticLibStdCxx", "StartupOrder"],
            linkerSettings: [.unsafeFlags([
                "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
                "-L", Context.packageDirectory + "/Sources/trustcheck/StaticLibStdCxx",
                "-Xlinker", "--symbol-ordering-file=" + Context.packageDirectory + "/Sources/trustcheck/StartupOrder/symbols.txt",
                "-Xlinker", "--no-warn-symbol-ordering",
            ])]),
        // The collector's C libraries, each behind one thin bridge that owns its pointers (DESIGN.md decision 9).
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        .target(name: "HTTPServerBridge", dependencies: ["CMicroHTTPD"]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .target(name: "SQLiteBridge", dependencies: ["CSQLite"]),
        // The pin-failure report collector: receiver, storage behind `ReportStore`, analysis, dashboard files.
        // A separate product on top of the engine, never on the verify path.
        .target(
            name: "ReportCollector",
            dependencies: ["Pinning", "PinningReportsURLSession", "TrustCertificates", "TrustEvaluation", "HTTPServerBridge",
                           "SQLiteBridge", "PostgresBridge"],
            resources: [.copy("Dashboard")]
        ),
        // The benchmark (make bench): TrustCheck against raw GnuTLS on a generated corpus. CTrustCheckBench is
        // its GnuTLS side: certificate issuance and gnutls_x509_trust_list_verify_crt2.
        .target(name: "CTrustCheckBench", linkerSettings: [.linkedLibrary("gnutls")]),
        .executableTarget(name: "TrustCheckBench", dependencies: ["CTrustCheckBench", "TrustCertificates", "TrustEvaluation"]),
        // Runs one command for the benchmark's process comparison and reports its wall time and peak RSS.
        .executableTarget(name: "TrustCheckBenchSpawn"),
        // An iOS app's URLSession pinning delegate, unchanged but for its imports (`make demo` runs it).
        .executableTarget(name: "PinningDelegateExample", dependencies: ["URLSessionCompat", "CommonCryptoCompat"],
                          path: "Examples/PinningDelegate"),
        .systemLibrary(
            name: "CLibPQ",
            pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"])]
        ),
        // The only code that touches libpq's pointers (the collector's PostgreSQL store builds on it).
        .target(name: "PostgresBridge", dependencies: ["CLibPQ"]),

        // Fuzz targets (Fuzz/README.md): one executable per family of untrusted input, fuzzing when built by
        // Fuzz/run.sh (-sanitize=fuzzer,address -DTRUSTCHECK_FUZZING), replaying its committed corpus otherwise.
        .target(name: "CLibFuzzer", path: "Fuzz/CLibFuzzer"),
        .target(name: "FuzzSupport", dependencies: ["CLibFuzzer"], path: "Fuzz/Support"),
        .executableTarget(name: "FuzzCertificates", dependencies: ["FuzzSupport", "TrustCertificates", "Pinning"],
                          path: "Fuzz/Certificates"),
        .executableTarget(name: "FuzzRevocation", dependencies: ["FuzzSupport", "TrustCertificates"], path: "Fuzz/Revocation"),
        .executableTarget(name: "FuzzTrustKitConfiguration", dependencies: ["FuzzSupport", "Pinning"],
                          path: "Fuzz/TrustKitConfiguration"),
        .executableTarget(name: "FuzzATS", dependencies: ["FuzzSupport", "AppTransportSecurity"], path: "Fuzz/ATS"),
        .executableTarget(name: "FuzzLimbo", dependencies: ["FuzzSupport", "TrustConformance"], path: "Fuzz/Limbo"),
        .executableTarget(name: "FuzzCollector", dependencies: ["FuzzSupport", "ReportCollector", "HTTPServerBridge",
                                                               "TrustCertificates"], path: "Fuzz/Collector"),

        // vectors/certificates/expected.json, decoded once for every test target that checks against it.
        .target(name: "CertificateFixtures", path: "Tests/CertificateFixtures"),
        // Helpers more than one test target needs.
        .target(name: "TestSupport", path: "Tests/TestSupport", exclude: ["LiveTLS"]),
        // A throw-away PostgreSQL server (Debian's postgresql binaries) for the tests that need a real one.
        .target(name: "PostgresTestSupport", dependencies: ["PostgresBridge"], path: "Tests/PostgresTestSupport"),
        .testTarget(name: "PostgresBridgeTests", dependencies: ["PostgresBridge", "PostgresTestSupport"]),
        .testTarget(name: "FileOutputTests", dependencies: ["FileOutput", "TestSupport"]),
        .testTarget(name: "GnuTLSBridgeTests", dependencies: ["GnuTLSBridge", "CertificateFixtures"]),
        .testTarget(
            name: "TrustCertificatesTests", dependencies: ["TrustCertificates", "CertificateFixtures", "TestSupport", "GnuTLSBridge"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "TrustEvaluationTests", dependencies: ["TrustEvaluation", "TrustCertificates", "TestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(name: "SecTrustCompatTests", dependencies: ["SecTrustCompat", "TestSupport"], exclude: ["Fixtures"]),
        // URLSessionCompat against local HTTPS servers, with delegates written as iOS apps write them.
        .testTarget(name: "URLSessionCompatTests", dependencies: ["URLSessionCompat", "TestSupport"]),
        .testTarget(name: "AlamofireCompatTests", dependencies: ["AlamofireCompat", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "TrustKitCompatTests", dependencies: ["TrustKitCompat", "TestSupport", "Pinning", "PinningReports",
                                                                    "TrustEvaluation"],
                    exclude: ["Fixtures"]),
        // CommonCrypto digests: FIPS 180 vectors, and pins computed as iOS articles compute them, used live.
        .testTarget(name: "CommonCryptoCompatTests", dependencies: ["CommonCryptoCompat", "URLSessionCompat", "TestSupport"]),
        .testTarget(name: "CryptoKitCompatTests", dependencies: ["CryptoKitCompat", "URLSessionCompat", "TestSupport"]),
        // SecTrustCompat: the replays of upstream tests that call SecTrust directly.
        .testTarget(
            name: "PinningTests", dependencies: ["Pinning", "TrustEvaluation", "TrustCertificates", "SecTrustCompat", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(
            name: "PinningReportsTests",
            dependencies: ["PinningReports", "PinningReportsURLSession", "Pinning", "TrustEvaluation", "TrustCertificates",
                           "TestSupport"]),
        .testTarget(
            name: "TrustConformanceTests", dependencies: ["TrustConformance", "TrustEvaluation", "Pinning", "TestSupport"],
            exclude: ["limbo-expectations.json", "pkits-expectations.json", "certvalidator-pkits.py"]),
        .testTarget(
            name: "AppTransportSecurityTests", dependencies: ["AppTransportSecurity", "Pinning", "TrustEvaluation", "TrustCertificates", "TestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "TLSClientTests",
            dependencies: ["TLSClient", "GnuTLSBridge", "Pinning", "TrustEvaluation", "TrustCertificates", "SecTrustCompat",
                           "TestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "ReportCollectorTests",
            dependencies: ["ReportCollector", "HTTPServerBridge", "SQLiteBridge", "Pinning", "PinningReports",
                           "PinningReportsURLSession", "TLSClient",
                           "GnuTLSBridge", "TrustCertificates", "TrustEvaluation", "trustcheck", "trustcheck-collect", "TestSupport",
                           "PostgresBridge", "PostgresTestSupport"],
            exclude: ["Fixtures"]),
        // The release `trustcheck` and `trustcheck-collect`, run as processes over every command (`make test`
        // builds them as `make demo` does and names them in TRUSTCHECK_RELEASE_BINARY and
        // TRUSTCHECK_COLLECT_RELEASE_BINARY; without those the suites are skipped, saying so). No dependency on
        // the products: a debug build of them next to the test bundle is not what users run.
        .testTarget(name: "TrustCheckEndToEndTests"),
        .testTarget(
            name: "TrustCheckCLITests",
            dependencies: ["TrustCheckCLI", "TrustCheckCollectorCLI", "trustcheck", "trustcheck-collect", "CertificateFixtures",
                           "TestSupport", "GnuTLSBridge", "ReportCollector", "PinningReports"],
            exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)

// Every Swift target: a file uses only members of modules it imports itself (SE-0444), so no file works
// by accident of another file's import.
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("MemberImportVisibility")]
}
