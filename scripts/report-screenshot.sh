#!/usr/bin/env bash
# Regenerates docs/images/report-page.png, the screenshot of a batch's HTML
# page shown in docs/ENGINE.md: a small SPRT batch of Broadside's density
# against hunt, opened in headless Chromium.
# Usage: scripts/report-screenshot.sh [PATH/TO/duo-server]
set -euo pipefail
cd "$(dirname "$0")/.."
server="${1:-.build/debug/duo-server}"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
"$server" match --bots density,hunt --games 200 --sprt elo0=0,elo1=30 --seed 1 --quiet \
  --html "$scratch/report.html" >/dev/null || [ $? -ge 4 ]  # 4, 5: the SPRT accepted H0 or ran out
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1000,1800 \
  --screenshot="$scratch/report.png" "file://$scratch/report.html" >/dev/null 2>&1
mv "$scratch/report.png" docs/images/report-page.png
echo "wrote docs/images/report-page.png"
