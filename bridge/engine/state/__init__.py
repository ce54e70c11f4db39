"""The battle as data: the encounter (ships, crew, seats, pools, the Turn, what waits), the
personal conflict's figures and map, the zones, the spends and held damage, the cards'
entry types. Immutable pydantic models, below every rule that reads them."""
