#!/bin/sh
# Builds the game package of docs/GETTING_STARTED.md (Examples/NoughtsPackage,
# which depends on the engine by path and edits none of its files) and runs
# what a game developer would: its tests, a headless batch, the lint of its
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
"$bin/noughts-server" match --bots smart,random --games 10 --posture-walk --quiet
"$bin/noughts" lint
"$bin/noughts" screenshot --posture book --shots 4 --out .build/noughts-book.png
test -s .build/noughts-book.png
echo "the Noughts package builds, passes and plays"
