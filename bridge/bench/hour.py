"""How fast the machine ran while measuring: the figures of one hour compare with
another's only beside these.

A machine of the same kind can run a third as fast in one hour as in another, with the
load average unchanged: its host is busy with other guests. So the benchmark states, at
its start and end, how long a fixed piece of Python work takes (its *yardstick*), and on
Linux the share of CPU time the host took from this machine meanwhile (*steal*); and
the same work, timed between the blocks of Commands, says how much slower the machine's
slowest moments are than its usual ones, with no Bridge in them.
"""

from __future__ import annotations

import json
import statistics
import time
from dataclasses import dataclass
from pathlib import Path

__all__ = ["CpuTimes", "cpu_times", "fixed_work_ms", "steal_text", "yardstick_ms"]

_WORK = {"ship": "USS Sentinel", "shields": list(range(12)), "log": ["hit"] * 40}


def _fixed_work() -> int:
    """About 10 ms of plain Python on a laptop: loops, a dict, JSON (what Bridge does)."""
    total = 0
    for n in range(60_000):
        total += n * n % 7
    for _ in range(150):
        total += len(json.loads(json.dumps(_WORK)))
    return total


def fixed_work_ms() -> float:
    """One run of the fixed work, in milliseconds."""
    start = time.perf_counter()
    _fixed_work()
    return (time.perf_counter() - start) * 1e3


def yardstick_ms(repeat: int = 21) -> tuple[float, float]:
    """The median and the fastest of ``repeat`` runs of the fixed work, in milliseconds
    (the machine's speed swings within a second: the median says how it ran, the fastest
    what it can do)."""
    times = [fixed_work_ms() for _ in range(repeat)]
    return statistics.median(times), min(times)


@dataclass(frozen=True)
class CpuTimes:
    """The machine's CPU time so far, from Linux's ``/proc/stat`` (in its ticks)."""

    total: int
    steal: int


def cpu_times(stat: Path = Path("/proc/stat")) -> CpuTimes | None:
    """The machine's CPU times now; ``None`` where the OS keeps no ``/proc/stat`` (macOS,
    Windows) or it cannot be read."""
    try:
        first = stat.read_text(encoding="ascii").split("\n", 1)[0].split()
        ticks = [int(t) for t in first[1:]]
    except (OSError, ValueError):
        return None
    if not first or first[0] != "cpu" or len(ticks) < 8:
        return None
    # user nice system idle iowait irq softirq steal [guest guest_nice]: guest time is
    # already in user time, so the total stops at steal.
    return CpuTimes(total=sum(ticks[:8]), steal=ticks[7])


def steal_text(before: CpuTimes | None, after: CpuTimes | None) -> str:
    """The share of CPU time the host took between two readings, in words."""
    if before is None or after is None:
        return "CPU time taken by the host: not reported by this OS"
    spent = after.total - before.total
    if spent <= 0:
        return "CPU time taken by the host: too short a run to tell"
    share = (after.steal - before.steal) / spent
    return f"CPU time taken by the host (steal): {share:.1%}"
