#!/usr/bin/env bash
# Browser tests use Debian's Chromium; install it when it is missing and we may.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
  echo "Chromium is missing: install Debian's chromium package (apt-get install chromium) and run npm test again" >&2
  exit 1
fi
echo "Installing Chromium from Debian's packages…"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
