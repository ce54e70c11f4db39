"""Issue 28: at 30,000 log entries the snapshot was 8.91 MiB, over the documented 8 MiB
cap, and no client that followed the doc could join. A real ``bridge host`` process on a
battle of 30,000 entries; a bare client that does what ``docs/protocol.md`` says joins,
gets its snapshot, and pages back through the whole log, every frame under the cap.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import select
import signal
import subprocess
import sys
from pathlib import Path

from websockets.asyncio.client import connect

from bridge import __version__
from bridge.engine import Session, TrayRoll, demo_encounter
from bridge.net.protocol import (
    LOG_PAGE_BYTES,
    MAX_HOST_FRAME,
    PROTOCOL,
    Claim,
    Hello,
    LogPageRequest,
)
from bridge.rules.dice import SeededDice
from bridge.rules.task import Roller, TaskSpec
from bridge.storage.battle import save_battle

from .helpers import run

ROOT = Path(__file__).resolve().parents[2]
ENTRIES = 30_000
CODE = "LONG42"


def _long_battle(path: Path) -> None:
    session = Session(demo_encounter(), SeededDice(3))
    roll = TrayRoll(system="sta", sta=TaskSpec(lead=Roller(target=11)), by="kell", label="flood")
    for _ in range(ENTRIES):
        session.apply(roll)
    save_battle(path, session)


def test_a_client_that_follows_the_doc_joins_a_30000_entry_battle(tmp_path: Path) -> None:
    battle = tmp_path / "long.bridge"
    _long_battle(battle)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "BRIDGE_HOME": str(tmp_path / "home")}
    args = [sys.executable, "-m", "bridge", "host", str(battle), "--bind", "127.0.0.1"]
    args += ["--port", "0", "--code", CODE]
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert proc.stdout is not None
        ready, _, _ = select.select([proc.stdout], [], [], 60)
        assert ready, "the host did not say it was listening within 60 s"
        found = re.search(r"listening on port (\d+)", proc.stdout.readline())
        assert found
        sizes = run(_join_and_page(int(found.group(1))), limit=120)
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=30)
        if proc.stdout is not None:
            proc.stdout.close()
    print(f"\n30,000 entries: frame sizes {json.dumps(sizes)}")  # (for the record)
    assert max(sizes.values()) < MAX_HOST_FRAME
    assert sizes["snapshot"] < 2 * LOG_PAGE_BYTES


async def _join_and_page(port: int) -> dict[str, int]:
    """Join as the doc says (hello, claim, welcome, seated, snapshot), then page back
    through the log; the largest frame of each kind, in bytes."""
    sizes: dict[str, int] = {}
    async with connect(f"ws://127.0.0.1:{port}", max_size=MAX_HOST_FRAME, compression=None) as ws:
        await ws.send(Hello(protocol=PROTOCOL, app=__version__, code=CODE).model_dump_json())
        await ws.send(Claim(seat="char:reyes").model_dump_json())
        held: list[object] = []
        start = -1
        for _ in range(10):
            frame = await asyncio.wait_for(ws.recv(), 30)
            data = json.loads(frame)
            sizes[data["type"]] = max(sizes.get(data["type"], 0), len(frame.encode()))
            if data["type"] == "snapshot":
                held, start = data["log"], data["log_start"]
                assert start + len(held) == ENTRIES
                break
        assert start > 0, "the snapshot came with the newest entries"
        for page in range(400):  # (60 pages of 500, and the waits the host asks for)
            if start == 0:
                break
            await ws.send(LogPageRequest(id=page, before=start, count=500).model_dump_json())
            while True:
                frame = await asyncio.wait_for(ws.recv(), 30)
                data = json.loads(frame)
                if data["type"] in ("log_page", "refused"):
                    break
            if data["type"] == "refused":  # too many pages at once: wait as told
                assert data["retry_after"] > 0
                await asyncio.sleep(data["retry_after"])
                continue
            sizes["log_page"] = max(sizes.get("log_page", 0), len(frame.encode()))
            assert data["start"] + len(data["entries"]) == start
            held[:0] = data["entries"]
            start = data["start"]
        assert start == 0 and len(held) == ENTRIES
    return sizes
