"""The host: owns the Session, serves WebSocket clients, sends each seat its view.

Every change goes out as an :class:`Update` with the next revision number, to every
seated client: what changed in the players' view since the previous revision (a JSON
merge patch) and the seat's legal actions when they changed. Frames are written to the
clients' sockets at once (before the GM's windows refresh); what a socket does not take
waits in that connection's buffer, bounded: a client whose buffer passes ``send_limit``
(it stopped reading) is dropped, never buffered without limit. Commands from a client
are stamped with the seat's character before the Session sees them. Plain HTTP requests
to the same port get the web station (:mod:`bridge.net.web`).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import math
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TypeVar

from pydantic import ValidationError
from pydantic_core import to_json
from websockets.asyncio.server import Server, ServerConnection, broadcast, serve
from websockets.exceptions import ConnectionClosed

from bridge import __version__
from bridge.engine import (
    NEED_LABELS,
    OPTIONAL_NEEDS,
    Applied,
    Change,
    Command,
    CommandRefused,
    ConflictMinor,
    ConflictTask,
    Encounter,
    JournalEntry,
    Need,
    Session,
    command_adapter,
    conflict_choices,
    conflict_needs,
    conflict_preview,
    parts_changed,
    preview_task,
    with_choice,
)
from bridge.net.guard import JoinGuard
from bridge.net.limits import LIMITS, Kind, RateLimits
from bridge.net.patch import JsonObject, diff_json, state_patch
from bridge.net.protocol import (
    LOG_PAGE_BYTES,
    LOG_PAGE_ENTRIES,
    MAX_CLIENT_FRAME,
    MAX_HOST_FRAME,
    PROTOCOL,
    Accepted,
    Availability,
    Claim,
    ConflictForm,
    ConflictFormRequest,
    Error,
    ErrorCode,
    Hello,
    LogEntry,
    LogPage,
    LogPageRequest,
    Ping,
    Pong,
    PreviewTask,
    Refused,
    Resync,
    Seated,
    Seats,
    SendCommand,
    Snapshot,
    TaskPreview,
    Update,
    Welcome,
    parse_client,
    version_mismatch,
)
from bridge.net.seats import SeatPlan, SeatRefused
from bridge.net.web import WebPages
from bridge.rules.odds import task_odds
from bridge.seatview import CREW, Memo, availability, figure_of, seat_log, seat_view
from bridge.storage.logs import keep_secret

__all__ = ["ClientInfo", "Host"]

log = logging.getLogger(__name__)


_Chosen = TypeVar("_Chosen", ConflictTask, ConflictMinor)


def _filled(command: _Chosen, chosen: Mapping[Need, str]) -> _Chosen:
    """``command`` with each chosen value in the fields its need fills (the engine's
    :func:`~bridge.engine.with_choice`); a value the entry does not take is refused."""
    for need, value in chosen.items():
        try:
            command = with_choice(command, need, value)
        except (ValidationError, ValueError):
            raise ValueError(f"'{value[:40]}' is not a {need.value} this entry takes.") from None
    return command


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
class _Client:
    id: int
    ws: ServerConnection
    address: str
    name: str
    since: float = field(default_factory=time.time)
    dropped: bool = False
    bad_frames: int = 0
    closing: asyncio.Task[None] | None = None
    limits: RateLimits = field(default_factory=RateLimits)


_NO_AVAILABLE = '"available":null}'

KNOWN_ENTRIES = 1024
"""How many of the newest journal entries the host keeps to follow the journal (the
Session packs older ones; an undo reaching further back reads the journal again)."""


def _with_available(update: str, available: JsonObject) -> str:
    """``update`` (an :class:`Update`'s JSON without ``available``: its last field) with
    ``available`` (a merge patch), without encoding the patch and the entry again."""
    if not update.endswith(_NO_AVAILABLE):  # (cannot happen: the field order is fixed)
        message = Update.model_validate_json(update).model_copy(update={"available": available})
        return message.model_dump_json()
    return f'{update[: -len(_NO_AVAILABLE)]}"available":{to_json(available).decode()}}}'


_KINDS: dict[type, Kind] = {
    SendCommand: "command",
    PreviewTask: "preview",
    ConflictFormRequest: "preview",
    Claim: "snapshot",
    Resync: "snapshot",
    LogPageRequest: "log_page",
    Ping: "ping",
}


_BINARY = "Binary frames are not understood: send JSON in text frames."


def _seconds(wait: float) -> str:
    """A wait in whole seconds, never "0 s"."""
    n = max(1, math.ceil(wait))
    return f"{n} s"


class Host:
    """Serve ``session`` to network clients; ``apply`` is the one way to change it."""

    def __init__(
        self,
        session: Session,
        code: str,
        *,
        seats: SeatPlan | None = None,
        send_limit: int = 2 * MAX_HOST_FRAME,
        hello_timeout: float = 10.0,
        max_bad_frames: int = 200,
        limits: dict[Kind, tuple[float, float]] | None = None,
        web: bool = True,
    ) -> None:
        self.session = session
        keep_secret(code)  # never in the log
        self.guard = JoinGuard(code)
        self.web = WebPages(self.guard, lambda: self.session.state) if web else None
        """The web station, served to plain HTTP requests on the same port."""
        self.seats = seats or SeatPlan()
        self.seats.sync(session.state)
        self.revision = 0
        self.send_limit = send_limit
        """Bytes a connection may hold unsent (beyond its socket's) before it is dropped."""
        self.hello_timeout = hello_timeout
        self.max_bad_frames = max_bad_frames
        self.limits = dict(limits or LIMITS)
        """Per kind of message: (messages a second, burst) each connection may send."""
        self.listeners: list[Callable[[], None]] = []
        """Called when the seat list or a client's connection changes (for the GM's panel)."""
        self.after_change: list[Callable[[], None]] = []
        """Called after every broadcast change (the windowless host's NPC autopilot)."""
        self.client_applied: list[Callable[[Applied], None]] = []
        """Called with every client Command the Session applied (the GM's windows refresh)."""
        self._clients: dict[int, _Client] = {}
        self._ids = itertools.count(1)
        self._server: Server | None = None
        self._log_length = 0
        self._log_sources: list[JournalEntry] = []
        """The newest journal entries behind ``_player_log`` (to tell an undo from other
        edits): at most twice :data:`KNOWN_ENTRIES`, so the Session can pack older ones."""
        self._player_log: list[LogEntry] = []
        self._read_journal()
        self._memo: Memo = {}
        self._answered_state: Encounter | None = None
        self._answers: dict[str | None, tuple[Availability, JsonObject]] = {}
        self._viewed: Encounter
        """The state ``_view`` shows."""
        self._view: Encounter
        """The players' view at ``revision``, as sent (snapshots send it too)."""
        self._view_doc: JsonObject
        """``_view``'s JSON, from which the next update's patch is computed."""
        self._sent_available: dict[str | None, tuple[Availability, JsonObject]]
        """The legal actions each character's clients hold at ``revision`` (as JSON)."""
        self._new_view()

    # -- serving -------------------------------------------------------------------------
    async def start(self, host: str | None, port: int) -> int:
        """Listen on ``host`` (``None``: every interface) and ``port`` (0: any free one)."""
        self._server = await serve(
            self._serve,
            host,
            port,
            max_size=MAX_CLIENT_FRAME,
            max_queue=16,
            ping_interval=5,
            ping_timeout=20,
            compression=None,
            process_request=self.web,
        )
        return int(next(iter(self._server.sockets)).getsockname()[1])

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
            self._server = None

    # -- changing the battle --------------------------------------------------------------
    def apply(self, command: Command) -> Applied:
        """Apply ``command`` (the GM's or a stamped client's) and send the change out."""
        applied = self.session.apply(command)
        self.publish(applied.changes)
        return applied

    def publish(self, changes: Change) -> None:
        """Send the Session's current state to every seat as the next revision.

        Call it after any change made outside :meth:`apply` (an undo, the GM's windows).
        Its cost does not grow with the journal: the log follows it by its last entries.
        """
        entry, whole = self._follow_journal()
        if whole:  # the journal changed in the middle: every seat starts again
            self._resnapshot()
        else:
            self.revision += 1
            self.seats.sync(self.session.state)
            patch: JsonObject = {}
            if self.session.state is not self._viewed:  # (a dice-tray roll changes nothing)
                self._viewed = self.session.state
                view = seat_view(self._viewed, CREW, self._memo)
                patch, self._view_doc = state_patch(self._view, self._view_doc, view)
                self._view = view
            # What changed in the seat's view, not in the battle: a hidden edit shows no part.
            changes = parts_changed(patch) | (changes & Change.LOG)
            audiences: dict[str | None, list[_Client]] = {}
            for client in list(self._clients.values()):
                seat = self.seats.seat_of(client.id)
                if seat is not None:
                    audiences.setdefault(self.seats.character_of(seat), []).append(client)
            sent, self._sent_available = self._sent_available, {}
            unchanged: list[_Client] = []
            common = self._update(changes, patch, entry)
            for character, clients in audiences.items():
                answer = self._sent_available[character] = self._available(character)
                held = sent.get(character)
                if held is None:  # (cannot happen: every seated client holds its actions)
                    for client in clients:
                        self._send(client, self._snapshot(client))
                    continue
                old, doc = held[1], answer[1]
                changed = diff_json(old, doc) if old is not doc else {}
                if changed:
                    assert isinstance(changed, dict)
                    self._send_to(clients, _with_available(common, changed))
                else:
                    unchanged.extend(clients)
            self._send_to(unchanged, common)
        if changes & (Change.SEATS | Change.CREW):
            self._seats_changed()
        for callback in self.after_change:
            callback()

    def _follow_journal(self) -> tuple[LogEntry | None, bool]:
        """Bring the players' log up to the journal: the new entry, if one was added; and
        whether the journal changed otherwise than by one entry at its end (it is then
        read whole, and every seat needs a snapshot)."""
        length = self.session.length
        known = self._log_sources
        if length == self._log_length + 1:
            last = self.session.recent(2)
            if length == 1 or (known and last[0] is known[-1]):
                known.append(last[-1])
                if len(known) > 2 * KNOWN_ENTRIES:
                    del known[:-KNOWN_ENTRIES]  # an undo deeper than these reads the journal
                self._player_log.append(seat_log(last[-1], CREW))
                self._log_length = length
                return self._player_log[-1], False
        elif length == self._log_length - 1 and known:
            last = self.session.recent(1)
            if (last[0] if last else None) is (known[-2] if len(known) > 1 else None):  # undo
                known.pop()
                self._player_log.pop()
                self._log_length = length
                return None, False
        elif length == self._log_length:
            last = self.session.recent(1)
            if (last[0] if last else None) is (known[-1] if known else None):
                return None, False
        self._read_journal()
        return None, True

    def _read_journal(self) -> None:
        journal = self.session.journal
        self._log_sources = list(journal[-KNOWN_ENTRIES:])
        self._player_log = [seat_log(e, CREW) for e in journal]
        self._log_length = len(journal)

    def _update(self, changes: Change, patch: JsonObject, entry: LogEntry | None) -> str:
        """The update's JSON without the legal actions (encoded once for every seat)."""
        return Update(
            revision=self.revision,
            changes=changes.value,
            patch=patch,
            log_length=self._log_length,
            entry=entry,
        ).model_dump_json()

    def _new_view(self) -> None:
        """Start the players' view afresh (what the next updates are patches of)."""
        self._memo.clear()
        self._viewed = self.session.state
        self._view = seat_view(self._viewed, CREW, self._memo)
        self._view_doc = self._view.model_dump(mode="json")
        self._sent_available = {}

    def _resnapshot(self) -> None:
        self.revision += 1
        self.seats.sync(self.session.state)
        self._new_view()
        for client in list(self._clients.values()):
            if self.seats.seat_of(client.id) is not None:
                self._send(client, self._snapshot(client))

    def replace_session(self, session: Session) -> None:
        """Another battle (the GM opened a file): every client gets a fresh snapshot."""
        self.session = session
        self._read_journal()
        self._resnapshot()
        self._seats_changed()

    # -- the GM's seat controls -------------------------------------------------------------
    def clients(self) -> list[ClientInfo]:
        return [
            ClientInfo(
                id=c.id,
                name=c.name,
                address=c.address,
                seat=self.seats.seat_of(c.id),
                rtt_ms=None if c.ws.latency is None else c.ws.latency * 1000,
                since=c.since,
            )
            for c in self._clients.values()
            if not c.dropped
        ]

    def free_seat(self, seat: str) -> None:
        """Free ``seat``: its clients are removed and its token stops working."""
        for cid in self.seats.free(seat):
            self.remove_client(cid, "The GM freed your seat.")
        self._seats_changed()

    def set_shared(self, seat: str, shared: bool) -> None:
        """Let more than one client hold ``seat`` (or stop letting them)."""
        self.seats.set_shared(seat, shared)
        self._seats_changed()

    def remove_client(
        self, client_id: int, why: str = "The GM removed you from the battle."
    ) -> None:
        client = self._clients.get(client_id)
        if client is not None:
            self._drop(client, "removed", why)

    # -- one connection ------------------------------------------------------------------------
    async def _serve(self, ws: ServerConnection) -> None:
        address = str(ws.remote_address[0]) if ws.remote_address else "unknown"
        log.info("connection from %s", address)
        try:
            first = await asyncio.wait_for(ws.recv(), self.hello_timeout)
        except (TimeoutError, ConnectionClosed):
            log.info("connection from %s closed before it said hello", address)
            return
        if isinstance(first, bytes):
            await self._refuse(ws, "binary", _BINARY, 1003)
            return
        hello = parse_client(first)
        if isinstance(hello, str):
            await self._refuse(ws, "hello_first", f"The first message must be a hello. {hello}")
            return
        if not isinstance(hello, Hello):
            await self._refuse(ws, "hello_first", "The first message must be a hello.")
            return
        mismatch = version_mismatch(hello.protocol, hello.app)
        if mismatch is not None:
            await self._refuse(ws, "version", mismatch)
            return
        wait = self.guard.wait_for(address)
        if wait > 0:
            await self._refuse(
                ws,
                "slow_down",
                f"Too many wrong join codes from your address: try again in {_seconds(wait)}.",
            )
            return
        if not self.guard.check(address, hello.code):
            await self._refuse(ws, "code", "Wrong join code: check the code on the GM's screen.")
            return
        client = _Client(next(self._ids), ws, address, hello.name or address)
        client.limits = RateLimits(limits=self.limits)
        self._clients[client.id] = client
        log.info("client %s (%s, %s) joined", client.id, client.name[:80], address)
        self._send(
            client,
            Welcome(
                protocol=PROTOCOL,
                app=__version__,
                battle=self.session.state.name,
                battle_id=self.seats.battle_id,
                seats=self.seats.infos(self.session.state),
            ),
        )
        self._notify()
        try:
            async for frame in ws:
                if isinstance(frame, bytes):
                    self._drop(client, "binary", _BINARY, 1003)
                    break
                try:
                    self._on_frame(client, frame)
                except Exception as exc:  # a bug must not end the battle or the connection
                    log.exception("handling a message from client %s", client.id)
                    self._send(client, Refused(reason=f"The host could not handle that ({exc})."))
                if client.dropped:
                    break
        except ConnectionClosed:
            pass
        finally:
            if client.closing is not None:
                await client.closing  # the reason goes out before the handler returns
            await self._forget(client)

    async def _refuse(
        self, ws: ServerConnection, code: ErrorCode, message: str, close: int = 1008
    ) -> None:
        address = str(ws.remote_address[0]) if ws.remote_address else "unknown"
        log.info("refused %s (%s): %s", address, code, message)
        with contextlib.suppress(ConnectionClosed):
            await ws.send(Error(code=code, message=message).model_dump_json())
            await ws.close(close, code)

    async def _forget(self, client: _Client) -> None:
        log.info("client %s disconnected", client.id)
        self._clients.pop(client.id, None)
        self.seats.release(client.id)
        self._seats_changed()

    def _on_frame(self, client: _Client, frame: str | bytes) -> None:
        message = parse_client(frame)
        if isinstance(message, str):
            client.bad_frames += 1
            if client.bad_frames > self.max_bad_frames:
                self._drop(client, "bad_frame", "Too many messages that were not understood.")
                return
            self._send(client, Refused(reason=message))
            return
        wait = client.limits.wait(_KINDS.get(type(message), "other"))
        if wait:
            if client.limits.flooding:
                self._drop(client, "flood", "Far too many messages, far too fast.")
                return
            what = {"snapshot": "seat claims and resyncs"}.get(
                _KINDS.get(type(message), "other"), f"{message.type} messages"
            )
            self._send(
                client,
                Refused(
                    id=getattr(message, "id", None),
                    reason=f"Too many {what}: wait {_seconds(wait)}.",
                    retry_after=round(wait, 3),
                ),
            )
            return
        if isinstance(message, Hello):
            self._send(client, Refused(reason="This connection has already joined."))
        elif isinstance(message, Claim):
            self._claim(client, message)
        elif isinstance(message, SendCommand):
            self._command(client, message)
        elif isinstance(message, PreviewTask):
            self._preview(client, message)
        elif isinstance(message, ConflictFormRequest):
            self._conflict_form(client, message)
        elif isinstance(message, Resync):
            if self.seats.seat_of(client.id) is None:
                self._send(client, Refused(reason="Take a seat first."))
            else:
                self._send(client, self._snapshot(client))
        elif isinstance(message, LogPageRequest):
            self._log_page(client, message)
        elif isinstance(message, Ping):
            self._send(client, Pong(t=message.t))

    def _claim(self, client: _Client, claim: Claim) -> None:
        if self.seats.seat_of(client.id) is not None:
            self.seats.release(client.id)  # moving to another seat
        try:
            token, replaced = self.seats.claim(claim.seat, claim.token, client.id)
        except SeatRefused as exc:
            log.info("client %s refused the seat %s: %s", client.id, claim.seat[:80], exc.reason)
            self._send(client, Error(code="seat", message=exc.reason))
            return
        log.info("client %s took the seat %s", client.id, claim.seat[:80])
        state = self.session.state
        self._send(
            client,
            Seated(
                seat=claim.seat,
                token=token,
                character=self.seats.character_of(claim.seat),
                stations=(stations := self.seats.stations_of(claim.seat, state)),
                station_names=tuple(st.label for st in stations),
            ),
        )
        self._send(client, self._snapshot(client))
        for cid in replaced:
            self.remove_client(cid, "Your seat was taken up again from another connection.")
        self._seats_changed()

    def _command(self, client: _Client, message: SendCommand) -> None:
        seat = self.seats.seat_of(client.id)
        if seat is None:
            self._send(client, Refused(id=message.id, reason="Take a seat first."))
            return
        character = self.seats.character_of(seat)
        if character is None:
            self._send(
                client,
                Refused(
                    id=message.id,
                    reason="The viewscreen only watches: take a character's seat to act.",
                ),
            )
            return
        stamped = command_adapter().validate_python(
            {**message.command.model_dump(), "by": character}
        )
        try:  # the engine's gate judges the seat's rights and the rules
            applied = self.apply(stamped)
        except CommandRefused as exc:
            self._send(client, Refused(id=message.id, reason=exc.reason))
            return
        # The update and the answer are on their way before the GM's windows refresh.
        self._send(client, Accepted(id=message.id, revision=self.revision))
        for callback in self.client_applied:
            callback(applied)

    def _preview(self, client: _Client, message: PreviewTask) -> None:
        seat = self.seats.seat_of(client.id)
        character = self.seats.character_of(seat) if seat else None
        if character is None:
            self._send(client, TaskPreview(id=message.id, reason="Take a character's seat first."))
            return
        stamped = message.command.model_copy(update={"by": character})
        plan = preview_task(self.session.state, stamped)
        if isinstance(plan, str):
            self._send(client, TaskPreview(id=message.id, reason=plan))
            return
        self._send(
            client,
            TaskPreview(
                id=message.id,
                difficulty=plan.difficulty,
                items=plan.items,
                odds=task_odds(plan.spec),
                who=plan.who,
                dice=plan.spec.lead_dice,
                assists=plan.assist_names,
                complication_range=plan.spec.complication_range,
                complication_why=plan.complication_why,
                cost=plan.spec.cost,
                power=plan.frame.power,
                costs=tuple(c.describe() for c in plan.costs),
            ),
        )

    def _conflict_form(self, client: _Client, message: ConflictFormRequest) -> None:
        """A Conflict card entry's needs, choices and preview for the seat's officer,
        judged on the whole battle (an unrevealed NPC's numbers stay on the host)."""
        seat = self.seats.seat_of(client.id)
        character = self.seats.character_of(seat) if seat else None
        state = self.session.state
        figure = figure_of(state, character) if character is not None else None
        if character is None or figure is None:
            reason = (
                "Take a character's seat first."
                if character is None
                else "Your officer is not in a personal conflict."
            )
            self._send(client, ConflictForm(id=message.id, reason=reason))
            return
        blank = message.command.model_copy(update={"by": character})
        command: ConflictTask | ConflictMinor
        try:
            match blank:  # each case its own type, for the type checker
                case ConflictTask():
                    command = _filled(blank, message.chosen)
                case ConflictMinor():
                    command = _filled(blank, message.chosen)
        except ValueError as exc:
            self._send(client, ConflictForm(id=message.id, reason=str(exc)))
            return
        key = command.action
        needs = conflict_needs(state, figure, key, command)
        self._send(
            client,
            ConflictForm(
                id=message.id,
                needs=needs,
                choices=conflict_choices(state, figure, key, command),
                preview=conflict_preview(state, command)
                if isinstance(command, ConflictTask)
                else None,
                command=command.model_dump(mode="json", exclude={"by"}),
                labels={need: NEED_LABELS.get(need, need.value) for need in needs},
                optional=tuple(need for need in needs if need in OPTIONAL_NEEDS),
            ),
        )

    def _log_page(self, client: _Client, message: LogPageRequest) -> None:
        """Older log entries, newest first into the page until it is full."""
        if self.seats.seat_of(client.id) is None:
            self._send(client, Refused(id=message.id, reason="Take a seat first."))
            return
        before = min(message.before, len(self._player_log))
        start, entries = self._log_tail(before, message.count)
        self._send(
            client,
            LogPage(id=message.id, start=start, entries=entries, log_length=self._log_length),
        )

    def _log_tail(self, before: int, count: int) -> tuple[int, tuple[LogEntry, ...]]:
        """The newest entries before index ``before`` that fit in a page: at most
        ``count`` (and :data:`LOG_PAGE_ENTRIES`) entries of at most
        :data:`LOG_PAGE_BYTES` together; the first index and the entries."""
        size, start = 0, before
        floor = max(before - min(count, LOG_PAGE_ENTRIES), 0)
        while start > floor:
            size += len(self._player_log[start - 1].model_dump_json()) + 1
            if size > LOG_PAGE_BYTES and start < before:
                break
            start -= 1
        return start, tuple(self._player_log[start:before])

    # -- sending -----------------------------------------------------------------------------
    def _available(self, character: str | None) -> tuple[Availability, JsonObject]:
        """The one adapter to the engine's "enabled? why not?" answers (a function of the
        state: computed once for each state and character), and their JSON."""
        state = self.session.state
        if state is not self._answered_state:
            self._answered_state, self._answers = state, {}
        answer = self._answers.get(character)
        if answer is None:
            found = availability(state, character)
            answer = self._answers[character] = (found, found.model_dump(mode="json"))
        return answer

    def _snapshot(self, client: _Client) -> Snapshot:
        """The seat's whole view at ``revision``: exactly what the updates so far made of
        it, so the next update applies to it as to every other client's."""
        seat = self.seats.seat_of(client.id)
        character = self.seats.character_of(seat) if seat else None
        sent = self._sent_available.get(character)
        if sent is None:
            sent = self._sent_available[character] = self._available(character)
        start, log = self._log_tail(len(self._player_log), LOG_PAGE_ENTRIES)
        return Snapshot(
            revision=self.revision,
            state=self._view,
            log_start=start,
            log=log,
            available=sent[0],
        )

    def _send(self, client: _Client, message: object) -> None:
        dump = getattr(message, "model_dump_json", None)
        assert dump is not None
        self._send_text(client, str(dump()))

    def _send_text(self, client: _Client, text: str) -> None:
        self._send_to((client,), text)

    def _send_to(self, clients: tuple[_Client, ...] | list[_Client], text: str) -> None:
        """Write one frame to ``clients`` now, in order with every other frame; a client
        whose unsent bytes pass ``send_limit`` is dropped."""
        sending = [c for c in clients if not c.dropped]
        if not sending:
            return
        broadcast([c.ws for c in sending], text.encode(), text=True)
        for client in sending:
            transport = client.ws.transport
            if transport is not None and transport.get_write_buffer_size() > self.send_limit:
                self._drop(client, "too_slow", "Your connection fell too far behind; rejoin.")

    def _drop(self, client: _Client, code: ErrorCode, why: str, status: int = 1008) -> None:
        """Close ``client``'s connection: the reason is sent if its socket still takes it."""
        if client.dropped:
            return
        client.dropped = True
        self.seats.release(client.id)
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

    def _seats_changed(self) -> None:
        infos = Seats(seats=self.seats.infos(self.session.state)).model_dump_json()
        self._send_to(list(self._clients.values()), infos)
        self._notify()

    def _notify(self) -> None:
        for callback in self.listeners:
            callback()
