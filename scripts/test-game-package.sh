#!/bin/bash
# Builds the game package of docs/GETTING_STARTED.md (Examples/NoughtsPackage,
# which depends on the engine by path and edits none of its files) as a game
# outside this repository does, by git URL and version (docs/RELEASING.md,
# "Depending on a version"), after checking that it resolves by path here, and
# runs what a game developer would: its tests, a headless batch, the engine's search
# bot, replays, merged shards, networked matches against its own server (in
# process and `serve`) held to its own JSON Schemas, two of its windows playing
# a networked match on that server (one killed and resumed), its window offscreen, the
# lint of its HUD and of every text its table draws in whole matches, offscreen
# screenshots of its one table against a bot, with two people and in replays, and
# a replay's filmstrip; its programs installed (scripts/install.sh)
# with their own completions, manual pages and --version. Run by `make test`.
set -eEu
# Most steps print nothing of their own: one that fails says which it was.
trap 'echo "test-game-package: failed at line $LINENO: $BASH_COMMAND" >&2' ERR
SWIFT="${SWIFT:-swift}"
cd "$(dirname "$0")/../Examples/NoughtsPackage"
engine="$(cd ../.. && pwd)"
flags="$(cat "$engine/scripts/test-build-flags")" # make test's build flags
version=$(sed -n 's/^    public static let current = "\(.*\)"$/\1/p' "$engine/Sources/DuoSupport/EngineVersion.swift")

# By path, as this repository holds it: the manifest resolves, with the engine at ../.. (its build and
# everything below is by URL, the way a game outside this repository depends on the engine, so the
# engine is compiled once here, not once for each way).
"$SWIFT" package show-dependencies --format json | tr -d ' \n' | grep -qF "\"name\":\"DuoTabletop\",\"url\":\"$engine\"" || {
    echo "test-game-package: the package does not resolve the engine by path at $engine" >&2 && exit 1
}

# By git URL and a version requirement: a file:// clone of the engine's checkout (its uncommitted
# changes committed in the clone, so what is tested is what is here), tagged with the compiled version
# and, from the release file, the last release, is the dependency of a copy of this package. It must
# resolve to the compiled version's tag and commit (Package.resolved); the copy is then built, tested
# and run below. (The docs runner, scripts/test-docs.sh --built, runs its programs from there.)
by_url="$PWD/.build/by-url"
clone="$by_url/DuoTabletop"
rm -rf "$clone"
mkdir -p "$by_url/NoughtsPackage"
git clone -q "$engine" "$clone"
head=$(git -C "$engine" rev-parse HEAD)
git -C "$clone" cat-file -e "$head^{commit}" 2>/dev/null || git -C "$clone" fetch -q "$engine" "$head"
git -C "$clone" checkout -q --detach "$head"
git -C "$engine" diff --binary HEAD >"$by_url/changes.patch"
[ ! -s "$by_url/changes.patch" ] || git -C "$clone" apply --binary "$by_url/changes.patch"
(cd "$engine" && git ls-files --others --exclude-standard -z | tar --null -T - -cf -) | tar -xf - -C "$clone"
if [ -n "$(git -C "$clone" status --porcelain)" ]; then
    git -C "$clone" add -A
    git -C "$clone" -c user.name=test-game-package -c user.email=test@localhost commit -q -m "the checkout's uncommitted changes"
fi
git -C "$clone" tag "$version"
release_commit=$(sed -n 's/^commit //p' "$engine/release")
release_version=$(sed -n 's/^version //p' "$engine/release")
if [ "$release_version" != "$version" ] && git -C "$clone" cat-file -e "$release_commit^{commit}" 2>/dev/null; then
    git -C "$clone" tag "$release_version" "$release_commit"
fi
find "$by_url/NoughtsPackage" -mindepth 1 -maxdepth 1 ! -name .build -exec rm -rf {} +
tar --exclude=./.build -chf - . | tar -xf - -C "$by_url/NoughtsPackage" # links followed: the Assets link into the engine
dependency='.package(name: "DuoTabletop", path: "../..")'
grep -qF "$dependency" Package.swift || { echo "test-game-package: Package.swift has no line $dependency to point at the URL" >&2 && exit 1; }
sed "s|.package(name: \"DuoTabletop\", path: \"../..\")|.package(url: \"file://$clone\", .upToNextMinor(from: \"$version\"))|" Package.swift \
    >"$by_url/NoughtsPackage/Package.swift"
cd "$by_url/NoughtsPackage"
# A second run in the same folder: forget the last run's resolution and checkout (the tag now names another commit).
rm -rf Package.resolved .build/workspace-state.json .build/checkouts .build/repositories
# shellcheck disable=SC2086 # the flags are words
"$SWIFT" build --disable-dependency-cache --build-tests $flags
tr -d ' \n' <Package.resolved | grep -q "\"state\":{\"revision\":\"$(git -C "$clone" rev-parse HEAD)\",\"version\":\"$version\"}" || {
    echo "test-game-package: Package.resolved does not pin $version at the clone's HEAD:" >&2 && cat Package.resolved >&2 && exit 1
}
"$SWIFT" test --skip-build
bin=.build/debug
"$bin/noughts-server" match --game noughts --bots smart,random --games 200 --quiet
# The engine's search plays the package's game through its one hook, and never loses to smart
# (the one-ply rule bot) in a paired 200-game match, at a fifth of its default budget.
"$bin/noughts-server" match --bots mcts:200,smart --games 200 --pairs --quiet --json .build/tactics.json >/dev/null
tr -d ' \n' <.build/tactics.json | grep -q '"trinomial":\[[0-9]*,[0-9]*,0\]'
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
# Replays re-verify, also as one seat saw them; shards of a batch merge to the whole batch's totals.
rm -rf .build/replays
"$bin/noughts-server" match --bots smart,random --games 4 --quiet --replays .build/replays >/dev/null
"$bin/noughts-server" replay .build/replays/match-000000.jsonl | grep -q "^ok: .*every state hash matches"
"$bin/noughts-server" replay .build/replays/match-000001.jsonl --seat 1 --json 2>/dev/null | grep -q '"view":{"cells":'
for shard in 0 1; do
    "$bin/noughts-server" match --bots smart,random --games 40 --quiet --shard "$shard/2" --json ".build/shard-$shard.json" >/dev/null
done
"$bin/noughts-server" match --bots smart,random --games 40 --quiet --json .build/whole.json >/dev/null
"$bin/noughts-server" merge .build/shard-0.json .build/shard-1.json --json .build/merged.json >/dev/null
totals() { tr -d ' \n' <"$1" | grep -o '"wins":\[[^]]*\]\|"draws":[0-9]*\|"moves":[0-9]*\|"games":[0-9]*'; }
test "$(totals .build/whole.json)" = "$(totals .build/merged.json)"
totals .build/merged.json | grep -q '"games":40'
wait_for() { # wait_for WHAT COMMAND...: until COMMAND succeeds, at most 60 s
    what=$1
    shift
    for _ in $(seq 600); do
        if "$@"; then return 0; fi
        sleep 0.1
    done
    echo "test-game-package: timed out waiting for $what" >&2
    exit 1
}
# A real noughts-server serve, played by load clients over TCP, every line held to the schemas.
rm -rf .build/serve-data .build/serve.out # no port of an earlier run: the server truncates the file only once it starts
"$bin/noughts-server" serve --port 0 --data .build/serve-data >.build/serve.out 2>.build/serve.err &
serve_pid=$!
trap 'kill "$serve_pid" 2>/dev/null || true' EXIT # a failing step below must not leave the server running
port_named() { port=$(sed -n 's/^listening on 127\.0\.0\.1:\([0-9]*\)$/\1/p' .build/serve.out 2>/dev/null || true) && [ -n "$port" ]; }
wait_for "noughts-server serve to name its port (.build/serve.out, .build/serve.err)" port_named
"$bin/noughts-server" load --connect "127.0.0.1:$port" --game noughts --concurrent 2 --matches 4 --think-ms 0 --ramp-ms 0 --check-schemas \
    >.build/served-load.out 2>&1 || true
grep -q "matches finished: 4 of 4, failed: 0" .build/served-load.out || {
    echo "test-game-package: the load clients' matches on noughts-server serve did not all finish; they said:" >&2
    cat .build/served-load.out .build/serve.err >&2
    exit 1
}
# The server writes a match's replay once the match is over, after telling its players: wait for the
# four (a make test run that counted at once, both cores busy, found fewer).
served_replays() { test "$(ls .build/serve-data/replays | grep -c '\.jsonl$' || true)" = 4; }
wait_for "the 4 served matches' replays" served_replays
# Two of the package's windows (offscreen) play a match on that server by themselves (--autoplay takes the server's
# hints), a third follows it as a spectator; the joiner is killed after the first move and takes its
# seat back from its ticket. Both playing windows must report the result and move count the server's replay holds.
window() { # window NAME ARGS...: the package's window in the background, its state and log under .build/NAME
    name=$1
    shift
    rm -rf ".build/$name"
    mkdir -p ".build/$name"
    SDL_VIDEODRIVER=offscreen SDL_RENDER_DRIVER=software SDL_AUDIODRIVER=dummy XDG_STATE_HOME="$PWD/.build/$name" \
        "$bin/noughts" --connect "127.0.0.1:$port" --max-fps 12 "$@" 2>".build/$name.err" &
}
ticket_of() { ls .build/"$1"/noughts/tickets/*.json 2>/dev/null | head -1; } # the package's window keeps its own
has_ticket() { test -n "$(ticket_of "$1")"; }
window creator --create --autoplay --seed 1
creator_pid=$!
trap 'kill "$serve_pid" $creator_pid ${joiner_pid:-} ${resumed_pid:-} ${spectator_pid:-} 2>/dev/null || true' EXIT
wait_for "the creator's ticket" has_ticket creator
code=$(basename "$(ticket_of creator)" | cut -d- -f1)
window joiner --join "$code" --autoplay --seed 2
joiner_pid=$!
window spectator --spectate "$code"
spectator_pid=$!
moves_journaled() { grep -q '"type":"move"' ".build/serve-data/matches/$code.jsonl" 2>/dev/null; }
wait_for "the joiner's ticket" has_ticket joiner
wait_for "a move of $code" moves_journaled
kill -9 "$joiner_pid"
window resumed --resume "$(ticket_of joiner)" --autoplay --seed 3
resumed_pid=$!
ended() { grep -q "autoplay: match $code over after" ".build/$1.err"; }
wait_for "the end in the creator's window" ended creator
wait_for "the end in the resumed window" ended resumed
if ended joiner; then echo "test-game-package: the killed window saw the end" >&2 && exit 1; fi
grep -q "match $code: seat 1 resumed from" .build/serve.err
kill -0 "$spectator_pid" # the spectator followed the whole match
test ! -s .build/spectator.err
wait_for "the replay of $code" test -s ".build/serve-data/replays/$code.jsonl"
"$bin/noughts-server" replay ".build/serve-data/replays/$code.jsonl" >.build/window-replay.out
# "ok: FILE: noughts (standard), 7 moves, seat 0 (player) won ..." against "autoplay: match CODE over after 7 moves: seat 0 wins (...)"
replay_moves=$(sed -n 's/.*), \([0-9]*\) moves, .*/\1/p' .build/window-replay.out)
if grep -q "a draw" .build/window-replay.out; then outcome="a draw"; else
    outcome="$(grep -o 'seat [01] ([^)]*) won' .build/window-replay.out | cut -c1-6) wins"
fi
for name in creator resumed; do
    grep -q "over after $replay_moves moves: $outcome (" ".build/$name.err" || {
        echo "test-game-package: the $name window's end ($(grep 'over after' ".build/$name.err")) is not the replay's: $(cat .build/window-replay.out)" >&2
        exit 1
    }
done
kill "$creator_pid" "$resumed_pid" "$spectator_pid" 2>/dev/null || true
kill "$serve_pid"
wait "$serve_pid" || true
# The window, on SDL's offscreen driver: against its bot and with two people on one device, it opens and keeps running.
for mode in "" --pass-and-play; do
    status=0
    SDL_VIDEODRIVER=offscreen SDL_RENDER_DRIVER=software SDL_AUDIODRIVER=dummy XDG_STATE_HOME="$PWD/.build/state" \
        timeout 2 "$bin/noughts" --seed 3 $mode 2>.build/window.err || status=$?
    test "$status" = 124 # still running when the time was up
    test ! -s .build/window.err
done
# The lint lays the HUD out and draws whole matches of the package's game (it declares no lintTexts), checking every text drawn.
"$bin/noughts" lint >.build/lint.out
grep -q "^checked [1-9][0-9]* drawn texts in [1-9][0-9]* frames of " .build/lint.out
grep -q "^checked what the tables said at [1-9]" .build/lint.out
"$bin/noughts" screenshot --posture book --shots 4 --out .build/noughts-book.png
test -s .build/noughts-book.png
# The one view-painted table on every surface: against the bot (above), two people, and a replay as a seat and as a spectator.
"$bin/noughts" screenshot --pass-and-play --shots 3 --out .build/noughts-two.png
# (The replays are the batch's above.)
"$bin/noughts" screenshot --replay .build/replays/match-000000.jsonl --move 3 --out .build/noughts-replay.png
"$bin/noughts" screenshot --replay .build/replays/match-000000.jsonl --spectator --move 3 --out .build/noughts-spectator.png
test -s .build/noughts-two.png && test -s .build/noughts-replay.png && test -s .build/noughts-spectator.png
# A replay as one contact sheet, by the package's own program with no code of its own for it.
"$bin/noughts" filmstrip --replay .build/replays/match-000000.jsonl --out .build/noughts-filmstrip.png | grep -q "^wrote .build/noughts-filmstrip.png ("
test -s .build/noughts-filmstrip.png
# Installed (this debug build) into a scratch DESTDIR outside the checkout, the package's programs have
# the engine's completions, manual pages and --version under their own names, with no code of their own.
stage="$(mktemp -d "${TMPDIR:-/tmp}/noughts-install.XXXXXX")"
trap 'rm -rf "$stage"' EXIT
SWIFT="$SWIFT" SWIFT_BUILD_FLAGS="$flags" "$engine/scripts/install.sh" --configuration debug --prefix /opt/noughts --destdir "$stage" noughts noughts-server >/dev/null
installed="$stage/opt/noughts"
test -f "$installed/share/noughts/games/noughts/classic.json"
test "$("$installed/bin/noughts" --version)" = "noughts (Duo engine $version)"
test "$("$installed/bin/noughts-server" --version)" = "noughts-server (Duo engine $version)"
(cd "$stage" && "$installed/bin/noughts-server" match --bots smart,random --games 10 --quiet | grep -q "10 matches")
for page in "$installed/share/man/man1/noughts.1" "$installed/share/man/man1/noughts-server.1"; do
    test -z "$(mandoc -T lint "$page" 2>&1 || true)" && test -z "$(groff -ww -man -z "$page" 2>&1)"
done
grep -q '^\.SH "NOUGHTS\\-SERVER MATCH"$' "$installed/share/man/man1/noughts-server.1"
python3 "$engine/scripts/test-completions.py" "$installed" noughts
"$engine/scripts/install.sh" --uninstall --prefix /opt/noughts --destdir "$stage" noughts noughts-server >/dev/null
test -z "$(find "$stage" -type f)"

echo "the Noughts package resolves by path, and by git URL and version $version builds, passes, plays and installs"
