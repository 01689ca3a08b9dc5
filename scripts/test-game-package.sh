#!/bin/sh
# Builds the game package of docs/GETTING_STARTED.md (Examples/NoughtsPackage,
# which depends on the engine by path and edits none of its files) and runs
# what a game developer would: its tests, a headless batch, the engine's search
# bot, networked matches against its own server, the lint of its
# HUD and an offscreen screenshot. Run by `make test`.
set -eu
SWIFT="${SWIFT:-swift}"
cd "$(dirname "$0")/../Examples/NoughtsPackage"
"$SWIFT" build --build-tests -Xswiftc -warnings-as-errors
"$SWIFT" test --skip-build
bin=.build/debug
"$bin/noughts-server" match --game noughts --bots smart,random --games 200 --quiet
# The engine's search plays the package's game through its one hook, and never loses to smart.
"$bin/noughts-server" match --bots mcts:400,smart --games 20 --quiet --expect 'winRate(1)<=0'
# Networked: 12 matches between real protocol clients and the package's own server, every move journaled.
"$bin/noughts-server" load --game noughts --concurrent 4 --matches 12 --think-ms 0 --ramp-ms 0 | grep -q "matches finished: 12 of 12, failed: 0"
# Every line those clients get holds to the engine's protocol schema and the package's own noughts.json, payloads included.
"$bin/noughts-server" load --game noughts --concurrent 4 --matches 12 --think-ms 0 --ramp-ms 0 --check-schemas >.build/schemas.out
grep -q "matches finished: 12 of 12, failed: 0" .build/schemas.out
grep -q "schemas: [1-9][0-9]* server lines checked" .build/schemas.out
# A schema that misnames a field of the views fails the run, and a game with no schema is refused rather than checked against nothing.
bad=.build/wrong-schema-assets
rm -rf "$bad" && mkdir -p "$bad/schemas"
ln -s "$PWD/Assets/games" "$bad/games"
ln -s "$PWD/Assets/schemas/protocol.json" "$bad/schemas/protocol.json"
sed 's/"toMove"/"nextSeat"/' Assets/schemas/noughts.json >"$bad/schemas/noughts.json"
if DUO_ASSETS="$bad" "$bin/noughts-server" load --game noughts --matches 2 --think-ms 0 --ramp-ms 0 --check-schemas >.build/wrong-schema.out; then
    echo "a schema that misnames toMove passed the load run" >&2
    exit 1
fi
grep -q "schema: .*toMove" .build/wrong-schema.out
rm "$bad/schemas/noughts.json"
if DUO_ASSETS="$bad" "$bin/noughts-server" load --game noughts --matches 2 --check-schemas 2>.build/no-schema.err; then
    echo "a load run with no schema for noughts checked its payloads against nothing" >&2
    exit 1
fi
grep -q "no schema for noughts" .build/no-schema.err
# The package's programs name themselves, not the engine's duo-server and duo.
"$bin/noughts-server" --help | grep -q "Run 'noughts-server <command> --help'"
"$bin/noughts-server" replay 2>&1 | grep -q "^noughts-server replay: error: "
"$bin/noughts" --help | grep -q "^noughts: "
"$bin/noughts-server" match --bots smart,random --games 10 --posture-walk --quiet
"$bin/noughts" lint
"$bin/noughts" screenshot --posture book --shots 4 --out .build/noughts-book.png
test -s .build/noughts-book.png
echo "the Noughts package builds, passes and plays"
