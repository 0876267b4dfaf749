# rial: the evidence-package toolkit. `make demo` to see it work, `make test` to test it.
SWIFT ?= swift
ORACLE_PYTHON := $(CURDIR)/.build-oracles/venv/bin/python
RIAL := $(CURDIR)/.build/debug/rial

.PHONY: all deps build test demo bench clean format check-format

all: build

deps:
	@scripts/install-deps.sh

build: deps
	$(SWIFT) build

# The whole suite, outside oracles included (bagit-python, jsonschema, sha256sum, openssl,
# ffprobe, exiftool, sqlite3, psql and a PostgreSQL server). A test needing a tool or server is
# marked `.requires(…)` (Tests/RialTestSupport/Requirement.swift): skipped without it in a plain
# `swift test`, failed here, where every RIAL_REQUIRE_* below says it must run.
test: check-format
	@scripts/install-deps.sh --with-oracles
	$(SWIFT) build
	@# The ledger's PostgreSQL tests get a throwaway cluster, stopped even when a test fails.
	scripts/test-postgres.sh start >/dev/null; \
	trap 'scripts/test-postgres.sh stop' EXIT; \
	RIAL_TEST_POSTGRES_URL=$$(scripts/test-postgres.sh url) RIAL_REQUIRE_POSTGRES=1 \
	RIAL_ORACLE_PYTHON=$(ORACLE_PYTHON) RIAL_REQUIRE_MEDIA_ORACLES=1 RIAL_REQUIRE_CASE_ORACLE=1 \
	RIAL_REQUIRE_OPENSSL=1 $(SWIFT) test
	$(MAKE) fuzz-replay
	$(MAKE) fault-injection

# The code's layout (.swift-format, README "Formatting"): `make format` rewrites the Swift files,
# `make check-format` (the first step of `make test`) fails when one is off.
format:
	@scripts/check-format.sh --fix

check-format:
	@scripts/check-format.sh

# kill -9 at random moments during custody append, seal and pack, eight concurrent appends, killed
# sharded audits: every package as it was or a complete new version, every ledger verifiable
# (scripts/fault-injection.sh). `make test` runs it small; FAULT_RUNS=100 FAULT_ROUNDS=10 for more.
.PHONY: fault-injection
fault-injection:
	@test -x $(RIAL) || $(SWIFT) build --product rial
	@RIAL=$(RIAL) scripts/fault-injection.sh

# Sample capture -> pack -> verify -> tamper -> verify again.
demo: build
	@RIAL=$(RIAL) scripts/demo.sh

# Pack, verify, batch and chain speed next to the hashing floor, and peak memory
# (Benchmarks/README.md); BENCH_SIZE=64M BENCH_FRAMES=30 BENCH_BATCH=100 for a quick run.
bench:
	@scripts/install-deps.sh --for-bench
	@BENCH_PYTHON=$(ORACLE_PYTHON) scripts/bench.sh

clean:
	rm -rf .build .build-release .build-bench .build-demo .build-oracles

# libFuzzer targets (Sources/Fuzz, Tests/Fuzz/README.md): each runs FUZZ_SECONDS (default 300);
# FUZZ_TARGETS="FuzzJSON FuzzTar" picks some, FUZZ_RUNS=N runs N inputs instead of a time.
FUZZ_ALL := FuzzTar FuzzBagText FuzzJSON FuzzReport FuzzMedia
.PHONY: fuzz fuzz-replay
fuzz: deps
	@scripts/fuzz.sh

# The seed corpus and the saved crashers through every fuzz target's replayer (in `make test`).
fuzz-replay:
	@failed=""; for target in $(FUZZ_ALL); do \
		test -x .build/debug/$$target || $(SWIFT) build --product $$target || exit 1; \
		.build/debug/$$target Tests/Fuzz/corpus/$$target Tests/Fuzz/crashers/$$target || failed="$$failed $$target"; \
	done; \
	if [ -n "$$failed" ]; then \
		echo "fuzz-replay: failed:$$failed (FUZZ_VERBOSE=1 .build/debug/<target> names each input as it runs)" >&2; exit 1; \
	fi
