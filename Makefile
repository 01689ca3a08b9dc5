# The two commands of the README: `make play` and `make test`.
# Both install missing Debian packages first (scripts/install-deps.sh).
SWIFT ?= swift
# Arguments passed to `duo` by `make play`, e.g. make play ARGS="--bot hunt".
ARGS ?=

.PHONY: play test deps build docs bench format clean

deps:
	@scripts/install-deps.sh

build: deps
	$(SWIFT) build

play: build
	$(SWIFT) run duo $(ARGS)

# Lints every Swift file with swift-format (a finding fails: run make format),
# builds everything (warnings are errors), builds the reference documentation
# from that build (DocC warnings are errors too; the self-test first proves they
# would fail it), runs every test target, then builds the protocol fuzzer and
# runs it for 10 seconds (so it cannot rot), then builds and runs the game
# package of docs/GETTING_STARTED.md, then runs every command of the docs
# (scripts/test-docs.sh, after its self-test; docs/DOC_BLOCKS.md).
test: deps
	scripts/format.sh --check
	$(SWIFT) build --build-tests -Xswiftc -warnings-as-errors
	SWIFT=$(SWIFT) scripts/build-docs.sh --self-test
	SWIFT=$(SWIFT) scripts/build-docs.sh
	$(SWIFT) test --skip-build
	scripts/fuzz-protocol.sh --smoke 10
	SWIFT=$(SWIFT) scripts/test-game-package.sh
	scripts/test-docs.sh --self-test
	SWIFT=$(SWIFT) scripts/test-docs.sh

# The DocC reference of the libraries a game uses, as a static site in
# .build/docs/ (scripts/build-docs.sh; warnings are errors).
docs: deps
	SWIFT=$(SWIFT) scripts/build-docs.sh

# Rewrites every Swift file with the toolchain's swift-format (.swift-format).
format:
	scripts/format.sh

bench: deps
	$(SWIFT) run -c release duo-bench all

clean:
	rm -rf .build
