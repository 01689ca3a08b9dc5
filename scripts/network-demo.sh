#!/usr/bin/env bash
# Networked play for real, with no display of your own: `duo-server serve` in
# the background, two `duo --connect` windows and a spectator under Xvfb,
# clicks and keys sent with xdotool, the server killed (-9) and restarted
# mid-match. Writes the pictures of docs/DESKTOP.md ("Networked play") to
# docs/images/network-*.png. Needs xvfb, xdotool and imagemagick
# (apt-get install xvfb xdotool imagemagick). Not part of `make test`.
#
#   scripts/network-demo.sh            # pictures into docs/images
#   OUT=/tmp/shots scripts/network-demo.sh
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ "${1:-}" != "--inside" ]]; then
  swift build --product duo >/dev/null
  swift build --product duo-server >/dev/null
  exec xvfb-run -a -s "-screen 0 2000x1000x24" "$0" --inside
fi

bin=$(swift build --show-bin-path)
out=${OUT:-docs/images}
mkdir -p "$out"
work=$(mktemp -d)
port=${PORT:-17461}
# Every process started here, by id (windows start in subshells, so in a file).
cleanup() {
  while read -r pid; do kill "$pid" 2>/dev/null || true; done <"$work/pids"
  rm -rf "$work"
}
touch "$work/pids"
trap cleanup EXIT
export SDL_AUDIODRIVER=dummy DUO_ASSETS=$PWD/Assets

serve() {
  "$bin/duo-server" serve --port "$port" --data "$work/data" >>"$work/server.out" 2>>"$work/server.err" &
  server=$!
  echo "$server" >>"$work/pids"
  for _ in $(seq 100); do grep -q "listening on" "$work/server.out" 2>/dev/null && return; sleep 0.1; done
  echo "the server did not start" >&2; exit 1
}

# window NAME X ARGS...: starts duo, waits for its window, moves it to x=X; prints the window id.
window() {
  local name=$1 x=$2; shift 2
  XDG_STATE_HOME="$work/$name" "$bin/duo" "$@" >"$work/$name.out" 2>"$work/$name.err" &
  local pid=$! id=""
  echo "$pid" >>"$work/pids"
  for _ in $(seq 100); do id=$(xdotool search --pid "$pid" 2>/dev/null | head -1) && [[ -n "$id" ]] && break; sleep 0.1; done
  [[ -n "$id" ]] || { echo "no window for $name: $(cat "$work/$name.err")" >&2; exit 1; }
  xdotool windowmove "$id" "$x" 40
  echo "$id"
}

# fire WINDOW ROW COLUMN: clicks a cell of the window's target board (the
# window is 642 x 920 on this 1000-pixel-high screen: cell A1 at 95,500, 37 px a cell).
fire() { xdotool mousemove --window "$1" $((95 + $3 * 37)) $((500 + $2 * 37)) click 1; sleep 0.15; }

serve
host=$(window host 0 --connect "127.0.0.1:$port" --create)
for _ in $(seq 100); do ls "$work/host/duo/tickets/"*.json >/dev/null 2>&1 && break; sleep 0.1; done
code=$(basename "$(ls "$work/host/duo/tickets/"*.json)" | cut -d- -f1)
sleep 0.5
import -window "$host" "$out/network-waiting.png"

guest=$(window guest 660 --connect "127.0.0.1:$port" --join "$code")
watcher=$(window watcher 1320 --connect "127.0.0.1:$port" --spectate "$code")
sleep 1
for id in "$host" "$guest"; do xdotool windowfocus --sync "$id" key a; sleep 0.3; done
# Each round both windows fire at the same cell; the one whose turn it is not ignores the click.
for i in $(seq 0 24); do
  fire "$guest" $((i % 10)) $(((i * 3 + i / 10) % 10))
  fire "$host" $((i % 10)) $(((i * 3 + i / 10) % 10))
done
sleep 0.5
import -window "$watcher" "$out/network-spectator.png"

kill -9 "$server"
sleep 1.5
import -window "$guest" "$out/network-reconnecting.png"
serve
sleep 8
grep -E "resumed" "$work/server.err" | tail -3
echo "pictures in $out: network-waiting.png network-spectator.png network-reconnecting.png"
