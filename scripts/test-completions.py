#!/usr/bin/env python3
"""Completes command lines in real shells with the completion scripts an install put in place.

    scripts/test-completions.py PREFIX engine    # duo, duo-server under PREFIX (make install's)
    scripts/test-completions.py PREFIX noughts   # a game package's noughts, noughts-server

Bash and zsh run interactively on a pseudo-terminal, with no start-up files:
the test types a line, presses TAB, then a key bound to print the line as
the shell now has it. Bash sources PREFIX/share/bash-completion/completions/NAME
(what the bash-completion package loads on demand), zsh finds _NAME on its
fpath (PREFIX/share/zsh/site-functions) through compinit, and fish is asked
`complete -C LINE` with PREFIX/share on XDG_DATA_DIRS (the installed
vendor_completions.d put first on fish_complete_path, which --no-config empties). The programs run from PREFIX/bin on PATH.
Run by scripts/test-install.sh and scripts/test-game-package.sh.
"""
import os
import pty
import select
import shutil
import subprocess
import sys
import tempfile
import time

# (program, typed, the line after TAB): what a user sees, trailing space included (a unique
# completion ends the word). Zsh completes an option that takes a value with its '='
# (`--bots=`), the form _arguments prefers: ZSH_AFTER has those lines.
CASES = {
    "engine": [
        ("duo-server", "duo-server ma", "duo-server match "),
        ("duo-server", "duo-server match --bo", "duo-server match --bots "),
        ("duo-server", "duo-server match --game mi", "duo-server match --game minigolf "),
        ("duo-server", "duo-server match --game=mi", "duo-server match --game=minigolf "),
        ("duo-server", "duo-server match --bots hunt,ran", "duo-server match --bots hunt,random "),
        # Bots by game: aim:hard is mini golf's, and the colon is no word break.
        ("duo-server", "duo-server match --game minigolf --bots random,aim:h", "duo-server match --game minigolf --bots random,aim:hard "),
        ("duo-server", "duo-server match --variant sal", "duo-server match --variant salvo "),
        ("duo-server", "duo-server replay repl", "duo-server replay replay-000000.jsonl "),
        ("duo", "duo scr", "duo screenshot "),
        ("duo", "duo --game mi", "duo --game minigolf "),
        ("duo", "duo --game minigolf --bot aim:me", "duo --game minigolf --bot aim:medium "),
        ("duo", "duo screenshot --post", "duo screenshot --posture "),
        ("duo", "duo --vers", "duo --version "),
    ],
    "noughts": [
        ("noughts-server", "noughts-server ma", "noughts-server match "),
        ("noughts-server", "noughts-server match --game no", "noughts-server match --game noughts "),
        ("noughts-server", "noughts-server match --bots random,sm", "noughts-server match --bots random,smart "),
        ("noughts", "noughts li", "noughts lint "),
        ("noughts", "noughts --bot sm", "noughts --bot smart "),
    ],
}

ZSH_AFTER = {
    "duo-server match --bo": "duo-server match --bots=",
    "duo screenshot --post": "duo screenshot --posture=",
}

# fish's candidates for a line (no TAB there: complete -C lists them).
FISH_CASES = {
    "engine": [
        ("duo-server ma", "match"),
        ("duo-server match --bo", "--bots"),
        ("duo-server match --game ", "minigolf"),
        ("duo-server match --game minigolf --bots random,aim:h", "random,aim:hard"),
        ("duo sc", "screenshot"),
        ("duo --game minigolf --bot aim:m", "aim:medium"),
    ],
    "noughts": [
        ("noughts-server match --bots sm", "smart"),
        ("noughts --game ", "noughts"),
    ],
}

MARK = "LINE<"


def fail(message):
    sys.exit(f"test-completions: {message}")


def interactive(argv, env, cwd, setup, typed):
    """Runs a shell on a pseudo-terminal: `setup` lines, then `typed`, TAB, and ^T (bound to
    print the line); returns the line the shell printed."""
    pid, fd = pty.fork()
    if pid == 0:
        os.chdir(cwd)
        os.execvpe(argv[0], argv, env)
    output = b""

    def read_until(marker, seconds):
        nonlocal output
        deadline = time.time() + seconds
        while marker not in output and time.time() < deadline:
            ready, _, _ = select.select([fd], [], [], 0.1)
            if ready:
                try:
                    output += os.read(fd, 65536)
                except OSError:
                    break
        return marker in output

    try:
        for line in setup:
            os.write(fd, line.encode() + b"\n")
        os.write(fd, b"echo RE''ADY\n")  # the echo of the command itself is not the word
        if not read_until(b"READY\r\n", 20):
            fail(f"{argv[0]} did not start: {output.decode(errors='replace')[-500:]}")
        output = b""
        os.write(fd, typed.encode() + b"\t")
        time.sleep(0.3)
        os.write(fd, b"\x14")
        if not read_until(b">END", 20):
            fail(f"{argv[0]}: no line after '{typed}<TAB>': {output.decode(errors='replace')[-500:]}")
        text = output.decode(errors="replace")
        start = text.rindex(MARK) + len(MARK)
        return text[start : text.index(">END", start)]
    finally:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
        os.close(fd)


def main():
    if len(sys.argv) != 3 or sys.argv[2] not in CASES:
        fail("usage: test-completions.py PREFIX engine|noughts")
    prefix = os.path.abspath(sys.argv[1])
    cases = CASES[sys.argv[2]]
    share = os.path.join(prefix, "share")
    work = tempfile.mkdtemp(prefix="duo-completions-")
    try:
        # A folder to complete file names in, and a home with no start-up files.
        open(os.path.join(work, "replay-000000.jsonl"), "w").close()
        home = os.path.join(work, "home")
        os.mkdir(home)
        env = {
            "PATH": os.path.join(prefix, "bin") + os.pathsep + os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": home,
            "TERM": "dumb",
            "LANG": "C.UTF-8",
            "XDG_DATA_DIRS": share,
        }
        failures = []
        checked = 0
        for program, typed, wanted in cases:
            bash_script = os.path.join(share, "bash-completion", "completions", program)
            if not os.path.isfile(bash_script):
                fail(f"no bash completion for {program} at {bash_script}")
            bash_setup = [
                "PS1='$ '",
                "bind 'set show-all-if-ambiguous off'",
                f"source '{bash_script}'",
                "bind -x '\"\\C-t\": printf \"\\n" + MARK + "%s>END\\n\" \"$READLINE_LINE\"'",
            ]
            got = interactive(["bash", "--norc", "--noprofile", "-i"], env, work, bash_setup, typed)
            checked += 1
            if got != wanted:
                failures.append(f"bash: '{typed}<TAB>' gave '{got}', not '{wanted}'")
            if shutil.which("zsh"):
                zsh_setup = [
                    "PROMPT='$ '",
                    f"fpath=('{os.path.join(share, 'zsh', 'site-functions')}' $fpath)",
                    "autoload -U compinit && compinit -u -D",
                    "show-line() { print -r -- $'\\n'\"" + MARK + "$BUFFER>END\" }",
                    "zle -N show-line && bindkey '^T' show-line",
                ]
                got = interactive(["zsh", "-f", "-i"], env, work, zsh_setup, typed)
                checked += 1
                wanted = ZSH_AFTER.get(typed, wanted)
                if got != wanted:
                    failures.append(f"zsh: '{typed}<TAB>' gave '{got}', not '{wanted}'")
        if shutil.which("fish"):
            # fish --no-config reads no vendor folder: the installed one is put first on its path.
            fish_folder = os.path.join(share, "fish", "vendor_completions.d")
            for typed, wanted in FISH_CASES[sys.argv[2]]:
                run = subprocess.run(
                    ["fish", "--no-config", "-c", f"set -p fish_complete_path '{fish_folder}'; complete -C '{typed}'"],
                    env=env, cwd=work, capture_output=True, text=True, timeout=60,
                )
                candidates = [line.split("\t")[0] for line in run.stdout.splitlines()]
                checked += 1
                if wanted not in candidates:
                    failures.append(f"fish: '{typed}' offers {candidates[:12]}, not '{wanted}' ({run.stderr.strip()[:300]})")
        if failures:
            fail(f"{len(failures)} of {checked} completions wrong:\n  " + "\n  ".join(failures))
        shells = "bash" + (", zsh" if shutil.which("zsh") else "") + (", fish" if shutil.which("fish") else "")
        print(f"test-completions: {checked} completions right in {shells}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
