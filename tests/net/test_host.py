"""The host on loopback with real sockets: joining, seat rights, redaction, hostile input."""

from __future__ import annotations

import asyncio
import json

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from bridge.engine.core.changes import Change
from bridge.engine.core.commands import EndTurn, SetValue, StartTurn, TrayRoll
from bridge.engine.demo import demo_encounter
from bridge.engine.ship.autopilot import suggest
from bridge.net.client import JoinRefused, NetClient
from bridge.net.protocol import PROTOCOL, Claim, Error, Refused, Resync, Snapshot
from bridge.rules.task import Roller, TaskSpec
from bridge.seatview import CREW, GM_EDIT, seat_log, seat_view

from .helpers import CODE, hosting, raw_join, receive, receive_until, run


def test_wrong_code_is_refused_and_repeated_tries_are_slowed_down() -> None:
    async def body() -> None:
        async with hosting() as (_host, url):
            with pytest.raises(JoinRefused) as wrong:
                await NetClient(url, "NOPE00").connect()
            assert wrong.value.code == "code"
            assert "Wrong join code" in wrong.value.reason
            with pytest.raises(JoinRefused) as again:
                await NetClient(url, CODE).connect()  # even the right code must wait now
            assert again.value.code == "slow_down"
            assert "try again in" in again.value.reason
            await asyncio.sleep(0.6)
            client = NetClient(url, CODE.lower())
            assert (await client.connect()).battle == "Ambush at Kessik Nebula"
            await client.close()

    run(body())


def test_a_version_mismatch_says_both_versions() -> None:
    async def body() -> None:
        async with hosting() as (_host, url):
            with pytest.raises(JoinRefused) as refused:
                await NetClient(url, CODE, protocol=PROTOCOL + 5).connect()
            assert refused.value.code == "version"
            assert f"protocol {PROTOCOL})" in refused.value.reason
            assert f"protocol {PROTOCOL + 5})" in refused.value.reason

    run(body())


def test_the_first_message_must_be_a_hello() -> None:
    async def body() -> None:
        async with hosting() as (_host, url), connect(url) as ws:
            await ws.send(Claim(seat="char:reyes").model_dump_json())
            answer = await receive(ws)
            assert isinstance(answer, Error) and answer.code == "hello_first"
            with pytest.raises(ConnectionClosed):
                await asyncio.wait_for(ws.recv(), 5)

    run(body())


def test_seat_hijacks_are_refused_and_change_nothing() -> None:
    async def body() -> None:
        async with hosting() as (host, url):
            reyes = NetClient(url, CODE)
            await reyes.connect()
            await reyes.claim("char:reyes")
            before = host.session.state
            naming_other = await reyes.submit(StartTurn(actor="tovan"))
            assert isinstance(naming_other, Refused)
            assert naming_other.reason == (
                "Only Lt. Tovan's own player (or the GM) can start their Turn."
            )
            claiming_other = await reyes.submit(StartTurn(by="tovan", actor="tovan"))
            assert isinstance(claiming_other, Refused)  # `by` is the seat's, never the client's
            gm_only = await reyes.submit(SetValue(by="gm", path="threat.value", value=20))
            assert isinstance(gm_only, Refused) and gm_only.reason == "Only the GM can do that."
            assert host.session.state == before and host.revision == 0

            thief = NetClient(url, CODE)
            await thief.connect()
            with pytest.raises(JoinRefused, match="taken"):
                await thief.claim("char:reyes")

            assert (await reyes.submit(StartTurn(actor="reyes"))).type == "accepted"
            await thief.claim("char:tovan")
            ending = await thief.submit(EndTurn())
            assert isinstance(ending, Refused)
            assert (
                ending.reason == "It is Capt. Elena Reyes's Turn: only they (or the GM) can end it."
            )
            assert host.session.state.turn.actor == "reyes"

            watcher = NetClient(url, CODE)
            await watcher.connect()
            await watcher.claim("viewscreen")
            watching = await watcher.submit(EndTurn())
            assert isinstance(watching, Refused) and "only watches" in watching.reason
            for c in (reyes, thief, watcher):
                await c.close()

    run(body())


def test_players_never_receive_unscanned_npc_statistics_or_gm_only_lines() -> None:
    async def body() -> None:
        async with hosting() as (host, url):
            ws = await raw_join(url)
            await ws.send(Claim(seat="char:sorel").model_dump_json())
            frames = [await ws.recv() for _ in range(2)]  # seated, snapshot
            host.apply(SetValue(path="threat.value", value=9))
            sta = TaskSpec(lead=Roller(target=11), difficulty=1)
            host.apply(TrayRoll(system="sta", sta=sta, label="secret roll"))
            frames += [str(await receive_until_text(ws, "update")) for _ in range(2)]
            received = "".join(str(f) for f in frames)
            for hidden in ("Disruptor Cannons", "Disruptor Banks", "secret roll", CODE):
                assert hidden not in received
            state = json.loads(frames[1])["state"]
            for npc in ("qoj", "vortak"):
                assert state["ships"][npc]["weapons"] == []
                assert state["ships"][npc]["name"] == demo_encounter().ships[npc].name
            assert json.loads(frames[-1])["entry"]["lines"] == [GM_EDIT]
            assert json.loads(frames[-2])["patch"]["threat"]["value"] == 9  # Threat is public
            await ws.close()

        scanned = demo_encounter().model_copy(update={"scanned": ("qoj",)})
        async with hosting(scanned) as (_host, url):
            ws = await raw_join(url)
            await ws.send(Claim(seat="char:sorel").model_dump_json())
            received = str(await ws.recv()) + str(await ws.recv())
            assert "Disruptor Cannons" in received  # scanned: the players read it
            assert "Disruptor Banks" not in received  # the other one is still unscanned
            await ws.close()

    async def receive_until_text(ws: object, kind: str) -> str:
        for _ in range(20):
            text = await asyncio.wait_for(ws.recv(), 5)  # type: ignore[attr-defined]
            if json.loads(text)["type"] == kind:
                return str(text)
        raise AssertionError(kind)

    run(body())


def test_hostile_frames_are_answered_and_the_battle_goes_on() -> None:
    hostile = [
        "[" * 60_000,
        '{"a":' * 10_000,
        "not json at all",
        '{"type": "teleport"}',
        '{"type": "command", "id": -1, "command": {"type": "start_turn", "actor": "x"}}',
        '{"type": "command", "id": 1, "command": {"type": "minor"}}',
        '{"type": "command", "id": 1, "command": {"type": "set_value", "path": "", "value": 1}}',
        '{"type": "hello", "protocol": 1, "app": "x", "code": "TEST42"}',
        '{"type": "claim", "seat": "' + "x" * 5000 + '"}',
        "null",
        "[]",
        '{"type": "ping", "t": "soon"}',
    ]

    async def body() -> None:
        async with hosting(max_bad_frames=10_000) as (host, url):
            ws = await raw_join(url, seat="char:reyes")
            for n in range(260):
                await ws.send(hostile[n % len(hostile)])
                answer = await receive_until(ws, "refused")
                assert isinstance(answer, Refused) and answer.reason
            async with connect(url, max_size=None) as big:  # over the size cap: closed
                await big.send("x" * 70_000)
                with pytest.raises(ConnectionClosed) as closed:
                    await asyncio.wait_for(big.recv(), 5)
                assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
            player = NetClient(url, CODE)
            await player.connect()
            await player.claim("char:tovan")
            assert (await player.submit(StartTurn(actor="tovan"))).type == "accepted"
            assert host.session.state.turn.actor == "tovan"
            await player.close()
            await ws.close()

    run(body())


def test_a_client_sending_only_garbage_is_dropped() -> None:
    async def body() -> None:
        async with hosting(max_bad_frames=5) as (host, url):
            ws = await raw_join(url)
            for _ in range(6):
                await ws.send("garbage")
            last = await receive_until(ws, "error")
            assert isinstance(last, Error) and last.code == "bad_frame"
            for _ in range(50):
                if not host.clients():
                    break
                await asyncio.sleep(0.05)
            assert host.clients() == []

    run(body())


def test_a_client_that_stops_reading_is_dropped_and_the_others_keep_up() -> None:
    async def body() -> None:
        async with hosting(send_limit=64 * 1024) as (host, url):
            stalled = await raw_join(url, seat="viewscreen")
            stalled.transport.pause_reading()  # reads nothing more from its socket
            reader = NetClient(url, CODE, record_revisions=True)
            await reader.connect()
            await reader.claim("char:reyes")
            dropped = False
            for _ in range(3000):
                # Each resync asks for a whole snapshot, which the host must hold for it.
                await stalled.send(Resync().model_dump_json())
                host.publish(Change.ALL)
                await asyncio.sleep(0)
                if len(host.clients()) == 1:
                    dropped = True
                    break
            assert dropped, "a stalled client must be dropped, not buffered"
            assert [c.seat for c in host.clients()] == ["char:reyes"]
            assert await reader.wait_revision(host.revision)
            assert reader.revisions == list(range(1, host.revision + 1))
            await reader.close()
            stalled.transport.abort()

    run(body())


def test_every_client_sees_every_revision_once_in_order_and_ends_equal() -> None:
    async def body() -> None:
        async with hosting() as (host, url):
            clients = [NetClient(url, CODE, record_revisions=True) for _ in range(4)]
            seats = ("char:reyes", "char:kell", "viewscreen", "viewscreen")
            for client, seat in zip(clients, seats, strict=True):
                await client.connect()
                await client.claim(seat)
            for step in range(150):
                command = suggest(host.session.state, host.session.check)
                if command is None:
                    break
                host.apply(command)
                if step % 7 == 0:
                    host.session.undo()
                    host.publish(Change.ALL)
                if step % 3 == 0:
                    await asyncio.sleep(0)
            view = seat_view(host.session.state, CREW)
            for client in clients:
                assert await client.wait_revision(host.revision, timeout=20)
                assert client.revisions == list(range(1, host.revision + 1))
                assert client.resyncs == 0
                assert client.state == view
                assert client.log == host.fanout.player_log
            for client in clients:
                await client.close()

    run(body())


def test_a_missed_revision_is_recovered_from_a_snapshot() -> None:
    async def body() -> None:
        async with hosting() as (host, url):
            client = NetClient(url, CODE)
            await client.connect()
            await client.claim("char:mbeki")
            host.revision += 1  # as if an update had been lost on the way
            host.apply(StartTurn(actor="mbeki"))
            assert await client.wait_revision(host.revision)
            assert client.resyncs == 1
            assert client.state == seat_view(host.session.state, CREW)
            ws = await raw_join(url, seat="viewscreen")
            await ws.send(Resync().model_dump_json())
            snapshot = await receive_until(ws, "snapshot")
            assert isinstance(snapshot, Snapshot) and snapshot.revision == host.revision
            await client.close()
            await ws.close()

    run(body())


def test_the_gm_frees_a_seat_and_its_client_stays_out() -> None:
    async def body() -> None:
        async with hosting() as (host, url):
            kell = NetClient(url, CODE)
            await kell.connect()
            await kell.claim("char:kell")
            host.free_seat("char:kell")
            for _ in range(100):
                if kell.last_error is not None and not host.clients():
                    break
                await asyncio.sleep(0.05)
            assert kell.last_error is not None and kell.last_error.code == "removed"
            assert host.clients() == []
            other = NetClient(url, CODE)
            await other.connect()
            assert (await other.claim("char:kell")).character == "kell"
            host.set_shared("char:kell", True)
            second = NetClient(url, CODE)
            await second.connect()
            await second.claim("char:kell")
            infos = {s.id: s for s in host.seats.infos(host.session.state)}
            assert infos["char:kell"].clients == 2 and infos["char:kell"].shared
            host.apply(StartTurn(actor="kell"))
            for c in (other, second):
                assert await c.wait_revision(host.revision)
                assert c.state is not None and c.state.turn.actor == "kell"
                await c.close()

    run(body())


def test_a_fast_sample_of_the_hostile_frame_fuzz() -> None:
    """The full run is `bridge stress net --count 5000`."""
    from bridge.bench.hostile_frames import run_fuzz

    result = run(run_fuzz(400, seed=11))
    assert result.sent == 400
    assert result.answered + result.reconnects == 400


def test_a_contact_keeps_what_the_contact_list_shows_and_nothing_else() -> None:
    """Issue 28: a silhouette carried a made-up Power and the real shields maximum. A
    sensor contact says it is one; what is not known is null, never a number."""
    from bridge.seatview import contact

    ship = demo_encounter().ships["qoj"]
    shadow = contact(ship)
    assert shadow.contact and (shadow.shields_up, shadow.damage) == (ship.shields_up, ship.damage)
    assert shadow.weapons == () and shadow.talents == () and shadow.crew_quality is None
    data = shadow.model_dump(mode="json")
    assert data["power"] is None and data["shields"] is None
    assert data["shields_max_override"] is None and data["resistance_override"] is None


def test_a_thin_client_gets_the_difficulty_and_odds_from_the_host() -> None:
    from bridge.engine.gate import preview_task
    from bridge.engine.ship.commands import AttemptTask
    from bridge.rules.odds import task_odds

    async def body() -> None:
        async with hosting() as (host, url):
            kell = NetClient(url, CODE)
            await kell.connect()
            await kell.claim("char:kell")
            fire = AttemptTask(action="fire_weapon", target="qoj", weapon="Phaser Arrays")
            early = await kell.preview(fire)
            assert early.reason == "Tasks are attempted during a Turn: start one first."
            assert early.odds is None
            await kell.submit(StartTurn(actor="kell"))
            answer = await kell.preview(fire.model_copy(update={"by": "reyes"}))
            plan = preview_task(host.session.state, fire.model_copy(update={"by": "kell"}))
            assert not isinstance(plan, str)
            assert answer.reason is None
            assert answer.difficulty == plan.difficulty and answer.items == plan.items
            assert answer.odds == task_odds(plan.spec)
            await kell.close()

    run(body())


def test_publishing_never_copies_the_journal(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Command's cost must not grow with the battle's length: the players' log follows
    the journal by its last entries; an undo is an update, other edits a snapshot."""
    from bridge.engine import Session

    async def body() -> None:
        async with hosting() as (host, url):
            client = NetClient(url, CODE, record_revisions=True)
            await client.connect()
            await client.claim("char:reyes")
            monkeypatch.setattr(
                Session, "journal", property(lambda _s: pytest.fail("journal copied"))
            )
            for step in range(40):
                command = suggest(host.session.state, host.session.check)
                assert command is not None
                host.apply(command)
                if step % 5 == 0:
                    host.session.undo()
                    host.publish(Change.ALL)
            assert await client.wait_revision(host.revision)
            assert client.revisions == list(range(1, host.revision + 1))
            monkeypatch.undo()
            # Two undos and a new Command in one change: the log is read again, and every
            # seat gets a snapshot of it.
            host.session.undo()
            host.session.undo()
            again = suggest(host.session.state, host.session.check)
            assert again is not None
            host.session.apply(again)
            host.publish(Change.ALL)
            assert await client.wait_revision(host.revision)
            assert client.resyncs == 0 and client.revisions == []
            assert client.log == host.fanout.player_log
            assert client.log == [seat_log(e, CREW) for e in host.session.journal]
            await client.close()

    run(body())


def test_updates_carry_only_what_changed_and_nothing_hidden() -> None:
    """Each update is a patch of the seat's view: a hidden statistic the GM edits sends
    nothing but the log line; what the players see is sent alone; the legal actions only
    when they changed."""

    async def body() -> None:
        async with hosting() as (host, url):
            ws = await raw_join(url, seat="char:kell")
            follower = NetClient(url, CODE, record_revisions=True)
            await follower.connect()
            await follower.claim("viewscreen")
            host.apply(SetValue(path="ships.vortak.systems.weapons", value=12))
            hidden = json.loads(str(await receive_text(ws, "update")))
            assert hidden["patch"] == {} and hidden["available"] is None
            assert hidden["entry"]["lines"] == [GM_EDIT]
            host.apply(SetValue(path="ships.vortak.shields", value=2))
            shields = json.loads(str(await receive_text(ws, "update")))
            assert shields["patch"] == {}  # an unscanned ship's shields are its own
            host.apply(SetValue(path="ships.vortak.shields_up", value=False))
            lowered = json.loads(str(await receive_text(ws, "update")))
            assert lowered["patch"] == {"ships": {"vortak": {"shields_up": False}}}
            host.apply(StartTurn(actor="kell"))
            turn = json.loads(str(await receive_text(ws, "update")))
            assert set(turn["patch"]) == {"turn"} and turn["available"]["turn"] is None
            for text in (hidden, shields, lowered, turn):
                assert "Disruptor" not in json.dumps(text)
            assert await follower.wait_revision(host.revision)
            assert follower.state == seat_view(host.session.state, CREW)
            assert follower.revisions == [1, 2, 3, 4] and follower.resyncs == 0
            late = NetClient(url, CODE)
            await late.connect()
            await late.claim("char:reyes")  # a snapshot of the same view
            assert late.state == follower.state and late.revision == host.revision
            host.apply(EndTurn(by="kell"))
            for client in (late, follower):
                assert await client.wait_revision(host.revision)
                assert client.state == seat_view(host.session.state, CREW)
                await client.close()
            await ws.close()

    async def receive_text(ws: object, kind: str) -> str:
        for _ in range(20):
            text = await asyncio.wait_for(ws.recv(), 5)  # type: ignore[attr-defined]
            if json.loads(text)["type"] == kind:
                return str(text)
        raise AssertionError(kind)

    run(body())


def test_an_update_is_encoded_once_and_each_seats_legal_actions_added_to_it() -> None:
    from bridge.engine.session import Session
    from bridge.net.fanout import _with_available
    from bridge.net.patch import diff_json
    from bridge.net.protocol import LogEntry, Update
    from bridge.rules.dice import SeededDice
    from bridge.seatview import availability

    session = Session(demo_encounter(), SeededDice(5))
    before = availability(session.state, "reyes").model_dump(mode="json")
    session.apply(StartTurn(by="reyes", actor="reyes"))
    after = availability(session.state, "reyes").model_dump(mode="json")
    available = diff_json(before, after)
    assert isinstance(available, dict) and available
    entry = LogEntry(round=1, by="reyes", action="tray_roll", lines=('a "quoted" line}',))
    fields = {"revision": 3, "changes": 5, "patch": {"threat": {"value": 4}}, "log_length": 2}
    common = Update(**fields, entry=entry).model_dump_json()
    text = _with_available(common, available)
    assert text == Update(**fields, entry=entry, available=available).model_dump_json()
    assert Update.model_validate_json(text).available == available


def test_the_host_keeps_only_the_newest_entries_and_players_still_follow_every_undo(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The host holds the newest journal entries only (issue 14: the Session packs the
    older ones, and memory stays flat); an undo past what it holds reads the journal
    again, and every client's log still ends equal to the journal's."""
    from bridge.net import fanout as fanout_module

    monkeypatch.setattr(fanout_module, "KNOWN_ENTRIES", 3)

    async def body() -> None:
        async with hosting() as (host, url):
            client = NetClient(url, CODE)
            await client.connect()
            await client.claim("char:reyes")
            for step in range(40):
                command = suggest(host.session.state, host.session.check)
                assert command is not None
                host.apply(command)
                assert len(host.fanout.log_sources) <= 6
                if step % 9 == 8:  # deeper than the host holds
                    for _ in range(5):
                        host.session.undo()
                        host.publish(Change.ALL)
            assert await client.wait_revision(host.revision, timeout=20)
            assert client.log == [seat_log(e, CREW) for e in host.session.journal]
            assert client.resyncs == 0
            await client.close()

    run(body())


def test_a_snapshot_holds_every_member_with_explicit_nulls() -> None:
    """docs/protocol.md: a snapshot is the battle's JSON in full; what an update removes
    with null is null in it (a thin client may treat absent and null alike)."""

    async def body() -> None:
        async with hosting() as (_host, url):
            ws = await connect(url)
            await ws.send(
                json.dumps({"type": "hello", "protocol": PROTOCOL, "app": "x", "code": CODE})
            )
            await ws.send(json.dumps({"type": "claim", "seat": "viewscreen"}))
            for _ in range(5):
                data = json.loads(await asyncio.wait_for(ws.recv(), 5))
                if data["type"] == "snapshot":
                    break
            state = data["state"]
            assert state["pending"] is None and state["last_roll"] is None
            assert state["outcome"] is None and state["turn"]["actor"] is None
            qoj = state["ships"]["qoj"]
            assert qoj["contact"] is True and qoj["shields"] is None and qoj["power"] is None
            assert data["available"]["character"] is None and data["log_start"] == 0
            await ws.close()

    run(body())


def test_a_thin_client_fills_a_conflict_entry_from_its_fields_and_previews_it() -> None:
    """Protocol 5: a Conflict card entry is an action like a station's, its fields and
    their legal choices in the card the seat receives; a thin client builds the Command
    from them alone (a choice that holds only with another field's value says so), asks
    the same ``preview`` a ship Task takes for the odds, and sends it."""
    from bridge.engine import demo_boarding
    from bridge.net.protocol import PreviewTask, TaskPreview
    from bridge.seatview import availability

    async def body() -> None:
        async with hosting(demo_boarding()) as (host, url):
            ws = await raw_join(url, "char:kell")
            start = {"type": "start_turn", "where": "conflict", "actor": "kell"}
            await ws.send(json.dumps({"type": "command", "id": 1, "command": start}))
            assert (await receive_until(ws, "accepted")).type == "accepted"
            card = availability(host.session.state, "kell").conflict  # (what the seat got)
            assert card is not None
            attack = next(e for e in card.tasks if e.key == "attack")
            assert attack.reason is None and attack.rolled
            fields = {p.name: p for p in attack.params}
            weapon = fields["weapon"].default or fields["weapon"].choices[0].value
            targets = [
                c.value
                for c in fields["target"].choices
                if weapon in c.only_with.get("weapon", (weapon,))
            ]
            assert "klingon-warrior" in targets
            command = {**attack.command, "target": "klingon-warrior", "weapon": weapon}
            ask = PreviewTask.model_validate({"type": "preview", "id": 2, "command": command})
            await ws.send(ask.model_dump_json())
            preview = await receive_until(ws, "task_preview")
            assert isinstance(preview, TaskPreview) and preview.reason is None
            assert preview.attack is not None and preview.lines and preview.roll
            await ws.send(json.dumps({"type": "command", "id": 3, "command": command}))
            assert (await receive_until(ws, "accepted")).type == "accepted"
            pending = host.session.state.conflict.pending  # type: ignore[union-attr]
            assert pending is not None and pending.params.target == "klingon-warrior"
            await ws.close()

    run(body())


def test_the_windowless_hosts_autopilot_plays_the_npc_figures_of_a_personal_conflict() -> None:
    """``bridge host --npc-autopilot`` on a boarding action: after an officer's Turn the
    NPC figures' Turns are played (as the GM's AUTOPILOT TURN plays them), so a table of
    phones is not left waiting for a GM's Bridge; an officer's Turn is never taken."""
    from bridge.engine import demo_boarding
    from bridge.net.serve import NpcAutopilot

    async def body() -> None:
        async with hosting(demo_boarding()) as (host, url):
            NpcAutopilot(host, pause=0.01).poke()
            await asyncio.sleep(0.1)
            conflict = host.session.state.conflict
            assert conflict is not None and conflict.turn.side == "player"
            assert conflict.turn.actor is None  # the officers' move: nothing is played
            ws = await raw_join(url, "char:kell")
            for n, command in enumerate(
                (
                    {"type": "start_turn", "where": "conflict", "actor": "kell"},
                    {"type": "conflict_task", "action": "pass"},
                    {"type": "end_turn", "where": "conflict"},
                ),
                start=1,
            ):
                await ws.send(json.dumps({"type": "command", "id": n, "command": command}))
                assert (await receive_until(ws, "accepted")).type == "accepted"
            answered = 0
            for _ in range(200):  # at most 10 s
                now = host.session.state.conflict
                assert now is not None
                front = now.decisions[0] if now.decisions else None
                if front is not None and front.figure in (
                    "kell",
                    "reyes",
                    "tovan",
                    "mbeki",
                    "sorel",
                ):
                    # an officer hit must decide (Avoid Injury): the player answers, and
                    # the autopilot goes on with the NPC's Turn
                    answered += 1
                    answer = {"type": "avoid_injury", "figure": front.figure, "pay": "none"}
                    if front.kind == "resist_knockdown":
                        answer = {
                            "type": "resist_knockdown",
                            "figure": front.figure,
                            "resist": False,
                        }
                    seat = (
                        await raw_join(url, f"char:{front.figure}")
                        if front.figure != "kell"
                        else ws
                    )
                    await seat.send(
                        json.dumps({"type": "command", "id": 100 + answered, "command": answer})
                    )
                    assert (await receive_until(seat, "accepted")).type == "accepted"
                    if seat is not ws:
                        await seat.close()
                    continue
                played = [f for f in now.figures if f in now.turn.acted or f == now.turn.actor]
                if any(now.figures[f].npc is not None for f in played) and now.turn.actor is None:
                    break
                await asyncio.sleep(0.05)
            else:
                raise AssertionError(f"the autopilot finished no NPC figure's Turn: {now.turn}")
            officers = [f for f in now.turn.acted if now.figures[f].npc is None]
            assert set(officers) <= {"kell"}  # no other officer's Turn was taken
            await ws.close()

    run(body())
