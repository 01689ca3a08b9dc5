#!/bin/sh
# `make install` into a scratch DESTDIR (outside the checkout, so no Assets
# folder lies above it), then what a user does with the installed programs,
# run from there with no DUO_ASSETS: a headless batch, an offscreen
# screenshot, --version, every manual page through mandoc's and groff's lint
# and man, completions in bash, zsh and fish (scripts/test-completions.py);
# then `make uninstall` must leave no file behind. Run by `make test`, which
# installs its own debug build (CONFIGURATION=debug, with its flags, so nothing
# is compiled again); `make install` itself installs a release build.
set -eu
SWIFT="${SWIFT:-swift}"
root="$(cd "$(dirname "$0")/.." && pwd)"
stage="$(mktemp -d "${TMPDIR:-/tmp}/duo-install-test.XXXXXX")"
trap 'rm -rf "$stage"' EXIT
prefix=/opt/duo
fail() {
    echo "test-install: $*" >&2
    exit 1
}

make -C "$root" --no-print-directory install SWIFT="$SWIFT" CONFIGURATION=debug SWIFT_BUILD_FLAGS="$(cat "$root/scripts/test-build-flags")" \
    DESTDIR="$stage" PREFIX="$prefix" >"$stage/install.log" 2>&1 || { cat "$stage/install.log" >&2; fail "make install failed"; }
installed="$stage$prefix"
bin="$installed/bin"
for program in duo duo-server duo-bench; do
    for file in "bin/$program" "share/bash-completion/completions/$program" "share/zsh/site-functions/_$program" \
        "share/fish/vendor_completions.d/$program.fish" "share/man/man1/$program.1"; do
        [ -s "$installed/$file" ] || fail "make install left no $prefix/$file"
    done
done
[ -x "$installed/bin/duo-server-launch" ] || fail "make install left no $prefix/bin/duo-server-launch"
[ -f "$installed/share/duo/profiles/duo.json" ] || fail "no Assets in $prefix/share/duo"

# The installed programs, from a folder with no Assets, find theirs under the prefix.
cd "$stage"
unset DUO_ASSETS
"$bin/duo-server" match --games 10 --quiet >"$stage/match.out" || fail "duo-server match failed: $(cat "$stage/match.out")"
grep -q "10 matches" "$stage/match.out" || fail "duo-server match played no 10 matches: $(cat "$stage/match.out")"
SDL_VIDEODRIVER=offscreen SDL_RENDER_DRIVER=software SDL_AUDIODRIVER=dummy XDG_STATE_HOME="$stage/state" \
    "$bin/duo" screenshot --posture book --out "$stage/book.png" >/dev/null
[ -s "$stage/book.png" ] || fail "duo screenshot wrote no picture"
version="$("$bin/duo-server" --version)"
case "$version" in "duo-server "[0-9]*.[0-9]*.[0-9]*) ;; *) fail "duo-server --version printed '$version'" ;; esac
[ "$("$bin/duo" --version)" = "duo ${version#duo-server }" ] || fail "duo --version is not duo-server's version"

# Every page is clean to both linters and renders under man with its name at the top.
for page in "$installed"/share/man/man1/*.1; do
    lint="$(mandoc -T lint "$page" 2>&1 || true)"
    [ -z "$lint" ] || fail "mandoc -T lint $page: $lint"
    warnings="$(groff -ww -man -z "$page" 2>&1)"
    [ -z "$warnings" ] || fail "groff -ww $page: $warnings"
    title="$(basename "$page" .1 | tr '[:lower:]' '[:upper:]')"
    MANWIDTH=80 man -l "$page" 2>"$stage/man.err" | head -1 | grep -q "^$title(1) " || fail "man -l $page shows no $title(1) header"
    [ ! -s "$stage/man.err" ] || fail "man -l $page: $(cat "$stage/man.err")"
done

python3 "$root/scripts/test-completions.py" "$installed" engine

# Without the installed Assets the same program fails, saying where it looked: it used those.
mv "$installed/share/duo" "$stage/moved-assets"
if "$bin/duo-server" match --games 1 --quiet >/dev/null 2>"$stage/no-assets.err"; then
    fail "duo-server match ran with its installed Assets moved away: it found others"
fi
grep -q "no Assets directory found" "$stage/no-assets.err" || fail "no-assets error: $(cat "$stage/no-assets.err")"
mv "$stage/moved-assets" "$installed/share/duo"

make -C "$root" --no-print-directory uninstall DESTDIR="$stage" PREFIX="$prefix" >/dev/null
left="$(find "$installed" -type f | head -5)"
[ -z "$left" ] || fail "make uninstall left files behind: $left"
echo "test-install: make install and make uninstall under a scratch DESTDIR; the installed programs ran from there"
