#!/usr/bin/env bash
# The performance benchmark (Benchmarks/README.md): builds the release binary, then the
# benchmark (its own package, Benchmarks/Package.swift, in Benchmarks/.build: a plain `swift build`
# of the game never builds it), then measures the binary and prints one line per figure.
# Usage: bash Benchmarks/run.sh [--only headless|live|startup|themes|latency|cost]...
# For the nbmemoblocks comparison: apt-get install -y nbsdgames (skipped when absent).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# The shipped release build (a static executable: Package.swift links it so in release), made by
# the README's play command itself, which builds every product: the build made to play is
# measured as it is. As in scripts/install.sh, the build sees the caller's environment (SHLVL as
# the caller had it, no cd when already in the checkout): SwiftPM reruns its plugins when any
# variable differs.
export SHLVL=$(( ${SHLVL:-1} > 0 ? ${SHLVL:-1} - 1 : 0 ))
[[ $PWD == "$root" ]] || cd "$root"
swift build -c release >&2
# The benchmark measures frames in process too, with the game's libraries built as above.
# SwiftPM keeps this package's build plan while the game's package (a path dependency) loses or
# gains files, then stops at a missing input: plan it afresh (a few seconds).
rm -f Benchmarks/.build/*/release/description.json
swift build -c release --package-path Benchmarks --product memorize-bench >&2
# The plain-ncurses lower bound the flip cost is compared with.
mkdir -p .build/bench
cc -O2 -Wall Benchmarks/replay/ncurses-replay.c $(pkg-config --cflags --libs ncursesw) -o .build/bench/ncurses-replay
exec Benchmarks/.build/release/memorize-bench --binary "$PWD/.build/release/memorize-tui" \
  --replayer "$PWD/.build/bench/ncurses-replay" "$@"
