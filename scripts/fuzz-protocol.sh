#!/usr/bin/env bash
# Fuzzes the server's message decoding (line framing, the strict JSON
# parser, client and server message decoders) with libFuzzer for a bounded
# time. Not part of `make test`: run it by hand or in a nightly job.
#
#   scripts/fuzz-protocol.sh            # 60 seconds
#   scripts/fuzz-protocol.sh 600        # ten minutes
#
# Crashing inputs are written to .build/fuzz/artifacts/; the corpus grows in
# .build/fuzz/corpus/ and is reused by the next run. Exit status 0 means no
# crash, no leak and no broken property in the time given.
set -euo pipefail

seconds="${1:-60}"
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/.build/fuzz"
mkdir -p "$out/corpus" "$out/artifacts"
flags=(-sanitize=fuzzer,address -O -g -parse-as-library -swift-version 6)

echo "building the fuzz target (TabletopEngine + protocol sources, instrumented)..."
# TabletopEngine defines the seats and results the messages carry.
swiftc "${flags[@]}" -module-name TabletopEngine -emit-library -static -emit-module \
    -emit-module-path "$out/TabletopEngine.swiftmodule" \
    -o "$out/libTabletopEngine.a" \
    $(find "$root/Sources/TabletopEngine" -name '*.swift' | sort)
swiftc "${flags[@]}" -module-name ProtocolFuzz -I "$out" -L "$out" -lTabletopEngine \
    -o "$out/protocol-fuzzer" \
    "$root/Server/DuoNet/LineFramer.swift" \
    $(find "$root/Server/DuoServerKit/Protocol" -name '*.swift' | sort) \
    "$root/Server/Fuzz/ProtocolDecoderFuzzer.swift" 2> >(grep -v 'Cannot export local symbol' >&2)

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
seed ended '{"type":"ended","code":"K7QF2M","result":{"winner":1,"reason":"forfeit","shots":[3,4],"forfeitedBy":0}}'
seed error '{"type":"error","code":"wrongToken","message":"no","re":"resume"}'

echo "fuzzing for ${seconds}s..."
cd "$out"
./protocol-fuzzer -max_total_time="$seconds" -max_len=8192 -timeout=10 \
    -artifact_prefix="$out/artifacts/" -print_final_stats=1 "$out/corpus"
