"""The windowless host logs connections, refusals and drops to its log file, and never a
join code or a seat token (issue 23). A real ``bridge host`` process on loopback."""

from __future__ import annotations

import asyncio
import os
import re
import select
import signal
import subprocess
import sys
from pathlib import Path

from websockets.asyncio.client import connect

from bridge import __version__
from bridge.net.protocol import PROTOCOL, Claim, Hello
from tests.net.helpers import receive, receive_until, run

ROOT = Path(__file__).resolve().parents[2]
CODE = "QZ7KXW"
WRONG = "MNPR42"


def test_the_host_logs_who_came_and_went_but_never_a_code_or_token(tmp_path: Path) -> None:
    home = tmp_path / "home"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "BRIDGE_HOME": str(home)}
    args = ["host", "--bind", "127.0.0.1", "--port", "0", "--code", CODE]
    host = subprocess.Popen(
        [sys.executable, "-m", "bridge", *args],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert host.stdout is not None
        ready, _, _ = select.select([host.stdout], [], [], 60)
        assert ready, "the host did not start"
        found = re.search(r"listening on port (\d+)", host.stdout.readline())
        assert found
        url = f"ws://127.0.0.1:{found.group(1)}"

        async def visit() -> str:
            wrong = await connect(url)
            bad = Hello(protocol=PROTOCOL, app=__version__, code=WRONG)
            await wrong.send(bad.model_dump_json())
            assert (await receive(wrong)).type == "error"
            await wrong.close()
            await asyncio.sleep(1.0)  # a wrong code makes the address wait half a second
            ws = await connect(url)
            hello = Hello(protocol=PROTOCOL, app=__version__, code=CODE, name="Kell's laptop")
            await ws.send(hello.model_dump_json())
            assert (await receive(ws)).type == "welcome"
            await ws.send(Claim(seat="char:kell").model_dump_json())
            seated = await receive_until(ws, "seated")
            await ws.send(Claim(seat="char:kell", token=seated.token + "x").model_dump_json())
            await receive_until(ws, "snapshot")
            await ws.close()
            return str(seated.token)

        token = run(visit())
    finally:
        host.send_signal(signal.SIGINT)
        host.communicate(timeout=60)
    log = (home / "logs" / "host.log").read_text(encoding="utf-8")
    assert "connection from 127.0.0.1" in log
    assert "refused 127.0.0.1 (code): Wrong join code" in log
    assert "client 1 (Kell's laptop, 127.0.0.1) joined" in log
    assert "client 1 took the seat char:kell" in log
    assert "client 1 disconnected" in log
    assert CODE not in log and WRONG not in log and token not in log
    assert token[:12] not in log
