"""``bridge bench --net``: Command-to-every-client latency on loopback, and loop lateness.

The host runs in its own process as the GM's app does (Qt event loop through qasync,
the GM console open, autosaving); clients run in worker processes. One client sends
20 Commands a second (a dice-tray roll, stamped with the send time on the system-wide
monotonic clock); every client notes when the update carrying it arrives. A timer on
the host's Qt loop measures how late it fires (the GM's windows' responsiveness), and
the host's CPU time (all its threads) from its first change to its last, per change,
says what a Command costs it whatever else the machine is doing.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bridge.bench.process import cpu_seconds

__all__ = ["net_benchmarks"]

CODE = "BENCH1"
RATE = 20
_STAMP = re.compile(r"\(bench ([0-9.]+)\)")
_END = "bench over"


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(int(q * len(ordered)), len(ordered) - 1)]


# -- the host process ----------------------------------------------------------------------
def _host_main(seconds: float, gm_rate: float = 0.0) -> None:
    """The GM's app hosting the demo battle for ``seconds`` at most, until a line ``over``
    on stdin; with ``gm_rate``, from a line ``go`` on, the GM moves Momentum up and down
    ``gm_rate`` times a second from the GM console's model (as a GM's click does), each
    noted with the revision it makes and the system-wide monotonic time before it."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    import qasync
    from PySide6.QtCore import Qt, QTimer
    from PySide6.QtWidgets import QApplication

    from bridge.engine import Session, demo_encounter
    from bridge.net.host import Host
    from bridge.storage.autosave import AutosaveJournal
    from bridge.ui.base.shared_model import SharedModel
    from bridge.ui.console.gm_console import GmConsole
    from bridge.ui.network.host_link import HostLink

    app = QApplication([])
    session = Session(demo_encounter())
    AutosaveJournal.start(session)
    model = SharedModel(session)
    console = GmConsole(model, autosave=True)
    console.confirm_quit = False
    console.show()
    lateness: list[float] = []
    period = 0.010
    expected = [time.monotonic() + period]

    def tick() -> None:
        now = time.monotonic()
        lateness.append(max(now - expected[0], 0.0))
        expected[0] = now + period

    timer = QTimer()
    timer.timeout.connect(tick)
    cpu_marks: list[float] = []  # the host's CPU seconds at its first and latest change

    def changed() -> None:
        cpu_marks[1:] = [cpu_seconds()]
        if gm_now:  # a GM Command's updates are written: when, and when it was made
            revision = host_ref[0].revision
            gm_written[revision] = time.monotonic()
            gm_sent[revision] = gm_now.pop()

    from bridge.engine import AdjustPool

    gm_sent: dict[int, float] = {}  # the revision each GM Command made: when it was made
    gm_written: dict[int, float] = {}  # ... and when its last update was written out
    gm_timer = QTimer()
    gm_timer.setTimerType(Qt.TimerType.PreciseTimer)
    step = [1]

    gm_now: list[float] = []  # the GM Command being applied: when it was made

    def gm_move() -> None:
        gm_now[:] = [time.monotonic()]
        model.submit(AdjustPool(pool="momentum", delta=step[0]))
        gm_now.clear()
        step[0] = -step[0]

    gm_timer.timeout.connect(gm_move)
    host_ref: list[Host] = []

    async def main() -> None:
        # Its clients stand for as many machines: one address's limits would refuse them.
        host = Host(
            model.session,
            CODE,
            address_share=1000.0,
            connections=(1e6, 1e6),
            open_per_address=1000,
        )
        HostLink(model, host)
        host_ref.append(host)
        host.after_change.append(changed)
        port = await host.start("127.0.0.1", 0)
        print(port, flush=True)
        expected[0] = time.monotonic() + period
        timer.start(int(period * 1000))
        # Until the round says it is over (a line on stdin), within ``seconds``.
        loop = asyncio.get_running_loop()
        deadline = loop.time() + seconds
        while True:
            reading = loop.run_in_executor(None, sys.stdin.readline)
            try:
                line = await asyncio.wait_for(reading, max(deadline - loop.time(), 0.01))
            except TimeoutError:
                break
            if line.strip() == "go" and gm_rate > 0:
                gm_timer.start(max(int(1000 / gm_rate), 1))
                continue
            break
        gm_timer.stop()
        timer.stop()
        await host.close()
        changes = host.revision
        cpu = (cpu_marks[-1] - cpu_marks[0]) / (changes - 1) if changes > 1 else 0.0
        report = {
            "lateness": lateness,
            "revision": host.revision,
            "cpu": cpu,
            "gm": gm_sent,
            "gm_written": gm_written,
        }
        print(json.dumps(report), flush=True)

    loop = qasync.QEventLoop(app)
    with loop:
        loop.run_until_complete(main())
    console.close()


# -- a worker process with some clients -------------------------------------------------------
async def _clients(url: str, count: int, send_to: int, seconds: float) -> dict[str, object]:
    """``count`` clients; with ``send_to`` (the number of clients in the round), the first
    one sends once that many are seated."""
    from bridge.engine import TrayRoll
    from bridge.net.client import NetClient
    from bridge.rules.task import Roller, TaskSpec

    send = send_to > 0
    latencies: list[float] = []
    received = [0] * count
    ended = [asyncio.Event() for _ in range(count)]
    cpu_marks: list[float] = []  # this process's CPU seconds at the first and last arrival
    clients = []
    for n in range(count):
        client = NetClient(url, CODE, name=f"bench {n}")
        await client.connect()
        await client.claim("char:reyes" if send and n == 0 else "viewscreen")

        def arrived(_changes: int, c: NetClient = client, i: int = n) -> None:
            entry = c.log[-1] if c.log else None
            if entry is None or entry.action != "tray_roll":
                return
            if _END in entry.lines[0]:
                ended[i].set()
            found = _STAMP.search(entry.lines[0])
            if found:
                latencies.append(time.monotonic() - float(found.group(1)))
                received[i] += 1
                cpu_marks[1:] = [cpu_seconds()]

        client.on_change.append(arrived)
        clients.append(client)
    sent = 0
    if send:  # every client of every worker is seated before the first Command
        for _ in range(600):
            if sum(seat.clients for seat in clients[0].seats) >= send_to:
                break
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.2)
        spec = TaskSpec(lead=Roller(target=11), difficulty=1)
        start = time.monotonic()
        while (now := time.monotonic()) < start + seconds:
            clients[0].send_nowait(TrayRoll(system="sta", sta=spec, label=f"bench {now:.6f}"))
            sent += 1
            await asyncio.sleep(max(start + sent / RATE - time.monotonic(), 0))
        clients[0].send_nowait(TrayRoll(system="sta", sta=spec, label=_END))
    # Every client stays until the last Command has reached it (or it never will).
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(asyncio.gather(*(e.wait() for e in ended)), seconds + 60)
    for client in clients:
        await client.close()
    arrivals = sum(received)
    cpu = (cpu_marks[-1] - cpu_marks[0]) / (arrivals / count - 1) if arrivals > count else 0.0
    return {"latencies": latencies, "received": received, "sent": sent, "cpu": cpu}


def _run_round(clients: int, seconds: float) -> dict[str, float]:
    env = {**os.environ, "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen")}
    with tempfile.TemporaryDirectory() as home:
        env["BRIDGE_HOME"] = home
        host = subprocess.Popen(
            [sys.executable, "-m", "bridge.bench.network", "host", str(seconds + 90)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,  # Qt's offscreen plugin chatters on stderr
            text=True,
            env=env,
        )
        assert host.stdout is not None
        port = int(host.stdout.readline())
        workers_n = min(clients, 3)
        shares = [clients // workers_n + (i < clients % workers_n) for i in range(workers_n)]
        workers = []
        for i, share in enumerate(shares):
            out = Path(home) / f"worker-{i}.json"
            workers.append(
                (
                    subprocess.Popen(
                        [
                            sys.executable,
                            "-m",
                            "bridge.bench.network",
                            "clients",
                            f"ws://127.0.0.1:{port}",
                            str(share),
                            str(clients) if i == 0 else "0",
                            str(seconds),
                            str(out),
                        ],
                        env=env,
                    ),
                    out,
                )
            )
        results = []
        for proc, out in workers:
            proc.wait(timeout=seconds + 90)
            results.append(json.loads(out.read_text()))
        assert host.stdin is not None
        host.stdin.write("over\n")
        host.stdin.close()
        host_report = json.loads(host.stdout.readline())
        host.wait(timeout=30)
        host.stdout.close()
    latencies = [x for r in results for x in r["latencies"]]
    sent = results[0]["sent"]
    lost = sum(sent - got for r in results for got in r["received"])
    late = host_report["lateness"]
    return {
        "p50": _percentile(latencies, 0.50) * 1e3,
        "p99": _percentile(latencies, 0.99) * 1e3,
        "max": max(latencies) * 1e3 if latencies else float("nan"),
        "sent": sent,
        "lost": lost,
        "late_p99": _percentile(late, 0.99) * 1e3,
        "late_max": max(late) * 1e3 if late else float("nan"),
        "host_cpu": host_report["cpu"] * 1e3,
        "clients_cpu": sum(r["cpu"] for r in results) * 1e3,
    }


def net_benchmarks(quick: bool = False, seconds: float | None = None) -> list[str]:
    """One line per client count: latency percentiles, lost updates, Qt loop lateness."""
    duration = seconds if seconds is not None else (5.0 if quick else 60.0)
    lines = [
        f"  network, one Command to every client updated ({RATE}/s for {duration:.0f} s, "
        "loopback; the host's Qt loop lateness on a 10 ms timer; CPU time per Command):"
    ]
    for n in (1, 5, 30):
        r = _run_round(n, duration)
        lines.append(
            f"    {n:2d} client(s): p50 {r['p50']:6.2f} ms  p99 {r['p99']:6.2f} ms  "
            f"max {r['max']:7.2f} ms  lost {r['lost']:.0f} of {r['sent'] * n:.0f}  "
            f"loop late p99 {r['late_p99']:5.2f} ms, max {r['late_max']:6.2f} ms  "
            f"CPU per Command: host {r['host_cpu']:4.2f} ms, clients {r['clients_cpu']:4.2f} ms"
        )
    return lines


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bridge.bench.network")
    sub = parser.add_subparsers(dest="role", required=True)
    host = sub.add_parser("host")
    host.add_argument("seconds", type=float)
    host.add_argument("--gm-rate", type=float, default=0.0, help="GM Commands a second")
    clients = sub.add_parser("clients")
    clients.add_argument("url")
    clients.add_argument("count", type=int)
    clients.add_argument("send_to", type=int, help="0: only receive")
    clients.add_argument("seconds", type=float)
    clients.add_argument("out", type=Path)
    args = parser.parse_args(argv)
    if args.role == "host":
        _host_main(args.seconds, args.gm_rate)
    else:
        result = asyncio.run(_clients(args.url, args.count, args.send_to, args.seconds))
        args.out.write_text(json.dumps(result), encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])
