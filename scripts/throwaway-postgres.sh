#!/usr/bin/env bash
# Starts a throwaway PostgreSQL 15 from the machine's binaries on 127.0.0.1:${PGPORT:-55432}
# and prints its DATABASE_URL. Stop it with: scripts/throwaway-postgres.sh stop DIR
# The fault tests (ADR 0032) crash it with `crash DIR` (pg_ctl stop -m immediate: no shutdown
# checkpoint, crash recovery at the next start) and start it again with `start DIR`.
# initdb refuses to run as root, so the server runs as the `postgres` user.
set -euo pipefail
BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
PORT=${PGPORT:-55432}

run() {
  if [ "$(id -u)" = 0 ]; then su postgres -s /bin/sh -c "$*"; else sh -c "$*"; fi
}
start() {
  local dir=$1 port
  port=$(cat "$dir/port")
  run "$BIN/pg_ctl -D '$dir/data' -l '$dir/server.log' -w -o \"-p $port -k '$dir' -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200\" start" >/dev/null
}

case "${1:-}" in
  stop)
    run "$BIN/pg_ctl -D '$2/data' -m fast stop" >/dev/null
    rm -rf "$2"
    exit 0
    ;;
  crash)
    run "$BIN/pg_ctl -D '$2/data' -m immediate stop" >/dev/null
    exit 0
    ;;
  start)
    start "$2"
    exit 0
    ;;
esac

if [ ! -x "$BIN/initdb" ]; then
  echo "PostgreSQL 15 server binaries not found in $BIN (apt-get install -y postgresql-15 postgresql-contrib)" >&2
  exit 1
fi
dir=$(mktemp -d /tmp/tienda-pg.XXXXXX)
echo "$PORT" >"$dir/port"
[ "$(id -u)" = 0 ] && chown postgres "$dir"
run "$BIN/initdb -D '$dir/data' -U postgres -A trust --encoding=UTF8 --locale=C.UTF-8" >/dev/null
start "$dir"
echo "DIR=$dir"
echo "DATABASE_URL=postgres://postgres@127.0.0.1:$PORT/postgres"
