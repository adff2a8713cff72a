#!/usr/bin/env bash
# Installs the load balancer and the connection pooler the multi-instance deployment uses (Debian packages),
# only when they are missing. CI runs on a fresh Debian machine as root; elsewhere it needs sudo.
set -euo pipefail

missing=()
command -v haproxy >/dev/null 2>&1 || missing+=(haproxy)
# Debian installs pgbouncer in /usr/sbin, which is not on every user's PATH.
command -v pgbouncer >/dev/null 2>&1 || [ -x /usr/sbin/pgbouncer ] || missing+=(pgbouncer)
[ ${#missing[@]} -eq 0 ] && { echo "haproxy and pgbouncer are installed"; exit 0; }

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
# The packages' services would start with their default configs; the cluster runs its own processes instead.
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
# Debian starts pgbouncer and haproxy as services on install where an init system runs; the cluster does not use them.
for service in "${missing[@]}"; do $sudo service "$service" stop >/dev/null 2>&1 || true; done
