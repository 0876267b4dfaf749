#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the ledger's tests (docs/ledger.md):
#   scripts/test-postgres.sh start   initdb in a temporary directory, start it on 127.0.0.1 on a
#                                    free port, print the URL (postgresql://rial@127.0.0.1:PORT/postgres)
#   scripts/test-postgres.sh url     print the URL of the running cluster
#   scripts/test-postgres.sh stop    stop it and remove its directory
# Debian's postgresql package (scripts/install-deps.sh --with-oracles installs it). PostgreSQL
# refuses to run as root: as root the cluster runs as `nobody`, otherwise as the calling user.
# Trust authentication on loopback only; fsync off: the data is thrown away after the tests.
set -euo pipefail
cd "$(dirname "$0")/.."
state=.build-postgres
as_cluster_user() { if [ "$(id -u)" -eq 0 ]; then runuser -u nobody -- "$@"; else "$@"; fi; }

case "${1:-}" in
start)
  if [ -f "$state/url" ] && [ -d "$(cat "$state/dir" 2>/dev/null)" ]; then "$0" stop >/dev/null 2>&1 || true; fi
  bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
  if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ]; then
    echo "test-postgres: no PostgreSQL server (run scripts/install-deps.sh --with-oracles)" >&2; exit 2
  fi
  dir=$(mktemp -d /tmp/rial-postgres.XXXXXX)
  chmod 700 "$dir"
  if [ "$(id -u)" -eq 0 ]; then chown nobody "$dir"; fi
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
  as_cluster_user "$bindir/initdb" -D "$dir/data" -U rial --auth=trust -E UTF8 --no-locale >"$dir/initdb.log" 2>&1 \
    || { cat "$dir/initdb.log" >&2; exit 2; }
  as_cluster_user "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c max_connections=100" start >/dev/null \
    || { cat "$dir/server.log" >&2; exit 2; }
  mkdir -p "$state"
  echo "$dir" >"$state/dir"
  echo "$bindir" >"$state/bindir"
  echo "postgresql://rial@127.0.0.1:$port/postgres" >"$state/url"
  cat "$state/url"
  ;;
url)
  cat "$state/url"
  ;;
stop)
  [ -f "$state/dir" ] || exit 0
  dir=$(cat "$state/dir"); bindir=$(cat "$state/bindir")
  as_cluster_user "$bindir/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$dir" "$state"
  ;;
*)
  echo "usage: scripts/test-postgres.sh start|url|stop" >&2; exit 64
  ;;
esac
