#!/bin/sh
# Installs (or names) the Debian packages Qt and Japanese text need.
# Offscreen rendering needs the first group; a real window also needs the xcb group; the tests open
# the exported session log in headless chromium; the Linux desktop entry (make install-desktop) and its
# tests need xdg-utils, shared-mime-info, desktop-file-utils and GLib's gio; the log's paint check and
# the xdg-open test read a real X screen (Xvfb).
set -u
[ "$(uname -s)" = Linux ] || exit 0
command -v dpkg-query >/dev/null 2>&1 || { echo "sysdeps: dpkg がないため、システムライブラリの確認を省きます"; exit 0; }

packages="libegl1 libgl1 libglib2.0-0 libfontconfig1 libfreetype6 libxkbcommon0 libdbus-1-3 libx11-6 \
fonts-ipafont-gothic \
libxkbcommon-x11-0 libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-image0 libxcb-render-util0 \
libxcb-shape0 libxcb-randr0 libxcb-xinerama0 libxcb-xkb1 \
chromium \
xdg-utils shared-mime-info desktop-file-utils libglib2.0-bin xvfb"

missing=""
for p in $packages; do
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null)
  [ "$status" = "install ok installed" ] || missing="$missing $p"
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "sysdeps: 不足しているパッケージをインストールします:$missing"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq --no-install-recommends $missing >/dev/null \
    || { echo "sysdeps: apt-get が失敗しました"; exit 1; }
else
  echo "sysdeps: Qt と日本語フォントに必要なパッケージが不足しています。次を実行してください:"
  echo "  sudo apt-get install -y --no-install-recommends$missing"
fi
