#!/usr/bin/env bash
# Installs what the deployments of deploy/ use (Debian packages), only when missing: the load balancer and the
# connection pooler of the multi-instance cluster, and pg_auto_failover (its pg_autoctl and the PostgreSQL extension
# of its monitor) for the high-availability cluster. CI runs on a fresh Debian machine as root; elsewhere it needs sudo.
set -euo pipefail

# The PostgreSQL major version the server binaries come from (pg_auto_failover's extension is built per version).
pg_major=""
for dir in /usr/lib/postgresql/*/bin; do
  [ -x "$dir/postgres" ] && pg_major="$(basename "$(dirname "$dir")")"
done

missing=()
command -v haproxy >/dev/null 2>&1 || missing+=(haproxy)
# Debian installs pgbouncer in /usr/sbin, which is not on every user's PATH.
command -v pgbouncer >/dev/null 2>&1 || [ -x /usr/sbin/pgbouncer ] || missing+=(pgbouncer)
if [ -n "$pg_major" ]; then
  command -v pg_autoctl >/dev/null 2>&1 || [ -x "/usr/lib/postgresql/$pg_major/bin/pg_autoctl" ] || missing+=(pg-auto-failover-cli)
  [ -f "/usr/share/postgresql/$pg_major/extension/pgautofailover.control" ] || missing+=("postgresql-$pg_major-auto-failover")
else
  echo "no PostgreSQL server in /usr/lib/postgresql: pg_auto_failover is left out"
fi
[ ${#missing[@]} -eq 0 ] && { echo "haproxy, pgbouncer and pg_auto_failover are installed"; exit 0; }

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
# Debian starts pgbouncer and haproxy as services on install where an init system runs; the clusters run their own
# processes instead. (pg_auto_failover's packages start nothing.)
for service in haproxy pgbouncer; do
  [[ " ${missing[*]} " == *" $service "* ]] && { $sudo service "$service" stop >/dev/null 2>&1 || true; }
done
