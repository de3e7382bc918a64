#!/usr/bin/env bash
# Turns a Raspberry Pi OS (Bookworm or later, NetworkManager) box into the venue's Wi-Fi access point:
# guests join the network, every DNS name resolves to the box, and phones open Momentbox as a captive portal.
#   sudo scripts/setup-hotspot.sh "<SSID>" "<password, 8-63 characters>" [wifi interface, default wlan0]
# Idempotent: run it again to change the name or password.
# MOMENTBOX_INSTALL_ROOT=<dir> writes the files below <dir> instead of / (for the script's test).
set -euo pipefail
R="${MOMENTBOX_INSTALL_ROOT:-}"

if [ "$(id -u)" != 0 ]; then echo "Please run as root (sudo $0 ...)." >&2; exit 1; fi
ssid="${1:-}"; password="${2:-}"; iface="${3:-wlan0}"
if [ -z "$ssid" ] || [ ${#password} -lt 8 ] || [ ${#password} -gt 63 ]; then
  echo "Usage: sudo $0 \"<SSID>\" \"<password, 8-63 characters>\" [interface]" >&2
  exit 2
fi
command -v nmcli >/dev/null || { echo "NetworkManager (nmcli) is required: Raspberry Pi OS Bookworm has it." >&2; exit 1; }

# NetworkManager's "shared" mode gives the box 10.42.0.1 and runs dnsmasq for DHCP and DNS on the AP.
address=10.42.0.1
connection=momentbox-hotspot

# 1. Every DNS name points at the box: phones' connectivity checks reach Momentbox, which opens the portal.
install -d "$R/etc/NetworkManager/dnsmasq-shared.d"
cat > "$R/etc/NetworkManager/dnsmasq-shared.d/momentbox.conf" <<CONF
# Written by Momentbox setup-hotspot.sh: answer every name with the box's address.
address=/#/${address}
CONF

# 2. The access point (WPA2-PSK), started at boot.
nmcli connection delete "$connection" >/dev/null 2>&1 || true
nmcli connection add type wifi ifname "$iface" con-name "$connection" autoconnect yes ssid "$ssid" \
  802-11-wireless.mode ap 802-11-wireless.band bg \
  ipv4.method shared ipv4.addresses "${address}/24" ipv6.method disabled \
  wifi-sec.key-mgmt wpa-psk wifi-sec.psk "$password" >/dev/null
nmcli connection up "$connection" >/dev/null

# 3. Momentbox learns its address, the Wi-Fi for the printable QR code, and to act as the captive portal.
env_file="$R/etc/momentbox/momentbox.env"
install -d -m 0755 "$R/etc/momentbox"
touch "$env_file"
set_var() {
  local key="$1" value="$2"
  grep -v -E "^#? *${key}=" "$env_file" > "${env_file}.new" || true
  printf '%s=%s\n' "$key" "$value" >> "${env_file}.new"
  mv "${env_file}.new" "$env_file"
}
set_var MOMENTBOX_PUBLIC_URL "http://${address}"
set_var MOMENTBOX_CAPTIVE_PORTAL true
set_var MOMENTBOX_WIFI_SSID "$ssid"
set_var MOMENTBOX_WIFI_PASSWORD "$password"
chmod 0640 "$env_file"
getent group momentbox >/dev/null && chgrp momentbox "$env_file"
systemctl is-enabled momentbox.service >/dev/null 2>&1 && systemctl restart momentbox.service

echo "Wi-Fi '$ssid' is up on $iface; the box is $address."
echo "Guests who join are sent to http://${address}/ (set MOMENTBOX_DEFAULT_EVENT in $env_file to open one event directly)."
