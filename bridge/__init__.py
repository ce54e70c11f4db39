"""Bridge: a starship bridge console for Star Trek Adventures game tables."""

__version__ = "0.1.0"
