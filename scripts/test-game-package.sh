#!/bin/sh
# Builds the game package of docs/GETTING_STARTED.md (Examples/NoughtsPackage,
# which depends on the engine by path and edits none of its files) and runs
# what a game developer would: its tests, a headless batch, the engine's search
# bot, networked matches against its own server, the lint of its
# HUD and offscreen screenshots of its one table against a bot, with two
# people and in replays. Run by `make test`.
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
"$bin/noughts-server" match --bots smart,random --games 10 --posture-walk --quiet
"$bin/noughts" lint
"$bin/noughts" screenshot --posture book --shots 4 --out .build/noughts-book.png
test -s .build/noughts-book.png
# The one view-painted table on every surface: against the bot (above), two people, and a replay as a seat and as a spectator.
"$bin/noughts" screenshot --pass-and-play --shots 3 --out .build/noughts-two.png
rm -rf .build/replays
"$bin/noughts-server" match --bots smart,random --games 1 --replays .build/replays --quiet >/dev/null
"$bin/noughts" screenshot --replay .build/replays/match-000000.jsonl --move 3 --out .build/noughts-replay.png
"$bin/noughts" screenshot --replay .build/replays/match-000000.jsonl --spectator --move 3 --out .build/noughts-spectator.png
test -s .build/noughts-two.png && test -s .build/noughts-replay.png && test -s .build/noughts-spectator.png
echo "the Noughts package builds, passes and plays"
