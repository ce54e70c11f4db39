"""Shared pieces for the network tests: a host on loopback (in the test's process or a
real ``bridge host``), raw connections, time limits."""

from __future__ import annotations

import asyncio
import os
import queue
import subprocess
import sys
import threading
import time
from collections.abc import AsyncIterator, Coroutine
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

from websockets.asyncio.client import ClientConnection, connect

from bridge import __version__
from bridge.engine.demo import demo_encounter
from bridge.engine.session import Session
from bridge.engine.state.encounter import Encounter
from bridge.net.host import Host
from bridge.net.protocol import (
    MAX_HOST_FRAME,
    PROTOCOL,
    Claim,
    Hello,
    HostMessage,
    host_messages,
)
from bridge.rules.dice import SeededDice

CODE = "TEST42"
ROOT = Path(__file__).resolve().parents[2]
T = TypeVar("T")


def run(coro: Coroutine[Any, Any, T], limit: float = 60.0) -> T:
    """Run one async test body with a hard time limit."""

    async def bounded() -> T:
        return await asyncio.wait_for(coro, limit)

    return asyncio.run(bounded())


@asynccontextmanager
async def hosting(
    encounter: Encounter | None = None, **options: Any
) -> AsyncIterator[tuple[Host, str]]:
    host = Host(Session(encounter or demo_encounter(), SeededDice(7)), CODE, **options)
    port = await host.start("127.0.0.1", 0)
    try:
        yield host, f"ws://127.0.0.1:{port}"
    finally:
        await host.close()


async def raw_join(url: str, seat: str | None = None, code: str = CODE) -> ClientConnection:
    """A bare connection that said hello (and took ``seat``), its answers read up to the
    snapshot."""
    ws = await connect(url, max_size=MAX_HOST_FRAME, compression=None)
    await ws.send(Hello(protocol=PROTOCOL, app=__version__, code=code).model_dump_json())
    assert (await receive(ws)).type == "welcome"
    if seat is not None:
        await ws.send(Claim(seat=seat).model_dump_json())
        assert (await receive(ws)).type == "seated"
        assert (await receive(ws)).type == "snapshot"
    return ws


async def receive(ws: ClientConnection, timeout: float = 5.0) -> HostMessage:
    return host_messages.validate_json(await asyncio.wait_for(ws.recv(), timeout))


async def receive_until(ws: ClientConnection, kind: str, limit: int = 50) -> HostMessage:
    """The next message of type ``kind`` (others, such as seat lists, are skipped)."""
    for _ in range(limit):
        message = await receive(ws)
        if message.type == kind:
            return message
    raise AssertionError(f"no {kind} within {limit} messages")


class HostProcess:
    """A real ``bridge host`` on loopback with its terminal: what it prints is read on a
    thread of its own (a select on the pipe misses lines already read into its buffer),
    every byte kept; orders are typed to it. Ended, whatever happened, on leaving."""

    def __init__(self, home: Path, *args: str) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT), "BRIDGE_HOME": str(home)}
        command = [sys.executable, "-m", "bridge", "host", "--bind", "127.0.0.1", "--port", "0"]
        self.proc = subprocess.Popen(
            [*command, "--code", CODE, *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
        )
        self.printed: list[bytes] = []
        self._lines: queue.Queue[bytes] = queue.Queue()
        self._reader = threading.Thread(
            target=lambda: [self._lines.put(x) for x in self.proc.stdout or ()]
        )
        self._reader.start()

    def line_with(self, text: str, limit: float = 30) -> str:
        """The next printed line holding ``text`` (within ``limit`` seconds)."""
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            try:
                line = self._lines.get(timeout=0.5)
            except queue.Empty:
                assert self.proc.poll() is None, "the host ended early"
                continue
            self.printed.append(line)
            if text.encode() in line:
                return line.decode()
        raise AssertionError(f"no line with {text!r}")

    def url(self) -> str:
        """The WebSocket address the host printed when it started listening."""
        line = self.line_with("listening on port")
        return f"ws://127.0.0.1:{int(line.split('port ')[1].split(':')[0])}"

    def type(self, order: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(f"{order}\n".encode())
        self.proc.stdin.flush()

    def __enter__(self) -> HostProcess:
        return self

    def __exit__(self, *_: object) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=30)
        self._reader.join(10)
        for pipe in (self.proc.stdout, self.proc.stdin):
            if pipe is not None:
                pipe.close()
        while not self._lines.empty():
            self.printed.append(self._lines.get())
