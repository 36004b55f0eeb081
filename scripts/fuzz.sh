#!/usr/bin/env bash
# Runs every fuzz test and prints their figures, one line per fuzzer:
#   fuzz(model)    random play on MemoryGame itself, invariants after every step
#   fuzz(themes)   mutated theme files through ThemeLibrary.decode
#   fuzz(headless) generated key scripts through the whole app on the virtual clock
#   fuzz(tmux)     random bytes, escape sequences, mouse reports and resizes into the real
#                  binary in tmux (bytes sent, resizes, crashes)
#
#   scripts/fuzz.sh            # the short CI run (about 10 s of tmux fuzzing)
#   scripts/fuzz.sh 300        # 300 s for each time-boxed fuzzer (long run, on demand)
#
# MEMORIZE_FUZZ_SEED=N changes the tmux fuzzer's byte sequence (default 20240601).
# Exit status: swift test's (non-zero when any fuzz test failed).
set -uo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
SCRATCH=${SCRATCH:-.build-fuzz}
if [[ $# -gt 0 ]]; then export MEMORIZE_FUZZ_SECONDS=$1; fi

LOG=$(mktemp "${TMPDIR:-/tmp}/memorize-fuzz.XXXXXX")
if ! swift build --scratch-path "$SCRATCH" --build-tests >"$LOG" 2>&1; then
    grep -E 'error' "$LOG" | head -20 >&2
    echo "fuzz: build failed (full log: $LOG)" >&2
    exit 2
fi
swift test --scratch-path "$SCRATCH" --skip-build --filter Fuzz >"$LOG" 2>&1
status=$?
grep -E '^(fuzz\(|✘)' "$LOG"
if [[ $status -ne 0 ]]; then echo "fuzz: FAILED (full log: $LOG)"; else echo "fuzz: passed"; rm -f "$LOG"; fi
exit $status
