#!/usr/bin/env bash
# Regenerates the pictures in docs/images/ with `duo screenshot` (offscreen, no display needed).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product duo
duo=.build/debug/duo
for posture in closed flat book tent tabletop; do
  "$duo" screenshot --posture "$posture" --shots 24 --seed 3 --out "docs/images/posture-$posture.png"
done
"$duo" screenshot --posture tabletop --fold-position 0.25 --shots 24 --seed 3 --out docs/images/tabletop-fold-025.png
"$duo" screenshot --posture tabletop --inner-camera --regions --shots 24 --seed 3 --out docs/images/regions-tabletop.png
"$duo" screenshot --profile classic --posture flat --shots 24 --seed 3 --out docs/images/classic.png
"$duo" screenshot --posture tabletop --hotkey-help --out docs/images/hotkeys.png
"$duo" screenshot --pass-and-play --victory-photo --posture tabletop --seed 3 --out docs/images/victory-photo.png
"$duo" screenshot --victory-photo --posture tent --seed 3 --out docs/images/victory-photo-tent.png
"$duo" screenshot --pass-and-play --posture tent --shots 12 --seed 3 --out docs/images/two-seats-tent.png
