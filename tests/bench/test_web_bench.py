"""``bridge bench --web`` in a short round: Debian's Chromium (or BRIDGE_TEST_BROWSER's)
against the GM's app hosting, on loopback."""

from __future__ import annotations

import os
import shutil

import pytest

from bridge.bench.web import PAGES, run_round, web_benchmarks

pytestmark = pytest.mark.browser


def test_every_gm_command_reaches_every_pages_screen_and_each_part_is_measured() -> None:
    """The figures are the bench's to judge on a quiet machine; here, every Command the GM
    made reached all five pages' screens, each latency is there, and the clocks agree."""
    chromium = shutil.which(os.environ.get("BRIDGE_TEST_BROWSER") or "chromium")
    assert chromium, "the web bench needs Debian's chromium (or BRIDGE_TEST_BROWSER)"
    measured = run_round(2.0, chromium)
    assert measured.sent >= 10 and measured.lost == 0
    assert len(measured.latencies) == measured.sent * len(PAGES)
    assert 0 < measured.p50 <= measured.p99 < 5_000
    assert len(measured.host_parts) == measured.sent
    assert measured.page_parts and measured.clock_drift < 5
    assert measured.host_cpu > 0 and measured.pages_cpu > 0


def test_the_report_gives_each_round_and_the_rounds_median_next_to_the_goal() -> None:
    lines = web_benchmarks(seconds=1.0, runs=1)
    assert "5 phones' screens" in lines[0]
    assert sum(line.startswith("    round ") for line in lines) == 1
    assert lines[1].startswith("    (before: load average") and "Python work in" in lines[1]
    assert "lost 0 of" in lines[2]
    assert lines[-2].startswith("    median of 1 round(s): p50 ")
    assert "goal p99 <= 16 ms" in lines[-2]
    assert lines[-1].startswith("    (after: ")


def test_without_a_browser_the_figure_says_it_was_not_measured(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("BRIDGE_TEST_BROWSER", "no-such-browser-here")
    lines = web_benchmarks(seconds=1.0)
    assert lines[1] == "    not measured: no chromium (or BRIDGE_TEST_BROWSER) on this machine"
