"""The installers' descriptions agree with the app: the macOS Info.plist, the Inno Setup
script and the Linux desktop files name the same battle file type, executable and icon.

These files only run on their own platforms (the installers workflow); here they are read.
"""

from __future__ import annotations

import ast
import configparser
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

from bridge import APP_ID, __version__
from bridge.net.discovery import SERVICE
from bridge.ui.console.battle_files import SUFFIX

PACKAGING = Path(__file__).resolve().parents[2] / "packaging"


def _call(tree: ast.AST, name: str) -> ast.Call:
    calls = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == name
    ]
    assert len(calls) == 1, f"bridge.spec should call {name}() once"
    return calls[0]


def _keyword(call: ast.Call, name: str) -> ast.expr:
    return next(k.value for k in call.keywords if k.arg == name)


def _info_plist() -> tuple[dict[str, Any], ast.Call]:
    tree = ast.parse((PACKAGING / "pyinstaller" / "bridge.spec").read_text(encoding="utf-8"))
    bundle = _call(tree, "BUNDLE")
    node = ast.Expression(_keyword(bundle, "info_plist"))
    plist = eval(compile(node, "bridge.spec", "eval"), {"VERSION": __version__, "APP_ID": APP_ID})
    assert isinstance(plist, dict)
    return plist, bundle


def test_the_macos_bundle_carries_version_icon_and_the_battle_document_type() -> None:
    plist, bundle = _info_plist()
    assert plist["CFBundleShortVersionString"] == __version__
    assert ast.unparse(_keyword(bundle, "name")) == "'Bridge.app'"
    assert ast.unparse(_keyword(bundle, "icon")) == "icon"  # bridge.icns on macOS
    (document,) = plist["CFBundleDocumentTypes"]
    (uti,) = document["LSItemContentTypes"]
    exported = {t["UTTypeIdentifier"]: t for t in plist["UTExportedTypeDeclarations"]}
    extensions = exported[uti]["UTTypeTagSpecification"]["public.filename-extension"]
    assert extensions == [SUFFIX.lstrip(".")]
    assert document["CFBundleTypeRole"] in {"Editor", "Viewer"}


def _iss() -> tuple[str, dict[str, str]]:
    text = (PACKAGING / "windows" / "bridge.iss").read_text(encoding="utf-8")
    setup = text.split("[Setup]", 1)[1].split("\n[", 1)[0]
    directives = dict(
        line.split("=", 1) for line in setup.splitlines() if "=" in line and line[:1] != ";"
    )
    return text, directives


def test_the_windows_installer_is_per_user_and_associates_battle_files() -> None:
    text, setup = _iss()
    assert setup["PrivilegesRequired"] == "lowest"
    assert setup["DefaultDirName"] == r"{autopf}\Bridge"
    assert setup["ChangesAssociations"] == "yes"
    assert setup["OutputBaseFilename"] == "Bridge-{#AppVersion}-windows-setup"
    assert setup["SetupIconFile"] == r"build\icons\bridge.ico"
    registry = re.findall(r'^Root: HKA; Subkey: "Software\\Classes\\([^"]+)"', text, re.M)
    assert SUFFIX in registry
    assert re.search(
        rf'Subkey: "Software\\Classes\\{re.escape(SUFFIX)}";.*ValueData: "Bridge\.Battle"', text
    )
    assert re.search(r'Subkey: "Software\\Classes\\Bridge\.Battle";.*uninsdeletekey', text)
    command = re.search(r'Bridge\.Battle\\shell\\open\\command";.*ValueData: "(.*)"$', text, re.M)
    assert command and command.group(1) == '""{app}\\Bridge.exe"" ""%1""'
    assert '{autoprograms}\\Bridge"; Filename: "{app}\\Bridge.exe"' in text


def test_the_installers_name_the_executables_the_spec_builds() -> None:
    tree = ast.parse((PACKAGING / "pyinstaller" / "bridge.spec").read_text(encoding="utf-8"))
    names = {
        ast.literal_eval(_keyword(node, "name"))
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "EXE"
    }
    assert names == {"Bridge", "bridge-cli"}
    collect = _call(tree, "COLLECT")
    assert ast.literal_eval(_keyword(collect, "name")) == "Bridge"  # dist/Bridge, dist\Bridge
    text, _ = _iss()
    assert 'Source: "dist\\Bridge\\*"' in text


def test_the_linux_desktop_entry_opens_battle_files() -> None:
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # type: ignore[assignment,method-assign]
    entry.read(PACKAGING / "linux" / f"{APP_ID}.desktop", encoding="utf-8")
    desktop = entry["Desktop Entry"]
    assert desktop["Exec"] == "@BRIDGE@ %f"  # `bridge FILE` opens the battle
    assert desktop["Icon"] == APP_ID
    ns = {"m": "http://www.freedesktop.org/standards/shared-mime-info"}
    mime = ET.parse(PACKAGING / "linux" / f"{APP_ID}.xml").getroot().find("m:mime-type", ns)
    assert mime is not None
    assert desktop["MimeType"].rstrip(";").split(";") == [mime.get("type")]
    glob = mime.find("m:glob", ns)
    assert glob is not None and glob.get("pattern") == f"*{SUFFIX}"


def test_the_macos_bundle_is_named_by_the_application_id_and_may_use_the_lan() -> None:
    plist, bundle = _info_plist()
    assert ast.unparse(_keyword(bundle, "bundle_identifier")) == "APP_ID"
    # macOS 15 asks before an app uses the LAN, and only for the Bonjour types declared
    assert "network" in plist["NSLocalNetworkUsageDescription"]
    assert plist["NSBonjourServices"] == [SERVICE.removesuffix(".local.")]


def test_the_entitlements_file_is_a_plist_of_hardened_runtime_exceptions() -> None:
    import plistlib

    entitlements = plistlib.loads((PACKAGING / "macos" / "entitlements.plist").read_bytes())
    assert entitlements and all(v is True for v in entitlements.values())
    assert all(key.startswith("com.apple.security.cs.") for key in entitlements)


def test_the_windows_installer_signs_its_uninstaller_and_removes_its_registry_keys() -> None:
    text, setup = _iss()
    signed = text.split("#ifdef Sign", 1)[1].split("#endif", 1)[0]
    assert "SignTool=bridgesign" in signed.splitlines()
    assert "SignedUninstaller=yes" in signed.splitlines()
    assert setup["VersionInfoVersion"] == "{#FileVersion}"
    flags = {
        key: line.split("Flags:", 1)[1].split()
        for line in text.splitlines()
        if line.startswith("Root: HKA;") and "Flags:" in line
        for key in re.findall(r'Subkey: "Software\\Classes\\([^"]+)"', line)
    }
    # keys that are Bridge's alone go whole; .bridge goes once nothing else is in it
    assert "uninsdeletekey" in flags["Bridge.Battle"]
    assert "uninsdeletekey" in flags["Applications\\Bridge.exe"]
    assert "uninsdeletekeyifempty" in flags[SUFFIX]
    assert "uninsdeletekeyifempty" in flags[SUFFIX + "\\OpenWithProgids"]
