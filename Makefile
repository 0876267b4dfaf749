# rial: the evidence-package toolkit. `make demo` to see it work, `make test` to test it.
SWIFT ?= swift
ORACLE_PYTHON := $(CURDIR)/.build-oracles/venv/bin/python
RIAL := $(CURDIR)/.build/debug/rial

.PHONY: all deps build test demo bench clean

all: build

deps:
	@scripts/install-deps.sh

build: deps
	$(SWIFT) build

# The whole suite, outside oracles included (bagit-python, jsonschema, sha256sum, openssl).
test:
	@scripts/install-deps.sh --with-oracles
	$(SWIFT) build
	RIAL_ORACLE_PYTHON=$(ORACLE_PYTHON) $(SWIFT) test

# Sample capture -> pack -> verify -> tamper -> verify again.
demo: build
	@RIAL=$(RIAL) scripts/demo.sh

# Throughput of pack and verify next to the hashing floor; BENCH_SIZE=64M for a quick run.
bench: deps
	@scripts/bench.sh

clean:
	rm -rf .build .build-release .build-bench .build-demo .build-oracles
