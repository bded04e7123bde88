# The two set-up commands of the README: `make demo` and `make test`. Both first install the Debian
# packages TrustCheck needs, when they are missing.
PACKAGES := libgnutls28-dev publicsuffix ca-certificates openssl
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
DEMO_TIME := 2026-12-01T00:00:00Z
# The collector's PostgreSQL store (libpq; its tests start a throw-away server from Debian's postgresql)
# and its dashboard test (headless Chromium).
PACKAGES += libpq-dev postgresql chromium

.PHONY: deps demo test

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
