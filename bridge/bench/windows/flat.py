"""Flat with length: a Command at 500, 5,000 and 20,000 journal entries (and 50,000),
an undo at the shortest and the longest, and a long battle opened and resumed into the
windows, each until every window is idle."""

from __future__ import annotations

from pathlib import Path

from bridge.bench.battles import Battles
from bridge.bench.hour import fixed_work_ms
from bridge.bench.report import Figure, median, p99
from bridge.bench.windows.idle import Sample
from bridge.bench.windows.refresh import Windows
from bridge.engine import Session
from bridge.rules.dice import SeededDice
from bridge.storage.autosave import AutosaveJournal
from bridge.storage.battle import save_battle

__all__ = ["LENGTHS", "alternate", "flat_figures", "open_figures"]

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
    undo = windows.undo(2)  # (the opened battle's journal was checked once it was shown)
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
            note="the journal after the file's checkpoint was read and checked against the "
            "saved battle once the windows showed it (part of opening it, above); "
            f"the next undo {undo[1].wall * MS:.1f} ms",
            digits=0,
        ),
    ]


def alternate(
    windows: Windows,
    sessions: list[Session],
    blocks: int,
    each: int,
    battles: Battles,
    machine: list[float] | None = None,
) -> list[list[list[Sample]]]:
    """Play ``each`` Commands on each session in turn, ``blocks`` times (the order turns
    every block); the windows take the session before its block (not timed). Returns
    each session's blocks of samples. With ``machine``, ``each`` runs of a fixed piece of
    Python work follow each block, their milliseconds added to it: the machine alone, in
    the same minutes."""
    found: list[list[list[Sample]]] = [[] for _ in sessions]
    for block in range(blocks):
        order = list(range(len(sessions)))
        if block % 2:
            order.reverse()
        for i in order:
            windows.adopt(sessions[i])
            samples, _ = windows.play(battles.step_for(sessions[i].initial), each)
            found[i].append(samples)
            if machine is not None:
                machine += [fixed_work_ms() for _ in range(each)]
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


LENGTHS = (500, 5_000, 20_000)
"""The journal lengths a Command's refresh is timed at (issue 29's three)."""


def flat_figures(windows: Windows, battles: Battles, quick: bool) -> list[Figure]:
    """A Command at 500, 5,000 and 20,000 journal entries (and 50,000 without quick),
    the same battle standing in the same place, playing the same Commands in
    alternating blocks: each length's p99 against the frame, and the longest against
    the shortest; an undo at the shortest and the longest."""
    lengths = LENGTHS if quick else (*LENGTHS, 50_000)
    played = battles.long(lengths[-1])
    sessions = [_standing_where(played, n) for n in lengths]
    machine: list[float] = []
    found = alternate(windows, sessions, 10 if quick else 50, 10, battles, machine)
    undo_short, undo_long = _undos(windows, [sessions[0], sessions[-1]], 2 if quick else 4, 5)

    def med(samples: list[Sample], attr: str) -> float:
        return median([getattr(s, attr) * MS for s in samples])

    short_blocks, long_blocks = found[0], found[-1]

    def paired(attr: str) -> float:  # each block against its neighbour: load drifts
        return median(
            [med(b, attr) / med(a, attr) for a, b in zip(short_blocks, long_blocks, strict=True)]
        )

    every = [[s for block in blocks for s in block] for blocks in found]
    short, long = every[0], every[-1]
    short_n, long_n = lengths[0], lengths[-1]
    cpu_ratio, wall_ratio = paired("cpu"), paired("wall")
    worst = max(s.wall for s in undo_short + undo_long) * MS
    figures = [
        Figure.at_most(
            f"Command to every window repainted at {n:,} entries, p99",
            p99([s.wall * MS for s in samples]),
            16,
            "ms",
            note=f"median {med(samples, 'wall'):.1f} ms, p99 "
            f"{p99([s.wall for s in samples]) / median([s.wall for s in samples]):.1f}x it "
            f"(CPU {med(samples, 'cpu'):.1f} ms, p99 {p99([s.cpu * MS for s in samples]):.1f} "
            "ms); max "
            f"{max(s.wall for s in samples) * MS:.1f} ms; {len(samples)} Commands in blocks "
            f"of 10, alternating with the other lengths",
        )
        for n, samples in zip(lengths, every, strict=True)
    ]
    return [
        *figures,
        Figure(
            "the machine alone: a fixed piece of Python work, p99",
            f"{p99(machine):.1f} ms",
            note=f"median {median(machine):.1f} ms, p99 {p99(machine) / median(machine):.1f}x "
            f"it; {len(machine)} runs, 10 after each block of Commands above: how much "
            "slower this machine's slowest moments are than its usual ones, with no Bridge "
            "in them",
        ),
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
