# The two commands of the README: `make play` and `make test`.
# Both install missing Debian packages first (scripts/install-deps.sh).
SWIFT ?= swift
# Arguments passed to `duo` by `make play`, e.g. make play ARGS="--bot hunt".
ARGS ?=

.PHONY: play test deps build bench format clean

deps:
	@scripts/install-deps.sh

build: deps
	$(SWIFT) build

play: build
	$(SWIFT) run duo $(ARGS)

# Builds everything (warnings are errors), runs every test target, then
# builds the protocol fuzzer and runs it for 10 seconds (so it cannot rot), then
# builds and runs the game package of docs/GETTING_STARTED.md.
test: deps
	$(SWIFT) build --build-tests -Xswiftc -warnings-as-errors
	$(SWIFT) test --skip-build
	scripts/fuzz-protocol.sh --smoke 10
	SWIFT=$(SWIFT) scripts/test-game-package.sh

# Rewrites every Swift file with the toolchain's swift-format (.swift-format).
format:
	scripts/format.sh

bench: deps
	$(SWIFT) run -c release duo-bench all

clean:
	rm -rf .build
