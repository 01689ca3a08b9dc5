#!/bin/sh
# The docs runner (docs/DOC_BLOCKS.md): every command in the docs is a test.
# Runs each ```console block of README.md, docs/*.md, Examples/README.md and the
# DocC articles in a scratch directory with the freshly built programs on PATH
# (duo, duo-server, duo-bench, the examples, noughts and noughts-server),
# comparing what each command prints with what the doc shows; fails on a
# command of the project that is neither run nor marked `<!-- not-run: REASON -->`,
# and on a flag or camelCase name in code voice that the project does not have.
# `make test` runs it (after the Noughts package's build) and its --self-test.
#
#   scripts/test-docs.sh                  # every doc
#   scripts/test-docs.sh docs/BOTS.md     # only these docs
#   scripts/test-docs.sh --self-test      # proves a stale output, name or flag and an unmarked command fail it
#   scripts/test-docs.sh --built          # make test: its own builds are done (and warn-free), so only their
#                                         # folders are asked for (the package's is its copy built by URL);
#                                         # that takes no lock on .build, so it runs while `swift test` holds it
set -eu
SWIFT="${SWIFT:-swift}"
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
if [ "${1:-}" = "--self-test" ]; then
    exec python3 scripts/test-docs.py --self-test
fi
built=""
if [ "${1:-}" = "--built" ]; then
    built=1
    shift
fi

fail() {
    echo "test-docs: $*" >&2
    exit 1
}

# make test's own builds, as they are (no-ops there: other flags would compile
# everything again). A build that warns fails here too: a clean build of the
# engine and of a package prints no warning.
flags="$(cat "$root/scripts/test-build-flags")" # make test's build flags
# shellcheck disable=SC2086 # (below) the flags are words
build() { # build DIR: builds the package in DIR, prints its folder of programs
    if [ -n "$built" ]; then
        (cd "$1" && "$SWIFT" build --build-tests $flags --show-bin-path)
        return
    fi
    log="$root/.build/test-docs-build.log"
    mkdir -p "$root/.build"
    (cd "$1" && "$SWIFT" build --build-tests $flags) >"$log" 2>&1 || { cat "$log" >&2; fail "the build of $1 failed"; }
    if grep -q "warning:" "$log"; then
        grep "warning:" "$log" >&2
        fail "the build of $1 warns"
    fi
    (cd "$1" && "$SWIFT" build --build-tests $flags --show-bin-path)
}
engine="$(build "$root")"
if [ -n "$built" ]; then
    # make test builds the package by git URL, in this copy of it (scripts/test-game-package.sh).
    package="$(build "$root/Examples/NoughtsPackage/.build/by-url/NoughtsPackage")"
else
    package="$(build "$root/Examples/NoughtsPackage")"
fi

only=""
for doc in "$@"; do
    only="$only --only $doc"
done
# shellcheck disable=SC2086 # one word per --only
exec python3 scripts/test-docs.py --bin "$engine" --bin "$package" $only
