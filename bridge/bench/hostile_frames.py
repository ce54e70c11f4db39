"""Hostile frames against a running host: it must answer each one and play on.

``bridge stress --net-frames N`` runs the full fuzz (5,000 frames by default); the test
suite runs a fast sample of the same generator.
"""

from __future__ import annotations

import asyncio
import json
import random

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from bridge import __version__
from bridge.engine import Session, StartTurn, demo_encounter
from bridge.net.client import NetClient
from bridge.net.host import Host
from bridge.net.limits import LIMITS
from bridge.net.protocol import MAX_CLIENT_FRAME, PROTOCOL, Claim, Hello, Ping, host_messages

__all__ = ["FuzzResult", "hostile_frame", "run_fuzz"]

_VALID = [
    {"type": "claim", "seat": "char:reyes"},
    {"type": "ping", "t": 1.5},
    {"type": "resync"},
    {"type": "command", "id": 3, "command": {"type": "minor", "action": "prepare"}},
    {
        "type": "command",
        "id": 4,
        "command": {"type": "set_value", "path": "threat.value", "value": 99},
    },
    {"type": "command", "id": 5, "command": {"type": "end_turn", "by": "kell"}},
    {"type": "hello", "protocol": PROTOCOL, "app": "x", "code": "WRONG"},
]
_ODD: list[object] = [
    None,
    -1,
    2**70,
    1e308,
    "",
    "x" * 3000,
    [],
    {},
    True,
    "\u0000\udfff",
    "🛸" * 50,
]


def hostile_frame(rng: random.Random) -> str | bytes:
    """One malformed, mistyped, oversized-looking or deeply nested frame."""
    kind = rng.randrange(8)
    if kind == 0:
        return rng.choice("[{") * rng.randrange(100, 20_000)
    if kind == 1:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200)))
    base = json.loads(json.dumps(rng.choice(_VALID)))
    if kind == 2:
        base["type"] = rng.choice(["", "HELLO", "teleport", 7, None])
    elif kind == 3:
        target = base.get("command", base)
        target[rng.choice([*target.keys(), "extra"])] = rng.choice(_ODD)
    elif kind == 4:
        base.pop(rng.choice(list(base)))
    elif kind == 5:
        text = json.dumps(base)
        cut = rng.randrange(len(text))
        return text[:cut] + rng.choice(["", "}", "\\", '"', "\x00"]) + text[cut + 1 :]
    elif kind == 6:
        base = rng.choice(_ODD)
    else:
        nested: object = base
        for _ in range(rng.randrange(50, 400)):
            nested = {"type": "command", "id": 1, "command": nested}
        base = nested
    text = json.dumps(base, ensure_ascii=rng.random() < 0.5)
    try:
        text.encode()
    except UnicodeEncodeError:  # a lone surrogate: send the raw bytes, as an attacker could
        return text.encode("utf-8", "surrogatepass")
    return text


class FuzzResult:
    def __init__(self) -> None:
        self.sent = 0
        self.answered = 0
        self.reconnects = 0


async def _joined(url: str) -> ClientConnection:
    ws = await connect(url, max_size=None, compression=None)
    await ws.send(Hello(protocol=PROTOCOL, app=__version__, code="FUZZ").model_dump_json())
    await asyncio.wait_for(ws.recv(), 5)
    await ws.send(Claim(seat="char:sorel").model_dump_json())
    return ws


async def run_fuzz(frames: int, seed: int = 1, time_limit: float = 600.0) -> FuzzResult:
    """Send ``frames`` hostile frames to a host on loopback; raise if it stops serving."""
    rng = random.Random(seed)
    # (Every message is answered, so the rate limits are set out of the way: this is
    # about what a frame holds, not how often frames come.)
    host = Host(
        Session(demo_encounter()),
        "FUZZ",
        max_bad_frames=frames + 10,
        limits=dict.fromkeys(LIMITS, (1e6, 1e6)),
        connections=(1e6, 1e6),  # (it reconnects after each frame that closes it)
    )
    port = await host.start("127.0.0.1", 0)
    url = f"ws://127.0.0.1:{port}"
    result = FuzzResult()
    before = host.session.state
    loop = asyncio.get_running_loop()
    deadline = loop.time() + time_limit
    try:
        ws = await _joined(url)
        while result.sent < frames and loop.time() < deadline:
            frame = hostile_frame(rng)
            if rng.random() < 0.002:
                frame = "x" * (MAX_CLIENT_FRAME + 1)  # over the cap: the host closes
            try:
                await ws.send(frame)
                result.sent += 1
                # A ping after each frame marks where its answers end.
                await ws.send(Ping(t=float(result.sent)).model_dump_json())
                answers = 0
                for _ in range(20):
                    answer = host_messages.validate_json(await asyncio.wait_for(ws.recv(), 5))
                    if answer.type == "pong" and answer.t == result.sent:
                        break
                    answers += answer.type != "seats"
                else:
                    raise RuntimeError("the host stopped answering")
                if answers == 0:
                    raise RuntimeError(f"no answer to frame {result.sent}: {frame!r:.200}")
                result.answered += 1
            except ConnectionClosed:
                result.reconnects += 1
                ws = await _joined(url)
        if result.sent < frames:
            raise RuntimeError(f"only {result.sent} of {frames} frames within the time limit")
        await ws.close()
        if host.session.state != before:
            raise RuntimeError("a hostile frame changed the battle")
        player = NetClient(url, "FUZZ")
        await player.connect()
        await player.claim("char:kell")
        answer = await player.submit(StartTurn(actor="kell"))
        if answer.type != "accepted":
            raise RuntimeError(f"the host no longer plays: {answer}")
        await player.close()
    finally:
        await host.close()
    return result
