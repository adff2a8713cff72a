#!/usr/bin/env bash
# Installs the Debian packages the tests use, only when they are missing: Chromium (the browser tests drive it through
# Playwright) and curl (the documentation tests run the docs' curl examples). CI runs on a fresh Debian machine as
# root; elsewhere it needs sudo.
set -euo pipefail

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v curl >/dev/null 2>&1 || missing+=(curl)
[ ${#missing[@]} -eq 0 ] && { echo "chromium and curl are installed"; exit 0; }

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
