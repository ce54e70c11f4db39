"""Sphinx settings for Bridge's guide: Markdown pages (MyST) in the furo theme.

Built strictly in CI (``python -m sphinx -W --keep-going -b html docs DIR``); the wheel
and the frozen app carry the HTML (setup.py builds it into ``bridge_resources/guide``),
so Help ▸ User guide (F1) opens it offline, straight from the disk.
"""

from __future__ import annotations

import re
from pathlib import Path

_init = (Path(__file__).resolve().parent.parent / "bridge" / "__init__.py").read_text("utf-8")
_found = re.search(r'^__version__ = "([^"]+)"', _init, re.MULTILINE)

project = "Bridge"
author = "Bridge's authors"
copyright = "Bridge's authors, MIT licence"
release = version = _found.group(1) if _found else ""
language = "en"

extensions = ["myst_parser"]
source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "README.md"]
myst_heading_anchors = 3  # links to a page's sections: [text](files.md#your-battles-are-safe)
myst_enable_extensions = ["deflist"]

html_theme = "furo"
html_title = f"Bridge {release}: the guide"
html_short_title = "Bridge"
html_copy_source = False  # the pages' Markdown stays out of the app
html_show_sourcelink = False
html_show_sphinx = False
html_last_updated_fmt = None
html_theme_options = {
    "light_css_variables": {
        "color-brand-primary": "#a35200",
        "color-brand-content": "#a35200",
        "color-brand-visited": "#7a3d00",
    },
    "dark_css_variables": {
        "color-brand-primary": "#ff9900",
        "color-brand-content": "#ffb347",
        "color-brand-visited": "#cc99cc",
        "color-background-primary": "#000000",
        "color-background-secondary": "#0d0d14",
        "color-foreground-primary": "#ffe9cc",
    },
}
