# The two set-up commands of the README: `make demo` and `make test`. Both first install the Debian
# packages TrustCheck needs, when they are missing.
# libmicrohttpd-dev and libsqlite3-dev: the report collector's HTTP server and embedded database.
PACKAGES := libgnutls28-dev publicsuffix ca-certificates openssl libmicrohttpd-dev libsqlite3-dev
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
DEMO_TIME := 2026-12-01T00:00:00Z
# The collector's PostgreSQL store (libpq; its tests start a throw-away server from Debian's postgresql)
# and its dashboard test (headless Chromium).
PACKAGES += libpq-dev postgresql chromium

.PHONY: deps demo test collector-load

deps:
	@missing=""; for p in $(PACKAGES); do \
	    dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	    echo "installing:$$missing"; \
	    $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	    $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi

# The main job on the bundled anchors/ and vectors/: verify the README chain, show and pin it, verify it
# again with its intermediate's pin and a backup pin, then replay every recorded vector through the engine.
demo: deps
	swift build -c release --product trustcheck
	.build/release/trustcheck verify vectors/readme-chain/leaf.pem vectors/readme-chain/intermediate.pem \
	    --anchors anchors/ --host www.example.test --at $(DEMO_TIME)
	.build/release/trustcheck show vectors/readme-chain/leaf.pem --at $(DEMO_TIME)
	.build/release/trustcheck pin vectors/readme-chain/leaf.pem vectors/readme-chain/intermediate.pem anchors/
	.build/release/trustcheck verify vectors/readme-chain/leaf.pem vectors/readme-chain/intermediate.pem \
	    --anchors anchors/ --host www.example.test --at $(DEMO_TIME) \
	    --pin sha256/EdvA97xOVeN719w8bHRNhCcNF8V2UmUNgUA34qvtRbY= --pin sha256/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=
	.build/release/trustcheck limbo vectors/*.json --output .build/demo-vector-results.json

test: deps
	swift test

# The collector's load check: the load test (5,000 reports, 8 loopback senders, bounded to 30 s) against a
# release-built `trustcheck collect`, requiring 1,000 acknowledged reports/s. Swift 6.x crashes in the
# CopyPropagation pass on TrustCheckCLI/OCSPInput.swift in release mode, hence the pass is turned off.
collector-load: deps
	swift build -c release --product trustcheck -Xswiftc -Xllvm -Xswiftc -sil-disable-pass=copy-propagation
	swift build --build-tests
	TRUSTCHECK_BINARY=$(CURDIR)/.build/release/trustcheck TRUSTCHECK_COLLECTOR_MIN_RATE=1000 \
	    swift test --skip-build --filter CollectProcessTests/fiveThousandReportsAreAllStored
