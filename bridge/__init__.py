"""Bridge: a starship bridge console for Star Trek Adventures game tables."""

import os

__version__ = "0.1.0"

APP_ID = "io.github.bridgeconsole.Bridge"
"""The reverse-DNS application id: the Linux menu entry, icon and battle file type are
named after it, Wayland matches windows to the menu entry by it, and the macOS bundle
identifier is the same."""

# Bridge uses no pydantic plugins; looking for them reads the metadata of every
# installed package when the first model is built (tens of milliseconds at start-up).
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
