#!/usr/bin/env python3
"""The example random bot, broken on purpose in match 1 of a batch, for the
tests that check a broken outside bot forfeits only its own match:

  faulty_bot.py crash    exits with status 3 when asked for a move
  faulty_bot.py hang     never answers
  faulty_bot.py garbage  answers with a line that is not a move
  faulty_bot.py cheat    fires at a cell off the 10x10 board (P16): an illegal move
  faulty_bot.py vertical places a ship with the heading "vertical": a move the game cannot read
  faulty_bot.py close    closes its standard output and waits
  faulty_bot.py long     answers with a line of 2 MiB

With FAULTY_BOT_LOG set to a file, it appends "CODE PID" there for each
match it joins (the tests see which process played which match).

In every other match it plays as random_bot.py does.
"""
import json
import os
import sys
import time

sys.dont_write_bytecode = True  # leave no __pycache__ in the clone
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from random_bot import RandomBot  # noqa: E402


def main():
    mode = sys.argv[1] if len(sys.argv) > 1 else "crash"
    bot = RandomBot()
    code = None
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "joined":
            code = message["code"]
            bot.joined(message)
            if os.environ.get("FAULTY_BOT_LOG"):
                with open(os.environ["FAULTY_BOT_LOG"], "a") as log:
                    log.write(f"{code} {os.getpid()}\n")
        elif message["type"] == "view":
            move = bot.move(message["view"])
            if code == "match-1":
                if mode == "crash":
                    sys.exit(3)
                if mode == "hang":
                    time.sleep(3600)
                if mode == "garbage":
                    print("hello, engine", flush=True)
                    continue
                if mode == "cheat" and "fire" in move:
                    move = {"fire": "P16"}
                if mode == "vertical" and "place" in move:
                    move["place"]["heading"] = "vertical"
                if mode == "close":
                    os.close(1)
                    time.sleep(3600)
                if mode == "long":
                    print("x" * (2 << 20), flush=True)
                    continue
            print(json.dumps({"type": "move", "move": move}), flush=True)


if __name__ == "__main__":
    main()
