#!/usr/bin/env python3
"""Runs a command and reports the peak memory of its process tree.

Usage: peak_memory.py REPORT_FILE COMMAND [ARGUMENT...]

Runs COMMAND with this process's standard streams, waits for it, writes the largest resident set size
any of its processes reached (ru_maxrss of the waited children, in kilobytes) to REPORT_FILE, and exits
with COMMAND's status (128 + the signal number when a signal ended it).
"""

import resource
import subprocess
import sys


def main():
    report, command = sys.argv[1], sys.argv[2:]
    status = subprocess.call(command)
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    with open(report, "w", encoding="utf-8") as file:
        file.write(f"{peak}\n")
    sys.exit(status if status >= 0 else 128 - status)


if __name__ == "__main__":
    main()
