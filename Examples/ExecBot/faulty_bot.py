#!/usr/bin/env python3
"""The example random bot, broken on purpose in match 1 of a batch, for the
tests that check a broken outside bot forfeits only its own match:

  faulty_bot.py crash    exits with status 3 when asked for a move
  faulty_bot.py hang     never answers
  faulty_bot.py garbage  answers with a line that is not a move
  faulty_bot.py cheat    fires at a cell off the 10x10 board (P16): an illegal move

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
            print(json.dumps({"type": "move", "move": move}), flush=True)


if __name__ == "__main__":
    main()
