#!/usr/bin/env bash
# Sets a Raspberry Pi OS (Bookworm or later, NetworkManager) box up as the venue's network: the box is
# 10.42.0.1, hands out addresses (DHCP), answers every DNS name with itself, and Momentbox acts as the
# captive portal, so phones that join open it by themselves.
#
#   sudo scripts/setup-hotspot.sh "<SSID>" "<password, 8-63 characters>" [wifi interface, default wlan0]
#       The box's own Wi-Fi is the access point. Good for small parties: a Pi's built-in Wi-Fi serves
#       roughly 7-19 phones at once.
#   sudo scripts/setup-hotspot.sh --wired "<SSID of the access point>" "<its password>" [interface, default eth0]
#       An external access point (in access-point/bridge mode, its own DHCP off) is plugged into the box's
#       Ethernet port. For weddings and anything over ~15 guests. SSID and password go on the printed Wi-Fi QR code.
#
# Both ways run the same DHCP and DNS (Debian's dnsmasq, /etc/momentbox/dnsmasq.conf, service
# momentbox-dnsmasq) and write the same captive-portal settings. Idempotent: run it again to change anything.
# MOMENTBOX_INSTALL_ROOT=<dir> writes the files below <dir> instead of / (for the script's tests).
set -euo pipefail
R="${MOMENTBOX_INSTALL_ROOT:-}"

if [ "$(id -u)" != 0 ]; then echo "Please run as root (sudo $0 ...)." >&2; exit 1; fi
mode=wifi
if [ "${1:-}" = "--wired" ]; then mode=wired; shift; fi
ssid="${1:-}"; password="${2:-}"
if [ "$mode" = wifi ]; then iface="${3:-wlan0}"; else iface="${3:-eth0}"; fi
if [ -z "$ssid" ] || [ ${#password} -lt 8 ] || [ ${#password} -gt 63 ]; then
  echo "Usage: sudo $0 [--wired] \"<SSID>\" \"<password, 8-63 characters>\" [interface]" >&2
  exit 2
fi
command -v nmcli >/dev/null || { echo "NetworkManager (nmcli) is required: Raspberry Pi OS Bookworm has it." >&2; exit 1; }
dnsmasq_bin="$(command -v dnsmasq || true)"
[ -n "$dnsmasq_bin" ] || { echo "dnsmasq is required: sudo apt-get install dnsmasq-base" >&2; exit 1; }

address=10.42.0.1
connection=momentbox-venue

# 1. The box's address on the venue interface: an access point of its own (WPA2-PSK), or plain Ethernet.
for old in "$connection" momentbox-hotspot; do nmcli connection delete "$old" >/dev/null 2>&1 || true; done
if [ "$mode" = wifi ]; then
  nmcli connection add type wifi ifname "$iface" con-name "$connection" autoconnect yes ssid "$ssid" \
    802-11-wireless.mode ap 802-11-wireless.band bg \
    ipv4.method manual ipv4.addresses "${address}/24" ipv6.method disabled \
    wifi-sec.key-mgmt wpa-psk wifi-sec.psk "$password" >/dev/null
else
  nmcli connection add type ethernet ifname "$iface" con-name "$connection" autoconnect yes \
    ipv4.method manual ipv4.addresses "${address}/24" ipv6.method disabled >/dev/null
fi
nmcli connection up "$connection" >/dev/null

# 2. DHCP and DNS on that interface only: phones get an address, the box as router and DNS server, and every
#    name resolves to the box, so their connectivity checks reach Momentbox, which opens the portal.
install -d -m 0755 "$R/etc/momentbox"
cat > "$R/etc/momentbox/dnsmasq.conf" <<CONF
# Written by Momentbox setup-hotspot.sh: the venue network's DHCP and DNS.
interface=${iface}
except-interface=lo
bind-dynamic
no-resolv
no-hosts
# Every name is the box.
address=/#/${address}
dhcp-authoritative
dhcp-range=10.42.0.10,10.42.0.250,255.255.255.0,12h
dhcp-option=option:router,${address}
dhcp-option=option:dns-server,${address}
CONF
install -d "$R/etc/systemd/system"
cat > "$R/etc/systemd/system/momentbox-dnsmasq.service" <<UNIT
[Unit]
Description=Momentbox venue network: DHCP and DNS (every name is the box)
After=network.target NetworkManager.service

[Service]
ExecStart=${dnsmasq_bin} --keep-in-foreground --conf-file=/etc/momentbox/dnsmasq.conf --pid-file=/run/momentbox-dnsmasq.pid --dhcp-leasefile=/var/lib/misc/momentbox-dnsmasq.leases
Restart=on-failure
RestartSec=3

[Install]
WantedBy=multi-user.target
UNIT
# The older setup ran NetworkManager's shared mode with this rule; it would answer DHCP a second time.
rm -f "$R/etc/NetworkManager/dnsmasq-shared.d/momentbox.conf"
systemctl daemon-reload
systemctl enable momentbox-dnsmasq.service >/dev/null 2>&1
systemctl restart momentbox-dnsmasq.service

# 3. Momentbox learns its address, the Wi-Fi for the printable QR code, and to act as the captive portal.
env_file="$R/etc/momentbox/momentbox.env"
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

if [ "$mode" = wifi ]; then
  echo "Wi-Fi '$ssid' is up on $iface; the box is $address."
else
  echo "The venue network is on $iface; the box is $address. Plug in the access point (Wi-Fi '$ssid', access-point/bridge mode, its DHCP off)."
fi
echo "Guests who join are sent to the portal at http://${address}/portal (set MOMENTBOX_DEFAULT_EVENT in $env_file to show one event directly)."
