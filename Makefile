# Classroom Chess: build, test and benchmark entry points.
#   make setup          install the toolchain pieces (idempotent)
#   make setup-browser  Debian chromium for the browser tests (only if missing)
#   make run            serve the app at http://127.0.0.1:8080
#   make test           everything CI checks (.ci/run calls this)
#   make fuzz           the fuzz suite, SECONDS (default 60) per target, fresh seeds
#   make bench          native perft bench, long saved games' load time, wasm perft vs chessops
#   make size           gzipped size of the release bundle

SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := test

# trunk finds wasm-bindgen and wasm-opt on PATH (Trunk.toml has offline = true):
# wasm-opt comes from the npm package `binaryen`, wasm-bindgen and trunk from cargo install.
export PATH := $(CURDIR)/node_modules/.bin:$(HOME)/.cargo/bin:$(PATH)

TRUNK_VERSION        := 0.21.14
WASM_BINDGEN_VERSION := 0.2.130
WASM_TARGET          := wasm32-unknown-unknown
# apt-get needs root; use sudo when we are not.
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)

.PHONY: setup setup-rust setup-trunk setup-wasm-bindgen setup-node setup-browser fetch \
        run test fuzz bench size

setup: setup-rust setup-trunk setup-wasm-bindgen setup-node

setup-rust:
	@if rustup target list --installed | grep -qx '$(WASM_TARGET)'; then \
	  echo "rustup target $(WASM_TARGET): present"; \
	else rustup target add $(WASM_TARGET); fi

setup-trunk:
	@if trunk --version 2>/dev/null | grep -Fqw '$(TRUNK_VERSION)'; then \
	  echo "trunk $(TRUNK_VERSION): present"; \
	else cargo install trunk --version $(TRUNK_VERSION) --locked --no-default-features --features rustls; fi

# No --locked: wasm-bindgen-cli's own lock file is not meant to be used (upstream advice).
# The version must equal the wasm-bindgen crate in Cargo.lock (pinned =0.2.130 in Cargo.toml).
setup-wasm-bindgen:
	@if wasm-bindgen --version 2>/dev/null | grep -Fqw '$(WASM_BINDGEN_VERSION)'; then \
	  echo "wasm-bindgen $(WASM_BINDGEN_VERSION): present"; \
	else cargo install wasm-bindgen-cli --version $(WASM_BINDGEN_VERSION); fi

setup-node: node_modules/.package-lock.json

# npm writes node_modules/.package-lock.json on every install: it is our "up to date" stamp.
node_modules/.package-lock.json: package.json $(wildcard package-lock.json)
	if [ -f package-lock.json ]; then npm ci --no-audit --no-fund; else npm install --no-audit --no-fund; fi
	touch $@

setup-browser:
	@if [ -x /usr/bin/chromium ]; then echo "chromium: present"; else \
	  $(SUDO) apt-get update && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium chromium-driver; fi

# Trunk runs cargo with --offline (offline = true), so fetch the crates first.
fetch:
	cargo fetch

run: setup fetch
	trunk serve --release --address 127.0.0.1 --port 8080

test: setup setup-browser fetch
	cargo fmt --all -- --check
	cargo clippy --all-targets -- -D warnings
	cargo clippy --target $(WASM_TARGET) --lib --bin classroom-chess -- -D warnings
	cargo test --release
	cargo test --profile fuzz --test fuzz -- --nocapture
	trunk build --release
	node --test tests/e2e/*.test.mjs

# Each fuzz target runs for SECONDS with fresh seeds; a failure prints FUZZ_SEED to replay.
SECONDS ?= 60
fuzz: fetch
	FUZZ_SECONDS=$(SECONDS) cargo test --profile fuzz --test fuzz -- --nocapture

bench: setup
	cargo bench --bench perft
	cargo bench --bench long_game
	cargo build --release --example wasm_perft --target $(WASM_TARGET) --no-default-features
	node benches/wasm_perft.mjs

size: setup fetch
	trunk build --release
	@total=0; for f in dist/*.wasm dist/*.js dist/*.css; do \
	  [ -f "$$f" ] || continue; \
	  n=$$(gzip -9 -c "$$f" | wc -c); total=$$((total + n)); \
	  printf '%10d  %s\n' "$$n" "$$f"; \
	done; printf '%10d  total (gzip -9 bytes)\n' "$$total"
