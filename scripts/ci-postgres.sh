#!/usr/bin/env bash
# A throwaway PostgreSQL server for the leaderboard's tests: a new cluster in DIR, listening on
# 127.0.0.1:PORT only (its socket in DIR too), never the system's cluster. Runs as the postgres
# user when started as root (PostgreSQL refuses root). Installs Debian's postgresql when root
# and it is missing.
#
#   scripts/ci-postgres.sh start DIR PORT [--owner PID]
#                                               prints postgres://memorize@127.0.0.1:PORT/leaderboard;
#                                               with --owner, stops it and removes DIR once PID exits
#   scripts/ci-postgres.sh createdb DIR PORT NAME   a fresh database; prints its URL
#   scripts/ci-postgres.sh query DIR PORT NAME SQL  prints SQL's rows, unaligned (for tests that
#                                               must not wait on Swift's two-thread pool)
#   scripts/ci-postgres.sh stop DIR             stops it (the directory is the caller's to remove)
set -euo pipefail

bindir() {
  local dir
  for dir in /usr/lib/postgresql/*/bin; do
    [ -x "$dir/initdb" ] && { echo "$dir"; return 0; }
  done
  return 1
}

if ! bindir >/dev/null; then
  if [ "$(id -u)" -eq 0 ]; then
    echo "ci-postgres: installing postgresql (Debian)" >&2
    apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
  fi
  bindir >/dev/null || { echo "ci-postgres: PostgreSQL is not installed (apt-get install postgresql)" >&2; exit 1; }
fi
BIN=$(bindir)

# As the postgres user when root; as ourselves otherwise.
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

command=${1:-}
dir=${2:-}
[ -n "$command" ] && [ -n "$dir" ] || { sed -n '2,14p' "$0" >&2; exit 2; }

case "$command" in
start)
  port=${3:?a port (22650-22699 for the tests)}
  mkdir -p "$dir"
  [ "$(id -u)" -eq 0 ] && chown postgres: "$dir" && chmod 700 "$dir"
  if [ ! -f "$dir/data/PG_VERSION" ]; then
    as_owner "$BIN/initdb" -D "$dir/data" -U memorize --auth=trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
      || { echo "ci-postgres: initdb failed:" >&2; cat "$dir/initdb.log" >&2; exit 1; }
  fi
  # -w: return once it accepts connections (or failed to start: the log says why).
  if ! as_owner "$BIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
       -o "-c listen_addresses=127.0.0.1 -p $port -c unix_socket_directories=$dir -c fsync=on -c synchronous_commit=on" start >/dev/null; then
    echo "ci-postgres: the server did not start on port $port:" >&2
    tail -5 "$dir/server.log" >&2 || true
    exit 1
  fi
  echo "$port" >"$dir/port"
  as_owner "$BIN/psql" -h 127.0.0.1 -p "$port" -U memorize -d postgres -qAt \
    -c "SELECT 1 FROM pg_database WHERE datname='leaderboard'" | grep -q 1 \
    || as_owner "$BIN/createdb" -h 127.0.0.1 -p "$port" -U memorize leaderboard
  if [ "${4:-}" = "--owner" ] && [ -n "${5:-}" ]; then
    owner=$5
    # A watcher, detached from the caller's output, that tidies up after the owner (a test run).
    nohup setsid bash -c 'while kill -0 "$1" 2>/dev/null; do sleep 1; done; "$2" stop "$3"; rm -rf "$3"' \
      _ "$owner" "$0" "$dir" </dev/null >/dev/null 2>&1 &
  fi
  echo "postgres://memorize@127.0.0.1:$port/leaderboard"
  ;;
createdb)
  port=${3:?port}
  name=${4:?a database name}
  [[ "$name" =~ ^[a-z_][a-z0-9_]{0,40}$ ]] || { echo "ci-postgres: bad database name" >&2; exit 2; }
  as_owner "$BIN/createdb" -h 127.0.0.1 -p "$port" -U memorize "$name"
  echo "postgres://memorize@127.0.0.1:$port/$name"
  ;;
query)
  port=${3:?port}
  name=${4:?a database name}
  sql=${5:?a query}
  [[ "$name" =~ ^[a-z_][a-z0-9_]{0,40}$ ]] || { echo "ci-postgres: bad database name" >&2; exit 2; }
  as_owner "$BIN/psql" -h 127.0.0.1 -p "$port" -U memorize -d "$name" -qAt -v ON_ERROR_STOP=1 -c "$sql"
  ;;
stop)
  [ -f "$dir/data/PG_VERSION" ] || exit 0
  as_owner "$BIN/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  ;;
*)
  sed -n '2,14p' "$0" >&2; exit 2 ;;
esac
