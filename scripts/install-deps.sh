#!/usr/bin/env bash
# Installs the Debian packages the project needs, only when one is missing.
# Used by `make play` and `make test`, so a fresh machine needs nothing else.
set -euo pipefail

# curl, haproxy and prometheus (for promtool) are for the server tests: scraping
# /metrics, checking its format, and the load-balancer failover of docs/SCALING.md.
# libsdl2-image-dev loads the games' sprites and saves screenshots as PNG.
# python3 runs the example outside bot (Examples/ExecBot) that the match tests play,
# and the API check's and the completion test's scripts.
# mandoc and groff-base lint the generated manual pages (man-db renders them);
# zsh and fish complete command lines in the completion test (bash is there).
packages=(pkg-config libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev fonts-dejavu-core curl haproxy prometheus python3
  mandoc groff-base man-db zsh fish git)
if [ "${1:-}" = "--desktop-tools" ]; then
  # Only for looking at the real window by hand (Xvfb, screenshots, keys).
  packages+=(xvfb xdotool imagemagick x11-utils)
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing missing Debian packages: ${missing[*]}"
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "error: need root or sudo to install ${missing[*]}" >&2; exit 1; }
  sudo_cmd=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
