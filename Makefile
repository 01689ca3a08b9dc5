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

.PHONY: play test deps build docs bench format clean install uninstall api-check

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
# runs it for 10 seconds (so it cannot rot), checks the public API against the
# last release (the matching's self-test first), installs this build into a
# scratch folder and uses it from there, builds and runs the game package of
# docs/GETTING_STARTED.md, by git URL and version and by path, then runs every
# command of the docs (scripts/test-docs.sh, after its self-test;
# docs/DOC_BLOCKS.md).
test: deps
	scripts/format.sh --check
	$(SWIFT) build --build-tests -Xswiftc -warnings-as-errors
	SWIFT=$(SWIFT) scripts/build-docs.sh --self-test
	SWIFT=$(SWIFT) scripts/build-docs.sh
	$(SWIFT) test --skip-build
	scripts/fuzz-protocol.sh --smoke 10
	python3 scripts/api-check.py --self-test
	SWIFT=$(SWIFT) SWIFT_BUILD_FLAGS="-Xswiftc -warnings-as-errors" scripts/api-check.sh
	SWIFT=$(SWIFT) scripts/test-install.sh
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

# The programs, Assets/ under share/duo, bash, zsh and fish completions and the
# manual pages (docs/INSTALL.md). A release build of everything takes minutes.
install: deps
	SWIFT=$(SWIFT) SWIFT_BUILD_FLAGS="$(SWIFT_BUILD_FLAGS)" scripts/install.sh --configuration "$(CONFIGURATION)" --prefix "$(PREFIX)" --destdir "$(DESTDIR)" $(PROGRAMS)

uninstall:
	scripts/install.sh --uninstall --prefix "$(PREFIX)" --destdir "$(DESTDIR)" $(PROGRAMS)

# The public API of the library products against the last release's commit
# (the `release` file): a break must be recorded in CHANGELOG.md (docs/RELEASING.md).
api-check: deps
	SWIFT=$(SWIFT) SWIFT_BUILD_FLAGS="-Xswiftc -warnings-as-errors" scripts/api-check.sh

bench: deps
	$(SWIFT) run -c release duo-bench all

clean:
	rm -rf .build
