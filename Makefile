# The two commands of the README: `make play` and `make test`.
# Both install missing Debian packages first (scripts/install-deps.sh).
SWIFT ?= swift
# Arguments passed to `duo` by `make play`, e.g. make play ARGS="--bot hunt".
ARGS ?=
# Where `make install` puts the programs, their Assets, completions and manual
# pages (PREFIX/bin, PREFIX/share/duo, ...), under an optional staging root
# DESTDIR; CONFIGURATION is the build installed (release; make test installs debug).
PREFIX ?= /usr/local
DESTDIR ?=
CONFIGURATION ?= release
# Flags added to `swift build` by make install (make test passes its own, to reuse its build).
SWIFT_BUILD_FLAGS ?=
PROGRAMS = duo duo-server duo-server-launch duo-bench
# make test's build flags, also read by the scripts it runs (any other flags would compile
# everything again): warnings are errors, and debug info is line tables only (what a crash's
# backtrace needs; about a tenth less CPU to compile than full debug info).
TEST_BUILD_FLAGS := $(shell cat scripts/test-build-flags)

.PHONY: play test deps build docs bench format clean install uninstall api-check

deps:
	@scripts/install-deps.sh

build: deps
	$(SWIFT) build

play: build
	$(SWIFT) run duo $(ARGS)

# Lints every Swift file with swift-format (a finding fails: run make format),
# builds everything (warnings are errors), then runs two lanes at once, one a
# core (make -j2; each step's output is printed whole when it ends):
# - the steps that take the package's .build lock, in turn: the reference
#   documentation from that build (DocC warnings are errors too; the self-test
#   first proves they would fail it), the public API against the last release
#   (the matching's self-test first), this build installed into a scratch
#   folder and used from there, then every test target (`swift test` holds the
#   lock while it runs);
# - the steps that need no lock: the protocol fuzzer built and run for 10
#   seconds (so it cannot rot), the game package of docs/GETTING_STARTED.md
#   resolved by path, then built, tested and run by git URL and version, then every command of the docs
#   (scripts/test-docs.sh, after its self-test; docs/DOC_BLOCKS.md).
test: deps
	scripts/format.sh --check
	$(SWIFT) build --build-tests $(TEST_BUILD_FLAGS)
	@$(MAKE) --no-print-directory -j2 --output-sync=target test-lane-locked test-lane-free

# make test's lanes, each step a target that waits for the one before it in its lane.
.PHONY: test-lane-locked test-lane-free test-docc test-api test-install test-units test-fuzz test-package test-docs
test-lane-locked: test-units
test-lane-free: test-docs
test-docc:
	SWIFT=$(SWIFT) scripts/build-docs.sh --self-test
	SWIFT=$(SWIFT) scripts/build-docs.sh
test-api: test-docc
	python3 scripts/api-check.py --self-test
	SWIFT=$(SWIFT) SWIFT_BUILD_FLAGS="$(TEST_BUILD_FLAGS)" scripts/api-check.sh
# (+: the script runs make install, which shares this make's job slots instead of warning that it cannot.)
test-install: test-api
	+SWIFT=$(SWIFT) scripts/test-install.sh
test-units: test-install
	$(SWIFT) test --skip-build
test-fuzz:
	scripts/fuzz-protocol.sh --smoke 10
test-package: test-fuzz
	SWIFT=$(SWIFT) scripts/test-game-package.sh
test-docs: test-package
	scripts/test-docs.sh --self-test
	SWIFT=$(SWIFT) scripts/test-docs.sh --built

# The DocC reference of the libraries a game uses, as a static site in
# .build/docs/ (scripts/build-docs.sh; warnings are errors).
docs: deps
	SWIFT=$(SWIFT) scripts/build-docs.sh

# Rewrites every Swift file with the toolchain's swift-format (.swift-format).
format:
	scripts/format.sh

# The programs, Assets/ under share/duo, bash, zsh and fish completions and the
# manual pages (docs/INSTALL.md). A release build of everything takes minutes.
install: deps
	SWIFT=$(SWIFT) SWIFT_BUILD_FLAGS="$(SWIFT_BUILD_FLAGS)" scripts/install.sh --configuration "$(CONFIGURATION)" --prefix "$(PREFIX)" --destdir "$(DESTDIR)" $(PROGRAMS)

uninstall:
	scripts/install.sh --uninstall --prefix "$(PREFIX)" --destdir "$(DESTDIR)" $(PROGRAMS)

# The public API of the library products against the last release's commit
# (the `release` file): a break must be recorded in CHANGELOG.md (docs/RELEASING.md).
api-check: deps
	SWIFT=$(SWIFT) SWIFT_BUILD_FLAGS="$(TEST_BUILD_FLAGS)" scripts/api-check.sh

bench: deps
	$(SWIFT) run -c release duo-bench all

clean:
	rm -rf .build
