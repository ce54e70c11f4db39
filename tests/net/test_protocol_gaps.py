"""What docs/protocol.md once left a client to guess, each now said and held to: how a
seat answers a figure's decision, the `changes` bits, a log page past the end, what a
rate refusal carries, a protocol written 4.0, a client that does not answer pings, and
who plays the NPCs under ``bridge host``. Real sockets on loopback, bounded loops.
"""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from websockets.asyncio.client import connect
from websockets.client import ClientProtocol
from websockets.frames import Close, Frame, Opcode
from websockets.uri import parse_uri

from bridge import __version__
from bridge.engine import Change, suggest
from bridge.engine.core.changes import _FIELDS
from bridge.engine.core.commands import TrayRoll
from bridge.net.protocol import (
    PROTOCOL,
    Error,
    HostMessage,
    LogPage,
    Refused,
    Snapshot,
    Welcome,
)
from bridge.net.serve import NpcAutopilot
from bridge.rules.task import Roller, TaskSpec
from tests.engine.conflict_table import B, Fight, npc

from .helpers import CODE, hosting, raw_join, receive, receive_until, run

DOC = (Path(__file__).resolve().parents[2] / "docs" / "protocol.md").read_text(encoding="utf-8")


def _avoid_injury_waiting() -> Fight:
    """Kell hit by the thug's disruptor: Avoid Injury (cost 2) waits for Kell's player."""
    f = Fight()
    f.idle("kell")
    f.turn("thug")
    f.task("attack", target="kell", d20=(3, 4))
    f.resolve(d6=(2, 2, 1, 3, 3))
    return f


def _knockdown_waiting() -> Fight:
    """Kell struck with two Effects: whether to resist the Knockdown (2 Threat) waits."""
    f = Fight(officers=(("kell", B, 1),), npcs=((npc(), B, 1, 1),))
    f.idle("kell")
    f.turn("thug")
    f.task("attack", target="kell", weapon="Unarmed Strike", d20=(2, 3, 15, 16))
    f.resolve(d6=(5, 6, 3, 3, 3, 3))
    return f


async def _send(ws: object, n: int, command: dict[str, object]) -> None:
    frame = json.dumps({"type": "command", "id": n, "command": command})
    await ws.send(frame)  # type: ignore[attr-defined]


def test_a_seat_answers_its_officers_decisions_as_the_document_says() -> None:
    async def body() -> None:
        async with hosting(_avoid_injury_waiting().state) as (host, url):
            ws = await raw_join(url)
            await ws.send(json.dumps({"type": "claim", "seat": "char:kell"}))
            snapshot = await receive_until(ws, "snapshot")
            assert isinstance(snapshot, Snapshot) and snapshot.available.conflict is not None
            decision = snapshot.available.conflict.decision
            assert decision is not None and decision.kind == "avoid_injury"
            assert decision.cost == 2
            answers = {a.name: a.command for a in decision.answers}  # each its Command
            assert answers["AVOID: +2 THREAT"] == {
                "type": "avoid_injury",
                "figure": "kell",
                "pay": "threat",
            }
            assert set(answers) == {
                "AVOID: 2 MOMENTUM",
                "AVOID: +2 THREAT",
                "AVOID: A COMPLICATION",
                "TAKE THE INJURY",
            }
            assert snapshot.available.conflict.figure.id == "kell"
            await _send(ws, 1, {"type": "end_turn", "where": "conflict"})  # play waits
            assert (await receive_until(ws, "refused")).type == "refused"
            await _send(ws, 2, {"type": "resist_knockdown", "figure": "kell", "resist": True})
            refused = await receive_until(ws, "refused")  # not this answer: its text says why
            assert isinstance(refused, Refused) and refused.reason == decision.text
            threat = host.session.state.threat.value
            await _send(ws, 3, answers["AVOID: +2 THREAT"])
            assert (await receive_until(ws, "accepted")).type == "accepted"
            state = host.session.state
            assert state.threat.value == threat + 2
            assert state.conflict is not None and not state.conflict.decisions
            kell = state.conflict.figures["kell"]
            assert kell.injury is None and kell.avoid_injury_used
            await ws.close()
        async with hosting(_knockdown_waiting().state) as (host, url):
            ws = await raw_join(url, "char:kell")
            threat = host.session.state.threat.value
            await _send(ws, 4, {"type": "resist_knockdown", "figure": "kell", "resist": True})
            assert (await receive_until(ws, "accepted")).type == "accepted"
            state = host.session.state
            assert state.conflict is not None and not state.conflict.figures["kell"].prone
            assert state.threat.value == threat + 2
            await ws.close()

    run(body())


def test_avoid_injury_paid_in_momentum_the_pool_lacks_is_refused_with_the_reason() -> None:
    f = _avoid_injury_waiting()
    empty = f.state.model_copy(
        update={"momentum": f.state.momentum.model_copy(update={"value": 0})}
    )

    async def body() -> None:
        async with hosting(empty) as (host, url):
            ws = await raw_join(url, "char:kell")
            await _send(ws, 1, {"type": "avoid_injury", "figure": "kell", "pay": "momentum"})
            refused = await receive_until(ws, "refused")
            assert isinstance(refused, Refused) and refused.id == 1
            assert "Momentum" in refused.reason
            assert host.session.state.conflict is not None
            assert host.session.state.conflict.decisions  # still waiting
            await ws.close()

    run(body())


def test_the_changes_bits_in_the_document_are_the_engines() -> None:
    rows = re.findall(r"^\| (\d+) \| ([a-z ]+) \| (.+) \|$", DOC, re.MULTILINE)
    named = {int(bit): (name, members) for bit, name, members in rows}
    for flag in Change:
        assert flag.value in named, flag
        name, members = named[flag.value]
        assert name == str(flag.name).lower().replace("_", " ")
        fields = {field for field, f in _FIELDS.items() if f == flag}
        assert fields <= set(re.findall(r"`(\w+)`", members)), (flag, fields)
    assert set(named) == {flag.value for flag in Change}


def test_a_conflict_update_carries_bit_4096() -> None:
    async def body() -> None:
        async with hosting(Fight().state) as (_host, url):
            ws = await raw_join(url, "char:kell")
            await _send(ws, 1, {"type": "start_turn", "where": "conflict", "actor": "kell"})
            update = await receive_until(ws, "update")
            assert update.changes & 4096 and "conflict" in update.patch  # type: ignore[union-attr]
            assert update.changes & 2048  # type: ignore[union-attr]
            await ws.close()

    run(body())


def test_a_log_page_asked_past_the_end_holds_the_newest_entries_and_ends_at_the_log() -> None:
    roll = TrayRoll(system="sta", sta=TaskSpec(lead=Roller(target=11)), by="kell")

    async def body() -> None:
        async with hosting() as (host, url):
            for _ in range(30):
                host.apply(roll)
            ws = await raw_join(url, "char:kell")
            await ws.send(json.dumps({"type": "log_page", "id": 7, "before": 10**6, "count": 5}))
            page = await receive_until(ws, "log_page")
            assert isinstance(page, LogPage) and page.id == 7 and page.log_length == 30
            assert page.start == 25 and page.start + len(page.entries) == page.log_length
            await ws.close()

    run(body())


def test_a_refusal_for_rate_carries_the_ping_t_or_the_request_type() -> None:
    async def body() -> None:
        async with hosting() as (_host, url):
            ws = await raw_join(url, "char:kell")
            sent = [n + 0.5 for n in range(40)]
            for t in sent:  # a burst of 20: the rest refused
                await ws.send(json.dumps({"type": "ping", "t": t}))
            answers: list[HostMessage] = []
            while len(answers) < len(sent):
                message = await receive(ws)
                if message.type in ("pong", "refused"):
                    answers.append(message)
            refused = [a for a in answers if isinstance(a, Refused)]
            assert len(refused) >= 15 and all(r.request == "ping" for r in refused)
            assert all(r.retry_after and r.id is None for r in refused)
            assert [getattr(a, "t", None) for a in answers] == sent  # each names its ping
            for _ in range(5):
                await ws.send(json.dumps({"type": "resync"}))
            kinds = [(await receive_until(ws, k)).type for k in ("snapshot",) * 3]
            last = await receive_until(ws, "refused")
            assert kinds == ["snapshot"] * 3
            assert isinstance(last, Refused) and last.request == "resync" and last.t is None
            await ws.close()

    run(body())


@pytest.mark.parametrize(("written", "joined"), [("4.0", True), ("4.5", False), ('"4"', False)])
def test_a_protocol_written_with_a_zero_fraction_is_the_number(written: str, joined: bool) -> None:
    hello = f'{{"type": "hello", "protocol": {written.replace("4", str(PROTOCOL))}, '
    hello += f'"app": "{__version__}", "code": "{CODE}"}}'

    async def body() -> None:
        async with hosting() as (_host, url), connect(url) as fresh:
            await fresh.send(hello)
            answer = await receive(fresh)
            if joined:
                assert isinstance(answer, Welcome)
                await fresh.send(
                    json.dumps({"type": "log_page", "id": 3.0, "before": 0.0, "count": 1.0})
                )
                assert (await receive_until(fresh, "refused")).id == 3  # type: ignore[union-attr]
            else:
                assert isinstance(answer, Error) and answer.code == "hello_first"
                assert "hello.protocol" in answer.message

    run(body())


class _DeafClient:
    """A client that sends messages but never answers the host's ping frames: the
    WebSocket protocol without I/O, its pongs thrown away."""

    def __init__(self, url: str) -> None:
        self.url = urlsplit(url)
        self.protocol = ClientProtocol(parse_uri(url))
        self.texts: list[str] = []
        self.close_code: int | None = None

    async def open(self) -> None:
        self.reader, self.writer = await asyncio.open_connection(self.url.hostname, self.url.port)
        self.protocol.send_request(self.protocol.connect())
        self._flush()
        while not self.protocol.events_received():
            self.protocol.receive_data(await asyncio.wait_for(self.reader.read(65536), 5))

    def _flush(self) -> None:
        self.writer.write(b"".join(self.protocol.data_to_send()))

    def send(self, text: str) -> None:
        self.protocol.send_text(text.encode())
        self._flush()

    async def read(self, seconds: float) -> None:
        """Read for ``seconds`` (or until closed), throwing away every pong it owes."""
        loop = asyncio.get_running_loop()
        end = loop.time() + seconds
        while self.close_code is None and (left := end - loop.time()) > 0:
            try:
                data = await asyncio.wait_for(self.reader.read(65536), left)
            except TimeoutError:
                return
            if not data:
                return
            self.protocol.receive_data(data)
            self.protocol.data_to_send()  # (the pongs: never sent)
            for frame in self.protocol.events_received():
                if not isinstance(frame, Frame):
                    continue
                if frame.opcode is Opcode.TEXT:
                    self.texts.append(bytes(frame.data).decode())
                elif frame.opcode is Opcode.CLOSE:
                    self.close_code = Close.parse(frame.data).code

    def close(self) -> None:
        self.writer.close()


def test_a_client_that_never_answers_pings_is_told_why_then_closed_with_1011() -> None:
    async def body() -> None:
        async with hosting(ping_interval=0.2, ping_timeout=0.6) as (host, url):
            deaf = _DeafClient(url)
            await deaf.open()
            hello = {"type": "hello", "protocol": PROTOCOL, "app": "deaf", "code": CODE}
            deaf.send(json.dumps(hello))
            for n in range(40):  # it keeps talking: its own pings are answered
                deaf.send(json.dumps({"type": "ping", "t": float(n)}))
                await deaf.read(0.1)
                if deaf.close_code is not None:
                    break
            await deaf.read(3.0)
            kinds = [json.loads(t)["type"] for t in deaf.texts]
            assert kinds[0] == "welcome" and "pong" in kinds
            error = json.loads(deaf.texts[-1])
            assert error["type"] == "error" and error["code"] == "ping_timeout"
            assert "did not answer the host's pings for 0.6 s" in error["message"]
            assert deaf.close_code == 1011
            assert host.clients() == []
            deaf.close()
            # A client that answers its pings stays, well past the timeout.
            ws = await raw_join(url, "char:kell")
            await asyncio.sleep(1.5)
            assert len(host.clients()) == 1
            await ws.send(json.dumps({"type": "ping", "t": 1.0}))
            assert (await receive_until(ws, "pong")).type == "pong"
            await ws.close()

    run(body())


def test_without_the_npc_autopilot_a_windowless_battle_waits_at_the_npcs_turn() -> None:
    """docs/protocol.md 6b: nobody plays the NPCs but the GM or ``--npc-autopilot``."""

    async def body() -> None:
        async with hosting() as (host, url):
            seats = {}
            for _ in range(20):  # the players' moves, sent by their seats, until the NPCs'
                command = suggest(host.session.state, host.session.check)
                assert command is not None
                if command.by == "gm":
                    break
                if command.by not in seats:
                    seats[command.by] = await raw_join(url, f"char:{command.by}")
                ws = seats[command.by]
                await ws.send(
                    json.dumps(
                        {"type": "command", "id": 1, "command": command.model_dump(mode="json")}
                    )
                )
                assert (await receive_until(ws, "accepted")).type == "accepted"
            length = host.session.length
            await asyncio.sleep(0.5)
            state = host.session.state
            assert host.session.length == length and state.turn.side == "npc"
            ws = next(iter(seats.values()))
            await ws.send(json.dumps({"type": "resync"}))
            snapshot = await receive_until(ws, "snapshot")
            assert isinstance(snapshot, Snapshot)
            assert (
                snapshot.available.start_turn == "It is the NPCs' Turn: the players act after them."
            )
            NpcAutopilot(host, pause=0.01).poke()
            for _ in range(100):  # at most 5 s
                if host.session.length > length:
                    break
                await asyncio.sleep(0.05)
            assert host.session.length > length  # the autopilot plays on
            for ws in seats.values():
                await ws.close()

    run(body())
