#!/bin/sh
# `make api-check`, a step of `make test`: the public API of the library
# products against the last release's commit (the `release` file), by
# `swift package diagnose-api-breaking-changes`; a break that CHANGELOG.md's
# next entry does not name under Changed or Removed fails it, naming the
# break and where to record it (docs/RELEASING.md, "Breaking the public API").
#
# The baseline's API is made once per clone, in .build/api-baseline/COMMIT/,
# by scripts/api-baseline.py from a checkout of the release commit (its library
# modules type-checked, not the whole package built and linked; SwiftPM builds
# it itself when that script cannot). The current side is the checkout's own
# debug build, with make test's flags (SWIFT_BUILD_FLAGS), so under make test
# nothing is compiled again.
set -eu
SWIFT="${SWIFT:-swift}"
SWIFT_BUILD_FLAGS="${SWIFT_BUILD_FLAGS:-}"
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
fail() {
    echo "api-check: $*" >&2
    exit 1
}

version="$(sed -n 's/^version //p' release)"
commit="$(sed -n 's/^commit //p' release)"
[ -n "$version" ] && [ -n "$commit" ] || fail "the release file names no 'version' and 'commit'"
git cat-file -e "$commit^{commit}" 2>/dev/null ||
    fail "the last release's commit $commit ($version) is not in this clone's history (a shallow clone?): git fetch --unshallow"

baselines="$root/.build/api-baseline"
baseline="$baselines/$commit"
# ($baseline/swiftpm marks a baseline api-baseline.py cannot make: SwiftPM's own files are kept there.)
if [ ! -f "$baseline/modules" ] && [ ! -f "$baseline/swiftpm" ]; then
    started=$(date +%s)
    source="$baselines/source-$commit"
    rm -rf "$baseline" "$source"
    mkdir -p "$baseline" "$source"
    git archive "$commit" | tar -x -C "$source"
    status=0
    SWIFT="$SWIFT" python3 scripts/api-baseline.py "$source" "$baseline" >"$baselines/modules.new" || status=$?
    rm -rf "$source"
    case "$status" in
        0) mv "$baselines/modules.new" "$baseline/modules"
            echo "api-check: the API of $version ($commit) in $(($(date +%s) - started)) s: $(cat "$baseline/modules")" ;;
        3) rm -f "$baselines/modules.new" && touch "$baseline/swiftpm" ;; # SwiftPM builds the baseline below, once
        *) rm -rf "$baseline" "$baselines/modules.new"
            fail "could not make the API of $version ($commit)" ;;
    esac
fi

# The modules compared: the current library products' that the release had. A module new
# since then has no API to break; one the release had and the checkout has not is a break.
current="$("$SWIFT" package dump-package | python3 scripts/api-check.py --library-modules -)"
if [ -f "$baseline/modules" ]; then
    compared="" removed=""
    for module in $(cat "$baseline/modules"); do
        case " $current " in
            *" $module "*) compared="$compared $module" ;;
            *) removed="$removed $module" ;;
        esac
    done
else
    compared="$current" removed=""
fi

log="$baselines/api-check.log"
status=0
# shellcheck disable=SC2086 # flags and module names are words
"$SWIFT" package $SWIFT_BUILD_FLAGS diagnose-api-breaking-changes "$commit" --targets $compared --baseline-dir "$baselines" \
    >"$log" 2>&1 || status=$?
for module in $removed; do
    printf '1 breaking change detected in %s:\n  API breakage: module %s has been removed\n' "$module" "$module" >>"$log"
done
if [ "$status" != 0 ] && ! grep -q "API breakage: " "$log"; then
    tail -40 "$log" >&2
    fail "swift package diagnose-api-breaking-changes failed without naming a break (above; the whole output is in $log)"
fi
python3 scripts/api-check.py "$log" CHANGELOG.md "$version" || fail "see above; compared with $version ($commit)"
echo "api-check: the public API of$compared holds to $version ($commit) and CHANGELOG.md"
