#!/usr/bin/env bash
# The Factur-X tests check XML against its XSD with libxml2's xmllint; install it when it is missing and we may.
set -euo pipefail
if command -v xmllint >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
  echo "xmllint is missing: install Debian's libxml2-utils package (apt-get install libxml2-utils) and run npm test again" >&2
  exit 1
fi
echo "Installing xmllint from Debian's packages…"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libxml2-utils >/dev/null
