#!/bin/sh
# Installs Bridge for the current user (no root): the app in ~/.local/opt/Bridge, a menu
# entry, the icon, and .bridge battle files opening in Bridge on double-click.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
data=${XDG_DATA_HOME:-$HOME/.local/share}
opt=$HOME/.local/opt/Bridge
rm -rf "$opt" && mkdir -p "$opt" && cp -a "$here/Bridge/." "$opt/"
mkdir -p "$data/applications" "$data/mime/packages" "$data/icons/hicolor/512x512/apps"
sed "s|@BRIDGE@|$opt/Bridge|" "$here/bridge.desktop" > "$data/applications/bridge.desktop"
cp "$here/bridge-battle.xml" "$data/mime/packages/bridge-battle.xml"
cp "$here/bridge.png" "$data/icons/hicolor/512x512/apps/bridge.png"
if command -v update-mime-database >/dev/null 2>&1; then update-mime-database "$data/mime" || true; fi
if command -v update-desktop-database >/dev/null 2>&1; then update-desktop-database "$data/applications" || true; fi
echo "Bridge is installed: find it in your applications menu, or run $opt/Bridge"
