#!/usr/bin/env bash
# The performance benchmark (Benchmarks/README.md): builds the release binary and the
# benchmark in their own scratch path, then measures the binary and prints one line per figure.
# Usage: bash Benchmarks/run.sh [--only headless|live|startup|latency|cost]...
# For the nbmemoblocks comparison: apt-get install -y nbsdgames (skipped when absent).
set -euo pipefail
cd "$(dirname "$0")/.."
# The shipped release build (a static executable: Package.swift links it so in release). Both
# products: `swift run memorize-bench` alone would not rebuild memorize-tui.
swift build -c release --scratch-path .build-bench >&2
# The plain-ncurses lower bound the flip cost is compared with.
cc -O2 -Wall Benchmarks/replay/ncurses-replay.c $(pkg-config --cflags --libs ncursesw) -o .build-bench/ncurses-replay
exec .build-bench/release/memorize-bench --replayer "$PWD/.build-bench/ncurses-replay" "$@"
