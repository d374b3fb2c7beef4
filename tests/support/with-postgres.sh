#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL: initdb's a data directory under /tmp, starts the server on
# 127.0.0.1 on a free port, runs the command with DATABASE_URL set, then stops the server and removes the data.
#   bash tests/support/with-postgres.sh npm run test:api
# Needs Debian's postgresql package (apt-get install -y postgresql). As root the server runs as user postgres.
set -euo pipefail

if [ $# -eq 0 ]; then
  echo "usage: $0 <command> [args…]" >&2
  exit 2
fi

bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ]; then
  echo "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): apt-get install -y postgresql" >&2
  exit 1
fi

as_owner=()
if [ "$(id -u)" -eq 0 ]; then
  id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
  as_owner=(runuser -u postgres --)
fi

workdir=$(mktemp -d /tmp/shipdesk-pg.XXXXXX)
chmod 755 "$workdir"
[ ${#as_owner[@]} -eq 0 ] || chown postgres "$workdir"
port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")

stop() {
  "${as_owner[@]}" "$bindir/pg_ctl" -D "$workdir/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$workdir"
}
trap stop EXIT

"${as_owner[@]}" "$bindir/initdb" -D "$workdir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 --no-sync >"$workdir/initdb.log" 2>&1 ||
  { cat "$workdir/initdb.log" >&2; exit 1; }
# A test database: durability is not wanted, speed is.
"${as_owner[@]}" "$bindir/pg_ctl" -D "$workdir/data" -l "$workdir/server.log" -w -t 60 \
  -o "-c listen_addresses=127.0.0.1 -p $port -k $workdir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
  start >/dev/null || { cat "$workdir/server.log" >&2; exit 1; }

export DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
echo "PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') on 127.0.0.1:$port (throwaway, $workdir)"
set +e
"$@"
status=$?
set -e
exit $status
