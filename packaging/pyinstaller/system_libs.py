"""The system libraries the Linux bundle leaves out, and the GTK theme plugin that drags
most of them in.

PyInstaller already leaves out glibc, the OpenGL/EGL driver libraries, libxcb and the
Wayland client libraries (``PyInstaller.depend.dylib``). The AppImage project's exclude
list (pkg2appimage ``excludelist``) goes further, with the libraries every desktop has and
that break when an older or newer copy rides along: the C++ runtime, fontconfig, freetype,
expat, zlib, X11. Bridge follows both, and adds GLib and D-Bus, which every desktop runs
and Qt links against. What is left out the system provides; what stays is what a desktop
may lack (the xcb utility libraries Qt's xcb plugin needs, ICU, OpenSSL) and Qt itself.

Qt's GTK 3 platform theme plugin loads GTK, cairo, pango and their kin from the build
host, which clash with a user's own themes and drivers; Qt's own style and the XDG desktop
portal theme do without them.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable

SYSTEM_LIBRARIES: dict[str, str] = {
    r"libstdc\+\+\.so\..*": "the C++ runtime: the system's is as new as its graphics drivers need",
    r"libgcc_s\.so\..*": "the C runtime's unwinder, from the same compiler as libstdc++",
    r"libexpat\.so\..*": "fontconfig's XML parser",
    r"libfontconfig\.so\..*": "must read the system's own font configuration",
    r"libfreetype\.so\..*": "the system's font renderer, shared with fontconfig",
    r"libharfbuzz\.so\..*": "text shaping, shared with freetype (Qt carries its own)",
    r"libfribidi\.so\..*": "bidirectional text for pango",
    r"libz\.so\..*": "zlib, on every system",
    r"lib(glib|gobject|gio|gmodule|gthread)-2\.0\.so\..*": "GLib: every desktop runs it",
    r"libdbus-1\.so\..*": "must match the system's message bus",
    r"libX11(-xcb)?\.so\..*": "the X client library, with the system's libxcb",
    r"libX(au|dmcp|ext|render|i|fixes|cursor|randr|inerama|composite|damage)\.so\..*": (
        "X extension libraries of the system's X client"
    ),
    r"lib(ICE|SM)\.so\..*": "X session management",
    r"libgpg-error\.so\..*": "base system",
    r"libcom_err\.so\..*": "base system",
    r"libuuid\.so\..*": "base system",
    r"libgmp\.so\..*": "base system",
    r"libasound\.so\..*": "must match the system's sound server",
}

UNUSED_PLUGINS = ("platformthemes/libqgtk3.so",)

_SYSTEM = re.compile("|".join(f"(?:{pattern})" for pattern in SYSTEM_LIBRARIES))

Entry = tuple[str, str, str]  # PyInstaller's TOC entry: (name in the bundle, source, type)


def is_system_library(name: str) -> bool:
    """Whether a library (by its file name) is one the bundle leaves to the system."""
    return _SYSTEM.fullmatch(os.path.basename(name)) is not None


def _is_plugin_left_out(dest: str) -> bool:
    dest = dest.replace("\\", "/")
    return any(dest.endswith("/" + plugin) for plugin in UNUSED_PLUGINS)


def _is_collected_dependency(dest: str) -> bool:
    """A shared library PyInstaller collected at the bundle's top level because something
    links against it (not a Python module, not a Qt library or plugin)."""
    return "/" not in dest.replace("\\", "/") and ".so" in dest and not dest.startswith("libpython")


def leave_out_system_libraries(
    binaries: Iterable[Entry], needed: Callable[[str], Iterable[str]]
) -> tuple[list[Entry], list[str]]:
    """The binaries without the system libraries, the GTK theme plugin, and every collected
    dependency that nothing kept still links against (``needed(source)`` lists the sonames
    a file links against). Returns (kept, names of the ones left out)."""
    entries = list(binaries)
    kept = [e for e in entries if not is_system_library(e[0]) and not _is_plugin_left_out(e[0])]
    dependencies = {os.path.basename(e[0]): e for e in kept if _is_collected_dependency(e[0])}
    reached: set[str] = set()
    todo = [e for e in kept if not _is_collected_dependency(e[0])]
    while todo:
        entry = todo.pop()
        for soname in needed(entry[1]):
            found = dependencies.get(os.path.basename(soname))
            if found is not None and found[0] not in reached:
                reached.add(found[0])
                todo.append(found)
    result = [e for e in kept if not _is_collected_dependency(e[0]) or e[0] in reached]
    names = {e[0] for e in result}
    return result, sorted(e[0] for e in entries if e[0] not in names)


def linked_libraries(path: str) -> list[str]:
    """The sonames an ELF file links against (its NEEDED entries, read by objdump)."""
    import subprocess

    dump = subprocess.run(
        ["objdump", "-p", path], capture_output=True, text=True, check=False
    ).stdout
    return [line.split()[1] for line in dump.splitlines() if line.strip().startswith("NEEDED")]
