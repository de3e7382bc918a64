#!/usr/bin/env bash
# Installs the Debian packages the tests need when they are missing (CI runs on a clean machine as root).
set -euo pipefail
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
command -v unzip >/dev/null || need+=(unzip)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" != 0 ]; then echo "Please install: ${need[*]} (apt-get install -y ${need[*]})" >&2; exit 1; fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${need[@]}" >/dev/null
fi
