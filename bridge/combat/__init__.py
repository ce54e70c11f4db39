"""Starship combat rules that act on ship state: attacks and the damage resolver."""
