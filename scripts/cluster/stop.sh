#!/usr/bin/env bash
# npm run cluster:stop: stops what `npm run cluster` started, by the process ids it wrote down:
# HAProxy, the server processes (SIGTERM: they finish what is in flight), then the two
# PostgreSQL clusters (named as `npm run cluster` wrote down in .cluster/names). `-- --drop` also
# removes the clusters and their data.
set -uo pipefail
cd "$(dirname "$0")/../.."
STATE="$PWD/.cluster"
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
VERSION="$(ls /usr/lib/postgresql 2>/dev/null | sort -V | tail -n 1)"

if [ -s "$STATE/pids" ]; then
  while read -r name pid; do
    kill -TERM "$pid" 2>/dev/null && echo "stopping $name ($pid)"
  done < "$STATE/pids"
  for _ in $(seq 1 40); do
    alive=0
    while read -r _ pid; do kill -0 "$pid" 2>/dev/null && alive=1; done < "$STATE/pids"
    [ "$alive" = 0 ] && break
    sleep 0.25
  done
  rm -f "$STATE/pids"
fi
NAME="$(sed -n 's/^CLUSTER_NAME=//p' "$STATE/names" 2>/dev/null)"
NAME="${NAME:-${CLUSTER_NAME:-portal}}"
for c in "${NAME}_primary" "${NAME}_replica"; do
  $SUDO pg_ctlcluster "$VERSION" "$c" stop 2>/dev/null && echo "stopped PostgreSQL $c"
  [ "${1:-}" = "--drop" ] && $SUDO pg_dropcluster "$VERSION" "$c" 2>/dev/null && echo "dropped $c"
done
exit 0
