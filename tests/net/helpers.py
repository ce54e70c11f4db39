"""Shared pieces for the network tests: a host on loopback, raw connections, time limits."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Coroutine
from contextlib import asynccontextmanager
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
