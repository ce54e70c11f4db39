"""The personal conflict of the Conflict card (seed 001; seed 003's conflict rules): its
catalogue and one rule per Task, its Commands, the gate, Turns and Rounds, Minor Actions,
Tasks and attacks, harm and Injuries, the card's view and controls, and the NPC
figures' autopilot."""
