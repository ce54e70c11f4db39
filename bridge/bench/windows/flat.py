"""Flat with length: a Command and an undo at 500 and at 50,000 journal entries, and a
long battle opened and resumed into the windows, each until every window is idle."""

from __future__ import annotations

from pathlib import Path

from bridge.bench.battles import Battles
from bridge.bench.report import Figure, median
from bridge.bench.windows.idle import Sample
from bridge.bench.windows.refresh import Windows
from bridge.engine import Session
from bridge.rules.dice import SeededDice
from bridge.storage.autosave import AutosaveJournal
from bridge.storage.battle import save_battle

__all__ = ["alternate", "flat_figures", "open_figures"]

MS = 1e3
SEED = 11
LIVE = 250
"""The last Commands of the long battle are journaled live: resuming replays them."""


def open_figures(
    windows: Windows, home: Path, battles: Battles, commands: int, runs: int
) -> list[Figure]:
    """File ▸ Open of a saved ``commands``-Command battle, the first undo after it, and
    resuming its autosave (as if Bridge had been killed), each until idle.

    Runs before any Command is played in the windows: opening asks nothing while the
    battle in the windows has no unsaved change.
    """
    session = battles.long(commands - LIVE)
    journal = AutosaveJournal.start(session, home / "long-autosave.jsonl")
    step = battles.step_for(session.initial)
    for _ in range(LIVE):  # the last ones journaled as they are played, as at the table
        session.apply(step(session.state, session.check))
    crashed = journal.path.read_bytes()  # the autosave as a kill leaves it
    journal.close()
    session.attach(None)
    saved = home / "long.bridge"
    save_battle(saved, session)
    opened = [windows.open_file(saved) for _ in range(runs)]
    undo = windows.undo(2)  # the first one reads the journal after the checkpoint, checks it
    resumed = []
    for _ in range(runs):
        journal.path.write_bytes(crashed)
        resumed.append(windows.resume(journal.path))
    size = saved.stat().st_size / 2**20
    return [
        Figure.at_most(
            f"open a saved {commands:,}-Command battle into the windows",
            median([s.wall * MS for s in opened]),
            1000,
            "ms",
            note=f"File ▸ Open until every window is idle; {size:.0f} MB; "
            f"CPU {median([s.cpu * MS for s in opened]):.0f} ms; median of {runs}",
            digits=0,
        ),
        Figure.at_most(
            f"resume the autosave of a {commands:,}-Command battle",
            median([s.wall * MS for s in resumed]),
            1000,
            "ms",
            note=f"read, replayed from its last snapshot, shown in every window; "
            f"CPU {median([s.cpu * MS for s in resumed]):.0f} ms; median of {runs}",
            digits=0,
        ),
        Figure.at_most(
            "first undo after opening it",
            undo[0].wall * MS,
            16,
            "ms",
            note=f"reads the journal after the file's checkpoint and checks it replays to the "
            "saved battle; "
            f"the next undo {undo[1].wall * MS:.1f} ms",
            digits=0,
        ),
    ]


def alternate(
    windows: Windows, sessions: list[Session], blocks: int, each: int, battles: Battles
) -> list[list[list[Sample]]]:
    """Play ``each`` Commands on each session in turn, ``blocks`` times (the order turns
    every block); the windows take the session before its block (not timed). Returns
    each session's blocks of samples."""
    found: list[list[list[Sample]]] = [[] for _ in sessions]
    for block in range(blocks):
        order = list(range(len(sessions)))
        if block % 2:
            order.reverse()
        for i in order:
            windows.adopt(sessions[i])
            samples, _ = windows.play(battles.step_for(sessions[i].initial), each)
            found[i].append(samples)
    return found


def _undos(windows: Windows, sessions: list[Session], blocks: int, each: int) -> list[list[Sample]]:
    found: list[list[Sample]] = [[] for _ in sessions]
    for block in range(blocks):
        order = list(range(len(sessions)))
        if block % 2:
            order.reverse()
        for i in order:
            windows.adopt(sessions[i])
            found[i] += windows.undo(each)
    return found


def _standing_where(played: Session, length: int) -> Session:
    """``played`` as it stands, with the last ``length`` entries of its journal and the
    same dice from here on: two of them play the same Commands, and differ only in the
    journal's length."""
    return Session.restore(played.initial, played.journal[-length:], played.state, SeededDice(SEED))


def flat_figures(windows: Windows, battles: Battles, quick: bool) -> list[Figure]:
    """A Command and an undo at 500 and at 50,000 journal entries (5,000 with quick):
    the same battle standing in the same place, playing the same Commands."""
    short_n, long_n = 500, 5_000 if quick else 50_000
    played = battles.long(long_n)
    sessions = [_standing_where(played, short_n), _standing_where(played, long_n)]
    short_blocks, long_blocks = alternate(windows, sessions, 10 if quick else 50, 10, battles)
    undo_short, undo_long = _undos(windows, sessions, 2 if quick else 4, 5)

    def med(samples: list[Sample], attr: str) -> float:
        return median([getattr(s, attr) * MS for s in samples])

    def paired(attr: str) -> float:  # each block against its neighbour: load drifts
        return median(
            [med(b, attr) / med(a, attr) for a, b in zip(short_blocks, long_blocks, strict=True)]
        )

    short = [s for block in short_blocks for s in block]
    long = [s for block in long_blocks for s in block]
    cpu_ratio, wall_ratio = paired("cpu"), paired("wall")
    worst = max(s.wall for s in undo_short + undo_long) * MS
    return [
        Figure.at_most(
            f"Command at {long_n:,} entries (x at {short_n})",
            cpu_ratio,
            1.10,
            "x",
            note=f"CPU medians {med(long, 'cpu'):.1f} / {med(short, 'cpu'):.1f} ms; wall "
            f"{med(long, 'wall'):.1f} / {med(short, 'wall'):.1f} ms ({wall_ratio:.2f}x); "
            f"{len(long)} Commands each; the median ratio of {len(long_blocks)} pairs of "
            "alternating blocks",
            digits=2,
        ),
        Figure.at_most(
            f"undo in the windows at {short_n} and {long_n:,} entries, slowest",
            worst,
            16,
            "ms",
            note=f"medians {med(undo_short, 'wall'):.1f} / {med(undo_long, 'wall'):.1f} ms; "
            f"{len(undo_long)} undos each",
        ),
    ]
