"""Nothing a client sends acts on the GM's terminal or log: a control character in any
text of any message is refused by name, and what the host prints or logs is escaped.

Real sockets on loopback, and a real ``bridge host`` process with its terminal and log.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from bridge import __version__
from bridge.engine import demo_encounter
from bridge.net.host_terminal import answer
from bridge.net.plain_text import unprintable_field
from bridge.net.protocol import PROTOCOL, Error, Refused, parse_client
from bridge.rules.text import escaped, is_control

from .helpers import CODE, HostProcess, hosting, raw_join, receive, receive_until, run

ROOT = Path(__file__).resolve().parents[2]
CLEARS_THE_SCREEN = "Ana\x1b[2J\x1b]0;pwned\x07"
FAKES_A_SEAT = "\x1b[1A\x1b[2K  2. Capt. Elena Reyes"


def _hello(name: str) -> str:
    return json.dumps(
        {"type": "hello", "protocol": PROTOCOL, "app": __version__, "code": CODE, "name": name}
    )


# -- the rule, on parsed messages ---------------------------------------------------------
def test_every_string_of_a_message_is_checked_at_any_depth_and_named() -> None:
    cases = {
        json.dumps({"type": "claim", "seat": "char:kell\x1b[2K"}): "claim.seat",
        json.dumps({"type": "claim", "seat": "char:kell", "token": "t\n"}): "claim.token",
        json.dumps(
            {
                "type": "command",
                "id": 4,
                "command": {"type": "task", "action": "fire_weapon", "target": "qoj\x07"},
            }
        ): "command.command.target",
        json.dumps(
            {
                "type": "command",
                "id": 5,
                "command": {
                    "type": "resolve",
                    "spends": {"create_advantage": "Cover\u202e fire"},  # a bidi override
                },
            }
        ): "command.command.spends.create_advantage",
    }
    for frame, field in cases.items():
        message = parse_client(frame)
        assert not isinstance(message, str), message
        sentence = unprintable_field(message)
        assert sentence is not None and sentence.startswith(f"{field}: a control character")

    class Keyed(BaseModel):
        type: str = "keyed"
        values: dict[str, str]

    keyed = unprintable_field(Keyed(values={"ok": "fine", "bad\x1b": "fine"}))
    assert keyed is not None and keyed.startswith("keyed.values (a key): a control character")
    plain = parse_client(_hello("Ana Núñez 🚀 (Kell's phone)"))
    assert not isinstance(plain, str) and unprintable_field(plain) is None


@given(
    st.text(st.characters(blacklist_categories=("Cs",)), max_size=40),
    st.sampled_from("\x00\x07\x1b\n\r\t\x7f\x9b\u2028\u202e\u2066"),
)
def test_any_text_with_a_control_character_is_refused_and_printed_escaped(
    text: str, control: str
) -> None:
    """An invariant: wherever the character stands, the message is refused; escaped, no
    character a terminal acts on is left, and plain text is printed as it is."""
    name = (text + control + text)[:60]
    message = parse_client(_hello(name))
    assert not isinstance(message, str)
    assert unprintable_field(message) is not None
    assert not any(is_control(ch) for ch in escaped(name))
    clean = "".join(ch for ch in text if not is_control(ch))
    assert escaped(clean) == clean


# -- on the wire --------------------------------------------------------------------------
def test_a_hello_with_a_control_character_in_its_name_is_refused_by_name() -> None:
    async def body() -> None:
        async with hosting() as (host, url):
            for name in (CLEARS_THE_SCREEN, FAKES_A_SEAT):
                async with connect(url) as ws:
                    await ws.send(_hello(name))
                    error = await receive(ws)
                    assert isinstance(error, Error) and error.code == "hello_first"
                    assert error.message.startswith(
                        "The hello was refused: hello.name: a control character (ESC)"
                    )
                    assert "\x1b" not in error.message and "\\x1b" in error.message
                    with pytest.raises(ConnectionClosed) as closed:
                        await asyncio.wait_for(ws.recv(), 5)
                    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
            assert host.clients() == []

    run(body())


def test_a_joined_clients_message_with_a_control_character_is_refused_and_changes_nothing() -> None:
    async def body() -> None:
        async with hosting() as (host, url):
            ws = await raw_join(url, "char:kell")
            before, revision = host.session.state, host.revision
            await ws.send(json.dumps({"type": "claim", "seat": "char:reyes\x1b[2J"}))
            refused = await receive_until(ws, "refused")
            assert isinstance(refused, Refused) and refused.id is None
            assert refused.reason.startswith("The message was refused: claim.seat: a control")
            command = {"type": "start_turn", "actor": "kell\x1b]0;pwned\x07"}
            await ws.send(json.dumps({"type": "command", "id": 12, "command": command}))
            refused = await receive_until(ws, "refused")
            assert isinstance(refused, Refused) and refused.id == 12  # matched to its request
            assert "command.command.actor: a control character (ESC)" in refused.reason
            note = {"type": "minor", "action": "interact", "note": "look\u2028behind"}
            await ws.send(json.dumps({"type": "command", "id": 13, "command": note}))
            refused = await receive_until(ws, "refused")
            assert isinstance(refused, Refused) and refused.id == 13
            assert "command.command.note: a control character (U+2028)" in refused.reason
            assert host.session.state is before and host.revision == revision
            assert host.seats.seat_of(host.clients()[0].id) == "char:kell"  # still seated
            await ws.send(json.dumps({"type": "ping", "t": 1.5}))
            assert (await receive_until(ws, "pong")).type == "pong"  # the connection goes on
            await ws.close()

    run(body())


def test_a_client_sending_control_characters_again_and_again_is_dropped() -> None:
    async def body() -> None:
        async with hosting(max_bad_frames=5) as (_host, url):
            ws = await raw_join(url)
            for _ in range(6):
                await ws.send(json.dumps({"type": "claim", "seat": "\x1b"}))
            error = await receive_until(ws, "error")
            assert isinstance(error, Error) and error.code == "bad_frame"
            await ws.close()

    run(body())


# -- where the host prints ------------------------------------------------------------------
def test_the_terminal_shows_names_and_labels_with_their_escapes() -> None:
    """The GM's own battle may hold a bidirectional override in a name (a file allows it)
    and a client's name is printed as received: the seats list escapes both."""
    encounter = demo_encounter()
    kell = encounter.characters["kell"]
    renamed = kell.model_copy(update={"name": "Kell\u202e"})
    encounter = encounter.model_copy(
        update={"characters": {**encounter.characters, "kell": renamed}}
    )

    async def body() -> None:
        async with hosting(encounter) as (host, url):
            ws = await raw_join(url, "char:kell")
            listed = answer(host, "seats")
            assert "\u202e" not in listed and "Kell\\u202e" in listed
            info = replace(host.clients()[0], name=CLEARS_THE_SCREEN)
            host.clients = lambda: [info]  # type: ignore[method-assign]
            listed = answer(host, "seats")
            assert "\x1b" not in listed and "\x07" not in listed
            assert "(Ana\\x1b[2J\\x1b]0;pwned\\x07)" in listed
            await ws.close()

    run(body())


def test_a_real_bridge_host_refuses_the_names_and_prints_and_logs_nothing_raw(
    tmp_path: Path,
) -> None:
    home = tmp_path / "home"

    async def visit(host: HostProcess) -> None:
        url = host.url()
        for name in (CLEARS_THE_SCREEN, FAKES_A_SEAT):
            async with connect(url) as ws:
                await ws.send(_hello(name))
                error = await receive(ws)
                assert isinstance(error, Error) and "hello.name" in error.message
        ws = await raw_join(url)
        await ws.send(json.dumps({"type": "claim", "seat": "char:kell\x1b[2J"}))
        assert (await receive_until(ws, "refused")).type == "refused"
        await ws.close()
        async with connect(url) as kell:
            await kell.send(_hello("Sam's phone"))
            assert (await receive(kell)).type == "welcome"
            await kell.send(json.dumps({"type": "claim", "seat": "char:kell"}))
            await receive_until(kell, "snapshot")
            host.type("seats")
            line = await asyncio.to_thread(host.line_with, "[char:kell]")
            assert line.rstrip().endswith("(Sam's phone)")

    with HostProcess(home) as host:
        run(visit(host))
    terminal = b"".join(host.printed)
    assert b"Seats:" in terminal
    assert not any(ch in terminal for ch in (b"\x1b", b"\x07", b"\r"))
    log = (home / "logs" / "host.log").read_text(encoding="utf-8")
    assert "refused 127.0.0.1 (hello_first): The hello was refused: hello.name" in log
    assert not any(is_control(ch) for ch in log.replace("\n", ""))
    assert all(line[:4].isdigit() for line in log.splitlines())  # no line forged
