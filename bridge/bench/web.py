"""``bridge bench --web``: a GM's Command to the phones' screens, in a real Chromium.

The GM's app hosts the demo battle in its own process (Qt event loop through qasync, the
GM console open, autosaving: :func:`bridge.bench.network._host_main`) and, ``RATE``
times a second, moves Momentum from the GM console's model as a GM's click does, noting
the system-wide monotonic time before each Command and the revision it makes. Five pages
of the web station, each in a browser context of its own (five phones), sit at the five
officers' seats at phone size. Each page notes, with ``performance.now()``, when its
screen shows a revision (the page's ``data-revision``, set once the screen is drawn: the
DOM updated), when that revision's update arrived (its WebSocket message) and the next
frame after it. Chromium's ``performance.now()`` and Python's ``time.monotonic()`` both
read the system's monotonic clock: each page's offset is measured by round trips (the
tightest of 30) at the start and again at the end, and the figures say how far apart the
two measurements were.

Latency is from the GM's Command to each page's DOM updated; the page's own part is from
its update's arrival to the DOM updated. Every revision the GM made must reach every
page: one that never does is counted as lost. Debian's ``chromium`` (or the program
``BRIDGE_TEST_BROWSER`` names) and Playwright must be installed; otherwise the figure says
it was not measured and why.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from typing import Any

from bridge.bench.hour import yardstick_ms
from bridge.bench.process import machine_load
from bridge.bench.report import percentile

__all__ = ["WebRound", "web_benchmarks"]

RATE = 10
"""GM Commands a second."""
PAGES = ("reyes", "tovan", "kell", "mbeki", "sorel")
GOAL_P99_MS = 16.0
CODE = "BENCH1"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-sync"]

MARKS = """
window.__bench = { drawn: [], arrived: [], painted: [] };
(() => {
  const Socket = window.WebSocket;
  window.WebSocket = class extends Socket {
    constructor(...args) {
      super(...args);
      // (added before the page's own handler: it runs first, as the message arrives)
      this.addEventListener("message", (event) => {
        const at = performance.now();
        const revision = /"type": ?"update".*?"revision": ?(\\d+)/.exec(event.data.slice(0, 120));
        if (revision) window.__bench.arrived.push([Number(revision[1]), at]);
      });
    }
  };
  new MutationObserver((records) => {
    const at = performance.now();
    for (const r of records) {
      if (r.attributeName !== "data-revision") continue;
      const revision = Number(r.target.dataset.revision);
      window.__bench.drawn.push([revision, at]);
      requestAnimationFrame(() => window.__bench.painted.push([revision, performance.now()]));
    }
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-revision"] });
})();
if (localStorage.getItem("bridge.name") === null) localStorage.setItem("bridge.name", "Bench");
"""
"""Installed in each page before its own scripts: the times its screen shows each
revision, each update arrives, and the frame after each is drawn."""


@dataclass(frozen=True)
class WebRound:
    """One round's figures (milliseconds)."""

    latencies: list[float]
    host_parts: list[float]
    page_parts: list[float]
    painted: list[float]
    sent: int
    lost: int
    clock_drift: float
    host_cpu: float
    pages_cpu: float

    @property
    def p50(self) -> float:
        return percentile(self.latencies, 0.50)

    @property
    def p99(self) -> float:
        return percentile(self.latencies, 0.99)


def _browser_path() -> str | None:
    given = os.environ.get("BRIDGE_TEST_BROWSER")
    return shutil.which(given or "chromium")


def _offset(page: Any) -> tuple[float, float]:
    """(page clock - monotonic clock, in ms; the round trip it was measured in, ms)."""
    best: tuple[float, float] | None = None
    for _ in range(30):
        before = time.monotonic()
        at = page.evaluate("() => performance.now()")
        after = time.monotonic()
        trip = (after - before) * 1e3
        offset = at - (before + after) / 2 * 1e3
        if best is None or trip < best[1]:
            best = (offset, trip)
    assert best is not None
    return best


def _chromium_cpu() -> float:
    """CPU seconds so far of the Chromium processes this process started (through
    Playwright's driver): every descendant whose name says chrom (Linux's /proc)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    pids, seen = [os.getpid()], set()
    while pids:
        pid = pids.pop()
        if pid in seen:
            continue
        seen.add(pid)
        try:
            with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as f:
                head, _, rest = f.read().rpartition(")")
            fields = rest.split()
            if "chrom" in head.partition("(")[2].lower():
                total += (int(fields[11]) + int(fields[12])) / ticks
            for task in os.listdir(f"/proc/{pid}/task"):
                with open(f"/proc/{pid}/task/{task}/children", encoding="ascii") as f:
                    pids.extend(int(c) for c in f.read().split())
        except OSError:
            continue
    return total


def run_round(seconds: float, browser_path: str) -> WebRound:
    """A round of ``seconds`` of GM Commands with five pages in one Chromium."""
    from playwright.sync_api import sync_playwright

    from bridge.net.web import page_url

    env = {**os.environ, "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen")}
    with tempfile.TemporaryDirectory() as home, sync_playwright() as p:
        env["BRIDGE_HOME"] = home
        host = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "bridge.bench.network",
                "host",
                str(seconds + 120),
                "--gm-rate",
                str(RATE),
            ],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,  # Qt's offscreen plugin chatters on stderr
            text=True,
            env=env,
        )
        assert host.stdin is not None and host.stdout is not None
        try:
            port = int(host.stdout.readline())
            browser = p.chromium.launch(executable_path=browser_path, args=ARGS, timeout=60_000)
            pages = []
            for who in PAGES:
                # a context each (five phones): a phone's size, touch, no mouse hovering
                page = browser.new_page(
                    viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
                )
                page.add_init_script(MARKS)
                page.goto(page_url("127.0.0.1", port, CODE))
                page.locator(f"[data-seat='char:{who}']").tap(timeout=30_000)
                page.locator(".officer .name").wait_for(timeout=30_000)
                pages.append(page)
            time.sleep(1.0)  # (every page settled on its card)
            offsets = [_offset(page) for page in pages]
            cpu_before = _chromium_cpu()
            host.stdin.write("go\n")
            host.stdin.flush()
            time.sleep(seconds)
            host.stdin.write("over\n")
            host.stdin.flush()
            report = json.loads(host.stdout.readline())
            time.sleep(0.5)  # (the last Commands reach the pages)
            cpu_after = _chromium_cpu()
            ends = [_offset(page) for page in pages]
            marks = [page.evaluate("() => window.__bench") for page in pages]
            browser.close()
        finally:
            host.stdin.close()
            host.wait(timeout=60)
            host.stdout.close()
    sent = {int(k): v * 1e3 for k, v in report["gm"].items()}
    written = [report["gm_written"][k] * 1e3 - sent[int(k)] for k in report["gm_written"]]
    latencies: list[float] = []
    parts: list[float] = []
    painted: list[float] = []
    lost = 0
    for (offset, _), got in zip(offsets, marks, strict=True):
        drawn = {rev: at - offset for rev, at in got["drawn"]}
        arrived = {rev: at - offset for rev, at in got["arrived"]}
        frames = {rev: at - offset for rev, at in got["painted"]}
        for rev, start in sent.items():
            if rev not in drawn:
                lost += 1
                continue
            latencies.append(drawn[rev] - start)
            if rev in arrived:
                parts.append(drawn[rev] - arrived[rev])
            if rev in frames:
                painted.append(frames[rev] - start)
    drift = max(abs(a[0] - b[0]) for a, b in zip(offsets, ends, strict=True))
    count = max(len(sent), 1)
    return WebRound(
        latencies=latencies,
        host_parts=written,
        page_parts=parts,
        painted=painted,
        sent=len(sent),
        lost=lost,
        clock_drift=drift,
        host_cpu=report["cpu"] * 1e3,
        pages_cpu=(cpu_after - cpu_before) / count * 1e3,
    )


def web_benchmarks(quick: bool = False, seconds: float | None = None, runs: int = 1) -> list[str]:
    """Lines of figures: each round's GM-Command-to-DOM latency at five pages, and the
    median of the rounds' p50 and p99 next to the goal."""
    duration = seconds if seconds is not None else (5.0 if quick else 30.0)
    head = (
        f"  web station, a GM's Command to {len(PAGES)} phones' screens (DOM updated; "
        f"Chromium, {RATE}/s for {duration:.0f} s a round):"
    )
    path = _browser_path()
    if path is None:
        return [head, "    not measured: no chromium (or BRIDGE_TEST_BROWSER) on this machine"]
    try:
        import playwright  # noqa: F401
    except ImportError:
        return [head, "    not measured: Playwright is not installed (pip install -e .[dev])"]
    lines = [head, f"    (before: {_hour()})"]
    rounds = []
    for n in range(runs):
        r = run_round(duration, path)
        rounds.append(r)
        lines += [
            f"    round {n + 1}: p50 {r.p50:5.2f} ms, p99 {r.p99:6.2f} ms, "
            f"max {max(r.latencies, default=float('nan')):6.2f} ms; "
            f"lost {r.lost} of {r.sent * len(PAGES)}",
            f"      host's part (the Command to its last update written): "
            f"p50 {percentile(r.host_parts, 0.5):5.2f} ms, "
            f"p99 {percentile(r.host_parts, 0.99):6.2f} ms",
            f"      page's part (its update to its DOM): "
            f"p50 {percentile(r.page_parts, 0.5):5.2f} ms, "
            f"p99 {percentile(r.page_parts, 0.99):6.2f} ms; the next frame: "
            f"p99 {percentile(r.painted, 0.99):6.2f} ms after the Command",
            f"      CPU per Command: host {r.host_cpu:5.2f} ms, Chromium {r.pages_cpu:5.2f} ms "
            f"(five pages); the clocks' offset moved {r.clock_drift:.2f} ms in the round",
        ]
    p50s = [r.p50 for r in rounds]
    p99s = [r.p99 for r in rounds]
    met = "met" if statistics.median(p99s) <= GOAL_P99_MS else "MISSED"
    lines.append(
        f"    median of {len(rounds)} round(s): p50 {statistics.median(p50s):5.2f} ms, "
        f"p99 {statistics.median(p99s):5.2f} ms (rounds' p99 {min(p99s):.2f} to "
        f"{max(p99s):.2f} ms)  goal p99 <= {GOAL_P99_MS:g} ms  {met}"
    )
    lines.append(f"    (after: {_hour()})")
    return lines


def _hour() -> str:
    """How busy and how fast the machine was (a shared machine's figures swing with it)."""
    median, _ = yardstick_ms()
    return f"{machine_load()}; a fixed piece of Python work in {median:.1f} ms"
