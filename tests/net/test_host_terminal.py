"""``bridge host``'s terminal: the GM frees a lost phone's seat by typing, in the process
and in a real ``bridge host`` on loopback."""

from __future__ import annotations

import asyncio
import io
import time
from pathlib import Path

from bridge.net.client import NetClient
from bridge.net.host_terminal import HELP, answer, read_terminal

from .helpers import CODE, HostProcess, hosting, run

ROOT = Path(__file__).resolve().parents[2]


def test_the_gm_lists_the_seats_and_frees_a_lost_phones_seat_by_typing() -> None:
    async def body() -> None:
        async with hosting() as (host, url):
            kell = NetClient(url, CODE, name="Sam's phone")
            await kell.connect()
            await kell.claim("char:kell")
            listed = answer(host, "seats")
            line = next(x for x in listed.splitlines() if "[char:kell]" in x)
            assert "claimed" in line and "1 connected" in line and "Kell" in line
            assert line.endswith("(Sam's phone)")  # who holds it, by the name they joined with
            assert "anyone may watch" in listed  # the viewscreen
            assert answer(host, "free viewscreen").startswith("No player's seat")
            assert "Freed" in answer(host, "FREE kell")  # its character's id, any case
            for _ in range(100):
                if kell.last_error is not None and not host.clients():
                    break
                await asyncio.sleep(0.05)
            assert kell.last_error is not None and kell.last_error.code == "removed"
            assert "free, 0 connected" in next(
                x for x in answer(host, "seats").splitlines() if "[char:kell]" in x
            )
            phone = NetClient(url, CODE)  # a new phone, with no token, takes the seat
            await phone.connect()
            assert (await phone.claim("char:kell")).character == "kell"
            await phone.close()

    run(body())


def test_a_typed_order_changes_only_the_seat_it_names() -> None:
    async def body() -> None:
        async with hosting() as (host, _url):
            before = host.seats.infos(host.session.state)
            assert answer(host, "") == ""
            assert answer(host, "help") == HELP
            assert answer(host, "launch torpedoes").startswith("Unknown order 'launch'")
            assert answer(host, "free").startswith("Name a seat")
            assert answer(host, "free nobody").startswith("No player's seat is 'nobody'")
            assert answer(host, "free " + "x" * 5000).count("x") <= 40
            assert host.seats.infos(host.session.state) == before  # nothing changed
            number = next(n for n, s in enumerate(before, 1) if s.id == "char:reyes")
            assert "more than one client" in answer(host, f"share {number}")
            shared = {s.id: s.shared for s in host.seats.infos(host.session.state)}
            assert shared["char:reyes"] and not shared["char:kell"]
            assert "one client again" in answer(host, "unshare char:reyes")

    run(body())


def test_orders_are_read_from_the_terminal_until_it_ends() -> None:
    async def body() -> None:
        async with hosting() as (host, _url):
            said: list[str] = []
            thread = read_terminal(
                host, asyncio.get_running_loop(), io.StringIO("seats\n\nhelp\n"), said.append
            )
            assert thread is not None
            for _ in range(100):
                if len(said) == 2:
                    break
                await asyncio.sleep(0.02)
            thread.join(5)
            assert not thread.is_alive()  # the input ended: so did its reader
            assert said[0].startswith("Seats:") and said[1] == HELP

    run(body())


def test_a_real_bridge_host_frees_a_seat_typed_at_its_terminal(tmp_path: Path) -> None:
    with HostProcess(tmp_path) as host:
        host.line_with("Seats: type seats")
        host.type("seats")
        assert "free, 0 connected" in host.line_with("[char:kell]")
        host.type("free kell")
        assert host.line_with("Freed").startswith("Freed Lt. Cmdr. Kell")
        assert host.proc.stdin is not None
        host.proc.stdin.close()  # the terminal closes: the host goes on serving
        time.sleep(0.3)
        assert host.proc.poll() is None
