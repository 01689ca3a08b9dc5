#!/usr/bin/env python3
"""The docs runner: every command in the docs is a test (docs/DOC_BLOCKS.md).

Reads README.md, docs/*.md, Examples/README.md and the DocC articles
(Sources/*/*.docc, Server/*/*.docc) and

- runs every ```console block: each in a scratch directory of its own, with the
  freshly built programs on PATH, comparing what each `$ ` command prints with
  the lines shown after it (`...` alone on a line: any lines; `[..]`: any text
  within a line; a last line `? N`: the exit status N, else 0);
- fails on a command line naming a program of the project (duo, duo-server,
  duo-bench, noughts, noughts-server, the examples, make, swift run) in any other
  block, unless the line before the block's fence is `<!-- not-run: REASON -->`;
- checks what the docs put in code voice: every `--flag` is an option of the
  command it is given to (from the programs' own --dump-options), and every
  camelCase name is one the project has (a schema's field, definition or value,
  an error code of docs/PROTOCOL.md's table, a name the code declares or sends,
  a key of the data files), and every code of that table is one the code has;
- checks that docs/DESKTOP.md names the public API a table needs (DOC_COVERS).

Prints `test-docs: N run, M marked not-run` and exits 1 on any failure.
scripts/test-docs.sh builds the programs and calls this with their folders.
"""
import argparse
import concurrent.futures
import itertools
import json
import os
import pathlib
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

# Programs whose command lines must be run or marked, and the examples (run by
# `swift run ExampleX`), whose flags are checked too.
PROJECT_PROGRAMS = {"duo", "duo-server", "duo-bench", "noughts", "noughts-server"}
# Programs that open the window unless their first argument is a command.
WINDOW_PROGRAMS = {"duo", "noughts"}
# Words put before a command that run it (their own options are skipped).
WRAPPERS = {"xvfb-run", "timeout", "nice", "time", "env", "sudo", "exec", "nohup", "parallel", "xargs"}
# How long a window runs before the runner closes it (still running: it passed).
WINDOW_SECONDS = 2.0
COMMAND_TIMEOUT = 120
# The port a block's background server stands for: the runner's server gets a free one.
DOC_PORT = "7447"
NOT_RUN = re.compile(r"^\s*<!--\s*not-run:\s*(.*?)\s*-->\s*$")
FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})\s*([^`\s]*)")
CAMEL = re.compile(r"^[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+$")
DOTTED = re.compile(r"^[a-z][A-Za-z0-9]*(?:\.[a-z][A-Za-z0-9]*)+$")
# A line a program printed, not a command: "duo-server match: error: ...",
# "noughts (classic): smart vs random ...", "duo tabletop: scene 660 x 932".
OUTPUT_LINE = re.compile(r"^[\w./-]+(?: \(?[\w-]+\)?)?: ")
# Blocks of a programming language or a data format hold no command lines.
CODE_INFOS = {"swift", "json", "javascript", "js", "c", "python", "haproxy", "nginx", "markdown", "md"}
# Flags of other programs that the docs name in code voice, apart from their command.
OTHER_FLAGS = {"call-graph": "perf record", "experimental-dump-help": "swift-argument-parser", "static-swift-stdlib": "swift build"}
# Every program takes these before any command (DuoArguments' ProgramDeclaration).
PROGRAM_FLAGS = {"help", "dump-options", "version", "generate-completion-script", "generate-manual"}
# A flag, but not a partial one typed before a completion (`--bo<TAB>`).
FLAG = re.compile(r"(?<![\w-])--([a-z0-9][a-z0-9-]*)(?![\w<-])")


# Public API a doc must name in code voice, so a newcomer finds it without
# reading the sources: (doc, what each name is, source files, how to find the names).
DOC_COVERS = [
    ("docs/DESKTOP.md", "a drawing call of Canvas",
     ["Sources/DuoDesktop/Drawing/Canvas.swift", "Sources/DuoDesktop/Drawing/Canvas+*.swift"], "public func"),
    ("docs/DESKTOP.md", "a requirement of VictoryPhotoGame", ["Sources/DuoDesktop/Camera/VictoryPhotoGame.swift"], "var"),
    ("docs/DESKTOP.md", "a parameter of a HUD element", ["Sources/TabletopEngine/HUD/HUDElement.swift"], "factory labels"),
]


def covered_names(text, how):
    """The names a source file declares, of the kind DOC_COVERS asks for."""
    if how == "public func":
        return re.findall(r"^\s*public func (\w+)", text, re.M)
    if how == "var":
        return re.findall(r"^\s*var (\w+)", text, re.M)
    names = []
    for match in re.finditer(r"public static func \w+\(", text):
        depth, end = 1, match.end()
        while depth and end < len(text):
            depth += {"(": 1, ")": -1}.get(text[end], 0)
            end += 1
        for label in re.findall(r"(?:^|,)\s*(\w+)(?:\s+\w+)?\s*:", text[match.end():end - 1]):
            if label != "_":
                names.append(label)
    return names


def check_doc_covers(root, problems):
    for doc, what, patterns, how in DOC_COVERS:
        path = root / doc
        sources = [f for pattern in patterns for f in sorted(root.glob(pattern))]
        if not path.is_file() or not sources:
            continue
        text = path.read_text()
        fenced = re.findall(r"^```.*?^```", text, re.S | re.M)
        prose = re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)
        voiced = " ".join(re.findall(r"`[^`]+`", prose) + fenced)
        for source in sources:
            for name in dict.fromkeys(covered_names(source.read_text(), how)):
                if not re.search(r"\b" + re.escape(name) + r"\b", voiced):
                    problems.append(f"{doc}: names no `{name}`, {what} ({source.relative_to(root).as_posix()})")


def doc_files(root):
    """The documents the runner reads, in a fixed order."""
    files = [root / "README.md"]
    files += sorted((root / "docs").glob("*.md"))
    files.append(root / "Examples" / "README.md")
    for top in ("Sources", "Server"):
        files += sorted((root / top).glob("*/*.docc/*.md"))
    return [f for f in files if f.is_file()]


class Block:
    """A fenced block: where it is, its info word, its lines, its marker."""

    def __init__(self, path, line, info, lines, not_run):
        self.path, self.line, self.info, self.lines, self.not_run = path, line, info, lines, not_run

    def where(self, offset=0):
        return f"{self.path}:{self.line + offset}"


def parse_markdown(path, text):
    """Fenced blocks (with the not-run marker on the line before each) and the
    prose paragraphs outside them, as (first line number, [lines])."""
    lines = text.split("\n")
    blocks, paragraphs, paragraph = [], [], []
    index = 0
    while index < len(lines):
        line = lines[index]
        match = FENCE.match(line)
        if match:
            if paragraph:
                paragraphs.append(paragraph)
                paragraph = []
            indent, fence, info = len(match.group(1)), match.group(2), match.group(3).lower()
            marker = NOT_RUN.match(lines[index - 1]) if index > 0 else None
            body = []
            index += 1
            while index < len(lines):
                closing = lines[index].strip()
                if closing.startswith(fence[0] * len(fence)) and set(closing) == {fence[0]}:
                    break
                body.append(lines[index][indent:] if lines[index][:indent].strip() == "" else lines[index].lstrip())
                index += 1
            # Numbered from 1: the fence's line, so that body line k is at line + k.
            blocks.append(Block(path, index - len(body), info, body, marker.group(1) if marker else None))
            index += 1
            continue
        if line.strip() == "":
            if paragraph:
                paragraphs.append(paragraph)
                paragraph = []
        else:
            paragraph.append((index + 1, line))
        index += 1
    if paragraph:
        paragraphs.append(paragraph)
    return blocks, paragraphs


# MARK: Commands


def simple_commands(line):
    """The simple commands of a shell line, each a list of words (quotes kept
    as they are: only the words' shapes matter here)."""
    text = line.strip()
    if text.startswith("$ "):
        text = text[2:]
    text = re.sub(r"^-?\s*run:\s*[>|]?\s*", "", text)  # a CI step
    text = re.sub(r"\s#\s.*$", "", " " + text).strip()  # a trailing comment
    if text.startswith("#") or OUTPUT_LINE.match(text):
        return []
    commands = []
    for part in re.split(r"\|\||&&|[|;&]|\$\(|`", text):
        words = part.replace("(", " ").replace(")", " ").split()
        while words and re.match(r"^[A-Za-z_][A-Za-z0-9_]*=", words[0]):
            words.pop(0)
        while words and os.path.basename(words[0]) in WRAPPERS:
            words.pop(0)
            while words and (words[0].startswith("-") or re.fullmatch(r"[0-9.]+[smh]?", words[0])):
                words.pop(0)
        if words:
            commands.append(words)
    return commands


def program_of(words):
    """(program, its arguments) when the words run a program of the project
    (`swift run [-c release] X` runs X; `make` counts), else None."""
    first = words[0]
    if first == "swift" and len(words) > 1 and words[1] == "run":
        rest = words[2:]
        while rest and rest[0].startswith("-"):
            rest = rest[2:] if rest[0] in ("-c", "--configuration", "--package-path") else rest[1:]
        return ("swift run " + rest[0], rest[1:]) if rest else ("swift run", [])
    if first == "make":
        return ("make", words[1:])
    name = os.path.basename(first)
    if name in PROJECT_PROGRAMS or re.fullmatch(r"Example[A-Z][A-Za-z]*", name):
        return (name, words[1:])
    return None


def project_programs(line):
    """The programs of the project the line runs."""
    found = []
    for words in simple_commands(line):
        program = program_of(words)
        if program:
            found.append(program)
    return found


def without_comment(command):
    """The command without a trailing `# comment` (outside quotes)."""
    quote = None
    for index, char in enumerate(command):
        if quote:
            if char == quote:
                quote = None
        elif char in "'\"":
            quote = char
        elif char == "#" and (index == 0 or command[index - 1] in " \t"):
            return command[:index].rstrip()
    return command.rstrip()


def as_run(command):
    """The command as the runner runs it: `swift run [-c release] X` is `X`,
    `.build/release/X` is `X`."""
    command = re.sub(r"\bswift run(?:\s+-c\s+(?:release|debug))?\s+", "", command)
    return re.sub(r"(?<![\w/])\.build/(?:release|debug)/(?=[\w-])", "", command)


class Command:
    def __init__(self, line, text, expected):
        self.line, self.text, self.expected = line, text, expected
        self.status = 0
        if expected and re.fullmatch(r"\? -?[0-9]+", expected[-1].strip()):
            self.status = int(expected[-1].strip()[2:])
            self.expected = expected[:-1]


def parse_console(block):
    """The commands of a console block with the output shown after each."""
    commands, problems = [], []
    index = 0
    lines = block.lines
    while index < len(lines):
        line = lines[index]
        if not line.startswith("$ "):
            if line.strip():
                problems.append(f"{block.where(index + 1)}: a console block's lines start with '$ ' (a command) before any output: {line!r}")
            index += 1
            continue
        first = index
        text = line[2:]
        while text.endswith("\\") and index + 1 < len(lines):
            index += 1
            text += "\n" + lines[index]
        # A here-document's lines are the command's, up to its delimiter.
        heredoc = re.search(r"<<-?\s*(['\"]?)([A-Za-z_]+)\1", without_comment(text))
        if heredoc:
            while index + 1 < len(lines):
                index += 1
                text += "\n" + lines[index]
                if lines[index].strip() == heredoc.group(2):
                    break
        index += 1
        expected = []
        while index < len(lines) and not lines[index].startswith("$ "):
            expected.append(lines[index])
            index += 1
        while expected and not expected[-1].strip():
            expected.pop()
        commands.append(Command(first + 1, text, expected))
    return commands, problems


def line_pattern(expected):
    return re.compile("".join(".*" if part == "[..]" else re.escape(part) for part in re.split(r"(\[\.\.\])", expected.rstrip())) + r"\Z")


def output_matches(expected, actual):
    """Whether the actual lines are the expected ones (`...`: any lines)."""
    patterns = [None if e.strip() == "..." else line_pattern(e) for e in expected]
    # reach[j]: the patterns so far can match the first j actual lines.
    reach = [j == 0 for j in range(len(actual) + 1)]
    for pattern in patterns:
        if pattern is None:
            reach = list(itertools.accumulate(reach, lambda seen, here: seen or here))
        else:
            reach = [False] + [reach[j - 1] and bool(pattern.match(actual[j - 1])) for j in range(1, len(reach))]
    return reach[-1]


def clean_output(data):
    lines = [line.rstrip() for line in data.decode("utf-8", "replace").replace("\r\n", "\n").split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    return lines


class Runner:
    def __init__(self, root, bins, subcommands, window_seconds):
        self.root, self.bins, self.subcommands, self.window_seconds = root, bins, subcommands, window_seconds
        self.timings = []

    def environment(self, scratch):
        env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "DUO_", "SDL_"))}
        env["PATH"] = os.pathsep.join([str(b) for b in self.bins] + [os.environ.get("PATH", "")])
        env["HOME"] = str(scratch / "home")
        env.update(SDL_VIDEODRIVER="offscreen", SDL_RENDER_DRIVER="software", SDL_AUDIODRIVER="dummy", COLUMNS="100")
        return env

    def is_window(self, command):
        for words in simple_commands(command):
            program = program_of(words)
            if program and program[0] in WINDOW_PROGRAMS:
                args = program[1]
                if any(a in ("--help", "--dump-options", "--version") for a in args):
                    return False
                if not args or args[0] not in self.subcommands.get(program[0], set()):
                    return True
        return False

    def run_block(self, block):
        """Runs a console block; returns (commands run, [problems])."""
        started = time.monotonic()
        commands, problems = parse_console(block)
        if problems:
            return 0, problems
        scratch = pathlib.Path(tempfile.mkdtemp(prefix="duo-docs-"))
        background = []
        port = None
        ran = 0
        try:
            (scratch / "home").mkdir()
            # From the top of a clone: the repository's files are there to read (Examples/ExecBot/...).
            for entry in self.root.iterdir():
                if entry.name not in (".build", ".git", ".swiftpm") and not entry.name.startswith("."):
                    (scratch / entry.name).symlink_to(entry)
            env = self.environment(scratch)
            for command in commands:
                text = as_run(command.text)
                if port:
                    text = re.sub(r"(?<=:)" + DOC_PORT + r"\b|(?<=--port )" + DOC_PORT + r"\b", port, text)
                ran += 1
                bare = without_comment(text)
                if bare.endswith("&") and not bare.endswith("&&"):
                    text = bare[:-1].rstrip()
                    if command.expected:
                        problems.append(f"{block.where(command.line)}: a command run in the background (&) shows no output")
                        break
                    serves = re.match(r"^(?:duo-server|noughts-server) serve\b", text)
                    if serves:
                        text = re.sub(r"--port[ =]\S+", "", text) + " --port 0"
                    log = scratch / f"background-{len(background)}.out"
                    with open(log, "wb") as out:
                        process = subprocess.Popen(
                            ["bash", "-c", "exec " + text], cwd=scratch, env=env, stdout=out, stderr=subprocess.STDOUT,
                            stdin=subprocess.DEVNULL, start_new_session=True)
                    background.append(process)
                    if serves:
                        port = self.wait_for_port(log, process)
                        if not port:
                            problems.append(f"{block.where(command.line)}: `{text}` printed no 'listening on' line:\n"
                                            + log.read_text(errors="replace"))
                            break
                    continue
                window = self.is_window(text)
                process = subprocess.Popen(
                    ["bash", "-c", text], cwd=scratch, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                    stdin=subprocess.DEVNULL, start_new_session=True)
                try:
                    output, errors = process.communicate(timeout=self.window_seconds if window else COMMAND_TIMEOUT)
                    status = process.returncode
                except subprocess.TimeoutExpired:
                    stop(process)
                    try:
                        output, errors = process.communicate(timeout=10)
                    except subprocess.TimeoutExpired:
                        output, errors = b"", b"(its output is held open by a process that outlived it)"
                    if not window:
                        problems.append(f"{block.where(command.line)}: `{command.text}` did not end within {COMMAND_TIMEOUT} s")
                        break
                    status = 0  # the window was still open: what running it means
                stop(process)  # anything it left running in its group
                # Standard output, then standard error: an order that does not depend on timing.
                actual = clean_output(output) + clean_output(errors)
                if status != command.status or not output_matches(command.expected, actual):
                    problems.append(
                        f"{block.where(command.line)}: `{command.text}`"
                        + (f" (run as `{text}`)" if text != command.text else "")
                        + f" exited {status} (the doc expects {command.status}) and printed:\n"
                        + "\n".join("    " + a for a in actual[:80])
                        + (f"\n    ... ({len(actual) - 80} more lines)" if len(actual) > 80 else "")
                        + "\n  the doc shows:\n" + "\n".join("    " + e for e in command.expected))
                    break
        finally:
            for process in background:
                stop(process)
            shutil.rmtree(scratch, ignore_errors=True)
        self.timings.append((time.monotonic() - started, block.where()))
        return ran, problems

    @staticmethod
    def wait_for_port(log, process):
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            found = re.search(r"^listening on [^\s:]+:([0-9]+)$", log.read_text(errors="replace"), re.M)
            if found:
                return found.group(1)
            if process.poll() is not None:
                return None
            time.sleep(0.05)
        return None


def stop(process):
    """Ends a process the runner started and whatever it started (its own
    process group, which may outlive it)."""
    try:
        os.killpg(process.pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        process.poll()
        try:
            os.killpg(process.pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.02)
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    process.wait()


# MARK: What the project has


def declarations(bins):
    """Every command's options, by tool ("duo-server match"), from --dump-options."""
    tools = {}
    for directory in bins:
        for program in sorted(pathlib.Path(directory).iterdir()):
            if not (program.is_file() and os.access(program, os.X_OK)):
                continue
            if program.name not in PROJECT_PROGRAMS and not re.fullmatch(r"Example[A-Z][A-Za-z]*", program.name):
                continue
            run = subprocess.run([str(program), "--dump-options"], capture_output=True, timeout=60)
            if run.returncode != 0:
                raise SystemExit(f"test-docs: {program} --dump-options failed: {run.stderr.decode(errors='replace')}")
            for line in run.stdout.decode().splitlines():
                declaration = json.loads(line)
                tools[declaration["tool"]] = {option["name"] for option in declaration["options"]} | PROGRAM_FLAGS
    return tools


def json_items(value):
    """Every (key, member) of every object of a JSON document, and each of its strings as (None, string)."""
    if isinstance(value, dict):
        for key, child in value.items():
            yield key, child
            yield from json_items(child)
    elif isinstance(value, list):
        for child in value:
            yield from json_items(child)
    elif isinstance(value, str):
        yield None, value


def schema_names(paths):
    """The property and definition names of schemas, and their enum and const strings."""
    names = set()
    for path in paths:
        for key, child in json_items(json.loads(path.read_text())):
            if key in ("properties", "definitions") and isinstance(child, dict):
                names.update(child.keys())
            elif key == "enum" and isinstance(child, list):
                names.update(v for v in child if isinstance(v, str))
            elif key == "const" and isinstance(child, str):
                names.add(child)
    return names


def data_keys(paths):
    """The keys and strings of data files."""
    keys = set()
    for path in paths:
        try:
            keys.update(key if key is not None else child for key, child in json_items(json.loads(path.read_text()))
                        if key is not None or isinstance(child, str))
        except (ValueError, UnicodeDecodeError):
            pass
    return keys


def code_names(paths):
    """Names the code declares (types, functions, properties, cases) and the
    identifiers it writes as strings (JSON keys, codes), comments left out."""
    names = set()
    for path in paths:
        text = path.read_text(errors="replace")
        code = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
        code = "\n".join(re.sub(r'//.*$', "", line) if '"' not in line.split("//")[0] or line.strip().startswith("//") else line
                         for line in code.split("\n"))
        names.update(re.findall(r"\b(?:func|var|let|case|struct|enum|class|protocol|typealias|actor|init)\s+`?([A-Za-z_][A-Za-z0-9_]*)", code))
        for cases in re.findall(r"\bcase\s+([^\n{}=:]+)", code):
            names.update(re.findall(r"(?<![.\w])([A-Za-z_][A-Za-z0-9_]*)", cases))
        names.update(re.findall(r"[(,]\s*([a-z][A-Za-z0-9_]*)(?:\s+[a-z_][A-Za-z0-9_]*)?\s*:", code))  # argument labels
        names.update(re.findall(r'"([A-Za-z_][A-Za-z0-9_]*)"', code))
        names.update(re.findall(r"\\\.([a-z][A-Za-z0-9_]*)", code))  # key paths
    return names


def error_table(root):
    """The codes of docs/PROTOCOL.md's error table."""
    path = root / "docs" / "PROTOCOL.md"
    if not path.is_file():
        return set(), []
    codes, rows = set(), []
    inside = False
    for number, line in enumerate(path.read_text().split("\n"), 1):
        if line.startswith("## "):
            inside = line.strip() == "## Error codes"
        if inside and line.startswith("| `"):
            first = line.split("|")[1]
            for code in re.findall(r"`([A-Za-z]+)`", first):
                codes.add(code)
                rows.append((number, code))
        if inside and line.startswith("| *game codes*"):  # they are listed in its second column
            for code in re.findall(r"`([A-Za-z]+)`", line.split("|")[2]):
                codes.add(code)
                rows.append((number, code))
    return codes, rows


class Project:
    """What the code voice of the docs is checked against."""

    def __init__(self, root, bins):
        self.root = root
        self.tools = declarations(bins)
        self.options = set().union(*self.tools.values()) if self.tools else set()
        schemas = sorted(root.glob("Assets/schemas/*.json")) + sorted(root.glob("Examples/*/Assets/schemas/*.json"))
        self.schema = schema_names(schemas)
        sources = [p for top in ("Sources", "Server", "Benchmarks", "Examples") for p in (root / top).rglob("*.swift")
                   if ".build" not in p.parts]
        self.code = code_names(sources)
        data = [p for p in (root / "Assets").rglob("*.json") if "schemas" not in p.parts] if (root / "Assets").is_dir() else []
        data += [p for p in root.glob("Examples/*/Assets/games/**/*.json")]
        self.data = data_keys(data)
        keywords = set()
        checker = next(iter(root.glob("Server/*/Protocol/JSONSchema.swift")), None)
        if checker:
            found = re.search(r"keywords: Set<String> = \[(.*?)\]", checker.read_text(), re.S)
            if found:
                keywords = set(re.findall(r'"\$?([A-Za-z]+)"', found.group(1)))
        self.keywords = keywords
        self.errors, self.error_rows = error_table(root)
        self.scripts = {p.relative_to(root).as_posix(): p.read_text(errors="replace") for p in (root / "scripts").glob("*")
                        if p.is_file()} if (root / "scripts").is_dir() else {}

    def knows_name(self, name):
        return any(name in s for s in (self.schema, self.code, self.data, self.keywords, self.errors))

    def options_of(self, program, args):
        """The options a command may take, or None when the command is not declared."""
        name = program[len("swift run "):] if program.startswith("swift run ") else program
        if name == "make":
            return self.tools.get("duo")  # make play ARGS="..." passes them to duo
        if args and f"{name} {args[0]}" in self.tools:
            return self.tools[f"{name} {args[0]}"]
        return self.tools.get(name)


def check_flags(project, where, text, problems):
    """Every --flag given to a program of the project is one of its options."""
    for words in simple_commands(text):
        program = program_of(words)
        if program is None:
            first = words[0]
            if first.startswith("scripts/"):
                script = project.scripts.get(first)
                for flag in FLAG.findall(" ".join(words[1:])):
                    if script is not None and f"--{flag}" not in script:
                        problems.append(f"{where}: `{text.strip()}`: {first} has no option --{flag}")
            elif first.startswith("--"):
                for flag in FLAG.findall(" ".join(words)):
                    if flag not in project.options and flag not in OTHER_FLAGS:
                        problems.append(f"{where}: `{text.strip()}`: no program of the project has an option --{flag}")
            continue
        if program[0] == "swift run":
            continue
        allowed = project.options_of(*program)
        arguments = " ".join(program[1])
        if program[0] == "make":
            arguments = " ".join(re.findall(r'ARGS=["\']([^"\']*)', " ".join(words)))
        for flag in FLAG.findall(arguments):
            known = allowed if allowed is not None else project.options
            if flag not in known:
                tool = program[0] if allowed is None else next(
                    (t for t, o in project.tools.items() if o is allowed), program[0])
                problems.append(f"{where}: `{text.strip()}`: {tool} has no option --{flag}")


def check_code_voice(project, path, paragraphs, problems):
    for paragraph in paragraphs:
        text = "\n".join(line for _, line in paragraph)
        starts = []
        offset = 0
        for number, line in paragraph:
            starts.append((offset, number))
            offset += len(line) + 1
        for match in re.finditer(r"(?<!`)`([^`]+)`(?!`)", text):
            number = max(n for o, n in starts if o <= match.start())
            span = " ".join(match.group(1).split())
            where = f"{path}:{number}"
            if FLAG.search(span):
                check_flags(project, where, span, problems)
            elif CAMEL.match(span):
                if not project.knows_name(span):
                    problems.append(f"{where}: `{span}` is no field, value or definition of the schemas, error code, option "
                                    "or name of the code (a stale or misspelt name?)")
            elif DOTTED.match(span):
                for part in span.split("."):
                    if CAMEL.match(part) and not project.knows_name(part):
                        problems.append(f"{where}: `{span}`: `{part}` is no name the project has (a stale or misspelt name?)")


def main(argv=None):
    parser = argparse.ArgumentParser(description="Runs and checks the commands of the docs.")
    parser.add_argument("--root", default=str(pathlib.Path(__file__).resolve().parent.parent))
    parser.add_argument("--bin", action="append", default=[], help="a folder of built programs (repeatable)")
    parser.add_argument("--jobs", type=int, default=int(os.environ.get("DOCS_JOBS", "4")))
    parser.add_argument("--only", action="append", default=[], help="check only these documents (paths from the root)")
    parser.add_argument("--window-seconds", type=float, default=WINDOW_SECONDS)
    parser.add_argument("--timings", action="store_true", help="print the slowest blocks")
    parser.add_argument("--self-test", action="store_true")
    args = parser.parse_args(argv)
    if args.self_test:
        return self_test()
    started = time.monotonic()
    root = pathlib.Path(args.root).resolve()
    bins = [pathlib.Path(b).resolve() for b in args.bin]
    project = Project(root, bins)
    subcommands = {}
    for tool in project.tools:
        words = tool.split(" ")
        if len(words) == 2:
            subcommands.setdefault(words[0], set()).add(words[1])
    runner = Runner(root, bins, subcommands, args.window_seconds)
    problems, runnable, marked = [], [], 0
    for path in doc_files(root):
        relative = path.relative_to(root).as_posix()
        if args.only and relative not in args.only:
            continue
        blocks, paragraphs = parse_markdown(relative, path.read_text(encoding="utf-8"))
        check_code_voice(project, relative, paragraphs, problems)
        for block in blocks:
            if block.info in CODE_INFOS and block.not_run is None:
                continue  # code, data, or a doc's source shown in a doc (docs/DOC_BLOCKS.md)
            if block.not_run is not None:
                if not block.not_run:
                    problems.append(f"{block.where()}: a not-run marker gives its reason: <!-- not-run: REASON -->")
                for offset, line in enumerate(block.lines, 1):
                    if project_programs(line):
                        marked += 1
                        check_flags(project, block.where(offset), line, problems)
            elif block.info == "console":
                runnable.append(block)
            else:
                for offset, line in enumerate(block.lines, 1):
                    for program, _ in project_programs(line):
                        problems.append(
                            f"{block.where(offset)}: `{line.strip()}` runs {program} in a block that is neither run (```console) "
                            "nor marked (<!-- not-run: REASON --> on the line before its fence)")
    if not args.only:
        check_doc_covers(root, problems)
    for code_line, code in project.error_rows:
        if code not in project.code:
            problems.append(f"docs/PROTOCOL.md:{code_line}: the error table lists `{code}`, a code the code never sends")
    ran = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for count, found in pool.map(runner.run_block, runnable):
            ran += count
            problems += found
    for problem in problems:
        print(f"test-docs: {problem}", file=sys.stderr)
    if args.timings:
        for seconds, where in sorted(runner.timings, reverse=True)[:10]:
            print(f"test-docs: {seconds:5.1f} s  {where}")
    seconds = time.monotonic() - started
    print(f"test-docs: {ran} run, {marked} marked not-run ({len(runnable)} console blocks) in {seconds:.1f} s"
          + (f"; {len(problems)} problem(s)" if problems else ""))
    return 1 if problems else 0


# MARK: Self-test


def self_test():
    """Proves the runner fails on a stale output, a stale field name, a stale
    flag and an unmarked command, and passes a sound doc."""
    work = pathlib.Path(tempfile.mkdtemp(prefix="duo-docs-self-test-"))
    try:
        bins = work / "bin"
        bins.mkdir()
        program = bins / "duo-server"
        program.write_text(
            "#!/bin/sh\n"
            'if [ "$1" = --dump-options ]; then\n'
            '  echo \'{"tool":"duo-server match","options":[{"name":"games"},{"name":"help"}]}\'\n'
            "  exit 0\n"
            "fi\n"
            'if [ "$1" = match ]; then echo "broadside (classic): hunt vs random, 3 matches, seed 1"; echo "  mean 50.2 shots"; exit 0; fi\n'
            'echo "duo-server: error: no command $1" >&2; exit 2\n')
        program.chmod(0o755)
        (work / "docs").mkdir()
        (work / "Assets" / "schemas").mkdir(parents=True)
        (work / "Assets" / "schemas" / "tiny.json").write_text('{"definitions": {"report": {"properties": {"meanScoreToWin": {}}}}}')
        (work / "Sources" / "Tiny").mkdir(parents=True)
        (work / "Sources" / "Tiny" / "Tiny.swift").write_text("struct Tiny { let games = 1 }\n")
        sound = (
            "# A doc\n\nThe field `meanScoreToWin`; the flag `--games`.\n\n"
            "```console\n$ duo-server match --games 3\nbroadside (classic): hunt vs random, 3 matches, seed [..]\n...\n"
            "$ duo-server nope\nduo-server: error: no command nope\n? 2\n```\n\n"
            "<!-- not-run: a long batch -->\n```sh\nduo-server match --games 100000\n```\n")
        cases = [
            ("a sound doc", sound, None),
            ("a stale output", sound.replace("seed [..]", "seed [..]\n  mean 44.2 shots\n"), "the doc shows:"),
            ("a wrong exit status", sound.replace("? 2", "? 1"), "exited 2 (the doc expects 1)"),
            ("a stale field name", sound.replace("`meanScoreToWin`", "`meanShotsToWin`"), "`meanShotsToWin` is no field"),
            ("a stale flag", sound.replace("`--games`", "`--matches`"), "no program of the project has an option --matches"),
            ("a stale flag in a command not run", sound.replace("match --games 100000", "match --gams 100000"),
             "duo-server match has no option --gams"),
            ("an unmarked command", sound + "\n```sh\nswift run duo-server match --games 3\n```\n",
             "runs swift run duo-server in a block that is neither run"),
            ("a marker without a reason", sound.replace("not-run: a long batch", "not-run:"), "gives its reason"),
        ]
        failed = []
        for name, text, wanted in cases:
            (work / "docs" / "TINY.md").write_text(text)
            run = subprocess.run([sys.executable, __file__, "--root", str(work), "--bin", str(bins), "--jobs", "1"],
                                 capture_output=True, text=True)
            outcome = "passes" if run.returncode == 0 else "fails"
            if wanted is None and run.returncode != 0:
                failed.append(f"{name} failed, should pass:\n{run.stderr}")
            elif wanted is not None and (run.returncode == 0 or wanted not in run.stderr):
                failed.append(f"{name} {outcome}, should fail saying {wanted!r}:\n{run.stderr}{run.stdout}")
            else:
                print(f"test-docs self-test: {name}: {outcome}, as it should")
        (work / "docs" / "TINY.md").write_text(sound)
        count = subprocess.run([sys.executable, __file__, "--root", str(work), "--bin", str(bins)], capture_output=True, text=True)
        if "test-docs: 2 run, 1 marked not-run" not in count.stdout:
            failed.append(f"a sound doc's count is not '2 run, 1 marked not-run': {count.stdout}")
        for failure in failed:
            print(f"test-docs self-test: {failure}", file=sys.stderr)
        return 1 if failed else 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
