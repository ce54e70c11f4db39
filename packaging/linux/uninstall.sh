#!/bin/sh
# Removes what install.sh put in place. Battles, the library and autosaves stay in
# ~/.local/share/Bridge.
set -eu
data=${XDG_DATA_HOME:-$HOME/.local/share}
rm -rf "$HOME/.local/opt/Bridge"
rm -f "$data/applications/bridge.desktop" "$data/mime/packages/bridge-battle.xml" \
      "$data/icons/hicolor/512x512/apps/bridge.png"
if command -v update-mime-database >/dev/null 2>&1; then update-mime-database "$data/mime" || true; fi
echo "Bridge is removed; your battles are still in $data/Bridge"
