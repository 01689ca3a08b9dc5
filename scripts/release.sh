#!/bin/sh
# The steps of a release that edit files (docs/RELEASING.md has them all):
#
#   scripts/release.sh prepare 0.2.0   # the release commit: CHANGELOG.md's Unreleased entry becomes
#                                      # "## [0.2.0] - today" under a new empty one, and the
#                                      # compiled version (EngineVersion.current) becomes 0.2.0
#   scripts/release.sh record          # after that commit: the `release` file names it (version
#                                      # and commit), and the compiled version becomes 0.2.1-dev
#   scripts/release.sh tag             # tags the `release` file's commit with its version,
#                                      # in a clone that has no tags (tags may not travel)
#
# Each step checks what it needs and changes nothing when it fails; review the
# changes (git diff) and commit them yourself.
set -eu
root="$(cd "$(dirname "$0")/.." && pwd)"
version_file="$root/Sources/DuoSupport/EngineVersion.swift"
fail() {
    echo "release: $*" >&2
    exit 1
}
semver() { echo "$1" | grep -Eq '^[0-9]+\.[0-9]+\.[0-9]+$'; }
released() { sed -n 's/^version //p' "$root/release"; }
released_commit() { sed -n 's/^commit //p' "$root/release"; }
compiled() { sed -n 's/^    public static let current = "\(.*\)"$/\1/p' "$version_file"; }
newest() { sed -n 's/^## \[\([0-9][^]]*\)\] - .*/\1/p' "$root/CHANGELOG.md" | head -1; }
# Whether version $1 is newer than $2 (both X.Y.Z).
newer() { [ "$1" != "$2" ] && [ "$(printf '%s\n%s\n' "$1" "$2" | sort -t. -k1,1n -k2,2n -k3,3n | tail -1)" = "$1" ]; }
next_dev() { echo "$1" | awk -F. '{ printf "%d.%d.%d-dev\n", $1, $2, $3 + 1 }'; }
# Sets the compiled version to $1, and every mention of the old one in the docs that show
# what the programs print (docs/RELEASING.md's examples of the rule stay as they are).
set_compiled() {
    old="$(compiled)"
    [ -n "$old" ] || fail "no 'public static let current = \"...\"' line in $version_file"
    sed -i "s/^    public static let current = \".*\"$/    public static let current = \"$1\"/" "$version_file"
    grep -rlF "$old" "$root/README.md" "$root/docs" 2>/dev/null | grep -v '/docs/RELEASING\.md$' | while read -r doc; do
        sed -i "s/$(echo "$old" | sed 's/[.]/\\./g')/$1/g" "$doc"
    done
}

case "${1:-}" in
    prepare)
        version="${2:-}"
        semver "$version" || fail "prepare takes the new version X.Y.Z, not '$version'"
        newer "$version" "$(released)" || fail "$version is not newer than the last release, $(released)"
        [ "$(newest)" = "$(released)" ] || fail "CHANGELOG.md already releases $(newest): record it first (scripts/release.sh record)"
        unreleased="$(sed -n '/^## \[Unreleased\]/,/^## \[[0-9]/p' "$root/CHANGELOG.md" | grep -c '^- ' || true)"
        [ "$unreleased" -gt 0 ] || fail "## [Unreleased] in CHANGELOG.md lists nothing to release"
        sed -i "s/^## \[Unreleased\]$/## [Unreleased]\n\n## [$version] - $(date -u +%Y-%m-%d)/" "$root/CHANGELOG.md"
        set_compiled "$version"
        echo "release: CHANGELOG.md releases $version ($unreleased lines) and the build is $version; run make test, commit, then scripts/release.sh record"
        ;;
    record)
        version="$(newest)"
        [ "$version" != "$(released)" ] || fail "CHANGELOG.md's newest version, $version, is already the release file's"
        [ "$(compiled)" = "$version" ] || fail "the build is $(compiled), not $version: commit the release first (scripts/release.sh prepare)"
        git -C "$root" diff --quiet HEAD -- CHANGELOG.md "$version_file" || fail "commit the release's changes first"
        commit="$(git -C "$root" rev-parse HEAD)"
        sed -i "s/^version .*/version $version/; s/^commit .*/commit $commit/" "$root/release"
        set_compiled "$(next_dev "$version")"
        echo "release: the release file names $version at $commit; the build is $(compiled); commit, then scripts/release.sh tag"
        ;;
    tag)
        version="$(released)" commit="$(released_commit)"
        git -C "$root" cat-file -e "$commit^{commit}" 2>/dev/null || fail "the release commit $commit is not in this clone: fetch its history"
        if existing="$(git -C "$root" rev-parse -q --verify "refs/tags/$version^{commit}")"; then
            [ "$existing" = "$commit" ] || fail "tag $version already names $existing, not the release file's $commit"
            echo "release: tag $version already names $commit"
        else
            git -C "$root" tag -a "$version" "$commit" -m "Duo tabletop engine $version"
            echo "release: tagged $commit as $version (git push origin $version to publish it)"
        fi
        ;;
    *)
        fail "usage: scripts/release.sh prepare X.Y.Z | record | tag"
        ;;
esac
