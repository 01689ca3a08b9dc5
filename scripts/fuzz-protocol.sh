#!/usr/bin/env bash
# Fuzzes the server's message decoding (line framing, the strict JSON
# parser, client and server message decoders) with libFuzzer for a bounded
# time. `make test` runs it for a few seconds (--smoke), so it cannot rot;
# run it longer by hand or in a nightly job.
#
#   scripts/fuzz-protocol.sh            # 60 seconds, optimised build
#   scripts/fuzz-protocol.sh 600        # ten minutes
#   scripts/fuzz-protocol.sh --smoke 10 # unoptimised build (quicker to compile), 10 seconds
#
# The build is reused while no source it compiles has changed. Crashing
# inputs are written to .build/fuzz/artifacts/; the corpus grows in
# .build/fuzz/corpus/ and is reused by the next run. Exit status 0 means no
# crash, no leak and no broken property in the time given.
set -euo pipefail

optimization=-O
if [ "${1:-}" = "--smoke" ]; then
    optimization=-Onone
    shift
fi
seconds="${1:-60}"
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/.build/fuzz"
build="$out/build$optimization"
mkdir -p "$out/corpus" "$out/artifacts" "$build"
# One package name for all, as SwiftPM gives: the modules share `package` declarations. Line
# tables are the debug info a crash report needs (full debug info costs about a tenth more to compile).
flags=(-sanitize=fuzzer,address "$optimization" -gline-tables-only -parse-as-library -swift-version 6 -package-name DuoTabletop -j "$(nproc)")

# TabletopEngine defines the seats and results the messages carry; it
# imports DuoSupport and the device simulator, DuoPlatform, which come first;
# the protocol's message types are the client module's (DuoClient, less its
# socket client). The same module order as Package.swift: when a target
# gains a dependency, add it here.
modules=(DuoSupport DuoPlatform TabletopEngine DuoClient)
module_sources() {
    case "$1" in
        DuoClient) find "$root/Server/DuoClient/Protocol" -name '*.swift' | sort ;;
        *) find "$root/Sources/$1" -name '*.swift' | sort ;;
    esac
}
module_folders=("$root/Sources/DuoSupport" "$root/Sources/DuoPlatform" "$root/Sources/TabletopEngine" "$root/Server/DuoClient/Protocol")
target_sources=("$root/Server/DuoNet/LineFramer.swift"
                $(find "$root/Server/DuoServerKit/Protocol" -name '*.swift' | sort)
                "$root/Server/Fuzz/ProtocolDecoderFuzzer.swift")
fuzzer="$build/protocol-fuzzer"
stale=1
if [ -x "$fuzzer" ]; then
    newer=$(find "${module_folders[@]}" "${target_sources[@]}" "$0" -newer "$fuzzer" -name '*' -type f | head -1)
    [ -z "$newer" ] && stale=0
fi
if [ "$stale" = 1 ]; then
    echo "building the fuzz target (${modules[*]} + protocol sources, instrumented, $optimization)..."
    libraries=()
    for module in "${modules[@]}"; do
        swiftc "${flags[@]}" -module-name "$module" -emit-library -static -emit-module \
            -emit-module-path "$build/$module.swiftmodule" -I "$build" \
            -o "$build/lib$module.a" \
            $(module_sources "$module")
        libraries=("-l$module" "${libraries[@]}")
    done
    swiftc "${flags[@]}" -module-name ProtocolFuzz -I "$build" -L "$build" "${libraries[@]}" \
        -o "$fuzzer" "${target_sources[@]}" 2> >(grep -v 'Cannot export local symbol' >&2)
else
    echo "the fuzz target is up to date ($fuzzer)"
fi

# Seeds: one of each message, so the fuzzer starts from the grammar.
seed() { printf '%s\n' "$2" > "$out/corpus/seed-$1"; }
seed hello '{"type":"hello","version":1,"client":"duo","match":"EU1-K7QF2M"}'
seed create '{"type":"create","game":"broadside","variant":"salvo","bot":"hunt","seat":1}'
seed join '{"type":"join","code":"K7QF2M"}'
seed resume '{"type":"resume","code":"K7QF2M","seat":0,"token":"0123456789abcdef0123456789abcdef"}'
seed move '{"type":"move","move":{"place":{"ship":0,"at":"A1","heading":"across"}}}'
seed fire '{"type":"move","move":{"fire":"J10"}}'
seed misc '{"type":"legal"}
{"type":"hint"}
{"type":"ping","x":[1,-2.5e3,true,false,null,"\u00e9\ud83d\ude00"]}'
seed view '{"type":"view","code":"K7QF2M","seat":0,"moves":3,"toMove":[1],"view":{"a":[1,2]}}'
seed ended '{"type":"ended","code":"K7QF2M","result":{"winner":1,"reason":"forfeit","scores":[3,4],"forfeitedBy":0}}'
seed error '{"type":"error","code":"wrongToken","message":"no","re":"resume"}'

echo "fuzzing for ${seconds}s..."
cd "$out"
"$fuzzer" -max_total_time="$seconds" -max_len=8192 -timeout=10 \
    -artifact_prefix="$out/artifacts/" -print_final_stats=1 "$out/corpus"
