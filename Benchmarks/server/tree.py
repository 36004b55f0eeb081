#!/usr/bin/env python3
"""Prints the pids of a process and everything below it, children first (for run.sh's cleanup)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import procfs  # noqa: E402

print(" ".join(str(p) for p in reversed(procfs.descendants(int(sys.argv[1]))) if os.path.exists(f"/proc/{p}")))
