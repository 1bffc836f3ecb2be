#!/usr/bin/env bash
# A throwaway PostgreSQL for the tests: installs Debian's server if it is missing,
# starts a cluster of its own in a temporary folder, listening on 127.0.0.1 only, and
# creates a user and a database. Prints one line for the shell on stdout (everything
# else goes to stderr):
#
#   export ATOUT_TEST_POSTGRES_URL=postgresql+psycopg://atout:atout@127.0.0.1:54329/atout_test
#
# so that   pg_env=$(.ci/postgres.sh) && eval "$pg_env"   sets it. Idempotent: a
# second run finds the cluster running and only prints the line. As root, the server
# runs as the `postgres` user (initdb refuses root); otherwise as the caller.
# `.ci/postgres.sh stop` stops the cluster (its folder stays; delete it to start afresh).
#
# Settings (environment): ATOUT_PG_DIR (default /tmp/atout-pg), ATOUT_PG_PORT (54329).
# The cluster is for tests only: no fsync, and it holds nothing worth keeping.
set -euo pipefail

PGDIR=${ATOUT_PG_DIR:-/tmp/atout-pg}
PORT=${ATOUT_PG_PORT:-54329}
DB=atout_test
ROLE=atout
PASSWORD=atout
URL="postgresql+psycopg://$ROLE:$PASSWORD@127.0.0.1:$PORT/$DB"

log() { echo "postgres.sh: $*" >&2; }

find_bin() {
  local dir
  dir=$(find /usr/lib/postgresql -mindepth 2 -maxdepth 2 -name bin -type d 2>/dev/null \
        | sort -V | tail -n 1 || true)
  if [ -n "$dir" ] && [ -x "$dir/initdb" ]; then echo "$dir"; fi
}

BIN=$(find_bin)
if [ -z "$BIN" ]; then
  if [ "$(id -u)" -ne 0 ]; then
    log "no PostgreSQL server installed (apt-get install postgresql) and not root"
    exit 1
  fi
  log "installing Debian's postgresql package"
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
  BIN=$(find_bin)
  [ -n "$BIN" ] || { log "the postgresql package brought no server"; exit 1; }
fi

if [ "$(id -u)" -eq 0 ]; then
  id postgres >/dev/null 2>&1 || { log "no 'postgres' user to run the server as"; exit 1; }
  as_server() { runuser -u postgres -- "$@"; }
else
  as_server() { "$@"; }
fi

running() { "$BIN/pg_isready" -q -h 127.0.0.1 -p "$PORT" >/dev/null 2>&1; }
psql_admin() {
  as_server "$BIN/psql" -X -q -h "$PGDIR" -p "$PORT" -U postgres -d postgres \
    -v ON_ERROR_STOP=1 "$@"
}

if [ "${1:-}" = "stop" ]; then
  if [ -f "$PGDIR/postmaster.pid" ]; then
    as_server "$BIN/pg_ctl" -D "$PGDIR" -m fast -w stop >&2
  fi
  exit 0
fi

if [ ! -f "$PGDIR/PG_VERSION" ]; then
  log "creating a cluster in $PGDIR"
  mkdir -p "$PGDIR"
  if [ "$(id -u)" -eq 0 ]; then chown postgres: "$PGDIR"; fi
  chmod 700 "$PGDIR"
  # local socket: trust (only the server's user may reach the folder); TCP: passwords
  as_server "$BIN/initdb" -D "$PGDIR" -U postgres -E UTF8 --locale=C --no-sync \
    --auth-local=trust --auth-host=scram-sha-256 >/dev/null
fi

if running; then
  log "a server already answers on 127.0.0.1:$PORT"
else
  log "starting PostgreSQL ($("$BIN/postgres" --version)) on 127.0.0.1:$PORT"
  as_server "$BIN/pg_ctl" -D "$PGDIR" -l "$PGDIR/server.log" -w -t 60 \
    -o "-k $PGDIR -p $PORT -c listen_addresses=127.0.0.1 -c fsync=off \
-c synchronous_commit=off -c full_page_writes=off -c max_connections=200" start >/dev/null
fi

if [ "$(psql_admin -tAc "SELECT 1 FROM pg_roles WHERE rolname = '$ROLE'")" != "1" ]; then
  psql_admin -c "CREATE ROLE $ROLE LOGIN PASSWORD '$PASSWORD'"
fi
if [ "$(psql_admin -tAc "SELECT 1 FROM pg_database WHERE datname = '$DB'")" != "1" ]; then
  psql_admin -c "CREATE DATABASE $DB OWNER $ROLE"
fi

echo "export ATOUT_TEST_POSTGRES_URL=$URL"
