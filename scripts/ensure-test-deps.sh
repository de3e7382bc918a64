#!/usr/bin/env bash
# Installs the Debian packages the tests need when they are missing (CI runs on a clean machine as root).
set -euo pipefail
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
command -v unzip >/dev/null || need+=(unzip)
# The export test downloads with curl --limit-rate: a client that reads slowly, so the server must wait for it.
command -v curl >/dev/null || need+=(curl)
# The printed cards are checked in Chromium's PDF output, rendered to PNG with poppler's pdftoppm.
command -v pdftoppm >/dev/null || need+=(poppler-utils)
# The unit file is checked with systemd-analyze verify.
command -v systemd-analyze >/dev/null || need+=(systemd)
# The arm64 binary's smoke test runs under user-mode qemu with Debian's arm64 C and C++ runtimes.
[ -x /usr/bin/qemu-aarch64-static ] || need+=(qemu-user-static)
[ -e /usr/aarch64-linux-gnu/lib/ld-linux-aarch64.so.1 ] || need+=(libc6-arm64-cross)
[ -e /usr/aarch64-linux-gnu/lib/libstdc++.so.6 ] || need+=(libstdc++6-arm64-cross)
# The venue test builds a network from namespaces: ip, Debian's dnsmasq (DHCP and DNS) and dhclient for the phones.
command -v ip >/dev/null || [ -x /usr/sbin/ip ] || need+=(iproute2)
[ -x /usr/sbin/dnsmasq ] || need+=(dnsmasq-base)
[ -x /usr/sbin/dhclient ] || [ -x /sbin/dhclient ] || need+=(isc-dhcp-client)
# The upload chaos test shapes its veth link with tc (tbf), also from iproute2.
command -v tc >/dev/null || [ -x /usr/sbin/tc ] || need+=(iproute2)
# `momentbox check` counts Wi-Fi clients with iw; its test expects the line.
[ -x /usr/sbin/iw ] || [ -x /sbin/iw ] || need+=(iw)
# `npm run bench` part f: the 200 reading phones are Debian's wrk (C, light beside the server).
command -v wrk >/dev/null || need+=(wrk)
# The WebKit suite (tests/webkit): Debian's WebKitGTK WebDriver server (it brings MiniBrowser), a virtual
# display, GStreamer's demuxers and H.264/AAC decoders (WebKitGTK plays video through GStreamer) and a font.
installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'ok installed'; }
command -v WebKitWebDriver >/dev/null || need+=(webkit2gtk-driver)
command -v Xvfb >/dev/null || need+=(xvfb)
installed gstreamer1.0-plugins-good || need+=(gstreamer1.0-plugins-good)
installed gstreamer1.0-libav || need+=(gstreamer1.0-libav)
installed fonts-dejavu-core || need+=(fonts-dejavu-core)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" != 0 ]; then echo "Please install: ${need[*]} (apt-get install -y ${need[*]})" >&2; exit 1; fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${need[@]}" >/dev/null
fi
