#!/usr/bin/env python3
"""Writes the public API of a package's library modules as swift-api-digester baselines.

    scripts/api-baseline.py SOURCE OUT    # OUT/<Module>.json for every library product's Swift module

SOURCE is a checkout of the baseline (the last release's commit). This is what
`swift package diagnose-api-breaking-changes` does to make its baseline, at a
fraction of the cost: SwiftPM builds the whole baseline package (every
executable, linked); here each module a library product needs is only
type-checked into a .swiftmodule (`swiftc -emit-module`, function bodies that
are not inlinable skipped: they are not API), in dependency order, and then
dumped by the same swift-api-digester with the same search paths. With the
files in place, diagnose-api-breaking-changes builds no baseline of its own and
compares (scripts/api-check.sh). Exit status 3: the package declares something
this does not build the way SwiftPM would (target settings, resources, C
sources, dependencies on other packages): the caller lets SwiftPM build the
baseline itself.
"""
import concurrent.futures
import json
import os
import shutil
import subprocess
import sys

UNSUPPORTED = 3


def unsupported(why):
    print(f"api-baseline: {why}: SwiftPM builds this baseline itself", file=sys.stderr)
    sys.exit(UNSUPPORTED)


def run(arguments, **options):
    result = subprocess.run(arguments, capture_output=True, text=True, **options)
    if result.returncode != 0:
        sys.exit(f"api-baseline: {' '.join(arguments[:3])} ... failed:\n{result.stdout[-3000:]}{result.stderr[-3000:]}")
    return result.stdout


def tool(name):
    """A program of the toolchain: next to swiftc (links resolved)."""
    swiftc = shutil.which(os.environ.get("SWIFTC", "swiftc"))
    if not swiftc:
        sys.exit("api-baseline: no swiftc on PATH")
    for folder in (os.path.dirname(swiftc), os.path.dirname(os.path.realpath(swiftc))):
        candidate = os.path.join(folder, name)
        if os.access(candidate, os.X_OK):
            return candidate
    sys.exit(f"api-baseline: no {name} next to {swiftc}")


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: api-baseline.py SOURCE OUT")
    source, out = (os.path.abspath(path) for path in sys.argv[1:])
    swift = os.environ.get("SWIFT", "swift")
    package = json.loads(run([swift, "package", "--package-path", source, "dump-package"]))
    if package.get("dependencies"):
        unsupported("the baseline depends on other packages")
    targets = {target["name"]: target for target in package["targets"]}
    library_modules = []
    for product in package["products"]:
        if "library" in product["type"]:
            library_modules += [name for name in product["targets"] if name not in library_modules]

    # Every target the library modules need, dependencies first.
    order = []

    def visit(name, path=()):
        if name in order:
            return
        if name in path:
            sys.exit(f"api-baseline: a dependency cycle through {name}")
        target = targets.get(name) or unsupported(f"no target {name}")
        if any(not (dependency.get("byName") or dependency.get("target")) for dependency in target.get("dependencies", [])):
            unsupported(f"{name} depends on a product of another package")
        for dependency in dependencies(target):
            visit(dependency, path + (name,))
        order.append(name)

    for name in library_modules:
        visit(name)

    # The language mode SwiftPM compiles in: the last the package lists, else its tools version's.
    modes = package.get("swiftLanguageVersions") or []
    language = str(modes[-1]) if modes else package["toolsVersion"]["_version"].split(".")[0]
    if not language.isdigit():
        unsupported(f"the language mode {language}")
    modules = os.path.join(out, ".modules")
    os.makedirs(modules, exist_ok=True)
    c_flags = []  # -I and a folder: each system library's module map folder, and its pkg-config include folders
    commands = {}  # each Swift target's emit-module command
    for name in order:
        target = targets[name]
        folder = os.path.join(source, target.get("path") or os.path.join("Sources", name))
        if target["type"] == "system":
            c_flags += ["-I", folder]
            if target.get("pkgConfig"):
                for flag in run(["pkg-config", "--cflags", target["pkgConfig"]]).split():
                    if flag.startswith("-I") and len(flag) > 2:
                        c_flags += ["-I", flag[2:]]
            continue
        if target["type"] != "regular":
            unsupported(f"{name} is a {target['type']} target")
        if target.get("settings") or target.get("resources") or target.get("sources"):
            unsupported(f"{name} has settings, resources or a source list")
        excluded = [os.path.join(folder, path) for path in target.get("exclude", [])]
        files = []
        for directory, _, names in os.walk(folder):
            if any(directory == path or directory.startswith(path + os.sep) for path in excluded):
                continue
            for file in names:
                path = os.path.join(directory, file)
                if path in excluded:
                    continue
                if file.endswith((".c", ".m", ".cpp", ".cc", ".mm", ".s", ".S")):
                    unsupported(f"{name} has C sources")
                if file.endswith(".swift"):
                    files.append(path)
        arguments = [tool("swiftc"), "-emit-module", "-parse-as-library", "-module-name", name, "-package-name", "baseline"]
        arguments += ["-swift-version", language, "-experimental-skip-non-inlinable-function-bodies", "-wmo"]
        arguments += ["-emit-module-path", os.path.join(modules, name + ".swiftmodule"), "-I", modules]
        commands[name] = arguments + sorted(files)
    for index in range(0, len(c_flags), 2):
        for arguments in commands.values():
            arguments[1:1] = ["-Xcc", c_flags[index], "-Xcc", c_flags[index + 1]]

    # Each module once the modules it imports are written, as many at once as there are cores.
    needs = {name: {d for d in dependencies(targets[name]) if d in commands} for name in commands}
    done, running = set(), {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        while len(done) < len(commands):
            for name in commands:
                if name not in done and name not in running and needs[name] <= done:
                    running[name] = pool.submit(run, commands[name], cwd=out)
            finished, _ = concurrent.futures.wait(running.values(), return_when=concurrent.futures.FIRST_COMPLETED)
            for name in [name for name, future in running.items() if future in finished]:
                running.pop(name).result()
                done.add(name)

        digester = tool("swift-api-digester")
        dumped = [name for name in library_modules if targets[name]["type"] == "regular"]
        dumps = [
            pool.submit(run, [digester, "-dump-sdk", "-compiler-style-diags", "-I", modules] + c_flags + ["-module", name, "-o", os.path.join(out, name + ".json")])
            for name in dumped
        ]
        for dump in dumps:
            dump.result()
    shutil.rmtree(modules)
    print(" ".join(dumped))


def dependencies(target):
    """The names of the targets `target` depends on."""
    return [(dependency.get("byName") or dependency.get("target"))[0] for dependency in target.get("dependencies", [])]


if __name__ == "__main__":
    main()
