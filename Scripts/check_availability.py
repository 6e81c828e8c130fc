#!/usr/bin/env python3
"""Fails when the package uses an API newer than the Apple platforms it declares.

swiftc on Linux ignores `@available(macOS 15, iOS 18, *)`: nothing stops a Linux build from calling
an iOS 18 API, and every Apple build of that module then fails. This check reads the two facts the
Linux toolchain does carry:

- what each API needs: the symbol graphs of the toolchain's modules (the standard library,
  _Concurrency, Synchronization, Observation, Foundation and its parts, Dispatch), extracted with
  `swift-symbolgraph-extract`, keep every declaration's Apple availability; symbol graphs of the
  stand-in SDK modules (AppleSDK/), given with --symbol-graphs, add SwiftUI's and UIKit's;
- what the package uses: the type-checked AST of each module (`swiftc -dump-ast -dump-ast-format
  json`), which names every declaration a module references by its USR, the identifier the symbol
  graphs use, and every type by its mangled name.

It reports, with file and line:

1. a reference to a declaration (a call, a property, a type, a conformance) introduced after a
   declared platform's floor, or unavailable on one;
2. a typed-throws function type (`throws(E)` with `E` neither `any Error` nor `Never`) that needs
   runtime type metadata: inside a generic argument (`[..]`, `Optional`, `Result<..>`, any generic
   type), as a metatype, or converted to an existential; the runtime support for that arrived in
   iOS 18 and macOS 15.

The floors are read from Package.swift. The check fails closed: a module whose AST cannot be read, a
symbol graph that cannot be extracted or a floor that cannot be read is an error, and the summary
says how many references were checked, so an empty run cannot pass unnoticed.

What it cannot see is listed in AppleSDK/README.md ("What the availability check cannot see").
"""

import argparse
import concurrent.futures
import json
import os
import re
import subprocess
import sys
from collections import defaultdict

# The toolchain modules whose declarations carry Apple availability the package can reach.
TOOLCHAIN_MODULES = [
    "Swift",
    "_Concurrency",
    "_StringProcessing",
    "Synchronization",
    "Observation",
    "Dispatch",
    "Foundation",
    "FoundationEssentials",
    "FoundationInternationalization",
    "FoundationNetworking",
    "RegexBuilder",
]

PLATFORM_NAMES = {"macOS": "macOS", "iOS": "iOS", "tvOS": "tvOS", "watchOS": "watchOS", "visionOS": "visionOS"}


# Declarations the compiler itself calls, in code it writes (implicit nodes), when the deployment
# target has them, and replaces with an older one when it does not, so a Linux AST names them where
# an iOS 17 build does not: `for await` calls `next(isolation:)` from iOS 18 and macOS 15 and `next()`
# before (SE-0421), for `AsyncIteratorProtocol` and for the concrete iterators alike.
CHOSEN_BY_DEPLOYMENT_TARGET = ("next(isolation:)",)


def fail(message):
    print(f"check-availability: {message}", file=sys.stderr)
    sys.exit(2)


def read_floors(package_swift):
    """The declared platforms of Package.swift: {"iOS": (17, 0), ...}."""
    text = open(package_swift, encoding="utf-8").read()
    match = re.search(r"platforms:\s*\[(.*?)\]", text, re.S)
    if not match:
        fail(f"no `platforms:` list in {package_swift}")
    floors = {}
    for name, major, minor in re.findall(r"\.(macOS|iOS|tvOS|watchOS|visionOS)\(\.v(\d+)(?:_(\d+))?\)", match.group(1)):
        floors[name] = (int(major), int(minor or 0))
    if not floors:
        fail(f"no platform versions could be read from {match.group(0)!r}")
    return floors


def version(entry):
    return (entry.get("major", 0), entry.get("minor", 0), entry.get("patch", 0))


def too_new(availability, floors):
    """Why a declaration with this symbol-graph availability cannot be used at the floors, or None.

    visionOS has the iPad's API: a declaration that states nothing for visionOS has it as on iOS
    (iOS 17 is visionOS 1), so with visionOS among the floors its iOS entry is read against the iOS
    floor that visionOS 1 has."""
    reasons = []
    items = list(availability or [])
    if "visionOS" in floors and "iOS" not in floors and not any(
            item.get("domain") == "visionOS" for item in items):
        floors = dict(floors, iOS=(17, 0))
    for item in items:
        domain = item.get("domain")
        if domain == "*" and item.get("isUnconditionallyUnavailable"):
            reasons.append("unavailable")
            continue
        if domain not in floors:
            continue
        floor = floors[domain]
        if item.get("isUnconditionallyUnavailable"):
            reasons.append(f"unavailable on {domain}")
        elif "introduced" in item and version(item["introduced"])[:2] > floor:
            introduced = ".".join(str(part) for part in version(item["introduced"])[:2])
            reasons.append(f"{domain} {introduced}")
        elif "obsoleted" in item and version(item["obsoleted"])[:2] <= floor:
            reasons.append(f"obsoleted in {domain}")
    if not reasons:
        return None
    return ", ".join(reasons)


def load_symbol_graphs(directories, floors, stated=(), declared=None):
    """USR -> (name, reason, module) for every declaration too new for the floors; and how many
    declarations were read.

    A newer declaration with a twin of the same name and declaration that is available at the floors
    (a protocol requirement added later beside the extension method that always implemented it, such
    as `FixedWidthInteger.&*`) is left out: where the newer one is unavailable, the compiler resolves
    the same call to the twin, so a Linux AST naming the newer one is no finding."""
    newer, available_twins, unstated = {}, set(), []
    read = 0
    for directory in directories:
        names = [name for name in os.listdir(directory) if name.endswith(".symbols.json")]
        if not names:
            fail(f"no symbol graphs in {directory}")
        for name in names:
            graph = json.load(open(os.path.join(directory, name), encoding="utf-8"))
            module = graph["module"]["name"]
            for symbol in graph.get("symbols", []):
                usr = symbol["identifier"]["precise"]
                # A protocol's default implementation copied onto each conforming type carries that
                # type's availability; the declaration itself is listed once more, on its own.
                if "::SYNTHESIZED::" in usr:
                    continue
                read += 1
                # Stated for any declared platform counts, whichever platforms this run checks.
                if directory in stated and not any(
                        item.get("domain") in (declared or floors) for item in symbol.get("availability", [])):
                    unstated.append(f"{module}.{'.'.join(symbol['pathComponents'])}")
                declaration = "".join(part["spelling"] for part in symbol.get("declarationFragments", []))
                twin = (module, tuple(symbol["pathComponents"]), declaration)
                reason = too_new(symbol.get("availability"), floors)
                if reason:
                    newer[usr] = (".".join(symbol["pathComponents"]), reason, module, twin)
                else:
                    available_twins.add(twin)
    if unstated:
        fail("these stand-in declarations state no Apple availability (copy it from the page each one "
             "names): " + ", ".join(sorted(unstated)))
    newer = {usr: entry[:3] for usr, entry in newer.items() if entry[3] not in available_twins}
    return newer, read


def extract_toolchain_graphs(output, target):
    """One directory of symbol graphs per toolchain module (a module's extensions of another module
    are written to `Module@Other.symbols.json`, whose names would clash in one directory)."""
    directories = []
    for module in TOOLCHAIN_MODULES:
        directory = os.path.join(output, module)
        directories.append(directory)
        if os.path.isdir(directory) and any(name.endswith(".symbols.json") for name in os.listdir(directory)):
            continue
        os.makedirs(directory, exist_ok=True)
        result = subprocess.run(
            ["swift-symbolgraph-extract", "-module-name", module, "-target", target, "-output-dir", directory,
             "-minimum-access-level", "public"],
            capture_output=True, text=True)
        if result.returncode != 0 or not any(name.endswith(".symbols.json") for name in os.listdir(directory)):
            fail(f"could not extract the symbol graph of {module}: {result.stderr.strip()[:500]}")
    return directories


class Source:
    """Byte offsets of one file, to report line and column. `path` is as the compiler named it,
    relative to `directory`, where the compiler ran."""

    def __init__(self, path, directory=None):
        self.path = path if directory is None or os.path.isabs(path) else os.path.normpath(path)
        self.starts = [0]
        try:
            data = open(os.path.join(directory or "", path), "rb").read()
        except OSError:
            data = b""
        for index, byte in enumerate(data):
            if byte == 0x0A:
                self.starts.append(index + 1)

    def place(self, offset):
        low, high = 0, len(self.starts) - 1
        while low < high:
            middle = (low + high + 1) // 2
            if self.starts[middle] <= offset:
                low = middle
            else:
                high = middle - 1
        shown = os.path.relpath(self.path) if os.path.isabs(self.path) else self.path
        return f"{shown}:{low + 1}:{offset - self.starts[low] + 1}"


def demangle(names):
    """Mangled type -> its spelling without sugar (`Swift.Array<..>`, `Swift.Optional<..>`)."""
    names = sorted(names)
    if not names:
        return {}
    result = subprocess.run(["swift-demangle", "--no-sugar"], input="\n".join(names) + "\n",
                            capture_output=True, text=True)
    if result.returncode != 0:
        fail("swift-demangle failed: " + result.stderr.strip()[:300])
    lines = result.stdout.split("\n")
    return dict(zip(names, lines))


NOMINAL = re.compile(r"\b([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)+)")


def typed_throws_needing_metadata(spelling):
    """Whether a demangled type holds `throws(E)` (E not `any Error`/`Never`) where metadata is needed."""
    for match in re.finditer(r"throws\(", spelling):
        start = match.end()
        depth, index = 1, start
        while index < len(spelling) and depth:
            depth += {"(": 1, ")": -1}.get(spelling[index], 0)
            index += 1
        thrown = spelling[start:index - 1].strip()
        if thrown in ("Swift.Never", "any Swift.Error", "Swift.Error", "Never", "any Error"):
            continue
        # The brackets enclosing the `throws(`: a generic argument list is a `<` right after a name.
        stack = []
        for position in range(match.start()):
            character = spelling[position]
            if character in "(<":
                generic = character == "<" and position > 0 and (spelling[position - 1].isalnum() or spelling[position - 1] in "_>")
                stack.append(generic)
            elif character in ")>" and stack:
                if character == ">" and position > 0 and spelling[position - 1] == "-":
                    continue  # the arrow of a function type
                stack.pop()
        if any(stack):
            return True
        if re.search(r"\)\.Type\b|\)\.Protocol\b", spelling[index:]) or spelling.endswith(".Type"):
            return True
    return False


def walk(node, visit, offset=0, implicit=False):
    """Visits every object of an AST dump with the source offset of it or of its nearest ancestor
    that has one, and whether it or its parent expression is implicit (written by the compiler)."""
    if isinstance(node, dict):
        offset = (node.get("range") or {}).get("start", offset)
        implicit = bool(node.get("implicit")) or (implicit and node.get("_kind") == "decl_ref")
        visit(node, offset, implicit)
        for value in node.values():
            if isinstance(value, (dict, list)):
                walk(value, visit, offset, implicit)
    elif isinstance(node, list):
        for value in node:
            walk(value, visit, offset, implicit)


def read_dumps(text):
    """The JSON objects of a `-dump-ast -dump-ast-format json` output, one per source file.

    The compiler writes the dumps to standard error, among its diagnostics: each dump is read from
    where its `source_file` object starts."""
    decoder = json.JSONDecoder()
    marker = '{"_kind":"source_file"'
    objects, index = [], text.find(marker)
    while index >= 0:
        value, end = decoder.raw_decode(text, index)
        objects.append(value)
        index = text.find(marker, end)
    return objects


def dump_module(command, scratch):
    """Runs one module's compile command as `-dump-ast` (JSON) into a file and returns the file's path
    and the compiler's status."""
    output = os.path.join(scratch, command["module"] + ".ast.json")
    arguments = ["swiftc", "-dump-ast", "-dump-ast-format", "json", "-module-name", command["module"]]
    arguments += command["arguments"] + command["sources"]
    with open(output, "w", encoding="utf-8") as sink:
        # One file is dumped to standard output, several to standard error: both go to the file.
        result = subprocess.run(arguments, stdout=sink, stderr=subprocess.STDOUT, text=True,
                                cwd=command.get("directory"))
    return output, result.returncode


def read_module(command, output, status):
    """The source files' ASTs of one module's dump."""
    if status != 0:
        diagnostics = [line for line in open(output, encoding="utf-8") if not line.startswith('{"_kind"')]
        fail(f"could not type-check {command['module']} for its AST:\n{''.join(diagnostics)[:2000]}")
    files = read_dumps(open(output, encoding="utf-8").read())
    if len(files) != len([s for s in command["sources"] if s.endswith(".swift")]):
        fail(f"{command['module']}: {len(files)} ASTs for {len(command['sources'])} sources")
    return files


def dump_modules(commands, scratch):
    """Each module's dump file and status, the compilers running one per core at once (the dumps are
    independent: each reads the modules the package's build left)."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        return list(pool.map(lambda command: dump_module(command, scratch), commands))


# Flags of SwiftPM's compile commands that do not apply to `-dump-ast`, with how many values follow.
DROPPED_FLAGS = {"-incremental": 0, "-enable-batch-mode": 0, "-serialize-diagnostics": 0, "-parseable-output": 0,
                 "-emit-objc-header": 0, "-g": 0, "-index-store-path": 1, "-emit-objc-header-path": 1,
                 "-j2": 0, "-enable-testing": 0}


def swiftpm_commands(description, excluded):
    """The compile command of every module SwiftPM built, but the test modules and `excluded`."""
    data = json.load(open(description, encoding="utf-8"))
    test_modules = set()
    for product in data.get("builtTestProducts", []):
        test_modules.add(product.get("productName", ""))
    commands = []
    for command in data["swiftCommands"].values():
        module = command["moduleName"]
        if module in excluded or module.endswith("Tests") or "PackageDiscoveredTests" in module:
            continue
        sources = [source for source in command["sources"] if source.endswith(".swift")]
        arguments, others, index = ["-I", command["importPath"]], command["otherArguments"], 0
        while index < len(others):
            flag = others[index]
            if flag in ("-Xcc", "-Xlinker", "-Xfrontend") and index + 1 < len(others):
                arguments += others[index:index + 2]
                index += 2
                continue
            if flag in DROPPED_FLAGS or re.fullmatch(r"-j\d+", flag):
                index += 1 + DROPPED_FLAGS.get(flag, 0)
                continue
            arguments.append(flag)
            index += 1
        commands.append({"module": module, "arguments": arguments, "sources": sources})
    return sorted(commands, key=lambda command: command["module"])


def check(commands, newer, scratch, allowed):
    findings = []
    references = 0
    mangled_seen = defaultdict(list)
    for command, (output, status) in zip(commands, dump_modules(commands, scratch)):
        for ast in read_module(command, output, status):
            source = Source(ast.get("filename", "?"), command.get("directory"))

            def visit(node, offset, implicit):
                nonlocal references
                for key in ("decl_usr", "decl", "protocol", "type_usr"):
                    value = node.get(key)
                    if not isinstance(value, str) or not value.startswith("s:"):
                        continue
                    references += 1
                    if value in newer:
                        name, reason, module = newer[value]
                        if node.get("_kind") == "decl_ref" and implicit and name.endswith(CHOSEN_BY_DEPLOYMENT_TARGET):
                            continue
                        findings.append((source.place(offset), f"{module}.{name} needs {reason}", name))
                for key in ("type", "interface_type", "result", "written_type", "replacement_type"):
                    value = node.get(key)
                    if isinstance(value, str) and value.startswith("$s") and "YK" in value:
                        mangled_seen[value].append((source.place(offset), node.get("_kind")))
                if node.get("_kind") == "erasure_expr":
                    inner = node.get("sub_expr") or {}
                    value = inner.get("type") if isinstance(inner, dict) else None
                    if isinstance(value, str) and "YK" in value:
                        mangled_seen[value + "#erased"].append((source.place(offset), "erasure_expr"))

            walk(ast, visit)
    spellings = demangle({name.split("#")[0] for name in mangled_seen})
    for mangled, places in mangled_seen.items():
        plain = mangled.split("#")[0]
        spelling = spellings.get(plain, plain)
        erased = mangled.endswith("#erased") and "throws(" in spelling
        if erased or typed_throws_needing_metadata(spelling):
            for place, kind in sorted(set(places)):
                findings.append((place, f"typed-throws function type `{spelling}` needs runtime metadata: "
                                 "iOS 18, macOS 15", "typed-throws"))
    # One finding per line and message: an expression and the declaration it initialises say the same.
    kept, seen = [], set()
    for place, message, name in sorted(set(findings)):
        line = place.rsplit(":", 1)[0]
        if name not in allowed and (line, message) not in seen:
            seen.add((line, message))
            kept.append((place, message, name))
    return kept, references


def self_test(path, newer, declarations, scratch):
    """Checks the probe file and compares what was found with its `// expect: WHAT` markers."""
    command = {"module": "AvailabilityProbes", "sources": [os.path.abspath(path)],
               "arguments": ["-parse-as-library", "-swift-version", "6"]}
    findings, references = check([command], newer, scratch, allowed=set())
    expected = {}
    for number, line in enumerate(open(path, encoding="utf-8"), start=1):
        marker = re.search(r"// expect: (\S+)", line)
        if marker:
            expected[number] = marker.group(1)
    found = defaultdict(list)
    for place, message, name in findings:
        found[int(place.split(":")[-2])].append((name, message))
    problems = []
    for number, what in sorted(expected.items()):
        names = [name for name, _ in found.get(number, [])]
        wanted = "typed-throws" if what == "typed-throws" else what.split(".", 1)[1]
        if wanted not in names:
            problems.append(f"{path}:{number}: expected a finding for {what}, found {names or 'none'}")
    for number, entries in sorted(found.items()):
        if number not in expected:
            problems.extend(f"{path}:{number}: unexpected finding: {message}" for _, message in entries)
    for problem in problems:
        print(problem)
    print(f"availability self-test: findings expected on {len(expected)} lines, found on {len(found)} "
          f"({sum(map(len, found.values()))} findings), {references} references read; "
          f"{'FAILED' if problems else 'ok'}")
    return 1 if problems or references == 0 else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--package", default="Package.swift")
    parser.add_argument("--description", help="SwiftPM's build description (.build/debug/description.json)")
    parser.add_argument("--exclude", action="append", default=[], help="a module not to check (tests)")
    parser.add_argument("--commands", help="JSON list of {module, arguments, sources[, directory]}, for "
                        "modules SwiftPM "
                        "does not build (the Apple-only glue against the stand-ins)")
    parser.add_argument("--scratch", help="where symbol graphs are cached and ASTs written "
                        "(default: .build/availability/<compiler version>)")
    parser.add_argument("--symbol-graphs", action="append", default=[],
                        help="a directory of the stand-in SDK's symbol graphs; each declaration in it "
                        "must state its Apple availability")
    parser.add_argument("--target", default="x86_64-unknown-linux-gnu")
    parser.add_argument("--platforms", help="comma-separated platforms the checked code is compiled for "
                        "(one platform family's `os(...)` conditions, e.g. tvOS): only their floors apply; "
                        "default every platform Package.swift declares")
    parser.add_argument("--self-test", metavar="FILE",
                        help="check FILE alone and require a finding on exactly its `expect:` lines")
    arguments = parser.parse_args()

    if not arguments.scratch:
        compiler = subprocess.run(["swiftc", "--version"], capture_output=True, text=True).stdout.split("\n")[0]
        arguments.scratch = os.path.join(".build", "availability", re.sub(r"[^A-Za-z0-9.-]", "", compiler))
    arguments.scratch = os.path.abspath(arguments.scratch)
    os.makedirs(arguments.scratch, exist_ok=True)
    floors = read_floors(arguments.package)
    declared = dict(floors)
    if arguments.platforms:
        wanted = arguments.platforms.split(",")
        undeclared = [name for name in wanted if name not in floors]
        if undeclared:
            fail(f"--platforms names {', '.join(undeclared)}, which {arguments.package} does not declare")
        floors = {name: floors[name] for name in wanted}
    toolchain = os.path.join(arguments.scratch, "symbolgraphs")
    directories = extract_toolchain_graphs(toolchain, arguments.target)
    # Every stand-in declaration states its availability, so that none passes for lack of it.
    newer, declarations = load_symbol_graphs(directories + arguments.symbol_graphs, floors,
                                             stated=set(arguments.symbol_graphs), declared=declared)
    if arguments.self_test:
        return self_test(arguments.self_test, newer, declarations, arguments.scratch)
    commands = []
    if arguments.description:
        commands += swiftpm_commands(arguments.description, set(arguments.exclude))
    if arguments.commands:
        commands += json.load(open(arguments.commands, encoding="utf-8"))
    if not commands:
        fail("no module to check")
    findings, references = check(commands, newer, arguments.scratch, allowed=set())
    floor_text = ", ".join(f"{name} {major}.{minor}" for name, (major, minor) in sorted(floors.items()))
    for place, message, _ in findings:
        print(f"{place}: error: {message}; the package supports {floor_text}")
    modules = ", ".join(command["module"] for command in commands)
    print(f"availability: {len(commands)} modules ({modules}), {references} references checked against "
          f"{declarations} declarations ({len(newer)} newer than the floors); {len(findings)} problems")
    if references == 0:
        fail("no reference was read: the check would pass on anything")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
