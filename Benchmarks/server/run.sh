#!/usr/bin/env bash
# The server benchmark (Benchmarks/README.md; docs/hosting.md, "Performance"): memorize-tui-server
# against what an admin would run instead, OpenSSH's sshd with `ForceCommand memorize-tui`, side by
# side on loopback.
# Starts both (its own sshd config, host key and port; never the system's sshd), drives them with
# asyncssh clients (drive.py), prints the figures and the goals, and stops everything it started.
# Then the tables part (tables.py): real OpenSSH clients at tables of its own server. Then the
# fleet part (fleet.py, and fleet_seats.py when it is there): scripts/fleet.sh's three hosts on one
# PostgreSQL behind HAProxy. `--only fleet` runs only that part (not in the default run).
# Usage: bash Benchmarks/server/run.sh [--no-build] [--debug] [--only server|tables|fleet] [--port-base P]
#          [--tables-port T] [--tables-arg ARG]... [--fleet-arg ARG]... [drive.py options...]
#   P and P+1 are the two ports on 127.0.0.1 (default 22520); T the tables part's (default 22700,
#   in 22700-22799). --tables-arg and --fleet-arg pass ARG on to tables.py and fleet.py. --debug
#   measures the debug build (swift build), labelled so. Figures are printed, not asserted.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$PWD

build=1 port_base=22520 drive_args=() only=all tables_port=22700 tables_args=() fleet_args=() configuration=release
while [ $# -gt 0 ]; do
  case "$1" in
    --no-build) build=0 ;;
    --debug) configuration=debug ;;
    --fleet-arg) fleet_args+=("$2"); shift ;;
    --only) only=$2; shift ;;
    --tables-port) tables_port=$2; shift ;;
    --tables-arg) tables_args+=("$2"); shift ;;
    --port-base) port_base=$2; shift ;;
    *) drive_args+=("$1") ;;
  esac
  shift
done
sshd_port=$port_base server_port=$((port_base + 1))
case "$only" in all|server|tables|fleet) ;; *) echo "bench: --only takes server, tables or fleet" >&2; exit 2 ;; esac
[ "$tables_port" -ge 22700 ] && [ "$tables_port" -le 22799 ] || { echo "bench: --tables-port is in 22700-22799" >&2; exit 2; }

# What a fresh machine lacks. openssh-server must not start the system's sshd as it installs:
# a policy-rc.d that says "no" for the length of the install (only when none is there already).
if [ "$only" != tables ] && [ "$only" != fleet ] && [ ! -x /usr/sbin/sshd ]; then
  echo "bench: installing openssh-server (for its sshd, run here with its own config only)" >&2
  policy=/usr/sbin/policy-rc.d own_policy=0
  if [ ! -e $policy ]; then printf '#!/bin/sh\nexit 101\n' > $policy; chmod 755 $policy; own_policy=1; fi
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq openssh-server >&2 || status=$?
  [ $own_policy = 1 ] && rm -f $policy
  [ "${status:-0}" = 0 ] || exit "$status"
fi
command -v ssh-keygen >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq openssh-client >&2; }
[ "$only" = tables ] || python3 -c 'import asyncssh' 2>/dev/null || python3 -m pip install -q asyncssh >&2

if [ $build = 1 ]; then
  echo "bench: swift build -c $configuration (the README's play command is release)" >&2
  swift build -c $configuration >&2
fi
bin=$(swift build -c $configuration --show-bin-path)
game=$bin/memorize-tui server=$bin/memorize-tui-server
[ -x "$game" ] || { echo "bench: no $configuration game at $game (run without --no-build)" >&2; exit 2; }

work=$(mktemp -d /tmp/srvbench.XXXXXX)
pids=()
# Stops what this script started: each listener and every process below it (sshd's per-session
# processes, games), then removes the scratch directory. Never anything by name.
cleanup() {
  local pid
  for pid in "${pids[@]}"; do
    kill -TERM $(python3 "$repo/Benchmarks/server/tree.py" "$pid") 2>/dev/null || true
  done
  sleep 1
  for pid in "${pids[@]}"; do
    kill -KILL $(python3 "$repo/Benchmarks/server/tree.py" "$pid") 2>/dev/null || true
  done
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

ssh-keygen -q -t ed25519 -N '' -C bench-host -f "$work/host_ed25519"
ssh-keygen -q -t ed25519 -N '' -C bench-player -f "$work/player_ed25519"
status=0
if [ "$only" != tables ] && [ "$only" != fleet ]; then
cp "$work/player_ed25519.pub" "$work/authorized_keys"
mkdir -p "$work/sshd-home" /run/sshd
mkdir -p -m 700 "$work/server-state"   # the server refuses a state directory others can read

# sshd as an admin would set it up to serve the game: keys only, nothing but the game reachable,
# room for many handshakes at once (the default MaxStartups 10:30:100 drops connections from the
# 11th unauthenticated one). HOME is an empty scratch directory, as a dedicated game account's
# would be: ForceCommand runs through the user's shell, and bash started by sshd reads ~/.bashrc
# even for `bash -c` (root's here runs `pyenv init`: ~450 ms before the game started). The games'
# files go there too, not to root's home.
cat > "$work/sshd_config" <<EOF
ListenAddress 127.0.0.1:$sshd_port
HostKey $work/host_ed25519
PidFile $work/sshd.pid
AuthorizedKeysFile $work/authorized_keys
StrictModes no
AuthenticationMethods publickey
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
PermitRootLogin prohibit-password
ForceCommand $game $(python3 -c 'import sys; sys.path.insert(0, sys.argv[1]); import players; print(players.GAME_ARGS)' "$repo/Benchmarks/server")
SetEnv LANG=C.UTF-8 HOME=$work/sshd-home
AllowTcpForwarding no
AllowAgentForwarding no
AllowStreamLocalForwarding no
X11Forwarding no
PermitTunnel no
PrintMotd no
PrintLastLog no
MaxStartups 200
LoginGraceTime 30
LogLevel ERROR
EOF
/usr/sbin/sshd -t -f "$work/sshd_config"
/usr/sbin/sshd -D -e -f "$work/sshd_config" 2>"$work/sshd.log" &
pids+=($!)
targets=(--target "name=sshd,port=$sshd_port,user=$(id -un),pid=$!")

if [ -x "$server" ]; then
  # Its defaults but one: 64 games at once would refuse the load test's 120 (sessions come from
  # 200 loopback addresses, so the per-address limits stay at their defaults).
  "$server" --listen "127.0.0.1:$server_port" --game "$game" --state-dir "$work/server-state" \
    --max-sessions 200 2>"$work/server.log" &
  pids+=($!)
  targets+=(--target "name=memorize-tui-server,port=$server_port,user=player,pid=$!")
else
  echo "bench: no $server yet: measuring sshd+ForceCommand alone" >&2
fi

echo "# memorize-tui-server vs sshd+ForceCommand"
echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
echo "machine: nproc $(nproc), $(uname -sr)"
echo "commit: $(git rev-parse --short HEAD 2>/dev/null || echo none)"
echo "sshd: $(/usr/sbin/sshd -V 2>&1 | head -1), port $sshd_port; memorize-tui-server: port $server_port"
mkdir -p "$work/pty-home"
BENCH_HOME="$work/pty-home" timeout 1200 python3 "$repo/Benchmarks/server/drive.py" "${targets[@]}" \
  --client-key "$work/player_ed25519" --game "$game" \
  "${drive_args[@]}" || status=$?
# What the servers said beyond the routine (memorize-tui-server logs every connect and disconnect).
echo "## server logs: sshd $(wc -l < "$work/sshd.log") lines; memorize-tui-server $(wc -l < "$work/server.log") lines," \
  "$(grep -c 'refused' "$work/server.log" || true) refusals"
grep -v ' info ' "$work/server.log" | grep -v ' listening$' | head -n 5 || true
head -n 5 "$work/sshd.log"
fi

if [ "$only" != server ] && [ "$only" != fleet ] && [ -x "$server" ]; then
  # Its own server, caps raised only as far as the load needs (50 tables, 150 sessions; each client
  # comes from its own loopback address, so per-address limits stay at their defaults).
  for key in seat1 seat2 watcher; do ssh-keygen -q -t ed25519 -N '' -C "bench-$key" -f "$work/$key"; done
  mkdir -p -m 700 "$work/tables-state"   # the server refuses a state directory others can read
  "$server" --listen "127.0.0.1:$tables_port" --game "$game" --state-dir "$work/tables-state" \
    --public-name bench.invalid --max-sessions 200 --max-tables 64 2>"$work/tables-server.log" &
  pids+=($!)
  echo
  echo "# tables over SSH (memorize-tui-server, port $tables_port)"
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ); machine: nproc $(nproc), $(uname -sr); commit: $(git rev-parse --short HEAD 2>/dev/null || echo none)"
  # In the background and waited for, so that the cleanup also reaches the driver's ssh clients
  # (its children, each in a session of its own) when this script is interrupted.
  timeout 900 python3 "$repo/Benchmarks/server/tables.py" --port "$tables_port" --server-pid "$!" \
    --key-a "$work/seat1" --key-b "$work/seat2" --key-w "$work/watcher" "${tables_args[@]}" &
  pids+=($!)
  wait $! || status=$?
  echo "## tables server log: $(wc -l < "$work/tables-server.log") lines, $(grep -c 'refused' "$work/tables-server.log" || true) refusals"
  grep -v ' info ' "$work/tables-server.log" | grep -v ' listening$' | head -n 5 || true
fi

if [ "$only" = fleet ]; then
  # scripts/fleet.sh's fleet (PostgreSQL 22698, hosts 2231-2233) with HAProxy on 22761, the
  # binaries measured here; stopped (and its directory removed) on the way out.
  # Not under $work (0700): scripts/ci-postgres.sh runs PostgreSQL as its own user, which must reach it.
  fleet_dir=$(mktemp -d /tmp/srvbench-fleet.XXXXXX)
  chmod 755 "$fleet_dir"
  trap 'FLEET_PORT=22761 bash "$repo/scripts/fleet.sh" down "$fleet_dir" >/dev/null 2>&1 || true; cleanup' EXIT
  FLEET_BIN=$bin FLEET_PORT=22761 bash "$repo/scripts/fleet.sh" up "$fleet_dir" >&2
  echo "# a fleet: three hosts, one PostgreSQL, HAProxy (round robin, send-proxy-v2)"
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ); machine: nproc $(nproc), $(uname -sr); commit: $(git rev-parse --short HEAD 2>/dev/null || echo none); build: $configuration"
  echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
  timeout 900 python3 "$repo/Benchmarks/server/fleet.py" --balancer 22761 --host 2231 --host 2232 --host 2233 \
    --key "$work/player_ed25519" "${fleet_args[@]}" &
  pids+=($!)
  wait $! || status=$?
  # Another seat's first visible change with the seats on one host vs two (tables across hosts): its
  # own two servers and PostgreSQL (ports 22730-22731, 22745), beside the fleet above.
  if [ -f "$repo/Benchmarks/server/fleet_seats.py" ]; then
    timeout 900 python3 "$repo/Benchmarks/server/fleet_seats.py" --bin "$bin" --chooses 100 &
    pids+=($!)
    wait $! || status=$?
  fi
  echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "## fleet logs: $(cat "$fleet_dir"/host*.log | wc -l) lines, $(cat "$fleet_dir"/host*.log | grep -c 'refused' || true) refusals"
  cat "$fleet_dir"/host*.log | grep -v ' info ' | grep -v ' listening$' | head -n 5 || true
fi
exit $status
