#!/usr/bin/env python3
"""A Broadside bot outside the engine, in Python's standard library only.

duo-server match runs it as a child process (--bots exec:Examples/ExecBot/random_bot.py,random)
and speaks to it in JSON lines, the messages of the network protocol
(docs/BOTS.md, "Bots from outside"):

  joined  {"type":"joined","seat":0,"game":"broadside","rules":{...},...}  a match starts
  view    {"type":"view","seat":0,"view":{...}}   our turn: answer with one move line
  ended   {"type":"ended","result":{...}}          the match is over

It answers each view with {"type":"move","move":MOVE}: it places its ships at
random where they fit, then fires at random at cells it has not fired at.
Anything it prints must be a move line: log to standard error.
"""
import json
import random
import sys

HEADINGS = ("across", "down")


def cell_name(column, row):
    """Row 0 column 0 is "A1": rows are letters, columns numbers from 1."""
    return "ABCDEFGHIJKLMNOP"[row] + str(column + 1)


def ship_cells(at, heading, length):
    """The (column, row) cells of a ship; "across" runs along a row, "down" along a column."""
    row = "ABCDEFGHIJKLMNOP".index(at[0])
    column = int(at[1:]) - 1
    step = (1, 0) if heading == "across" else (0, 1)
    return {(column + step[0] * k, row + step[1] * k) for k in range(length)}


class RandomBot:
    def __init__(self):
        self.rules = None
        self.rng = random.Random()

    def joined(self, message):
        self.rules = message["rules"]
        # Reproducible from the match code, as the engine's own bots are from their seed.
        self.rng = random.Random(message["code"] + "/" + str(message["seat"]))

    def move(self, view):
        board = self.rules["board"]
        columns, rows = board["columns"], board["rows"]
        fleet = self.rules["fleet"]
        if view["phase"] == "placing":
            placed = {placement["ship"] for placement in view["fleet"]}
            taken = set()
            for placement in view["fleet"]:
                taken |= ship_cells(placement["at"], placement["heading"], fleet[placement["ship"]]["length"])
            ship = min(index for index in range(len(fleet)) if index not in placed)
            length = fleet[ship]["length"]
            while True:
                heading = self.rng.choice(HEADINGS)
                column = self.rng.randrange(columns - (length - 1 if heading == "across" else 0))
                row = self.rng.randrange(rows - (length - 1 if heading == "down" else 0))
                at = cell_name(column, row)
                if not ship_cells(at, heading, length) & taken:
                    return {"place": {"ship": ship, "at": at, "heading": heading}}
        fired = set(view["target"]["shots"]) | set(view["aimed"])
        open_cells = [cell_name(c, r) for c in range(columns) for r in range(rows) if cell_name(c, r) not in fired]
        return {"fire": self.rng.choice(open_cells)}


def main():
    bot = RandomBot()
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "joined":
            bot.joined(message)
        elif message["type"] == "view":
            print(json.dumps({"type": "move", "move": bot.move(message["view"])}), flush=True)


if __name__ == "__main__":
    main()
