"""Reusable widgets: card entries, dice, odds, the zone map, ship status, LCARS pieces."""
