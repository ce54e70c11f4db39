"""pydantic state: ships, characters, pools and house rules. No Qt, no dice."""
