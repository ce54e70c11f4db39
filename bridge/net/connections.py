"""The host's connections: each client's hello, its frames in, its frames out, its close.

An address opening connections too often, or holding too many, is refused before its
hello. A connection joins with a ``hello`` (the right protocol, a join code, plain
text, within ``hello_timeout``); from then on each text frame goes to the host's request
handling, and the host pings it: one that does not answer in time is told why, then
closed. Frames go out at once, in order; what a socket does not take waits in that
connection's buffer, bounded: a client whose buffer passes ``send_limit`` (it stopped
reading) is dropped, never buffered without limit. Nothing here knows the battle: the
host says what a welcome holds and what to do with a frame.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import math
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from websockets.asyncio.server import ServerConnection, broadcast
from websockets.exceptions import ConnectionClosed

from bridge.net.guard import JoinGuard
from bridge.net.limits import FloodMeter, LimitBook
from bridge.net.plain_text import unprintable_field
from bridge.net.protocol import (
    Error,
    ErrorCode,
    Hello,
    Refused,
    Welcome,
    parse_client,
    version_mismatch,
)

__all__ = ["ClientInfo", "Connection", "Connections", "seconds"]

log = logging.getLogger(__name__)

_BINARY = "Binary frames are not understood: send JSON in text frames."


def seconds(wait: float) -> str:
    """A wait in whole seconds, never "0 s"."""
    n = max(1, math.ceil(wait))
    return f"{n} s"


@dataclass(frozen=True)
class ClientInfo:
    """A connected client as the GM's seat list shows it."""

    id: int
    name: str
    address: str
    seat: str | None
    rtt_ms: float | None
    since: float


@dataclass(eq=False)
class Connection:
    """One client that said hello."""

    id: int
    ws: ServerConnection
    address: str
    name: str
    since: float = field(default_factory=time.time)
    dropped: bool = False
    bad_frames: int = 0
    closing: asyncio.Task[None] | None = None
    flood: FloodMeter = field(default_factory=FloodMeter)


class Connections:
    """The clients that joined, and the one way frames go out to them."""

    def __init__(
        self,
        guard: JoinGuard,
        welcome: Callable[[], Welcome],
        on_frame: Callable[[Connection, str], None],
        on_drop: Callable[[Connection], None],
        on_close: Callable[[Connection], None],
        *,
        send_limit: int,
        hello_timeout: float,
        book: LimitBook,
        ping_interval: float = 5.0,
        ping_timeout: float = 20.0,
    ) -> None:
        self.guard = guard
        self.welcome = welcome
        """The welcome a joining client gets (the battle and its seats now)."""
        self.on_frame = on_frame
        """Called with each text frame of a joined client."""
        self.on_drop = on_drop
        """Called when the host drops a client (its connection is closing)."""
        self.on_close = on_close
        """Called when a joined client's connection has closed."""
        self.send_limit = send_limit
        """Bytes a connection may hold unsent (beyond its socket's) before it is dropped."""
        self.hello_timeout = hello_timeout
        self.ping_interval = ping_interval
        """Seconds between the host's WebSocket pings to a joined client."""
        self.ping_timeout = ping_timeout
        """Seconds a client may take to answer a ping before it is dropped."""
        self.book = book
        """The rate limits of every seat and address (here: how often an address connects)."""
        self.joined: list[Callable[[], None]] = []
        """Called when a client joined."""
        self._open: dict[int, Connection] = {}
        self._per_address: Counter[str] = Counter()
        """Connections open from each address, joined or not."""
        self._ids = itertools.count(1)

    def __iter__(self) -> Iterator[Connection]:
        """The joined connections (a copy: sending may drop one)."""
        return iter(list(self._open.values()))

    def get(self, connection_id: int) -> Connection | None:
        return self._open.get(connection_id)

    # -- one connection ------------------------------------------------------------------------
    async def serve(self, ws: ServerConnection) -> None:
        """Serve one WebSocket connection from its hello to its close."""
        address = str(ws.remote_address[0]) if ws.remote_address else "unknown"
        log.info("connection from %s", address)
        crowded = self._crowded(address)
        if crowded is not None:
            await self.refuse(ws, "slow_down", crowded)
            return
        self._per_address[address] += 1
        try:
            await self._greet(ws, address)
        finally:
            self._per_address[address] -= 1
            if not self._per_address[address]:
                del self._per_address[address]

    def _crowded(self, address: str) -> str | None:
        """Why ``address`` may not open another connection now (None: it may)."""
        if self._per_address[address] >= self.book.open_per_address:
            return (
                f"Too many connections open from your address ({self.book.open_per_address}):"
                " close one, then try again."
            )
        wait = self.book.connection_wait(address)
        if wait:
            return f"Too many connections from your address: try again in {seconds(wait)}."
        return None

    async def _greet(self, ws: ServerConnection, address: str) -> None:
        """The hello, then the joined client's frames until its connection closes."""
        try:
            first = await asyncio.wait_for(ws.recv(), self.hello_timeout)
        except (TimeoutError, ConnectionClosed):
            log.info("connection from %s closed before it said hello", address)
            return
        if isinstance(first, bytes):
            await self.refuse(ws, "binary", _BINARY, 1003)
            return
        hello = parse_client(first)
        if isinstance(hello, str):
            await self.refuse(ws, "hello_first", f"The first message must be a hello. {hello}")
            return
        if not isinstance(hello, Hello):
            await self.refuse(ws, "hello_first", "The first message must be a hello.")
            return
        unprintable = unprintable_field(hello)
        if unprintable is not None:
            await self.refuse(ws, "hello_first", f"The hello was refused: {unprintable}")
            return
        mismatch = version_mismatch(hello.protocol, hello.app)
        if mismatch is not None:
            await self.refuse(ws, "version", mismatch)
            return
        wait = self.guard.wait_for(address)
        if wait > 0:
            await self.refuse(
                ws,
                "slow_down",
                f"Too many wrong join codes from your address: try again in {seconds(wait)}.",
            )
            return
        if not self.guard.check(address, hello.code):
            await self.refuse(ws, "code", "Wrong join code: check the code on the GM's screen.")
            return
        client = Connection(next(self._ids), ws, address, hello.name or address)
        self._open[client.id] = client
        log.info("client %s (%s, %s) joined", client.id, client.name[:80], address)
        self.send(client, self.welcome())
        for callback in self.joined:
            callback()
        keepalive = asyncio.get_running_loop().create_task(self._keepalive(client))
        try:
            async for frame in ws:
                if isinstance(frame, bytes):
                    self.drop(client, "binary", _BINARY, 1003)
                    break
                try:
                    self.on_frame(client, frame)
                except Exception as exc:  # a bug must not end the battle or the connection
                    log.exception("handling a message from client %s", client.id)
                    self.send(client, Refused(reason=f"The host could not handle that ({exc})."))
                if client.dropped:
                    break
        except ConnectionClosed:
            pass
        finally:
            keepalive.cancel()
            if client.closing is not None:
                await client.closing  # the reason goes out before the handler returns
            log.info("client %s disconnected", client.id)
            self._open.pop(client.id, None)
            self.on_close(client)

    async def _keepalive(self, client: Connection) -> None:
        """Ping ``client`` every ``ping_interval``; one that does not answer within
        ``ping_timeout`` (it may still send) is told why, then dropped with 1011."""
        while not client.dropped:
            await asyncio.sleep(self.ping_interval)
            try:
                pong = await client.ws.ping()
                await asyncio.wait_for(pong, self.ping_timeout)
            except ConnectionClosed:
                return
            except TimeoutError:
                why = (
                    f"Your connection did not answer the host's pings for "
                    f"{self.ping_timeout:g} s (WebSocket ping frames: answer each with a "
                    "pong, as every WebSocket library does); rejoin."
                )
                self.drop(client, "ping_timeout", why, 1011)
                return

    @staticmethod
    async def refuse(
        ws: ServerConnection, code: ErrorCode, message: str, close: int = 1008
    ) -> None:
        """Say why a connection that has not joined is refused, then close it."""
        address = str(ws.remote_address[0]) if ws.remote_address else "unknown"
        log.info("refused %s (%s): %s", address, code, message)
        with contextlib.suppress(ConnectionClosed):
            await ws.send(Error(code=code, message=message).model_dump_json())
            await ws.close(close, code)

    # -- sending -----------------------------------------------------------------------------
    def send(self, client: Connection, message: object) -> None:
        dump = getattr(message, "model_dump_json", None)
        assert dump is not None
        self.send_to((client,), str(dump()))

    def send_to(self, clients: tuple[Connection, ...] | list[Connection], text: str) -> None:
        """Write one frame to ``clients`` now, in order with every other frame; a client
        whose unsent bytes pass ``send_limit`` is dropped."""
        sending = [c for c in clients if not c.dropped]
        if not sending:
            return
        broadcast([c.ws for c in sending], text.encode(), text=True)
        for client in sending:
            transport = client.ws.transport
            if transport is not None and transport.get_write_buffer_size() > self.send_limit:
                self.drop(client, "too_slow", "Your connection fell too far behind; rejoin.")

    def drop(self, client: Connection, code: ErrorCode, why: str, status: int = 1008) -> None:
        """Close ``client``'s connection: the reason is sent if its socket still takes it."""
        if client.dropped:
            return
        client.dropped = True
        self.on_drop(client)
        log.info("dropping client %s (%s): %s", client.id, code, why)

        async def close() -> None:
            with contextlib.suppress(ConnectionClosed, TimeoutError):
                await asyncio.wait_for(
                    client.ws.send(Error(code=code, message=why).model_dump_json()), 1.0
                )
            with contextlib.suppress(ConnectionClosed, TimeoutError):
                await asyncio.wait_for(client.ws.close(status, code), 2.0)
            client.ws.transport.abort()

        client.closing = asyncio.get_running_loop().create_task(close())
