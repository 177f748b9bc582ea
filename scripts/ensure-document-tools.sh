#!/usr/bin/env bash
# The billing document tests read what they check with Debian's tools: Factur-X XML against its XSD
# with libxml2's xmllint, a PDF's fonts with poppler's pdffonts. Install them when missing and we may.
set -euo pipefail
missing=()
command -v xmllint >/dev/null 2>&1 || missing+=(libxml2-utils)
command -v pdffonts >/dev/null 2>&1 || missing+=(poppler-utils)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
  echo "Missing document tools: install Debian's ${missing[*]} (apt-get install ${missing[*]}) and run npm test again" >&2
  exit 1
fi
echo "Installing ${missing[*]} from Debian's packages…"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
