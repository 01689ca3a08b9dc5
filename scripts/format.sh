#!/bin/sh
# The toolchain's swift-format over every Swift file of the repository, with
# the configuration in .swift-format (4 spaces, 150 columns).
#   scripts/format.sh          rewrites the files in place (`make format`)
#   scripts/format.sh --check  lints them strictly: any finding fails (`make test`)
set -eu
cd "$(dirname "$0")/.."
SWIFT_FORMAT="${SWIFT_FORMAT:-swift-format}"
# The files git knows, so build folders (.build, Examples/*/.build) are never read;
# outside a git checkout, every .swift file outside build folders.
files=$(git ls-files -- '*.swift' 2>/dev/null || find . -name '*.swift' -not -path '*/.build/*')
if [ -z "$files" ]; then
    echo "format.sh: no Swift files found" >&2
    exit 1
fi
case "${1:-}" in
    --check)
        # shellcheck disable=SC2086
        if ! "$SWIFT_FORMAT" lint --strict --parallel $files; then
            echo "swift-format found the findings above: run 'make format' and commit the result" >&2
            exit 1
        fi
        ;;
    "")
        # shellcheck disable=SC2086
        "$SWIFT_FORMAT" format --in-place --parallel $files
        # The guide shows the Noughts package's files byte for byte: show them as formatted.
        python3 scripts/sync-guide.py
        ;;
    *)
        echo "usage: scripts/format.sh [--check]" >&2
        exit 2
        ;;
esac
