#!/usr/bin/env bash
# Regenerates the pictures in docs/images/ with `duo screenshot` and `duo filmstrip` (offscreen,
# no display needed). Every screenshot is made with --check-texts: a text it draws cut, too
# small, across the fold or over another fails the script (known findings excepted, see `duo lint`).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product duo
swift build --product duo-server
duo=.build/debug/duo
server=.build/debug/duo-server
shot() { "$duo" screenshot --check-texts "$@" >/dev/null; }
for posture in closed flat book tent tabletop; do
  shot --posture "$posture" --shots 24 --seed 3 --out "docs/images/posture-$posture.png"
done
shot --posture tabletop --fold-position 0.25 --shots 24 --seed 3 --out docs/images/tabletop-fold-025.png
shot --posture tabletop --inner-camera --regions --shots 24 --seed 3 --out docs/images/regions-tabletop.png
shot --profile classic --posture flat --shots 24 --seed 3 --out docs/images/classic.png
shot --posture tabletop --hotkey-help --out docs/images/hotkeys.png
shot --pass-and-play --victory-photo --posture tabletop --seed 3 --out docs/images/victory-photo.png
shot --victory-photo --posture tent --seed 3 --out docs/images/victory-photo-tent.png
shot --pass-and-play --posture tent --shots 12 --seed 3 --out docs/images/two-seats-tent.png
shot --game minigolf --posture tabletop --in-flight 0.5 --seed 3 --out docs/images/golf-in-flight.png
# A match at a glance, one per game: each from a replay its bots play here (the Noughts package's with its own program).
replays=$(mktemp -d)
trap 'rm -rf "$replays"' EXIT
"$server" match --games 1 --seed 3 --replays "$replays/broadside" --quiet >/dev/null
"$duo" filmstrip --replay "$replays/broadside/match-000000.jsonl" --every 8 --scale 0.3 --out docs/images/filmstrip-broadside.png
"$server" match --game minigolf --bots aim,aim:easy --games 1 --seed 3 --replays "$replays/minigolf" --quiet >/dev/null
"$duo" filmstrip --replay "$replays/minigolf/match-000000.jsonl" --spectator --every 4 --posture book --scale 0.3 \
  --out docs/images/filmstrip-minigolf.png
(cd Examples/NoughtsPackage && swift build --product noughts && swift build --product noughts-server)
noughts=Examples/NoughtsPackage/.build/debug
"$noughts/noughts-server" match --bots smart,random --games 1 --seed 3 --replays "$replays/noughts" --quiet >/dev/null
"$noughts/noughts" filmstrip --replay "$replays/noughts/match-000000.jsonl" --posture flat --scale 0.3 \
  --out docs/images/filmstrip-noughts.png
