#!/usr/bin/env bash
# Draws the sprites that ship in Assets/sprites/ with ImageMagick (scripts/install-deps.sh
# --desktop-tools installs it). The PNGs are committed, so a build never needs this script;
# run it after changing the art here. The same input always gives the same bytes
# (no dates or times in the files).
#
# Broadside ships: 96 pixels per cell, more than a cell shows at usual window scales, so the
# front end only ever scales them down (linearly, from the nearest halved copy). The white
# deck is tinted with the seat's colour when drawn, the greys (rim, bridge, guns) darken it.
# One image per length and heading: ship-<length>-across.png and ship-<length>-down.png
# (the down image is the across one turned a quarter clockwise: bow at the bottom).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v convert >/dev/null || { echo "error: ImageMagick's convert is needed (scripts/install-deps.sh --desktop-tools)" >&2; exit 1; }

out=Assets/sprites
# No dates, no times, no comments: the files depend on this script only.
deterministic=(-strip -define png:exclude-chunks=date,time -define png:compression-level=9)
cell=96

for length in 2 3 4 5; do
  w=$((cell * length)); h=$cell
  # The hull: a rounded stern on the left, a pointed bow on the right, 16 pixels from the cell's edges.
  hull="M 34,16 L $((w - 60)),16 Q $((w - 14)),18 $((w - 6)),48 Q $((w - 14)),78 $((w - 60)),80 L 34,80 Q 14,80 14,60 L 14,36 Q 14,16 34,16 Z"
  # The deck: the hull's shape again, 10 pixels inside it.
  deck="M 40,26 L $((w - 64)),26 Q $((w - 30)),28 $((w - 22)),48 Q $((w - 30)),68 $((w - 64)),70 L 40,70 Q 24,70 24,56 L 24,40 Q 24,26 40,26 Z"
  # The bridge: a block amidships, longer on longer ships.
  bridge_w=$((cell * length * 30 / 100)); bridge_x=$(((w - bridge_w) / 2 - 8))
  draw=(-fill '#C8C8C8' -stroke '#4A4A4A' -strokewidth 4 -draw "path '$hull'"
        -fill white -stroke none -draw "path '$deck'"
        -fill '#8A8A8A' -draw "roundrectangle $bridge_x,36 $((bridge_x + bridge_w)),60 6,6")
  # Guns: one turret per cell past the first two, fore and aft of the bridge.
  turret_fore=$((bridge_x + bridge_w + 26)); turret_aft=$((bridge_x - 26))
  draw+=(-fill '#5C5C5C' -draw "circle $turret_fore,48 $((turret_fore + 11)),48"
         -stroke '#5C5C5C' -strokewidth 6 -draw "line $turret_fore,48 $((turret_fore + 26)),48" -stroke none)
  if [ "$length" -ge 3 ]; then
    draw+=(-fill '#5C5C5C' -draw "circle $turret_aft,48 $((turret_aft + 11)),48"
           -stroke '#5C5C5C' -strokewidth 6 -draw "line $turret_aft,48 $((turret_aft - 26)),48" -stroke none)
  fi
  convert -size "${w}x${h}" xc:none "${draw[@]}" "${deterministic[@]}" "PNG32:$out/broadside/ship-$length-across.png"
  convert "$out/broadside/ship-$length-across.png" -rotate 90 "${deterministic[@]}" "PNG32:$out/broadside/ship-$length-down.png"
done

# Mini golf's ball: white with a shaded side and dimples, 64 pixels across, drawn as is (no tint).
convert -size 64x64 xc:none \
  -fill '#C9CED6' -draw "circle 32,32 32,2" \
  -fill white -draw "circle 28,28 28,4" \
  -fill '#E3E6EB' -draw "circle 22,34 24,34" -draw "circle 34,22 36,22" -draw "circle 38,38 40,38" -draw "circle 26,46 28,46" \
  -draw "circle 46,28 48,28" -draw "circle 18,22 20,22" \
  "${deterministic[@]}" "PNG32:$out/minigolf/ball.png"

# The flag on its pole: 56x92 pixels for 14x23 points of the course (4 pixels a point);
# the pole's foot, the cup's centre, is at the bottom, 4 pixels from the left edge.
convert -size 56x92 xc:none \
  -fill '#F2F2F2' -stroke '#9A9A9A' -strokewidth 1 -draw "rectangle 2,4 6,91" -stroke none \
  -fill '#E04A3A' -draw "polygon 6,4 54,20 6,36" \
  -fill '#B8372A' -draw "polygon 6,24 54,20 6,36" \
  "${deterministic[@]}" "PNG32:$out/minigolf/flag.png"

ls -l "$out"/broadside "$out"/minigolf
