#!/usr/bin/env python3
"""A ladder of a game's bots: every bot against every other, paired.

Each pair is one `PROGRAM match --pairs` batch (each deal played twice with
the seats swapped), read from its --json report. The ratings are the
Bradley-Terry (Elo) fit of all the pairs' scores at once, a draw counting
half, anchored so that the first bot named is 0; the 95% intervals come from
the fit's curvature (its Fisher information), treating games as independent.
One virtual drawn game is added to every pair so that a bot that won every
game still gets a finite rating (it moves a 200-0 sweep to about +920).

The first-seat advantage is measured in the batch between the two strongest
bots (the closest to a fair test of the seats): the share of its decided
games that the seat moving first won, with its 95% interval.

    scripts/ladder.py --program duo-server --game broadside \\
        --bots random,hunt,density --games 200 [--jobs 2] [--markdown]

PROGRAM is any build's match server (`duo-server`, or a game package's own,
`noughts-server`); a path or a name on PATH.
"""
import argparse
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time

ELO = 400 / math.log(10)


def expected(difference):
    """A's expected score against B, `difference` Elo stronger."""
    return 1 / (1 + 10 ** (-difference / 400))


def fit(bots, results):
    """Ratings (first bot 0) and their standard errors from {(a, b): (points of a, games)}."""
    n = len(bots)
    index = {bot: i for i, bot in enumerate(bots)}
    ratings = [0.0] * n
    # Newton's method on the log-likelihood, bot 0 held at 0.
    for _ in range(200):
        gradient = [0.0] * n
        hessian = [[0.0] * n for _ in range(n)]
        for (a, b), (points, games) in results.items():
            i, j = index[a], index[b]
            p = expected(ratings[i] - ratings[j])
            g = (points - games * p) / ELO
            w = games * p * (1 - p) / (ELO * ELO)
            gradient[i] += g
            gradient[j] -= g
            hessian[i][i] -= w
            hessian[j][j] -= w
            hessian[i][j] += w
            hessian[j][i] += w
        free = list(range(1, n))
        step = solve([[-hessian[r][c] for c in free] for r in free], [gradient[r] for r in free])
        for k, r in enumerate(free):
            ratings[r] += step[k]
        if max((abs(s) for s in step), default=0) < 1e-9:
            break
    information = [[-hessian[r][c] for c in free] for r in free]
    covariance = invert(information) if free else []
    errors = [0.0] + [math.sqrt(max(covariance[k][k], 0)) for k in range(len(free))]
    return ratings, errors


def solve(matrix, vector):
    """Gaussian elimination with partial pivoting."""
    size = len(vector)
    rows = [row[:] + [vector[i]] for i, row in enumerate(matrix)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda r: abs(rows[r][column]))
        rows[column], rows[pivot] = rows[pivot], rows[column]
        if abs(rows[column][column]) < 1e-300:
            continue
        for r in range(size):
            if r != column:
                factor = rows[r][column] / rows[column][column]
                for c in range(column, size + 1):
                    rows[r][c] -= factor * rows[column][c]
    return [rows[i][size] / rows[i][i] if abs(rows[i][i]) > 1e-300 else 0.0 for i in range(size)]


def invert(matrix):
    size = len(matrix)
    columns = [solve(matrix, [1.0 if r == c else 0.0 for r in range(size)]) for c in range(size)]
    return [[columns[c][r] for c in range(size)] for r in range(size)]


def wilson(successes, trials):
    """The 95% Wilson interval of a proportion."""
    if trials == 0:
        return (0.0, 1.0)
    z = 1.959964
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return (centre - half, centre + half)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--program", default="duo-server", help="the match server to run (a path, or a name on PATH)")
    parser.add_argument("--game", help="the game (the program's default when left out)")
    parser.add_argument("--variant", help="the rules variant")
    parser.add_argument("--bots", required=True, help="the bots, comma-separated (at least two)")
    parser.add_argument("--games", type=int, default=200, help="games per pair of bots (even: they are paired)")
    parser.add_argument("--seed", type=int, default=1, help="the batch seed of every pair")
    parser.add_argument("--jobs", type=int, help="worker threads of each batch")
    parser.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    parser.add_argument("--write-into", metavar="FILE",
                        help="put the Markdown table into FILE between the lines <!-- ladder NAME --> and <!-- /ladder NAME -->")
    parser.add_argument("--name", help="the NAME of those lines (the game's name when left out)")
    arguments = parser.parse_args()
    bots = [bot for bot in arguments.bots.split(",") if bot]
    if len(bots) < 2 or len(set(bots)) != len(bots):
        parser.error("--bots needs at least two different bots")
    if arguments.games < 2 or arguments.games % 2:
        parser.error("--games must be even (the games are paired)")
    program = arguments.program if os.sep in arguments.program else shutil.which(arguments.program)
    if not program:
        parser.error(f"no program '{arguments.program}' on PATH")
    results = {}
    reports = {}
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as scratch:
        for i, a in enumerate(bots):
            for b in bots[i + 1:]:
                out = os.path.join(scratch, "pair.json")
                command = [program, "match", "--bots", f"{a},{b}", "--games", str(arguments.games), "--pairs",
                           "--seed", str(arguments.seed), "--quiet", "--json", out]
                if arguments.game:
                    command += ["--game", arguments.game]
                if arguments.variant:
                    command += ["--variant", arguments.variant]
                if arguments.jobs:
                    command += ["--jobs", str(arguments.jobs)]
                print(f"ladder: {a} vs {b} ({arguments.games} games)", file=sys.stderr, flush=True)
                finished = subprocess.run(command, stdout=subprocess.DEVNULL)
                if finished.returncode != 0:
                    sys.exit(f"ladder: {' '.join(command)} exited {finished.returncode}")
                with open(out, encoding="utf-8") as file:
                    report = json.load(file)
                games = report["games"]
                # Bot A's games (the seats swap within each pair, so "wins" is per seat).
                won, drawn, _ = report["botOutcomes"]["trinomial"]
                points = won + drawn / 2
                # One virtual draw keeps a clean sweep's rating finite.
                results[(a, b)] = (points + 0.5, games + 1)
                reports[(a, b)] = report
    ratings, errors = fit(bots, results)
    order = sorted(range(len(bots)), key=lambda i: -ratings[i])
    best, second = bots[order[0]], bots[order[1]]
    pair = reports.get((best, second)) or reports[(second, best)]
    decided = pair["games"] - pair["draws"]
    first = pair["firstSeatWins"]
    low, high = wilson(first, decided)
    game = reports[(bots[0], bots[1])]["game"]
    variant = reports[(bots[0], bots[1])]["variant"]
    seconds = time.monotonic() - started
    rows = []
    for rank, i in enumerate(order, 1):
        bot = bots[i]
        score = 0.0
        played = 0
        for (a, b), report in reports.items():
            if bot in (a, b):
                won, drawn, lost = report["botOutcomes"]["trinomial"]
                mine = (won if bot == a else lost) + drawn / 2
                score += mine
                played += report["games"]
        rows.append((rank, bot, ratings[i], errors[i], score / played if played else 0, played))
    anchor = bots[0]
    if arguments.write_into:
        import contextlib
        import io
        text = io.StringIO()
        with contextlib.redirect_stdout(text):
            markdown(rows, anchor, best, second, pair, first, decided, low, high)
        # The command that made the table, with the program by its name (no machine's paths).
        shown = []
        skip = False
        for index, argument in enumerate(sys.argv[1:]):
            if skip:
                skip = False
                continue
            if argument == "--write-into":
                skip = True
                continue
            if argument.startswith("--write-into="):
                continue
            previous = sys.argv[index] if index > 0 else ""
            shown.append(os.path.basename(argument) if previous == "--program" else argument)
        note = f"<!-- made by scripts/ladder.py {' '.join(shown)} -->"
        name = arguments.name or game
        path = arguments.write_into
        with open(path, encoding="utf-8") as file:
            lines = file.read().split("\n")
        start, end = f"<!-- ladder {name} -->", f"<!-- /ladder {name} -->"
        if start not in lines or end not in lines:
            sys.exit(f"ladder: {path} has no lines {start} and {end}")
        i, j = lines.index(start), lines.index(end)
        lines[i + 1:j] = [note] + text.getvalue().rstrip("\n").split("\n")
        with open(path, "w", encoding="utf-8") as file:
            file.write("\n".join(lines))
        print(f"ladder: {path}: the {name} table rewritten ({seconds:.0f} s)", file=sys.stderr)
    elif arguments.markdown:
        markdown(rows, anchor, best, second, pair, first, decided, low, high)
    else:
        print(f"ladder: {game} {variant}, {len(bots)} bots, {arguments.games} paired games a pair, seed {arguments.seed}, {seconds:.0f} s")
        for rank, bot, rating, error, score, played in rows:
            interval = "anchor" if bot == anchor else f"{rating:+7.0f}  ({rating - 1.96 * error:+.0f} to {rating + 1.96 * error:+.0f})"
            print(f"{rank:3d}. {bot:<20} {interval:<28} score {100 * score:5.1f}% of {played}")
        print(f"first seat ({best} vs {second}): won {first} of {decided} decided games, "
              f"{100 * first / max(decided, 1):.1f}% (95% interval {100 * low:.1f}-{100 * high:.1f}%)")


def markdown(rows, anchor, best, second, pair, first, decided, low, high):
    """The table and the first-seat line, in Markdown."""
    print(f"| rank | bot | Elo (95% interval), {anchor} = 0 | score | games |")
    print("|---|---|---|---|---|")
    for rank, bot, rating, error, score, played in rows:
        interval = "anchor" if bot == anchor else f"{rating:+.0f} ({rating - 1.96 * error:+.0f} to {rating + 1.96 * error:+.0f})"
        print(f"| {rank} | `{bot}` | {interval} | {100 * score:.1f}% | {played} |")
    print()
    print(f"First seat, in `{best}` against `{second}` ({pair['games']} games, {pair['draws']} drawn): "
          f"the seat moving first won {first} of {decided} decided games, "
          f"{100 * first / max(decided, 1):.1f}% (95% interval {100 * low:.1f}-{100 * high:.1f}%).")


if __name__ == "__main__":
    main()
