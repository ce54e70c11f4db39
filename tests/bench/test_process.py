"""The benchmark's process figures come from the OS, and say so where an OS has none."""

from __future__ import annotations

import os

import pytest

from bridge.bench.process import cpu_seconds, machine_load, peak_kib, resident_kib


def test_cpu_time_grows_with_work() -> None:
    before = cpu_seconds()
    total = 0
    for i in range(2_000_000):
        total += i
    assert total > 0 and cpu_seconds() > before


def test_memory_figures_are_in_kib() -> None:
    now, peak = resident_kib(), peak_kib()
    assert 10_000 < now < 10_000_000  # a Python process with Bridge loaded: tens of MiB
    # Linux updates its high-water mark lazily, so the peak can trail the present a little.
    assert peak > 0.9 * now


def test_the_load_average_is_named_where_the_os_keeps_one() -> None:
    assert machine_load().startswith("load average ") and "cores" in machine_load()


def test_an_os_without_a_load_average_is_told_plainly(monkeypatch: pytest.MonkeyPatch) -> None:
    """Windows has no os.getloadavg: the benchmark says so instead of failing."""
    monkeypatch.delattr(os, "getloadavg")
    assert "load average not available" in machine_load()
