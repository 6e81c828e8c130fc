#!/usr/bin/env bash
# Fails when a target imports one of the package's modules without naming it among its own
# dependencies in Package.swift, naming each such import with its file and line.
#
# A module reached only through another dependency still builds (SwiftPM puts every module in one
# folder, and DeepLinking re-exports DeepLinkRouting), so an undeclared import goes unnoticed until
# that other dependency goes away. SwiftPM's `--explicit-target-dependency-import-check error`, which CI
# passes too, accepts a module any dependency depends on, and the 6.3 toolchain on Linux reports
# nothing with it even for a module outside every dependency; this check asks for the direct
# dependency.
# Usage: Scripts/check-target-imports.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

swift package dump-package | python3 -c '
import json, os, re, sys

package = json.load(sys.stdin)
targets = package["targets"]
# The module name of each target: its name with "-" as "_".
modules = {target["name"].replace("-", "_"): target["name"] for target in targets}
import_line = re.compile(
    r"^\s*(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+"
    r"(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_][A-Za-z0-9_]*)")
problems = 0
checked = 0
for target in targets:
    name = target["name"]
    directory = target.get("path") or os.path.join("Tests" if target["type"] == "test" else "Sources", name)
    declared = {name.replace("-", "_")}
    for dependency in target["dependencies"]:
        for kind in ("byName", "target"):
            if kind in dependency:
                declared.add(dependency[kind][0].replace("-", "_"))
    for root, _, files in os.walk(directory):
        for file in sorted(files):
            if not file.endswith(".swift"):
                continue
            path = os.path.join(root, file)
            for number, line in enumerate(open(path, encoding="utf-8"), start=1):
                found = import_line.match(line)
                if not found:
                    continue
                checked += 1
                module = found.group(1)
                if module in modules and module not in declared:
                    print(f"{path}:{number}: {name} imports {module}, which it does not list among its "
                          "dependencies in Package.swift")
                    problems += 1
print(f"target imports: {checked} imports in {len(targets)} targets, {problems} undeclared")
sys.exit(1 if problems or checked == 0 else 0)
'
