#!/usr/bin/env bash
# A fleet on this machine, as docs/hosting.md "Behind a balancer" describes: a throwaway PostgreSQL
# (scripts/ci-postgres.sh), three memorize-tui-server hosts on loopback sharing one host key and
# the board, and HAProxy in front (mode tcp, round robin, send-proxy-v2). Loopback only.
#
#   scripts/fleet.sh up [DIR]     build (release) if needed, start everything; prints how to connect
#   scripts/fleet.sh down [DIR]   stop everything it started and remove DIR
#
# Ports: HAProxy 127.0.0.1:${FLEET_PORT:-2222}; hosts 2231-2233; PostgreSQL 22698.
# FLEET_BIN=DIR runs the binaries in DIR (e.g. .build/debug) instead of the release build.
set -euo pipefail
cd "$(dirname "$0")/.."
command=${1:-}
dir=${2:-.build/fleet}
port=${FLEET_PORT:-2222}
hosts=(2231 2232 2233)
pg_port=22698

case "$command" in
up)
  [ -x /usr/sbin/haproxy ] || { echo "fleet: HAProxy is missing: apt-get install haproxy" >&2; exit 1; }
  bin=${FLEET_BIN:-.build/release}
  [ -n "${FLEET_BIN:-}" ] || [ -x "$bin/memorize-tui-server" ] || swift build -c release >&2
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  [ -f "$dir/host_key" ] || ssh-keygen -q -t ed25519 -N '' -C memorize-fleet -f "$dir/host_key"
  url=$(bash scripts/ci-postgres.sh start "$dir/postgres" "$pg_port")
  for i in "${!hosts[@]}"; do
    n=$((i + 1))
    mkdir -p "$dir/host$n"
    chmod 700 "$dir/host$n"
    nohup "$bin/memorize-tui-server" --listen "127.0.0.1:${hosts[$i]}" --state-dir "$dir/host$n" \
      --database "$url" --proxy-protocol --trusted-proxy 127.0.0.1 --host-key "$dir/host_key" \
      >"$dir/host$n.out" 2>"$dir/host$n.log" </dev/null &
    echo $! >"$dir/host$n.pid"
  done
  {
    printf 'global\n    maxconn 1024\ndefaults\n    mode tcp\n    timeout connect 5s\n    timeout client 2h\n    timeout server 2h\n'
    printf 'listen memorize\n    bind 127.0.0.1:%s\n    balance roundrobin\n' "$port"
    for i in "${!hosts[@]}"; do printf '    server host%s 127.0.0.1:%s send-proxy-v2\n' "$((i + 1))" "${hosts[$i]}"; done
  } >"$dir/haproxy.cfg"
  nohup /usr/sbin/haproxy -db -f "$dir/haproxy.cfg" >"$dir/haproxy.log" 2>&1 </dev/null &
  echo $! >"$dir/haproxy.pid"
  for _ in $(seq 100); do
    grep -q listening "$dir/host1.log" "$dir/host2.log" "$dir/host3.log" 2>/dev/null \
      && [ "$(grep -l listening "$dir"/host*.log | wc -l)" -eq 3 ] && break
    sleep 0.1
  done
  echo "fleet: up; play with: ssh -t -p $port 127.0.0.1 (host key $(ssh-keygen -l -f "$dir/host_key" | cut -d' ' -f2))"
  echo "fleet: logs in $dir/host*.log; stop with: scripts/fleet.sh down $dir"
  ;;
down)
  [ -d "$dir" ] || exit 0
  for pidfile in "$dir"/haproxy.pid "$dir"/host*.pid; do
    [ -f "$pidfile" ] && kill "$(cat "$pidfile")" 2>/dev/null || true
  done
  sleep 1
  bash scripts/ci-postgres.sh stop "$dir/postgres" || true
  rm -rf "$dir"
  echo "fleet: down"
  ;;
*)
  sed -n '2,10p' "$0" >&2; exit 2 ;;
esac
