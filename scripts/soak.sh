#!/usr/bin/env bash
# Soak test: plays whole games of memorize-tui, one after another, in the real binary inside a
# private tmux server for SECONDS (default 60), and reports the process's memory (VmRSS and
# VmHWM from /proc/PID/status) at the start, after every game and at the end.
#
#   scripts/soak.sh [SECONDS]
#
# The player is a mouse player with a perfect memory: it clicks unknown cards, reads what they
# show from the screen (--ascii, so one character is one column), and clicks known partners.
# The app runs with MEMORIZE_CHECK_INVARIANTS=1, so a broken game invariant ends it at once.
# Exit status: 0 when the app survived, won at least one game and quit with 0; 1 otherwise.
#
# Environment: BIN (default: .build/debug/memorize-tui, else .build-fuzz/debug/memorize-tui),
# SOAK_SEED (default 7), SOAK_FLAGS (extra flags, e.g. "--reduced-motion" for more games a minute).
set -euo pipefail

DURATION=${1:-60}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
if [[ -z "${BIN:-}" ]]; then
    for candidate in "$ROOT/.build/debug/memorize-tui" "$ROOT/.build-fuzz/debug/memorize-tui"; do
        if [[ -x "$candidate" ]]; then BIN=$candidate; break; fi
    done
fi
if [[ -z "${BIN:-}" || ! -x "$BIN" ]]; then
    echo "soak: no memorize-tui binary; run 'swift build' first or set BIN" >&2
    exit 2
fi
SEED=${SOAK_SEED:-7}
FLAGS=${SOAK_FLAGS:-}

SOCKET="memorize-soak-$$"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/memorize-soak.XXXXXX")
tm() { tmux -L "$SOCKET" -f /dev/null "$@"; }
cleanup() { tm kill-server 2>/dev/null || true; rm -rf "$WORK"; }
trap cleanup EXIT

# Own config and state directories: no user themes, no best scores in the real home.
tm new-session -d -s S -x 80 -y 24 \
    "env TERM=xterm-256color LANG=C.UTF-8 MEMORIZE_CHECK_INVARIANTS=1 XDG_CONFIG_HOME=$WORK/config XDG_STATE_HOME=$WORK/state \
     '$BIN' --seed $SEED --theme Halloween --ascii $FLAGS 2>'$WORK/stderr'; echo \$? > '$WORK/rc'; exec sleep 600"

capture() { tm capture-pane -p -t S; }
alive() { [[ ! -e "$WORK/rc" ]]; }
die() {
    echo "soak: $*" >&2
    [[ -e "$WORK/rc" ]] && echo "soak: the app exited with $(cat "$WORK/rc"); stderr:" >&2 && cat "$WORK/stderr" >&2
    exit 1
}
wait_for() {  # wait_for TEXT [TENTHS]: poll the screen until TEXT shows
    local tries=${2:-50}
    while ((tries-- > 0)); do
        capture | grep -qF -- "$1" && return 0
        alive || die "the app died waiting for '$1'"
        sleep 0.1
    done
    return 1
}

wait_for "Score:" || die "no first frame"
shell_pid=$(tm display -p -t S '#{pane_pid}')
PID=""
for _ in $(seq 50); do
    PID=$(pgrep -P "$shell_pid" -x memorize-tui || true)
    [[ -n "$PID" ]] && break
    sleep 0.1
done
[[ -n "$PID" ]] || die "cannot find the app's pid"
rss() { awk '/^VmRSS/ {r=$2} /^VmHWM/ {h=$2} END {print r " " h}' "/proc/$PID/status"; }

click() {  # click X Y, 0-based cell: press and release in one write (SGR 1006)
    tm send-keys -t S -l $'\e[<0;'"$(($1 + 1));$(($2 + 1))"$'M\e[<0;'"$(($1 + 1));$(($2 + 1))"'m'
}

# Card frames, once: after the deal every card is a block of '#' (the focused one has a border);
# the column starts come from the first card row, the row starts from the first card column.
tm send-keys -t S d
sleep 2.8
layout=$(capture | awk '
    { lines[NR] = $0 }
    NR > 1 && first == 0 && /[#+]/ { first = NR }
    END {
        line = lines[first]; n = length(line); xs = ""; start = 0
        for (i = 1; i <= n + 1; i++) {
            c = (i <= n) ? substr(line, i, 1) : " "
            if (c != " " && start == 0) start = i
            if (c == " " && start > 0) { xs = xs " " (start - 1) ":" (i - start); if (cx == 0) cx = start + int((i - start) / 2); start = 0 }
        }
        ys = ""; start = 0
        for (y = first; y <= NR + 1; y++) {
            c = (y <= NR) ? substr(lines[y], cx, 1) : " "
            if (c != " " && c != "" && start == 0) start = y
            if ((c == " " || c == "") && start > 0) { ys = ys " " (start - 1) ":" (y - start); start = 0 }
        }
        print xs "|" ys
    }')
read -r -a XS <<< "${layout%%|*}"
read -r -a YS <<< "${layout##*|}"
COLUMNS_=${#XS[@]}
CARDS=$((COLUMNS_ * ${#YS[@]}))
# The bottom row holds the buttons, not cards: drop a last "row" that is one line high.
if [[ ${YS[-1]##*:} == 1 ]]; then unset 'YS[-1]'; CARDS=$((COLUMNS_ * ${#YS[@]})); fi
((CARDS >= 4)) || die "could not find the cards on screen (layout '$layout'):
$(capture)"
center() {  # center K -> "X Y"
    local xs=${XS[$(($1 % COLUMNS_))]} ys=${YS[$(($1 / COLUMNS_))]}
    echo "$((${xs%%:*} + ${xs##*:} / 2)) $((${ys%%:*} + ${ys##*:} / 2))"
}
content() {  # content K: the letter on card K's face, or nothing while it is face down
    local xs=${XS[$(($1 % COLUMNS_))]} ys=${YS[$(($1 / COLUMNS_))]}
    capture | awk -v x="${xs%%:*}" -v w="${xs##*:}" -v y="${ys%%:*}" -v h="${ys##*:}" '
        NR > y + 1 && NR < y + h { s = substr($0, x + 2, w - 2); if (match(s, /[A-Za-z0-9]/)) { print substr(s, RSTART, 1); exit } }'
}
reveal() {  # reveal K: click it and read its face once the flip has shown it
    click $(center "$1")
    local tries=20 c=""
    while ((tries-- > 0)); do
        sleep 0.15
        c=$(content "$1")
        [[ -n "$c" ]] && break
    done
    echo "$c"
}

read -r RSS_START HWM_START < <(rss)
echo "soak: pid $PID, $CARDS cards, seed $SEED, $DURATION s; VmRSS at start ${RSS_START} kB (VmHWM ${HWM_START} kB)"

games=0 wins=0 series=""
end=$((SECONDS + DURATION))
while ((SECONDS < end)); do
    if ((games > 0)); then
        tm send-keys -t S r
        sleep 0.3
        tm send-keys -t S d
        sleep 2.8
    fi
    games=$((games + 1))
    declare -A seen=()              # letter -> a card showing it, seen but not matched yet
    revealed=()
    for ((k = 0; k < CARDS; k++)); do revealed[k]=0; done
    unrevealed() { for ((k = 0; k < CARDS; k++)); do ((revealed[k] == 0)) && { echo "$k"; return; }; done; echo -1; }
    while ((SECONDS < end + 30)); do
        # Before each attempt no card, or the two just compared, are face up: a click turns one up.
        a=$(unrevealed); ((a >= 0)) || break
        revealed[a]=1
        ca=$(reveal "$a")
        [[ -n "$ca" ]] || die "card $a shows no face after a click:
$(capture)"
        if [[ -n "${seen[$ca]:-}" ]]; then
            click $(center "${seen[$ca]}")      # the partner, from memory
            unset "seen[$ca]"
            continue
        fi
        b=$(unrevealed); ((b >= 0)) || die "card $a ($ca) has no partner left"
        revealed[b]=1
        cb=$(reveal "$b")
        [[ -n "$cb" ]] || die "card $b shows no face after a click"
        [[ "$ca" == "$cb" ]] && continue        # lucky
        seen[$ca]=$a
        if [[ -n "${seen[$cb]:-}" ]]; then
            # b's partner was seen before: turn it up first (b is still face up and would be ignored).
            click $(center "${seen[$cb]}")
            click $(center "$b")
            unset "seen[$cb]"
        else
            seen[$cb]=$b
        fi
    done
    unset seen
    if wait_for "You matched every pair!" 30; then wins=$((wins + 1)); fi
    alive || die "the app died during game $games"
    read -r r h < <(rss)
    series="$series $r"
done

read -r RSS_END HWM_END < <(rss)
tm send-keys -t S q
for _ in $(seq 50); do [[ -e "$WORK/rc" ]] && break; sleep 0.1; done
rc=$(cat "$WORK/rc" 2>/dev/null || echo "none")
echo "soak: VmRSS after each game (kB):$series"
echo "soak: seconds=$SECONDS games=$games wins=$wins rss-start=${RSS_START}kB rss-end=${RSS_END}kB hwm-end=${HWM_END}kB exit=$rc"
[[ "$rc" == 0 ]] || die "quit gave exit code $rc"
[[ -s "$WORK/stderr" ]] && die "stderr not empty: $(cat "$WORK/stderr")"
((wins > 0)) || die "no game was won"
exit 0
