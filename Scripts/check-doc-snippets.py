#!/usr/bin/env python3
"""Compiles the Swift code blocks of README.md and of each DocC article.

Every ```swift block of one Markdown file, taken together, forms one ordinary app source file
(compiled with -parse-as-library, so no top-level statements) against the package's modules and the
stand-in Apple SDK. Blocks that are Package.swift snippets (they contain `.package(url:`,
`.package(path:` or `.product(name:`) are left out. Any other block is left out only when the line right before its fence is

    <!-- snippet-check: skip (why) -->

which Markdown and DocC do not render; every such block is listed in the output.

Usage: check-doc-snippets.py WORK_DIR SWIFTC_ARGUMENT...   (run by Scripts/check-doc-snippets.sh)
"""

import glob
import os
import re
import subprocess
import sys

SKIP_MARKER = re.compile(r"^\s*<!--\s*snippet-check:\s*skip\b(.*?)-->\s*$")
FENCE_OPEN = re.compile(r"^(\s*)```\s*swift\s*$")
FENCE_CLOSE = re.compile(r"^\s*```\s*$")


def swift_blocks(path):
    """Yields (first line number, code, skip reason or None) for each ```swift block of a file."""
    lines = open(path, encoding="utf-8").read().split("\n")
    index = 0
    while index < len(lines):
        opening = FENCE_OPEN.match(lines[index])
        if not opening:
            index += 1
            continue
        skip = SKIP_MARKER.match(lines[index - 1]) if index > 0 else None
        indent = len(opening.group(1))
        start = index + 1
        index = start
        while index < len(lines) and not FENCE_CLOSE.match(lines[index]):
            index += 1
        code = [line[indent:] if line[:indent].strip() == "" else line for line in lines[start:index]]
        reason = (skip.group(1).strip() or "no reason given") if skip else None
        yield start + 1, "\n".join(code), reason
        index += 1


def main():
    work, swiftc_arguments = sys.argv[1], sys.argv[2:]
    documents = ["README.md"] + sorted(glob.glob("Sources/*/Documentation.docc/*.md"))
    failed, skipped = [], []
    for document in documents:
        parts = []
        for line, code, reason in swift_blocks(document):
            if any(marker in code for marker in (".package(url:", ".package(path:", ".product(name:")):
                continue
            if reason is not None:
                skipped.append(f"{document}:{line}: {reason}")
                continue
            # Diagnostics point into the Markdown file.
            parts.append(f'#sourceLocation(file: "{document}", line: {line})\n{code}\n#sourceLocation()')
        if not parts:
            continue
        source = os.path.join(work, re.sub(r"[^A-Za-z0-9]+", "_", document) + ".swift")
        with open(source, "w", encoding="utf-8") as file:
            file.write("\n".join(parts) + "\n")
        result = subprocess.run(
            ["swiftc", "-c", "-wmo", "-o", source + ".o", "-module-name", "Snippets", *swiftc_arguments, source],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if result.returncode == 0:
            print(f"passed  {document}")
        else:
            print(f"FAILED  {document}")
            print(result.stdout)
            failed.append(document)
    for entry in skipped:
        print(f"skipped {entry}")
    if failed:
        print(f"{len(failed)} of the documents' snippet files failed:")
        for document in failed:
            print(f"  {document}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
