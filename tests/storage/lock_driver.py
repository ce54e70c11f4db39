"""Plays a battle with autosave in a child process, as a Bridge would, for the lock tests.

``start``: a new battle in the autosave folder; prints ``path PATH`` once, then the number
of Commands on disk after each one. ``resume PATH``: resumes that journal and plays on the
same way, or prints ``refused MESSAGE`` and exits 3. ``--pause S`` waits between Commands
(the process stays alive holding the journal until it is killed).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from bridge.engine.demo import demo_encounter
from bridge.engine.session import Session
from bridge.engine.ship.autopilot import suggest
from bridge.rules.dice import SeededDice
from bridge.storage.autosave import AutosaveJournal, recover
from bridge.storage.load import FileProblem


def main(argv: list[str]) -> int:
    pause = float(argv[argv.index("--pause") + 1]) if "--pause" in argv else 0.0
    if argv[0] == "start":
        session = Session(demo_encounter(), SeededDice(int(argv[1]) if len(argv) > 1 else 0))
        journal = AutosaveJournal.start(session)
    else:
        try:
            recovered = recover(Path(argv[1]))
        except FileProblem as exc:
            print("refused", exc.message, flush=True)
            return 3
        session = recovered.session
        assert recovered.journal is not None
        journal = recovered.journal
    print("path", journal.path, flush=True)
    while True:
        command = suggest(session.state, session.check)
        if command is None:  # the battle is over: keep holding the journal
            time.sleep(0.05)
            continue
        session.apply(command)
        # apply() returned, so the line is fsynced: this Command must survive a kill
        print(session.length, flush=True)
        if pause:
            time.sleep(pause)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
