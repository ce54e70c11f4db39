#!/bin/sh
# Installs Bridge for the current user (no root): the app in ~/.local/opt/Bridge, a menu
# entry, the icon, and .bridge battle files opening in Bridge on double-click. Everything
# is named by the application id, so nothing clashes with another program's files.
set -eu
app_id=io.github.bridgeconsole.Bridge
here=$(cd "$(dirname "$0")" && pwd)
data=${XDG_DATA_HOME:-$HOME/.local/share}
opt=$HOME/.local/opt/Bridge

# An Exec= argument per the Desktop Entry spec: in double quotes, with " ` $ \ escaped by
# a backslash; then, the value being a string, every backslash doubled; % written %%.
exec_quote() {
  printf '%s' "$1" | sed -e 's/[\\"`$]/\\&/g' -e 's/\\/\\\\/g' -e 's/%/%%/g'
}

rm -rf "$opt" && mkdir -p "$opt" && cp -a "$here/Bridge/." "$opt/"
mkdir -p "$data/applications" "$data/mime/packages" "$data/icons/hicolor/512x512/apps"
BRIDGE_EXEC="\"$(exec_quote "$opt/Bridge")\"" awk '{
  i = index($0, "@BRIDGE@")
  if (i) $0 = substr($0, 1, i - 1) ENVIRON["BRIDGE_EXEC"] substr($0, i + 8)
  print
}' "$here/$app_id.desktop" > "$data/applications/$app_id.desktop"
cp "$here/$app_id.xml" "$data/mime/packages/$app_id.xml"
cp "$here/$app_id.png" "$data/icons/hicolor/512x512/apps/$app_id.png"
if command -v update-mime-database >/dev/null 2>&1; then update-mime-database "$data/mime" || true; fi
if command -v update-desktop-database >/dev/null 2>&1; then update-desktop-database "$data/applications" || true; fi
echo "Bridge is installed: find it in your applications menu, or run $opt/Bridge"
