"""The rate limits belong to the seat and the address, not the connection: a player who
reconnects with its token starts with what its seat had left, and an address opening
connections in a storm is refused with the wait. Real reconnects on loopback; every loop
is bounded in count and in time.
"""

from __future__ import annotations

import asyncio
import contextlib
import time

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from bridge import __version__
from bridge.engine.core.commands import TrayRoll
from bridge.net.limits import LIMITS, LimitBook
from bridge.net.protocol import PROTOCOL, Claim, Error, Hello, Refused, SendCommand
from bridge.rules.task import Roller, TaskSpec

from .helpers import CODE, hosting, raw_join, receive, receive_until, run

ROLL = TrayRoll(system="sta", sta=TaskSpec(lead=Roller(target=11)))
OUT_OF_THE_WAY = (1e6, 1e6)
"""Connection limits that never refuse (a test about the messages' limits)."""


def test_a_seats_buckets_are_shared_by_its_connections_and_the_address_by_its_seats() -> None:
    now = [0.0]
    book = LimitBook(address_share=2.0, clock=lambda: now[0])
    rate, burst = LIMITS["command"]
    # Two connections (or two reconnects) of one seat draw on one bucket.
    assert all(book.wait("command", "127.0.0.5", "char:kell") == 0 for _ in range(int(burst)))
    wait = book.wait("command", "127.0.0.6", "char:kell")  # another address: the seat is dry
    assert wait == pytest.approx(1 / rate)
    # The address holds twice a seat's: a second seat gets its own burst, a third none.
    assert all(book.wait("command", "127.0.0.5", "char:reyes") == 0 for _ in range(int(burst)))
    assert book.wait("command", "127.0.0.5", "char:tovan") > 0
    # Refused by the address, the seat keeps its token: Tovan, from elsewhere, has it all.
    assert all(book.wait("command", "127.0.0.7", "char:tovan") == 0 for _ in range(int(burst)))
    assert book.wait("command", "127.0.0.7", "char:tovan") > 0
    # Before a claim (or on the viewscreen) only the address counts.
    assert book.wait("snapshot", "127.0.0.8", None) == 0
    now[0] += 10.0
    assert book.wait("command", "127.0.0.5", "char:kell") == 0  # refilled with time


def test_a_connection_storm_from_one_address_is_refused_with_the_wait() -> None:
    now = [0.0]
    book = LimitBook(connections=(2.0, 5.0), clock=lambda: now[0])
    assert [book.connection_wait("127.0.0.5") for _ in range(5)] == [0.0] * 5
    assert book.connection_wait("127.0.0.5") == pytest.approx(0.5)
    assert book.connection_wait("127.0.0.9") == 0.0  # another address is not slowed
    now[0] += 0.5
    assert book.connection_wait("127.0.0.5") == 0.0


async def _rejoin(url: str, token: str) -> ClientConnection:
    ws = await connect(url, compression=None)
    await ws.send(Hello(protocol=PROTOCOL, app=__version__, code=CODE).model_dump_json())
    assert (await receive(ws)).type == "welcome"
    await ws.send(Claim(seat="char:kell", token=token).model_dump_json())
    await receive_until(ws, "snapshot")
    return ws


async def _flood(ws: ClientConnection, first_id: int, count: int) -> tuple[int, int]:
    """Send ``count`` tray rolls at once; (accepted, refused for rate)."""
    for n in range(count):
        await ws.send(SendCommand(id=first_id + n, command=ROLL).model_dump_json())
    accepted = refused = 0
    while accepted + refused < count:
        message = await receive(ws)
        if message.type == "accepted":
            accepted += 1
        elif isinstance(message, Refused):
            assert message.retry_after is not None and message.id is not None
            refused += 1
    return accepted, refused


def test_reconnecting_with_the_token_does_not_refill_the_seats_commands() -> None:
    """The case measured: a seat's player reconnecting again and again, each time sending
    a burst of Commands. Across 25 connections in a few seconds the battle takes what
    one seat may send: its burst and its rate, not a burst per connection."""
    rate, burst = LIMITS["command"]

    async def body() -> None:
        async with hosting(connections=OUT_OF_THE_WAY) as (host, url):
            first = await raw_join(url)
            await first.send(Claim(seat="char:kell").model_dump_json())
            seated = await receive_until(first, "seated")
            token = str(seated.token)  # type: ignore[union-attr]
            await receive_until(first, "snapshot")
            await first.close()
            start = time.monotonic()
            accepted = refused = 0
            for n in range(25):
                ws = await _rejoin(url, token)
                got, no = await _flood(ws, n * 100, 60)
                accepted, refused = accepted + got, refused + no
                await ws.close()
            elapsed = time.monotonic() - start
            assert elapsed < 30
            assert accepted <= burst + rate * elapsed + 1  # one seat's, whatever the connection
            assert refused >= 25 * 60 - accepted - 1 and accepted >= burst
            assert host.session.length == accepted  # what was refused was never played
            # (per connection, as before, 25 bursts of 50 would have gone through)
            assert accepted < 25 * burst / 2

    run(body(), limit=60)


def test_an_address_holding_many_seats_sends_only_its_share() -> None:
    """With an address worth one seat, two seats from it share one seat's Commands."""
    _rate, burst = LIMITS["command"]

    async def body() -> None:
        async with hosting(connections=OUT_OF_THE_WAY, address_share=1.0) as (host, url):
            kell = await raw_join(url, "char:kell")
            reyes = await raw_join(url, "char:reyes")
            got_kell, _ = await _flood(kell, 0, int(burst))
            got_reyes, refused = await _flood(reyes, 1000, int(burst))
            assert got_kell == burst and got_reyes <= 5 and refused >= burst - 5
            assert host.session.length == got_kell + got_reyes
            await kell.close()
            await reyes.close()

    run(body())


def test_a_storm_of_connections_is_refused_with_the_wait_and_let_in_after_it() -> None:
    async def body() -> None:
        async with hosting(connections=(2.0, 10.0)) as (host, url):
            joined: list[ClientConnection] = []
            refusals: list[Error] = []
            start = time.monotonic()
            for _ in range(30):
                ws = await connect(url, compression=None)
                with contextlib.suppress(ConnectionClosed):  # (refused before its hello)
                    await ws.send(
                        Hello(protocol=PROTOCOL, app=__version__, code=CODE).model_dump_json()
                    )
                answer = await receive(ws)
                if answer.type == "welcome":
                    joined.append(ws)
                    continue
                assert isinstance(answer, Error) and answer.code == "slow_down"
                refusals.append(answer)
                with pytest.raises(ConnectionClosed) as closed:
                    await asyncio.wait_for(ws.recv(), 5)
                assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
            elapsed = time.monotonic() - start
            assert 10 <= len(joined) <= 10 + 2 * elapsed + 1
            assert refusals and len(refusals) == 30 - len(joined)
            assert refusals[0].message == (
                "Too many connections from your address: try again in 1 s."
            )
            await asyncio.sleep(0.6)  # a connection every half second
            late = await raw_join(url, "char:kell")  # let in after the wait
            assert len(host.clients()) == len(joined) + 1
            for ws in (*joined, late):
                await ws.close()

    run(body())


def test_an_address_holds_only_so_many_connections_open() -> None:
    async def body() -> None:
        async with hosting(open_per_address=3) as (host, url):
            held = [await raw_join(url) for _ in range(3)]
            async with connect(url, compression=None) as extra:
                answer = await receive(extra)  # refused before its hello
                assert isinstance(answer, Error) and answer.code == "slow_down"
                assert answer.message.startswith("Too many connections open from your address (3)")
            await held.pop().close()
            for _ in range(100):  # at most 5 s for the host to see it closed
                if len(host.clients()) == 2:
                    break
                await asyncio.sleep(0.05)
            held.append(await raw_join(url))  # one closed: one more may come
            for ws in held:
                await ws.close()

    run(body())
