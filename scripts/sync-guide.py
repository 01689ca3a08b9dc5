#!/usr/bin/env python3
"""Rewrites the files docs/GETTING_STARTED.md shows whole from Examples/NoughtsPackage.

The guide shows a file as a line "`PATH`:", a blank line and a fenced block;
GettingStartedGuideTests holds each block to the package's file byte for
byte. `make format` rewrites the package's sources, and then this script
puts the same text back into the guide, so the two never drift.
"""
import pathlib
import sys

root = pathlib.Path(__file__).resolve().parent.parent
guide_path = root / "docs" / "GETTING_STARTED.md"
package = root / "Examples" / "NoughtsPackage"

lines = guide_path.read_text(encoding="utf-8").split("\n")
out = []
index = 0
changed = []
while index < len(lines):
    line = lines[index]
    if (line.startswith("`") and line.endswith("`:") and len(line) > 3 and index + 2 < len(lines)
            and lines[index + 1] == "" and lines[index + 2].startswith("```")):
        path = line[1:-2]
        end = index + 3
        while end < len(lines) and lines[end] != "```":
            end += 1
        source = package / path
        if not source.is_file():
            sys.exit(f"sync-guide: the guide shows {path}, which Examples/NoughtsPackage does not have")
        body = source.read_text(encoding="utf-8")
        if body.endswith("\n"):
            body = body[:-1]
        new = body.split("\n")
        if new != lines[index + 3:end]:
            changed.append(path)
        out += lines[index:index + 3] + new
        index = end
        continue
    out.append(line)
    index += 1

if changed:
    guide_path.write_text("\n".join(out), encoding="utf-8")
    print("sync-guide: docs/GETTING_STARTED.md now shows " + ", ".join(changed) + " as the package has them")
