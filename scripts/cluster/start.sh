#!/usr/bin/env bash
# npm run cluster: the portal as it runs past one machine, on this machine. A PostgreSQL primary
# and a streaming replica (two clusters of their own, made with Debian's pg_createcluster and
# pg_basebackup), SERVERS server processes (3) on the primary, and HAProxy in front checking each
# process's readiness route, so a process that stops or is not ready gets no requests.
# Everything it starts is written down under .cluster/ and stopped by `npm run cluster:stop`.
# Several clusters can share the machine: CLUSTER_PORT (proxy, servers on the next ports),
# CLUSTER_PG_PORT (primary, replica on the next), CLUSTER_NAME (the PostgreSQL clusters'
# names: NAME_primary, NAME_replica) and CLUSTER_DB (the database) tell them apart.
set -euo pipefail
cd "$(dirname "$0")/../.."

SERVERS="${SERVERS:-3}"
PROXY_PORT="${CLUSTER_PORT:-8300}"
PRIMARY_PORT="${CLUSTER_PG_PORT:-5442}"
REPLICA_PORT="$((PRIMARY_PORT + 1))"
REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379}"
STATE="$PWD/.cluster"
NAME="${CLUSTER_NAME:-portal}"
DB="${CLUSTER_DB:-portal}"
PRIMARY="${NAME}_primary"
REPLICA="${NAME}_replica"

SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
as_postgres() { $SUDO runuser -u postgres -- "$@"; }
need() { command -v "$1" >/dev/null 2>&1 || { echo "missing: $1 ($2)"; exit 1; }; }
need pg_createcluster "apt-get install postgresql"
need haproxy "apt-get install haproxy"
VERSION="$(ls /usr/lib/postgresql | sort -V | tail -n 1)"
PG_BIN="/usr/lib/postgresql/$VERSION/bin"

mkdir -p "$STATE/logs" "$STATE/exports"
if [ -s "$STATE/pids" ]; then
  echo "a cluster is already running (.cluster/pids); npm run cluster:stop first"
  exit 1
fi
# cluster:stop reads the names from here, so it stops this cluster and never another one's
# (bench:chaos too, and starts a killed process again with the same Redis and the same job lease:
# a process started again with the default lease would hold a killed runner's job for minutes).
printf 'CLUSTER_NAME=%s\nCLUSTER_DB=%s\nREDIS_URL=%s\nJOB_LOCK_SECONDS=%s\n' "$NAME" "$DB" "$REDIS_URL" "${JOB_LOCK_SECONDS:-}" > "$STATE/names"

cluster_exists() { pg_lsclusters -h | awk '{print $1" "$2}' | grep -qx "$VERSION $1"; }
wait_pg() {
  for _ in $(seq 1 60); do "$PG_BIN/pg_isready" -q -h 127.0.0.1 -p "$1" && return 0; sleep 0.5; done
  echo "PostgreSQL on port $1 does not answer"; exit 1
}

echo "== PostgreSQL primary on 127.0.0.1:$PRIMARY_PORT"
if ! cluster_exists "$PRIMARY"; then
  $SUDO pg_createcluster "$VERSION" "$PRIMARY" -p "$PRIMARY_PORT" -- --auth=trust >/dev/null
  conf="/etc/postgresql/$VERSION/$PRIMARY"
  # Loopback only; streaming replication for the replica; trust on loopback as on the machine's own cluster.
  $SUDO tee -a "$conf/postgresql.conf" >/dev/null <<CONF
listen_addresses = '127.0.0.1'
wal_level = replica
max_wal_senders = 5
hot_standby = on
max_connections = 200
CONF
  printf 'host all all 127.0.0.1/32 trust\nhost replication all 127.0.0.1/32 trust\n' | $SUDO tee -a "$conf/pg_hba.conf" >/dev/null
fi
$SUDO pg_ctlcluster "$VERSION" "$PRIMARY" start >/dev/null 2>&1 || true
wait_pg "$PRIMARY_PORT"
psql -h 127.0.0.1 -p "$PRIMARY_PORT" -U postgres -Atc "select 1 from pg_database where datname = '$DB'" | grep -q 1 \
  || psql -h 127.0.0.1 -p "$PRIMARY_PORT" -U postgres -qc "create database \"$DB\""

echo "== PostgreSQL replica on 127.0.0.1:$REPLICA_PORT (streaming from the primary)"
if ! cluster_exists "$REPLICA"; then
  $SUDO pg_createcluster "$VERSION" "$REPLICA" -p "$REPLICA_PORT" -- --auth=trust >/dev/null
  data="/var/lib/postgresql/$VERSION/$REPLICA"
  # pg_basebackup fills an empty directory: the new cluster's own files make way for the primary's.
  $SUDO find "$data" -mindepth 1 -delete
  # -R writes the standby's connection settings; -X stream copies the WAL made meanwhile.
  as_postgres "$PG_BIN/pg_basebackup" -h 127.0.0.1 -p "$PRIMARY_PORT" -U postgres -D "$data" -R -X stream
  echo "port = $REPLICA_PORT" | $SUDO tee -a "/etc/postgresql/$VERSION/$REPLICA/postgresql.conf" >/dev/null
  echo "listen_addresses = '127.0.0.1'" | $SUDO tee -a "/etc/postgresql/$VERSION/$REPLICA/postgresql.conf" >/dev/null
  echo "hot_standby = on" | $SUDO tee -a "/etc/postgresql/$VERSION/$REPLICA/postgresql.conf" >/dev/null
  # A standby refuses to start with fewer connections than its primary allows.
  echo "max_connections = 200" | $SUDO tee -a "/etc/postgresql/$VERSION/$REPLICA/postgresql.conf" >/dev/null
  printf 'host all all 127.0.0.1/32 trust\n' | $SUDO tee -a "/etc/postgresql/$VERSION/$REPLICA/pg_hba.conf" >/dev/null
fi
$SUDO pg_ctlcluster "$VERSION" "$REPLICA" start >/dev/null 2>&1 || true
wait_pg "$REPLICA_PORT"

echo "== build"
[ -f dist/index.html ] || npm run build >/dev/null
[ -f dist-server/main.mjs ] || npm run build:server >/dev/null

# Secrets of this cluster, made once and kept in .cluster/ (never committed).
[ -f "$STATE/secrets" ] || {
  rnd() { node -e 'process.stdout.write(require("crypto").randomBytes(24).toString("hex"))'; }
  { echo "PAY_SANDBOX_SECRET=$(rnd)"; echo "SETTLEMENT_OPERATOR_KEY=$(rnd)"; echo "PARTNER_SECRET_TIANHE=$(rnd)"; echo "PARTNER_SECRET_WEILAN=$(rnd)"; } > "$STATE/secrets"
  chmod 600 "$STATE/secrets"
}
# The operators' TOTP secrets are encrypted under this 32-byte key (added to an older secrets file too).
grep -q '^OPS_TOTP_KEY=' "$STATE/secrets" || echo "OPS_TOTP_KEY=$(node -e 'process.stdout.write(require("crypto").randomBytes(32).toString("hex"))')" >> "$STATE/secrets"

start_server() {
  local n="$1" port="$2"
  (
    set -a; . "$STATE/secrets"; set +a
    PORT="$port" HOST=127.0.0.1 NODE_ENV=production SEED=demo SMS_PROVIDER=log TRUST_PROXY=1 \
    DATABASE_URL="postgres://postgres@127.0.0.1:$PRIMARY_PORT/$DB" \
    DATABASE_REPLICA_URL="postgres://postgres@127.0.0.1:$REPLICA_PORT/$DB" \
    REDIS_URL="$REDIS_URL" EXPORT_DIR="$STATE/exports" \
    exec node dist-server/main.mjs
  ) >>"$STATE/logs/server-$n.log" 2>&1 &
  echo "server-$n $!" >> "$STATE/pids"
}
wait_ready() {
  for _ in $(seq 1 120); do curl -fs "http://127.0.0.1:$1/api/ready" >/dev/null && return 0; sleep 0.5; done
  echo "the server on port $1 is not ready; see .cluster/logs"; exit 1
}

echo "== $SERVERS server processes"
# The first migrates and seeds alone; the others find the database ready.
start_server 1 "$((PROXY_PORT + 1))"
wait_ready "$((PROXY_PORT + 1))"
for n in $(seq 2 "$SERVERS"); do start_server "$n" "$((PROXY_PORT + n))"; done
for n in $(seq 2 "$SERVERS"); do wait_ready "$((PROXY_PORT + n))"; done

echo "== HAProxy on 127.0.0.1:$PROXY_PORT"
# With no process ready (the database restarting), the proxy's own answer is the portal's
# envelope, so a client shows a clean message instead of an HTML error page.
body='{"ret":503,"msg":"服务暂时不可用，请稍后再试","data":null}'
printf 'HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json; charset=utf-8\r\ncache-control: no-store\r\ncontent-length: %s\r\nconnection: close\r\n\r\n%s' "$(printf '%s' "$body" | wc -c)" "$body" > "$STATE/503.http"
{
  cat <<CFG
global
  maxconn 4096
  pidfile $STATE/haproxy.pid
  # One line per request into .cluster/logs/haproxy.log: which process answered, how long each
  # step took, and the termination state, so an error a client saw can be traced to its cause.
  log stdout format raw local0
defaults
  mode http
  log global
  option httplog
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  # A readiness answer slowed by a busy machine is not a process gone: only silence this long is.
  timeout check 5s
  errorfile 503 $STATE/503.http
  option redispatch
  # A request whose process went away before answering is tried on another: the connection
  # failed or closed with nothing sent back, so the process did not act on it.
  retries 3
  retry-on conn-failure empty-response
frontend portal
  bind 127.0.0.1:$PROXY_PORT
  default_backend servers
backend servers
  balance roundrobin
  option httpchk GET /api/ready
  http-check expect status 200
  default-server inter 1s fall 3 rise 1
CFG
  for n in $(seq 1 "$SERVERS"); do echo "  server s$n 127.0.0.1:$((PROXY_PORT + n)) check"; done
} > "$STATE/haproxy.cfg"
# In the foreground as a master and its worker (logging to stdout needs it), in the background
# of this script; the master's id is the one written down, and stopping it stops the worker.
rm -f "$STATE/haproxy.pid"
haproxy -W -f "$STATE/haproxy.cfg" >>"$STATE/logs/haproxy.log" 2>&1 &
for _ in $(seq 1 20); do [ -s "$STATE/haproxy.pid" ] && break; sleep 0.25; done
echo "haproxy $(cat "$STATE/haproxy.pid")" >> "$STATE/pids"
wait_ready "$PROXY_PORT"
echo "cluster ready: http://127.0.0.1:$PROXY_PORT (servers on $((PROXY_PORT + 1))-$((PROXY_PORT + SERVERS)), PostgreSQL $PRIMARY_PORT primary / $REPLICA_PORT replica); npm run cluster:stop stops it"
