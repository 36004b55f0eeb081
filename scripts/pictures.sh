#!/usr/bin/env bash
# Regenerates the README's pictures from the committed key script assets/demo.keys:
#
#   assets/screenshot.svg   the script's `snapshot screenshot`, drawn by CanvasSVG
#   assets/demo.cast        the whole session as asciicast v2 (asciinema play assets/demo.cast)
#   assets/opponent.svg     the `screenshot` snapshot of assets/opponent.keys (a game against the computer)
#   assets/opponent.cast    that whole game as asciicast v2
#
# Usage (from anywhere):  bash scripts/pictures.sh
#
# Both files are outputs: never edit them by hand. Change assets/demo.keys (or the game) and run
# this again; Tests/MemorizeAppTests/PicturesTests.swift fails while the screenshot is stale.
# SCRATCH_PATH picks SwiftPM's build directory (default .build).
set -euo pipefail

cd "$(dirname "$0")/.."
scratch="${SCRATCH_PATH:-.build}"

swift build --scratch-path "$scratch" --product memorize-tui
binary="$(swift build --scratch-path "$scratch" --show-bin-path)/memorize-tui"

snapshots="$(mktemp -d)"
trap 'rm -rf "$snapshots"' EXIT

# The same bytes on every machine: colour on, no header timestamp.
env -u NO_COLOR -u SOURCE_DATE_EPOCH \
    "$binary" --headless --script assets/demo.keys --snapshot-dir "$snapshots" --record assets/demo.cast >/dev/null
cp "$snapshots/screenshot.svg" assets/screenshot.svg
rm -f "$snapshots"/*.svg
env -u NO_COLOR -u SOURCE_DATE_EPOCH \
    "$binary" --headless --script assets/opponent.keys --snapshot-dir "$snapshots" --record assets/opponent.cast >/dev/null
cp "$snapshots/screenshot.svg" assets/opponent.svg

echo "wrote assets/screenshot.svg, assets/demo.cast, assets/opponent.svg and assets/opponent.cast (asciinema play FILE)"
