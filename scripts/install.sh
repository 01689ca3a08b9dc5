#!/bin/sh
# Installs (or uninstalls) a package's programs built on the Duo engine: the
# programs in PREFIX/bin, the package's Assets in PREFIX/share/NAME (where the
# installed programs find them, with no DUO_ASSETS), and for each program its
# bash, zsh and fish completions and its manual page, which the installed
# program generates from its own option declarations. `make install` and
# `make uninstall` run it for the engine's duo, duo-server and duo-bench; a
# game package runs it from its checkout of the engine (docs/INSTALL.md):
#
#   scripts/install.sh [--package DIR] [--configuration release|debug] [--prefix PREFIX]
#                      [--destdir DESTDIR] [--name NAME] PROGRAM...
#   scripts/install.sh --uninstall [--prefix PREFIX] [--destdir DESTDIR] [--name NAME] PROGRAM...
#
# --package: the package to build and install from (default: the current folder).
# --configuration: the build (default release); make test installs its debug build.
# --prefix: default /usr/local. --destdir: a staging root put before the prefix
# (packagers' DESTDIR; the programs then run from there too).
# --name: the folder under share/ (default: the first program's name without
# -server or -bench, as the programs look for it: InstallLayout in DuoSupport).
# SWIFT names the swift program; SWIFT_BUILD_FLAGS are added to `swift build`
# (make test passes its own, so its build is reused, not redone).
set -eu
SWIFT="${SWIFT:-swift}"
SWIFT_BUILD_FLAGS="${SWIFT_BUILD_FLAGS:-}"

fail() {
    echo "install: $*" >&2
    exit 1
}

uninstall=false package=. configuration=release prefix=/usr/local destdir="" name=""
while [ $# -gt 0 ]; do
    case "$1" in
        --uninstall) uninstall=true ;;
        --package) package="$2" && shift ;;
        --configuration) configuration="$2" && shift ;;
        --prefix) prefix="$2" && shift ;;
        --destdir) destdir="$2" && shift ;;
        --name) name="$2" && shift ;;
        --*) fail "unknown option $1" ;;
        *) break ;;
    esac
    shift
done
[ $# -gt 0 ] || fail "no program named (scripts/install.sh [options] PROGRAM...)"
case "$configuration" in release | debug) ;; *) fail "--configuration is release or debug, not '$configuration'" ;; esac
case "$prefix" in /*) ;; *) fail "--prefix must be an absolute path, not '$prefix'" ;; esac
if [ -z "$name" ]; then
    name="${1%-server}"
    name="${name%-bench}"
fi
case "$name" in *[!A-Za-z0-9._-]* | "" | . | ..) fail "--name '$name' is not a plain folder name" ;; esac
root="$destdir$prefix"

# Every file a program installs, relative to the root (the same paths as
# CompletionScript.installPath and ManualPage.installPath). A launcher
# (NAME-launch, e.g. duo-server-launch: it runs the program beside it, named
# by its own name without -launch) has no options of its own, so no
# completions and no page: only bin/NAME-launch.
files_of() {
    echo "bin/$1"
    case "$1" in *-launch) return ;; esac
    echo "share/bash-completion/completions/$1"
    echo "share/zsh/site-functions/_$1"
    echo "share/fish/vendor_completions.d/$1.fish"
    echo "share/man/man1/$1.1"
}

if $uninstall; then
    for program in "$@"; do
        for file in $(files_of "$program"); do
            rm -f "$root/$file"
        done
    done
    rm -rf "${root:?}/share/$name"
    echo "install: removed $* and share/$name from $root"
    exit 0
fi

cd "$package"
[ -d Assets ] || fail "no Assets folder in $(pwd): the programs would find no profiles or game data"
for program in "$@"; do
    # shellcheck disable=SC2086 # the flags are words
    "$SWIFT" build -c "$configuration" --product "$program" $SWIFT_BUILD_FLAGS
done
# shellcheck disable=SC2086
bin="$("$SWIFT" build -c "$configuration" --show-bin-path $SWIFT_BUILD_FLAGS)"

# The date of the manual pages: the last commit's when there is one (the same
# pages for the same source), else today's.
if [ -z "${SOURCE_DATE_EPOCH:-}" ] && command -v git >/dev/null 2>&1 && epoch="$(git log -1 --format=%ct 2>/dev/null)"; then
    SOURCE_DATE_EPOCH="$epoch"
    export SOURCE_DATE_EPOCH
fi

mkdir -p "$root/bin" "$root/share/bash-completion/completions" "$root/share/zsh/site-functions" \
    "$root/share/fish/vendor_completions.d" "$root/share/man/man1"
# The Assets, links followed (a game package's may link into the engine's own).
rm -rf "${root:?}/share/$name"
mkdir -p "$root/share/$name"
cp -RL Assets/. "$root/share/$name/"
for program in "$@"; do
    [ -x "$bin/$program" ] || fail "no program $bin/$program after the build"
    cp "$bin/$program" "$root/bin/$program.new"
    chmod 755 "$root/bin/$program.new"
    mv -f "$root/bin/$program.new" "$root/bin/$program"
    case "$program" in *-launch) continue ;; esac
    # The installed program writes its own completions and page: it finds its Assets under the root.
    for shell in bash zsh fish; do
        case "$shell" in
            bash) target="share/bash-completion/completions/$program" ;;
            zsh) target="share/zsh/site-functions/_$program" ;;
            fish) target="share/fish/vendor_completions.d/$program.fish" ;;
        esac
        "$root/bin/$program" --generate-completion-script "$shell" >"$root/$target"
    done
    "$root/bin/$program" --generate-manual >"$root/share/man/man1/$program.1"
done
echo "install: $* ($configuration) in $root/bin, Assets in $root/share/$name, completions and manual pages under $root/share"
