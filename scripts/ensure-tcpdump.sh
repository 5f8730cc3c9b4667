#!/usr/bin/env bash
# Live packet capture runs tcpdump on the server. `npm start` installs it from Debian when it is
# missing and this is root on a Debian-like system; otherwise it says how, and the app still starts
# (the Packet Analysis page then explains why live capture is unavailable).
command -v tcpdump >/dev/null 2>&1 && exit 0
[ -n "${NETGUARD_SKIP_APT:-}" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "netguard: installing tcpdump for live packet capture (apt-get; set NETGUARD_SKIP_APT=1 to skip)"
  if timeout 300 apt-get install -y -qq --no-install-recommends tcpdump >/dev/null 2>&1 ||
    { timeout 300 apt-get update -qq >/dev/null 2>&1 &&
      timeout 300 apt-get install -y -qq --no-install-recommends tcpdump >/dev/null 2>&1; }; then
    exit 0
  fi
fi
echo "netguard: tcpdump is not installed; live packet capture stays off (apt-get install -y tcpdump)"
exit 0
