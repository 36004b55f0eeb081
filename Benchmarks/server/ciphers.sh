#!/usr/bin/env bash
# The server's CPU per dealing session, per cipher (docs/hosting.md, "Algorithms"): one
# memorize-tui-server on 127.0.0.1, and for each cipher N OpenSSH sessions one after another, each
# a game in a pty that deals (d), animates for 3 s and quits (q). The figure is the server
# process's user+system CPU (/proc/PID/stat) over those sessions, divided by N: its relay of the
# game's frames, the transport's encryption and MAC included; the game's own CPU is not counted.
# Usage: bash Benchmarks/server/ciphers.sh [SERVER [GAME [N [PORT]]]]
#   default: the release build (swift build -c release --product memorize-tui-server), the game
#   beside it, 10 sessions, port 22530. Figures are printed, not asserted.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=$(swift build -c release --show-bin-path)
server=${1:-$bin/memorize-tui-server}
game=${2:-$(dirname "$server")/memorize-tui}
sessions=${3:-10}
port=${4:-22530}
[ -x "$server" ] && [ -x "$game" ] || { echo "ciphers: need $server and $game (swift build -c release)" >&2; exit 2; }
case "$sessions" in ''|*[!0-9]*) echo "ciphers: N is a number" >&2; exit 2 ;; esac

work=$(mktemp -d /tmp/ciphersbench.XXXXXX)
pid=
cleanup() {
  [ -n "$pid" ] && kill -TERM "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
ssh-keygen -q -t ed25519 -N '' -f "$work/key"
"$server" --listen "127.0.0.1:$port" --state-dir "$work/state" --game "$game" > "$work/out" 2> "$work/log" &
pid=$!
for _ in $(seq 100); do grep -q listening "$work/log" && break; sleep 0.1; done
grep -q listening "$work/log" || { cat "$work/log" >&2; exit 1; }

ticks() { awk '{ print $14 + $15 }' "/proc/$pid/stat"; }
hz=$(getconf CLK_TCK)
echo "server: $server (pid $pid); game: $game; $sessions sessions per cipher, 80x24, deal then 3 s"
for pair in aes128-gcm@openssh.com: aes256-gcm@openssh.com: aes128-ctr:hmac-sha2-256-etm@openssh.com \
            aes256-ctr:hmac-sha2-256-etm@openssh.com aes128-ctr:hmac-sha2-256 aes256-ctr:hmac-sha2-256; do
  cipher=${pair%%:*} mac=${pair#*:}
  options=(-F /dev/null -p "$port" -i "$work/key" -o IdentitiesOnly=yes -o BatchMode=yes -o LogLevel=ERROR
           -o StrictHostKeyChecking=no -o "UserKnownHostsFile=$work/known_hosts" -o "Ciphers=$cipher")
  [ -n "$mac" ] && options+=(-o "MACs=$mac")
  before=$(ticks) start=$(date +%s.%N)
  for i in $(seq "$sessions"); do
    # stdin: the keys, paced; -tt: a pty although stdin is a pipe.
    { sleep 1.5; printf d; sleep 3; printf q; sleep 1; } | timeout 30 ssh -tt "${options[@]}" "p$i@127.0.0.1" -- --seed "$i" > /dev/null 2>&1 \
      || echo "  $cipher session $i: ssh exited $?" >&2
  done
  after=$(ticks)
  awk -v t=$((after - before)) -v n="$sessions" -v hz="$hz" -v c="$cipher" -v m="${mac:-(implicit)}" \
      'BEGIN { printf "%-24s %-30s %7.1f ms server CPU per session\n", c, m, t * 1000 / hz / n }'
done
