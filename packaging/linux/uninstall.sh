#!/bin/sh
# Removes what install.sh put in place, and refreshes the menu's and the file types'
# caches so .bridge files no longer name Bridge. Battles, the library and autosaves stay
# in ~/.local/share/Bridge.
set -eu
app_id=io.github.bridgeconsole.Bridge
data=${XDG_DATA_HOME:-$HOME/.local/share}
rm -rf "$HOME/.local/opt/Bridge"
rm -f "$data/applications/$app_id.desktop" "$data/mime/packages/$app_id.xml" \
      "$data/icons/hicolor/512x512/apps/$app_id.png"
if command -v update-mime-database >/dev/null 2>&1 && [ -d "$data/mime" ]; then
  update-mime-database "$data/mime" || true
fi
if command -v update-desktop-database >/dev/null 2>&1 && [ -d "$data/applications" ]; then
  update-desktop-database "$data/applications" || true
fi
echo "Bridge is removed; your battles are still in $data/Bridge"
