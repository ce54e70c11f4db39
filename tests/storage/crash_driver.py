"""Plays a battle with autosave and prints how many Commands are on disk after each one.

Run by ``test_crash.py`` in a child process that is then killed with SIGKILL.
"""

from __future__ import annotations

import sys
from pathlib import Path

from bridge.engine.demo import demo_encounter
from bridge.engine.session import Session
from bridge.engine.ship.autopilot import suggest
from bridge.rules.dice import SeededDice
from bridge.storage.autosave import AutosaveJournal


def main(folder: str, seed: int) -> None:
    """Battle after battle, each in ``folder/battle-N.jsonl``; prints ``N count``."""
    battle = 0
    while True:
        path = Path(folder) / f"battle-{battle}.jsonl"
        session = Session(demo_encounter(), SeededDice(seed + battle))
        journal = AutosaveJournal.start(session, path)
        while (command := suggest(session.state, session.check)) is not None:
            session.apply(command)
            # apply() returned, so the line is fsynced: this Command must survive a kill
            print(battle, len(session.journal), flush=True)
        journal.close()
        battle += 1


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
