"""The ship battle: the five station cards (their catalogue and one rule per Task), their
Commands, the gate, Turns and Rounds, Minor Actions, Tasks and their Difficulty, the
effects of damage, the GM's ledger and hand on the ship battle, and the NPC ships'
autopilot."""
