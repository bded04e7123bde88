# The set-up commands of the README: `make demo`, `make test`, `make install` and `make bench`. Each first
# installs the Debian packages it needs, when they are missing.
#
# What building and the demo need: GnuTLS, the public suffix list and CA certificates for the engine;
# libmicrohttpd, SQLite and libpq for the report collector `trustcheck-collect`, and libcurl's development
# files for its statically linked FoundationNetworking; openssl for the demo's interception proxy; binutils
# (nm, readelf: Swift's toolchain needs them too).
BUILD_PACKAGES := libgnutls28-dev publicsuffix ca-certificates openssl libmicrohttpd-dev libsqlite3-dev libpq-dev \
    libcurl4-gnutls-dev binutils
# What only the tests and the benchmark need: gnutls-bin (certtool, the benchmark's peer; gnutls-serv), python3-pip
# (fetches NIST PKITS and pyca's vectors), and the collector's PostgreSQL store tests (a throw-away server from
# Debian's postgresql) and dashboard test (headless Chromium).
TEST_PACKAGES := gnutls-bin python3-pip postgresql chromium
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
DEMO_TIME := 2026-12-01T00:00:00Z
# The one release build every target uses, so that `make demo`, `make test`, `make install` and `make bench`
# share .build/release and none rebuilds what another built (a change of build flags rebuilds every module).
# The Swift runtime and Foundation are linked statically, which halves `trustcheck`'s start-up
# (docs/performance.md).
RELEASE_BUILD := swift build -c release --static-swift-stdlib
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin

.PHONY: deps test-deps release install install-check demo test test-e2e bench pkits pkits-fetch corpus-fetch collector-load startup-order foundation-check downstream-check fuzz fuzz-ci sanitize sanitize-tsan sanitize-asan

# NIST PKITS as pyhanko-certvalidator's sdist carries it (tests/fixtures/nist_pkits), pinned by version and
# sha256; fetched once into .build/pkits and reused. Not committed: it is fetched at build and CI time.
PKITS_VERSION := 0.33.0
PKITS_SHA256 := a4c3309f99c77cdcad24532f75340bd8cc8b108aa8992b8102d44f250ebd449c
PKITS_DIR := .build/pkits
PKITS_SDIST := $(PKITS_DIR)/pyhanko_certvalidator-$(PKITS_VERSION).tar.gz

# Installs the missing packages of $(2) with apt-get options $(1) (as root, or through sudo).
define install-missing
	@missing=""; for p in $(2); do \
	    dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	    echo "installing:$$missing"; \
	    $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	    $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(1) $$missing; \
	fi
endef

deps:
	$(call install-missing,--no-install-recommends,$(BUILD_PACKAGES))

test-deps: deps
	$(call install-missing,,$(TEST_PACKAGES))

# Both executables, as `make demo`, `make test` and `make install` build them.
release: deps
	$(RELEASE_BUILD) --product trustcheck
	$(RELEASE_BUILD) --product trustcheck-collect

# `trustcheck` finds `trustcheck-collect` beside itself (collect, reports, reports-flush, report delivery).
install: release
	install -d $(DESTDIR)$(BINDIR)
	install -m 0755 .build/release/trustcheck .build/release/trustcheck-collect $(DESTDIR)$(BINDIR)/
	@echo "installed $(DESTDIR)$(BINDIR)/trustcheck and $(DESTDIR)$(BINDIR)/trustcheck-collect"

# The main job on the bundled anchors/ and vectors/: verify the README chain, show and pin it, verify it
# again with its intermediate's pin and a backup pin, replay every recorded vector through the engine, then
# TrustKit's workflow on loopback: a pin failure blocked, reported to a `trustcheck collect`, named a suspect.
demo: release
	.build/release/trustcheck verify vectors/readme-chain/leaf.pem vectors/readme-chain/intermediate.pem \
	    --anchors anchors/ --host www.example.test --at $(DEMO_TIME)
	.build/release/trustcheck show vectors/readme-chain/leaf.pem --at $(DEMO_TIME)
	.build/release/trustcheck pin vectors/readme-chain/leaf.pem vectors/readme-chain/intermediate.pem anchors/
	.build/release/trustcheck verify vectors/readme-chain/leaf.pem vectors/readme-chain/intermediate.pem \
	    --anchors anchors/ --host www.example.test --at $(DEMO_TIME) \
	    --pin sha256/EdvA97xOVeN719w8bHRNhCcNF8V2UmUNgUA34qvtRbY= --pin sha256/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=
	.build/release/trustcheck limbo vectors/*.json --output .build/demo-vector-results.json
	Tests/Demo/pin-failure-report.sh .build/release $(DEMO_TIME)
	Tests/Demo/ats-diagnosis.sh .build/release
	$(RELEASE_BUILD) --product PinningDelegateExample
	Tests/Demo/ios-delegate.sh .build/release .build/release/PinningDelegateExample
	@echo "demo: done. The binaries are .build/release/trustcheck and .build/release/trustcheck-collect;"
	@echo "      make install PREFIX=$$HOME/.local puts both in ~/.local/bin (default PREFIX /usr/local)."

# Fetches and extracts the suite into $(PKITS_DIR)/nist_pkits unless it is there already. pip prepares the
# sdist's metadata even for a download; --no-binary names only the package so that its build backend
# (setuptools >= 80.8, newer than Debian 12's) may come as a wheel instead of being built from source.
pkits-fetch: test-deps
	@if [ -f $(PKITS_DIR)/nist_pkits/pkits.json ]; then exit 0; fi; \
	mkdir -p $(PKITS_DIR) && \
	if [ ! -f $(PKITS_SDIST) ]; then \
	    python3 -m pip download --quiet --no-binary pyhanko-certvalidator --no-deps --dest $(PKITS_DIR) \
	        pyhanko-certvalidator==$(PKITS_VERSION) || { \
	        echo "make pkits: cannot download pyhanko-certvalidator $(PKITS_VERSION) from PyPI (offline?)." >&2; \
	        echo "  Put its sdist at $(PKITS_SDIST) (sha256 $(PKITS_SHA256)) and rerun." >&2; exit 1; }; \
	fi; \
	if ! echo "$(PKITS_SHA256)  $(PKITS_SDIST)" | sha256sum --check --status; then \
	    echo "make pkits: $(PKITS_SDIST) does not have sha256 $(PKITS_SHA256); removed it, rerun to fetch it again." >&2; \
	    rm -f $(PKITS_SDIST); exit 1; \
	fi; \
	rm -rf $(PKITS_DIR)/nist_pkits.tmp && mkdir -p $(PKITS_DIR)/nist_pkits.tmp && \
	tar -xzf $(PKITS_SDIST) -C $(PKITS_DIR)/nist_pkits.tmp --strip-components=3 \
	    pyhanko_certvalidator-$(PKITS_VERSION)/tests/fixtures/nist_pkits && \
	mv $(PKITS_DIR)/nist_pkits.tmp/nist_pkits $(PKITS_DIR)/nist_pkits && rm -rf $(PKITS_DIR)/nist_pkits.tmp

# pyca/cryptography's x509 test vectors (cryptography_vectors on PyPI, pinned by version and sha256), for the
# loading corpus test (docs/conformance.md "Loading is not validation"): its x509/ folder is extracted once into
# .build/corpus/cryptography_vectors/x509. Not committed: fetched at build and CI time.
VECTORS_VERSION := 50.0.2
VECTORS_SHA256 := 51641f03a3eb4edbe9fb68e3a3574d25f86aa502d06391fffa886330d02778a0
CORPUS_DIR := .build/corpus
VECTORS_WHEEL := $(CORPUS_DIR)/cryptography_vectors-$(VECTORS_VERSION)-py3-none-any.whl

corpus-fetch: test-deps
	@if [ -d $(CORPUS_DIR)/cryptography_vectors/x509 ]; then exit 0; fi; \
	mkdir -p $(CORPUS_DIR) && \
	if [ ! -f $(VECTORS_WHEEL) ]; then \
	    python3 -m pip download --quiet --no-deps --only-binary :all: --dest $(CORPUS_DIR) \
	        cryptography_vectors==$(VECTORS_VERSION) || { \
	        echo "make corpus-fetch: cannot download cryptography_vectors $(VECTORS_VERSION) from PyPI (offline?)." >&2; \
	        echo "  Put its wheel at $(VECTORS_WHEEL) (sha256 $(VECTORS_SHA256)) and rerun." >&2; exit 1; }; \
	fi; \
	if ! echo "$(VECTORS_SHA256)  $(VECTORS_WHEEL)" | sha256sum --check --status; then \
	    echo "make corpus-fetch: $(VECTORS_WHEEL) does not have sha256 $(VECTORS_SHA256); removed it, rerun to fetch it again." >&2; \
	    rm -f $(VECTORS_WHEEL); exit 1; \
	fi; \
	rm -rf $(CORPUS_DIR)/extract.tmp && mkdir -p $(CORPUS_DIR)/extract.tmp && \
	python3 -c 'import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); \
	    [z.extract(n, sys.argv[2]) for n in z.namelist() if n.startswith("cryptography_vectors/x509/")]' \
	    $(VECTORS_WHEEL) $(CORPUS_DIR)/extract.tmp && \
	rm -rf $(CORPUS_DIR)/cryptography_vectors && mv $(CORPUS_DIR)/extract.tmp/cryptography_vectors $(CORPUS_DIR)/ && \
	rm -rf $(CORPUS_DIR)/extract.tmp

# Runs PKITS through the rfc5280 profile; fails when the mismatches differ from the committed list.
pkits: pkits-fetch
	swift build --product trustcheck
	.build/debug/trustcheck pkits $(PKITS_DIR)/nist_pkits \
	    --expectations Tests/TrustConformanceTests/pkits-expectations.json

# swift test includes the PKITS check (PKITSSuiteTests) once the suite is fetched, and the loading corpus
# (LoadingCorpusTests) once cryptography_vectors is. The end-to-end suites (Tests/TrustCheckEndToEndTests) run
# the release binaries users run, the ones `make demo` and `make install` build; without the two variables
# `swift test` skips them, saying so.
RELEASE_BINARIES := TRUSTCHECK_RELEASE_BINARY=$(CURDIR)/.build/release/trustcheck \
    TRUSTCHECK_COLLECT_RELEASE_BINARY=$(CURDIR)/.build/release/trustcheck-collect
test: test-deps pkits-fetch corpus-fetch release
	$(RELEASE_BINARIES) swift test
	$(MAKE) downstream-check
	$(MAKE) foundation-check
	$(MAKE) install-check
	$(MAKE) fuzz-ci
	$(MAKE) sanitize

# The examples of README.md and docs/ compile unchanged in a user's package: Tests/Downstream/make-package.py writes
# .build/downstream, a package depending on this one by path with one executable per ```swift block
# that begins with an import, which is built, not run (the examples name files and hosts that do not exist).
# SwiftPM builds it and TrustCheck's modules it uses in .build/downstream/.build, apart from this package's
# own build: the first run is a cold build of those modules, later ones are incremental.
downstream-check: deps
	python3 Tests/Downstream/make-package.py
	swift build --package-path .build/downstream

# `make install` into a temporary prefix gives a `trustcheck` that runs its sibling `trustcheck-collect`.
install-check: release
	@prefix=$$(mktemp -d) && trap 'rm -rf "$$prefix"' EXIT && \
	$(MAKE) --no-print-directory install PREFIX="$$prefix" >/dev/null && \
	"$$prefix/bin/trustcheck" collect --help | grep -q '^usage: trustcheck collect' && \
	"$$prefix/bin/trustcheck" verify vectors/readme-chain/leaf.pem vectors/readme-chain/intermediate.pem \
	    --anchors anchors/ --host www.example.test --at $(DEMO_TIME) >/dev/null && \
	echo "install-check: trustcheck and trustcheck-collect installed and run from a prefix of their own"

# The end-to-end suites alone, on the release binaries (a quicker check after a change to the CLI).
test-e2e: test-deps release
	$(RELEASE_BINARIES) swift test --filter TrustCheckEndToEndTests

# docs/performance.md "Start-up": the release trustcheck links FoundationEssentials only, no symbol of
# swift-corelibs Foundation, FoundationNetworking, FoundationXML or FoundationInternationalization (ICU).
# Swift mangles a module as its name's length and the name: 10Foundation is Foundation, not FoundationEssentials.
foundation-check: release
	@found=$$(nm --no-demangle .build/release/trustcheck \
	    | grep -E '(^|[^0-9])(10Foundation|20FoundationNetworking|13FoundationXML|31FoundationInternationalization)' | head -3); \
	if [ -n "$$found" ]; then \
	    echo "foundation-check: .build/release/trustcheck links swift-corelibs Foundation, e.g.:"; echo "$$found"; exit 1; \
	fi; \
	echo "foundation-check: .build/release/trustcheck links no swift-corelibs Foundation"

# The start-up layout of the release trustcheck (docs/performance.md "Start-up"): record which of its functions a verify
# (trusted, refused, --json), --version and show run, under callgrind, into
# Sources/trustcheck/StartupOrder/symbols.txt, which the link then lays out first (Package.swift). Rerun after
# changes to the start-up path, then `make bench` to see the process's peak RSS.
STARTUP_CHAIN = vectors/readme-chain/leaf.pem vectors/readme-chain/intermediate.pem --anchors vectors/readme-chain/root.pem
startup-order: release
	@command -v valgrind >/dev/null || $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq valgrind
	rm -rf .build/startup-order && mkdir -p .build/startup-order
	cd .build/startup-order && cp ../release/trustcheck trustcheck-recorded && \
	for run in "verify $(STARTUP_CHAIN) --host www.example.test --at 2026-12-01T00:00:00Z" \
	           "verify $(STARTUP_CHAIN) --host other.example.test --at 2026-12-01T00:00:00Z" \
	           "verify $(STARTUP_CHAIN) --host www.example.test --at 2026-12-01T00:00:00Z --json" \
	           "--version" "show vectors/readme-chain/leaf.pem --at 2026-12-01T00:00:00Z"; do \
	    n=$$((n + 1)); (cd ../.. && valgrind --tool=callgrind --demangle=no \
	        --callgrind-out-file=.build/startup-order/callgrind.$$n .build/startup-order/trustcheck-recorded $$run \
	        > .build/startup-order/output.$$n 2>&1 || true); \
	done
	python3 Sources/trustcheck/StartupOrder/extract.py trustcheck-recorded .build/startup-order/callgrind.* \
	    > Sources/trustcheck/StartupOrder/symbols.txt
	@echo "startup-order: $$(wc -l < Sources/trustcheck/StartupOrder/symbols.txt) functions in Sources/trustcheck/StartupOrder/symbols.txt"
	rm -f .build/release/trustcheck  # the ordering file is not an input SwiftPM tracks: link again
	$(RELEASE_BUILD) --product trustcheck

# The collector's load check: the intake load test (5,000 reports, 4 loopback sender threads, bounded to 30 s,
# requiring 1,000 acknowledged reports/s), then the scale test (docs/reports.md "Scale"): 1,000,000 stored
# reports in SQLite and in PostgreSQL, each read, the dashboard, `trustcheck reports` and intake under looping
# readers timed against the README's bounds. Against the release `trustcheck`.
COLLECTOR_LOAD_REPORTS ?= 1000000
collector-load: test-deps release
	swift build --build-tests
	TRUSTCHECK_BINARY=$(CURDIR)/.build/release/trustcheck TRUSTCHECK_COLLECTOR_MIN_RATE=1000 \
	    swift test --skip-build --filter CollectProcessTests/fiveThousandReportsAreAllStored
	TRUSTCHECK_BINARY=$(CURDIR)/.build/release/trustcheck TRUSTCHECK_COLLECTOR_LOAD_REPORTS=$(COLLECTOR_LOAD_REPORTS) \
	    swift test --skip-build --filter CollectorScaleTests

# The benchmark: TrustCheck against raw GnuTLS on a generated corpus (docs/performance.md), the process
# comparison on the release trustcheck users get. BENCH_ARGS=--quick for a short run.
bench: test-deps release
	$(RELEASE_BUILD) --product trustcheck-bench-spawn
	$(RELEASE_BUILD) --product trustcheck-bench
	.build/release/trustcheck-bench $(BENCH_ARGS)

# The fuzz targets (Fuzz/README.md), built with libFuzzer and AddressSanitizer in .build/fuzz: `make fuzz` runs
# every one for FUZZ_SECONDS (or FUZZ_TARGET alone); new crashes are kept in .build/fuzz/crashes/TARGET/.
FUZZ_TARGET ?= all
FUZZ_SECONDS ?= 300
fuzz: deps
	Fuzz/run.sh $(FUZZ_TARGET) $(FUZZ_SECONDS)

# CI's share: each target for 20 s (2 minutes of fuzzing, plus the .build/fuzz build: about 2 minutes from
# scratch on 2 cores, seconds when warm).
FUZZ_CI_TARGETS ?= Certificates Revocation TrustKitConfiguration ATS Limbo Collector
fuzz-ci: deps
	Fuzz/run.sh "$(FUZZ_CI_TARGETS)" 20

# The test suites under the sanitizers (docs/building.md "Sanitizers"), each in its own scratch path so that
# .build/debug stays as it is. ThreadSanitizer runs the suites that share state between threads;
# AddressSanitizer the ones that parse untrusted input. TSan's suppressions: Fuzz/tsan-suppressions.txt.
# `test` runs both: each build is about 12 minutes cold on 2 cores, then incremental (the runs: ~40 s and ~3 minutes).
TSAN_TESTS := ConcurrencyStressTests|LimboSuiteTests|ReportSpoolTests|CertificateCacheTests|SignatureCacheTests|SharedSignatureCacheTests|PathBuilderTests|PublicSuffixListLoadingTests|LimboCommandCoreTests|TrustKitReporterTests|SQLiteReportStoreTests
ASAN_TESTS := TrustCertificatesTests|TrustEvaluationTests|PinningTests|AppTransportSecurityTests|TrustConformanceTests|TrustKitReportDecoderTests|ReportReceiverTests
sanitize: sanitize-tsan sanitize-asan

sanitize-tsan: test-deps
	swift build --build-tests --scratch-path .build/tsan --sanitize=thread
	TRUSTCHECK_TIME_BOUND_SCALE=10 TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 suppressions=$(CURDIR)/Fuzz/tsan-suppressions.txt" \
	    swift test --skip-build --scratch-path .build/tsan --sanitize=thread --filter '$(TSAN_TESTS)'

sanitize-asan: test-deps
	swift build --build-tests --scratch-path .build/asan --sanitize=address
	TRUSTCHECK_TIME_BOUND_SCALE=4 ASAN_OPTIONS="detect_leaks=0 halt_on_error=1" \
	    swift test --skip-build --scratch-path .build/asan --sanitize=address --filter '$(ASAN_TESTS)'
