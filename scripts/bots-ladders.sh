#!/bin/sh
# Remakes the three ladder tables of docs/BOTS.md (Broadside, mini golf, the
# Noughts package): release builds of duo-server and of the package's
# noughts-server, then scripts/ladder.py for each game, written between the
# game's <!-- ladder NAME --> lines. Minutes of CPU: run it under nice.
set -eu
SWIFT="${SWIFT:-swift}"
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
"$SWIFT" build -c release --product duo-server
server="$root/.build/release/duo-server"
(cd Examples/NoughtsPackage && "$SWIFT" build -c release --product noughts-server)
noughts="$root/Examples/NoughtsPackage/.build/release/noughts-server"
scripts/ladder.py --program "$server" --game broadside \
    --bots random,hunt,density-v1,density,lookahead,sweep,mcts --games 200 --write-into docs/BOTS.md
scripts/ladder.py --program "$server" --game minigolf \
    --bots random,aim:easy,aim:medium,aim:hard,aim,mcts --games 100 --write-into docs/BOTS.md
(cd Examples/NoughtsPackage && "$root/scripts/ladder.py" --program "$noughts" --game noughts \
    --bots random,smart,mcts --games 1000 --write-into "$root/docs/BOTS.md")
