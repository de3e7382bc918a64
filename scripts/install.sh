#!/usr/bin/env bash
# Installs Momentbox as a systemd service. Idempotent: run it again to upgrade the binary.
#   sudo scripts/install.sh [path/to/momentbox-linux-<arch>]
# Without an argument it takes dist/momentbox-linux-<this machine's arch>.
# MOMENTBOX_INSTALL_ROOT=<dir> installs below <dir> instead of / (for image builds and the installer's test).
set -euo pipefail
R="${MOMENTBOX_INSTALL_ROOT:-}"

if [ "$(id -u)" != 0 ]; then echo "Please run as root (sudo $0)." >&2; exit 1; fi
here="$(cd "$(dirname "$0")/.." && pwd)"
case "$(uname -m)" in
  x86_64) arch=x64 ;;
  aarch64|arm64) arch=arm64 ;;
  *) echo "Unsupported architecture $(uname -m): Momentbox runs on x86_64 and arm64." >&2; exit 1 ;;
esac
binary="${1:-$here/dist/momentbox-linux-$arch}"
[ -f "$binary" ] || { echo "Binary not found: $binary (build it with: npm run build)" >&2; exit 1; }
unit_source="$here/systemd/momentbox.service"
[ -f "$unit_source" ] || unit_source="$(dirname "$binary")/momentbox.service"
[ -f "$unit_source" ] || { echo "momentbox.service not found next to the binary or in systemd/" >&2; exit 1; }

# 1. A system user without a login shell or home.
if ! id momentbox >/dev/null 2>&1; then
  useradd --system --user-group --no-create-home --home-dir /var/lib/momentbox --shell /usr/sbin/nologin momentbox
fi

# 2. The binary (replaced atomically, so a running service is not hit by a half-written file).
install -d "$R/usr/local/bin"
install -m 0755 "$binary" "$R/usr/local/bin/momentbox.new"
mv -f "$R/usr/local/bin/momentbox.new" "$R/usr/local/bin/momentbox"

# 3. The settings file: created once, never overwritten.
install -d -m 0755 "$R/etc/momentbox"
if [ ! -f "$R/etc/momentbox/momentbox.env" ]; then
  cat > "$R/etc/momentbox/momentbox.env" <<'ENV'
# Momentbox settings: one MOMENTBOX_* variable per line; see `momentbox --help`.
# MOMENTBOX_PUBLIC_URL=http://10.42.0.1
# MOMENTBOX_WIFI_SSID=Hochzeit
# MOMENTBOX_WIFI_PASSWORD=secret
# MOMENTBOX_CAPTIVE_PORTAL=true
# MOMENTBOX_DEFAULT_EVENT=anna-ben
ENV
  chmod 0640 "$R/etc/momentbox/momentbox.env"
  chgrp momentbox "$R/etc/momentbox/momentbox.env"
fi

# 4. The unit, started now and at every boot.
install -d "$R/etc/systemd/system"
install -m 0644 "$unit_source" "$R/etc/systemd/system/momentbox.service"
systemctl daemon-reload
systemctl enable momentbox.service >/dev/null
systemctl restart momentbox.service

# 5. Where to log in. The first start writes the generated password to the data dir.
for _ in $(seq 1 30); do
  [ -f "$R/var/lib/momentbox/initial-admin-password" ] && break
  sleep 1
done
address=$(hostname -I 2>/dev/null | awk '{print $1}')
url=$(grep -E '^MOMENTBOX_PUBLIC_URL=' "$R/etc/momentbox/momentbox.env" | cut -d= -f2- || true)
echo "Momentbox is running."
echo "Admin: ${url:-http://${address:-localhost}}/admin"
if [ -f "$R/var/lib/momentbox/initial-admin-password" ]; then
  echo "Admin password: $(cat "$R/var/lib/momentbox/initial-admin-password")"
  echo "(kept in /var/lib/momentbox/initial-admin-password; change it after the first login)"
else
  echo "Admin password: unchanged (set earlier). Forgot it? sudo -u momentbox momentbox reset-admin-password --data-dir /var/lib/momentbox"
fi
