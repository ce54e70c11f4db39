"""The Conflict card window (seed 001's sixth card, personal combat) and what the GM
uses to run a personal conflict: starting it, the NPC figures' Turns, ending it."""
