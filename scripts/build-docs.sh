#!/bin/sh
# Builds the reference documentation of the libraries a game developer uses
# (DocC, offline, warnings are errors) into a static site: one archive per
# module in .build/docs/<Module>, with .build/docs/index.html linking them.
# `make docs` runs it; `make test` runs it and its --self-test.
#
#   scripts/build-docs.sh              # every catalog below
#   scripts/build-docs.sh --self-test  # proves a broken link or a DocC warning fails the build
#
# The symbol graphs come from `swift package dump-symbol-graph` over
# `make test`'s own debug build (same flags, tests included), so under
# `make test` nothing is compiled a second time and nothing is invalidated:
# it costs the extraction and the conversions. Serve the site over HTTP (DocC's
# pages load their content with fetch, which file:// URLs refuse):
#   python3 -m http.server --directory .build/docs    # then open http://localhost:8000/
set -eu
SWIFT="${SWIFT:-swift}"
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/.build/docs"

# The modules documented, each with its catalog: the library products'
# modules a game uses. DuoClient has its own: the protocol's messages are its
# types, and DocC checks a symbol link only inside the module it documents.
catalogs="Sources/DuoSupport/DuoSupport.docc
Sources/DuoPlatform/DuoPlatform.docc
Sources/TabletopEngine/TabletopEngine.docc
Sources/DuoDesktop/DuoDesktop.docc
Server/DuoClient/DuoClient.docc
Server/DuoServerKit/DuoServerKit.docc"

fail() {
    echo "build-docs: $*" >&2
    exit 1
}

# The toolchain's docc, next to swift (or on PATH), unless DOCC names one.
find_docc() {
    if [ -n "${DOCC:-}" ]; then
        command -v "$DOCC" >/dev/null 2>&1 || fail "DOCC=$DOCC is not a program"
        echo "$DOCC"
        return
    fi
    swift_path="$(command -v "$SWIFT" 2>/dev/null)" || fail "no '$SWIFT' on PATH"
    for candidate in "$(dirname "$swift_path")/docc" "$(dirname "$(readlink -f "$swift_path")")/docc"; do
        if [ -x "$candidate" ]; then
            echo "$candidate"
            return
        fi
    done
    command -v docc 2>/dev/null || fail "no docc next to $swift_path or on PATH (it ships with the Swift toolchain)"
}

# One archive: convert MODULE's catalog with the symbol graphs in GRAPHS to
# OUTPUT, warnings as errors, laid out for a static web server that serves
# the archive under /MODULE/.
convert() {
    module="$1" catalog="$2" graphs="$3" output="$4"
    rm -rf "$output"
    "$docc" convert "$catalog" \
        --additional-symbol-graph-dir "$graphs" \
        --fallback-display-name "$module" \
        --fallback-bundle-identifier "duo.tabletop.$module" \
        --warnings-as-errors \
        --transform-for-static-hosting \
        --hosting-base-path "$module" \
        --output-path "$output"
}

# A tiny module, Tiny, with one documented struct, and its catalog: built as
# it is it must pass; with a broken symbol link in the doc comment or in the
# catalog, or a DocC warning in the catalog (a link to no article),
# it must fail, naming the fault. (The graph gives the comment a source
# file and line ranges, as the compiler's do: DocC reports problems in a doc
# comment only when it knows where the comment is.)
self_test() {
    work="$(mktemp -d)"
    trap 'rm -rf "$work"' EXIT
    mkdir -p "$work/graphs" "$work/Tiny.docc"
    write_graph() {
        cat >"$work/graphs/Tiny.symbols.json" <<EOF
{"metadata": {"formatVersion": {"major": 0, "minor": 6, "patch": 0}, "generator": "build-docs self-test"},
 "module": {"name": "Tiny", "platform": {"architecture": "x86_64", "operatingSystem": {"name": "linux"}}},
 "symbols": [{"kind": {"identifier": "swift.struct", "displayName": "Structure"},
   "identifier": {"precise": "s:4Tiny5TokenV", "interfaceLanguage": "swift"},
   "pathComponents": ["Token"], "names": {"title": "Token"},
   "location": {"uri": "file://$work/Token.swift", "position": {"line": 1, "character": 14}},
   "docComment": {"uri": "file://$work/Token.swift", "module": "Tiny",
     "lines": [{"range": {"start": {"line": 0, "character": 4}, "end": {"line": 0, "character": 30}}, "text": "A token; see $1."}]},
   "declarationFragments": [{"kind": "keyword", "spelling": "struct"}, {"kind": "text", "spelling": " "},
     {"kind": "identifier", "spelling": "Token"}],
   "accessLevel": "public"}],
 "relationships": []}
EOF
    }
    write_landing() {
        printf '# ``Tiny``\n\nA module for the self-test.\n\n## Topics\n\n- ``Token``\n%s\n' "$1" >"$work/Tiny.docc/Tiny.md"
    }
    expect() {
        case_name="$1" wanted="$2"
        if convert Tiny "$work/Tiny.docc" "$work/graphs" "$work/out" >"$work/log" 2>&1; then
            status=0
        else
            status=1
        fi
        case "$wanted" in
            pass)
                [ "$status" = 0 ] || { cat "$work/log" >&2; fail "self-test: $case_name failed, should pass"; } ;;
            *)
                [ "$status" = 1 ] || fail "self-test: $case_name passed, should fail"
                grep -q "$wanted" "$work/log" || { cat "$work/log" >&2; fail "self-test: $case_name failed without saying '$wanted'"; } ;;
        esac
        echo "build-docs self-test: $case_name: $( [ "$status" = 0 ] && echo passes || echo fails), as it should"
    }
    write_graph '``Token``'
    write_landing ''
    expect "a sound catalog" pass
    write_graph '``Tokne``'
    expect "a broken symbol link in a doc comment" "'Tokne' doesn't exist at '/Tiny/Token'"
    write_graph '``Token``'
    write_landing '- ``Tiny/Tokne``'
    expect "a broken symbol link in an article" "'Tokne' doesn't exist at '/Tiny'"
    write_landing '- <doc:NoSuchArticle>'
    expect "a link to a missing article" "'NoSuchArticle' doesn't exist"
}

docc="$(find_docc)"
if [ "${1:-}" = "--self-test" ]; then
    self_test
    exit 0
fi
[ $# = 0 ] || fail "unknown argument '$1' (use no argument, or --self-test)"

cd "$root"
mkdir -p "$out"
graphs_all="$(dirname "$("$SWIFT" build --show-bin-path)")/symbolgraph"
rm -rf "$graphs_all"
# `make test`'s build, as it is (a no-op there): dump-symbol-graph extracts
# the graph of every module of the package, the test modules too, and fails
# on one not built; other flags would make SwiftPM compile them all again.
flags="$(cat scripts/test-build-flags)" # make test's build flags: its build is reused
# shellcheck disable=SC2086 # the flags are words
"$SWIFT" build --build-tests $flags || fail "the build failed"
# shellcheck disable=SC2086
"$SWIFT" package $flags dump-symbol-graph >"$out/symbol-graphs.log" 2>&1 ||
    { cat "$out/symbol-graphs.log" >&2; fail "swift package dump-symbol-graph failed"; }

index="$out/index.html.new"
printf '<!doctype html>\n<meta charset="utf-8">\n<title>%s</title>\n<h1>%s</h1>\n<ul>\n' \
    "Duo tabletop engine reference" "Duo tabletop engine reference" >"$index"
# The conversions run at once: docc spends most of its time waiting, not
# computing (it fsyncs every file it writes; a few percent of a core on a
# loaded machine), so together they take a fraction of the time they take
# one after the other.
conversions=""
for catalog in $catalogs; do
    module="$(basename "$catalog" .docc)"
    graphs="$out/symbol-graphs/$module"
    rm -rf "$graphs"
    mkdir -p "$graphs"
    [ -f "$graphs_all/$module.symbols.json" ] || fail "no symbol graph for $module in $graphs_all"
    # The module's own graph and those of its extensions to other modules' types.
    cp "$graphs_all/$module.symbols.json" "$graphs"
    for extension in "$graphs_all/$module"@*.symbols.json; do
        [ -f "$extension" ] && cp "$extension" "$graphs"
    done
    convert "$module" "$catalog" "$graphs" "$out/$module" >"$out/$module.log" 2>&1 &
    conversions="$conversions $!:$catalog"
done
failed=""
for conversion in $conversions; do
    catalog="${conversion#*:}"
    module="$(basename "$catalog" .docc)"
    if wait "${conversion%%:*}"; then
        lower="$(echo "$module" | tr '[:upper:]' '[:lower:]')"
        printf '<li><a href="%s/documentation/%s/">%s</a></li>\n' "$module" "$lower" "$module" >>"$index"
        echo "build-docs: $module -> .build/docs/$module"
    else
        cat "$out/$module.log" >&2
        failed="$failed $catalog"
    fi
done
[ -z "$failed" ] || fail "DocC warnings or errors (above) in:$failed"
printf '</ul>\n' >>"$index"
mv "$index" "$out/index.html"
echo "build-docs: open .build/docs/index.html through a web server (python3 -m http.server --directory .build/docs)"
