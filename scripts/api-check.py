#!/usr/bin/env python3
"""Holds the public API breaks swift-api-digester found to what CHANGELOG.md records.

    scripts/api-check.py LOG CHANGELOG RELEASE_VERSION   # the breaks in LOG, each recorded or not
    scripts/api-check.py --self-test                     # the matching on known messages
    swift package dump-package | scripts/api-check.py --library-modules -   # the modules compared

LOG is the output of `swift package diagnose-api-breaking-changes` (scripts/api-check.sh
runs it against the last release's commit). A break is recorded when the entries
newer than RELEASE_VERSION (`## [Unreleased]`, and on a release's own commit the
version being released) list, under `### Changed` or `### Removed`, a name in code
voice that is the broken symbol or a type it belongs to: `SeatView` or
`SeatView.publicView` records "var SeatView.publicView has been removed"; argument
labels and a module prefix may be written or left out (`DuoCommand.main(games:)`,
`TabletopEngine.SeatView`). docs/RELEASING.md says the same for people.
Exit status: 0 when every break is recorded, 1 when one is not (each named, with
where and how to record it), 2 when LOG holds no comparison at all.
"""
import json
import re
import sys

BREAK = re.compile(r"API breakage: (.+?)\s*$")
# "💔 API breakage: ..." follows a line "N breaking changes detected in MODULE:" (the wording
# has varied between toolchains, so any line ending in "in MODULE:" starts a module).
MODULE = re.compile(r"\bin (\w+):\s*$")
CODE = re.compile(r"`([^`]+)`")
IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$|^[^\w\s.`()]+$")


def symbol_path(name):
    """The dotted path of a symbol as the digester or a person writes it, without a
    module prefix, argument labels or generic parameters: `Foo.bar(x:)` -> ["Foo", "bar"]."""
    name = name.strip()
    # Argument labels and generic parameters.
    name = re.sub(r"\([^()]*\)", "", name)
    name = re.sub(r"<[^<>]*>", "", name)
    parts = [part for part in name.split(".") if part]
    if not parts or not all(IDENTIFIER.match(part) for part in parts):
        return None
    return parts


def broken_symbol(message):
    """The symbol a digester message is about: its second word (`func Foo.bar() has been removed`)."""
    words = message.split()
    return words[1] if len(words) > 1 else message


def breaks_in(log):
    """(module, message) for every break the log reports."""
    found = []
    module = "?"
    for line in log.splitlines():
        match = BREAK.search(line)
        if match:
            found.append((module, match.group(1)))
            continue
        header = MODULE.search(line)
        if header:
            module = header.group(1)
    return found


def recorded_names(changelog, release_version):
    """The code-voice names under ### Changed and ### Removed of every entry above the
    release's own heading (## [Unreleased], and a version being released)."""
    names = []
    subsection = None
    for line in changelog.splitlines():
        if line.startswith("## "):
            if line.startswith(f"## [{release_version}]"):
                break
            subsection = None
            continue
        if line.startswith("### "):
            subsection = line[4:].strip()
            continue
        if subsection in ("Changed", "Removed"):
            names += CODE.findall(line)
    return names


def is_recorded(symbol, names, modules):
    path = symbol_path(symbol)
    if path is None:
        return False
    for name in names:
        written = symbol_path(name)
        if written is None:
            continue
        if len(written) > 1 and written[0] in modules:
            written = written[1:]
        if written == path[: len(written)]:
            return True
    return False


def check(log, changelog, release_version, out=sys.stdout):
    breaks = breaks_in(log)
    modules = {module for module, _ in breaks}
    names = recorded_names(changelog, release_version)
    # The unrecorded breaks by symbol: one symbol may break several ways (a removed
    # overload reads as a rename, a type change and a default argument gone).
    unrecorded = {}
    for module, message in breaks:
        symbol = broken_symbol(message)
        if not is_recorded(symbol, names, modules):
            unrecorded.setdefault((module, symbol), []).append(message)
    recorded = len(breaks) - sum(len(messages) for messages in unrecorded.values())
    if unrecorded:
        noun = "symbol's break is" if len(unrecorded) == 1 else "symbols' breaks are"
        print(f"api-check: {len(unrecorded)} public {noun} not recorded in CHANGELOG.md:", file=out)
        for (module, symbol), messages in unrecorded.items():
            removed = any("has been removed" in message for message in messages)
            print(f"  {module}: `{symbol}`", file=out)
            for message in messages:
                print(f"      {message}", file=out)
            print(f"    record it in CHANGELOG.md under '## [Unreleased]', '### {'Removed' if removed else 'Changed'}', naming `{symbol}` in code voice:", file=out)
            print(f"      - `{symbol}` {'is removed' if removed else 'changed'}: <why, and what a game uses instead>", file=out)
        print("  (docs/RELEASING.md, \"Breaking the public API\": a type's name records every break inside it)", file=out)
    if recorded:
        print(f"api-check: {recorded} public API break{'s' if recorded != 1 else ''} recorded in CHANGELOG.md", file=out)
    return 1 if unrecorded else 0


SELF_TEST_LOG = """
Building for debugging...
2 breaking changes detected in TabletopEngine:
  💔 API breakage: func GameCatalog.entry(named:) has been removed
  💔 API breakage: var SeatView.publicView has declared type change from Swift.String to Swift.Int
1 breaking change detected in DuoCommandLine:
  💔 API breakage: func DuoCommand.main(games:arguments:) has been renamed to func main(games:version:arguments:)
1 breaking change detected in DuoDesktop:
  💔 API breakage: struct TableNotice has been removed
1 breaking change detected in DuoServerKit:
  💔 API breakage: constructor MatchServer.init(configuration:) has parameter 0 type change from Configuration to Settings
"""

SELF_TEST_CHANGELOG = """# Changelog

## [Unreleased]

### Added

- `GameCatalog.entry(named:)` is mentioned under Added only: that records nothing.

### Changed

- `TabletopEngine.SeatView` now counts its moves (`Int`).
- `DuoCommand.main(games:)` takes the program's version.

### Removed

- `TableNotice` is removed: the engine shows notices.

## [0.1.0] - 2026-12-01

### Removed

- `MatchServer` is listed under the release itself: that records nothing now.
"""


def self_test():
    failures = []
    cases = []

    def expect(condition, what):
        cases.append(what)
        if not condition:
            failures.append(what)

    expect(symbol_path("DuoCommand.main(games:arguments:)") == ["DuoCommand", "main"], "labels dropped")
    expect(symbol_path("Array<Int>.first") == ["Array", "first"], "generics dropped")
    expect(symbol_path("Seat.==(_:_:)") == ["Seat", "=="], "operators kept")
    expect(symbol_path("duo --version") is None, "a command line is no symbol")
    expect(len(breaks_in(SELF_TEST_LOG)) == 5, "every break read")
    names = recorded_names(SELF_TEST_CHANGELOG, "0.1.0")
    expect("GameCatalog.entry(named:)" not in names and "MatchServer" not in names, "only Changed and Removed above the release")
    modules = {"TabletopEngine", "DuoDesktop", "DuoCommandLine", "DuoServerKit"}
    expect(is_recorded("TableNotice", names, modules), "a removed type by its name")
    expect(is_recorded("SeatView.publicView", names, modules), "a member by its type, with the module written")
    expect(is_recorded("DuoCommand.main(games:arguments:)", names, modules), "a method by its name, other labels")
    expect(not is_recorded("GameCatalog.entry(named:)", names, modules), "a name under Added records nothing")
    expect(not is_recorded("MatchServer.init(configuration:)", names, modules), "a name under the release records nothing")
    expect(not is_recorded("Seat", ["SeatView"], modules), "names compare whole")
    expect(not is_recorded("SeatView", ["SeatView.publicView"], modules), "a member does not record its type")

    class Capture:
        text = ""

        def write(self, text):
            self.text += text

    out = Capture()
    status = check(SELF_TEST_LOG, SELF_TEST_CHANGELOG, "0.1.0", out)
    expect(status == 1, "an unrecorded break fails")
    expect("api-check: 2 public symbols' breaks are not recorded" in out.text, "the count of unrecorded symbols")
    expect("  TabletopEngine: `GameCatalog.entry(named:)`\n      func GameCatalog.entry(named:) has been removed\n" in out.text, "the unrecorded break by module, symbol and message")
    expect("'### Removed', naming `GameCatalog.entry(named:)`" in out.text, "where to record a removal")
    expect("'### Changed', naming `MatchServer.init(configuration:)`" in out.text, "where to record a change")
    expect("api-check: 3 public API breaks recorded" in out.text, "the recorded ones counted")
    grouped = Capture()
    overload_log = (
        "1 breaking change detected in DuoServerCommandLine:\n"
        "  API breakage: func DuoServerCommand.main(games:arguments:) has been renamed to func main(games:version:arguments:)\n"
        "  API breakage: func DuoServerCommand.main(games:arguments:) has removed default argument from parameter 1\n"
    )
    check(overload_log, "## [Unreleased]\n\n## [0.1.0] - 2026-12-01\n", "0.1.0", grouped)
    expect(
        "1 public symbol's break is not recorded" in grouped.text and grouped.text.count("record it") == 1,
        "one symbol's several breaks are one thing to record",
    )
    recorded_all = SELF_TEST_CHANGELOG.replace("### Removed\n\n- `TableNotice`", "### Removed\n\n- `GameCatalog.entry(named:)` and `MatchServer` changed.\n- `TableNotice`", 1)
    expect(check(SELF_TEST_LOG, recorded_all, "0.1.0", Capture()) == 0, "every break recorded passes")
    if failures:
        sys.exit("api-check self-test failed: " + "; ".join(failures))
    print(f"api-check self-test: {len(cases)} cases of reading breaks and the changelog pass")


def library_modules(package):
    """The Swift modules of a package's library products (`swift package dump-package`'s JSON)."""
    targets = {target["name"]: target for target in package["targets"]}
    modules = []
    for product in package["products"]:
        if "library" in product["type"]:
            modules += [name for name in product["targets"] if name not in modules and targets[name]["type"] == "regular"]
    return modules


def main():
    if sys.argv[1:] == ["--self-test"]:
        self_test()
        return
    if sys.argv[1:] == ["--library-modules", "-"]:
        print(" ".join(library_modules(json.load(sys.stdin))))
        return
    if len(sys.argv) != 4:
        sys.exit("usage: api-check.py LOG CHANGELOG RELEASE_VERSION | --self-test")
    with open(sys.argv[1], encoding="utf-8", errors="replace") as file:
        log = file.read()
    with open(sys.argv[2], encoding="utf-8") as file:
        changelog = file.read()
    sys.exit(check(log, changelog, sys.argv[3]))


if __name__ == "__main__":
    main()
