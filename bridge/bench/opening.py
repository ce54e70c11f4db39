"""``bridge bench open``: how long a long battle takes to open and to resume.

A battle of N Commands is played once, saved and journaled to an autosave file; then
opening the file and resuming the autosave are each timed over several runs, and the
median is reported (runs alternate, so both see the same machine load).
"""

from __future__ import annotations

import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

__all__ = ["OpenFigures", "measure_opening"]


@dataclass(frozen=True)
class OpenFigures:
    commands: int
    file_mb: float
    open_ms: list[float]
    resume_commands: int
    resume_ms: list[float]

    def summary(self) -> str:
        def median(values: list[float]) -> str:
            return f"{statistics.median(values):7.0f} ms" if values else "      -"

        return "\n".join(
            [
                f"  open a saved {self.commands}-Command battle ({self.file_mb:.1f} MB):"
                f" median {median(self.open_ms)} over {len(self.open_ms)} runs",
                f"  resume the autosave of a {self.resume_commands}-Command battle:"
                f" median {median(self.resume_ms)} over {len(self.resume_ms)} runs",
            ]
        )


def measure_opening(commands: int, resume_commands: int, runs: int = 5) -> OpenFigures:
    """Time ``open_battle`` and autosave ``recover`` (each checked against the played state)."""
    from bridge.bench.battles import endless_battle
    from bridge.engine.session import Session
    from bridge.rules.dice import GivenDice
    from bridge.storage.autosave import AutosaveJournal, recover
    from bridge.storage.battle import open_battle, save_battle

    long = endless_battle(commands)
    short = long if resume_commands == commands else endless_battle(resume_commands)
    open_ms: list[float] = []
    resume_ms: list[float] = []
    with tempfile.TemporaryDirectory(prefix="bridge-bench-") as folder:
        path = Path(folder) / "long.json"
        save_battle(path, long)
        journal_path = Path(folder) / "short.jsonl"
        live = Session(short.initial)  # journaled as it is played, then Bridge is killed
        journal = AutosaveJournal.start(live, journal_path)
        for entry in short.journal:
            live.apply(entry.command, GivenDice(d20=entry.d20s, d6=entry.d6s))
        copy = journal_path.read_bytes()
        journal.close()
        for _ in range(runs):
            start = time.perf_counter()
            opened = open_battle(path)
            open_ms.append((time.perf_counter() - start) * 1e3)
            assert opened.session.state == long.state
            journal_path.write_bytes(copy)
            start = time.perf_counter()
            recovered = recover(journal_path)
            resume_ms.append((time.perf_counter() - start) * 1e3)
            assert recovered.session.state == short.state
            if recovered.journal is not None:
                recovered.journal.close()
        size = path.stat().st_size / 2**20
    return OpenFigures(commands, size, open_ms, resume_commands, resume_ms)
