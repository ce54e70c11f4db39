"""The benchmark states how fast the machine ran: a fixed piece of work, and on Linux
the CPU time the host took (a slow hour shows there, not in the load average)."""

from __future__ import annotations

import math
import sys
from pathlib import Path

import pytest

from bridge.bench.hour import CpuTimes, cpu_times, steal_text, yardstick_ms
from bridge.bench.run import _speed_line

STAT = (
    "cpu  17065 3 2462 63297 440 1 52 110 7 0\ncpu0 8000 1 1200 31000 200 0 30 60 3 0\nintr 1234\n"
)


def test_the_machine_s_cpu_times_are_read_from_proc_stat(tmp_path: Path) -> None:
    stat = tmp_path / "stat"
    stat.write_text(STAT, encoding="ascii")
    # user nice system idle iowait irq softirq steal: guest time is inside user time
    assert cpu_times(stat) == CpuTimes(
        total=17065 + 3 + 2462 + 63297 + 440 + 1 + 52 + 110, steal=110
    )


@pytest.mark.parametrize(
    "text", ["", "intr 1234\n", "cpu  1 2 x 4 5 6 7 8\n", "cpu  1 2 3\n"], ids=repr
)
def test_a_stat_file_that_is_not_linux_s_says_nothing(tmp_path: Path, text: str) -> None:
    stat = tmp_path / "stat"
    stat.write_text(text, encoding="ascii")
    assert cpu_times(stat) is None
    assert cpu_times(tmp_path / "missing") is None


def test_the_host_s_share_is_of_the_time_between_the_readings() -> None:
    before, after = CpuTimes(total=1_000, steal=10), CpuTimes(total=3_000, steal=110)
    assert steal_text(before, after) == "CPU time taken by the host (steal): 5.0%"
    assert "too short a run" in steal_text(after, after)
    assert steal_text(None, after) == "CPU time taken by the host: not reported by this OS"


def test_this_machine_reports_its_steal_where_it_runs_linux() -> None:
    now = cpu_times()
    if sys.platform == "linux":
        assert now is not None and now.total > 0 and 0 <= now.steal <= now.total
    else:  # macOS and Windows keep no /proc/stat
        assert now is None


def test_the_yardstick_is_a_time_and_the_report_states_it() -> None:
    median, fastest = yardstick_ms(repeat=3)
    assert math.isfinite(median) and 0 < fastest <= median < 60_000
    line = _speed_line()
    assert line.startswith("  this hour's speed: a fixed piece of Python work in ")
    assert " ms (median of 21; fastest " in line
