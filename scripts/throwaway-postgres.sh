#!/usr/bin/env bash
# Starts a throwaway PostgreSQL 15 from the machine's binaries on 127.0.0.1:${PGPORT:-55432}
# and prints its DATABASE_URL. Stop it with: scripts/throwaway-postgres.sh stop DIR
# initdb refuses to run as root, so the server runs as the `postgres` user.
set -euo pipefail
BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
PORT=${PGPORT:-55432}

if [ "${1:-}" = "stop" ]; then
  dir=$2
  if [ "$(id -u)" = 0 ]; then su postgres -s /bin/sh -c "$BIN/pg_ctl -D '$dir/data' -m fast stop" >/dev/null
  else "$BIN/pg_ctl" -D "$dir/data" -m fast stop >/dev/null; fi
  rm -rf "$dir"
  exit 0
fi

if [ ! -x "$BIN/initdb" ]; then
  echo "PostgreSQL 15 server binaries not found in $BIN (apt-get install -y postgresql-15 postgresql-contrib)" >&2
  exit 1
fi
dir=$(mktemp -d /tmp/tienda-pg.XXXXXX)
run() {
  if [ "$(id -u)" = 0 ]; then su postgres -s /bin/sh -c "$*"; else sh -c "$*"; fi
}
[ "$(id -u)" = 0 ] && chown postgres "$dir"
run "$BIN/initdb -D '$dir/data' -U postgres -A trust --encoding=UTF8 --locale=C.UTF-8" >/dev/null
run "$BIN/pg_ctl -D '$dir/data' -l '$dir/server.log' -w -o \"-p $PORT -k '$dir' -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200\" start" >/dev/null
echo "DIR=$dir"
echo "DATABASE_URL=postgres://postgres@127.0.0.1:$PORT/postgres"
