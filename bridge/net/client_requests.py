"""The host's answers to what a joined client asks: a seat, a Command, a Task's preview,
a page of the log, a resync, a ping.

Each frame is parsed (a frame not understood is refused, and a client sending too many
is dropped), counted against the rate limits of its seat and its address, whatever the
connection (over them: refused with the seconds to wait; flooding: dropped), then
answered. Commands from a client are stamped with the seat's
character before the Session sees them; the engine's gate judges the rest.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from bridge.engine import (
    Applied,
    Command,
    CommandRefused,
    command_adapter,
    preview,
)
from bridge.net.connections import Connection, Connections, seconds
from bridge.net.fanout import Fanout
from bridge.net.limits import Kind, LimitBook
from bridge.net.plain_text import unprintable_field
from bridge.net.protocol import (
    Accepted,
    Claim,
    ClientMessage,
    Error,
    Hello,
    LogPage,
    LogPageRequest,
    Ping,
    Pong,
    PreviewTask,
    Refused,
    Resync,
    Seated,
    SendCommand,
    TaskPreview,
    parse_client,
)
from bridge.net.seats import SeatPlan, SeatRefused
from bridge.seatview import CREW, seat_view

__all__ = ["ClientRequests", "refusal"]

log = logging.getLogger(__name__)


def refusal(message: ClientMessage, reason: str, retry_after: float | None = None) -> Refused:
    """``message`` refused with ``reason``, carrying what matches it to the message: its
    ``id`` (a ping: its ``t``) and its ``type``."""
    return Refused(
        id=getattr(message, "id", None),
        request=message.type,
        t=message.t if isinstance(message, Ping) else None,
        reason=reason,
        retry_after=retry_after,
    )


_KINDS: dict[type, Kind] = {
    SendCommand: "command",
    PreviewTask: "preview",
    Claim: "snapshot",
    Resync: "snapshot",
    LogPageRequest: "log_page",
    Ping: "ping",
}


class ClientRequests:
    """Answers each joined client's frames; ``apply`` changes the battle and sends the
    change out (the host's one way to change it)."""

    def __init__(
        self,
        fanout: Fanout,
        connections: Connections,
        seats: SeatPlan,
        apply: Callable[[Command], Applied],
        seats_changed: Callable[[], None],
        book: LimitBook,
        *,
        max_bad_frames: int,
    ) -> None:
        self.fanout = fanout
        self.connections = connections
        self.seats = seats
        self.apply = apply
        self.seats_changed = seats_changed
        self.book = book
        """The rate limits, per seat and per address whatever the connection."""
        self.max_bad_frames = max_bad_frames
        self.client_applied: list[Callable[[Applied], None]] = []
        """Called with every client Command the Session applied (the GM's windows refresh)."""

    def _send(self, client: Connection, message: object) -> None:
        self.connections.send(client, message)

    def handle(self, client: Connection, frame: str | bytes) -> None:
        """Answer one frame from ``client``."""
        message = parse_client(frame)
        if isinstance(message, str):
            self._not_understood(client, Refused(reason=message))
            return
        unprintable = unprintable_field(message)
        if unprintable is not None:
            reason = f"The message was refused: {unprintable}"
            self._not_understood(client, refusal(message, reason))
            return
        kind = _KINDS.get(type(message), "other")
        seat = self.seats.seat_of(client.id)
        holder = seat if seat is not None and self.seats.character_of(seat) else None
        wait = self.book.wait(kind, client.address, holder)
        if wait:
            client.flood.strike()
            if client.flood.flooding:
                self.connections.drop(client, "flood", "Far too many messages, far too fast.")
                return
            what = {"snapshot": "seat claims and resyncs"}.get(kind, f"{message.type} messages")
            reason = f"Too many {what}: wait {seconds(wait)}."
            self._send(client, refusal(message, reason, retry_after=round(wait, 3)))
            return
        if isinstance(message, Hello):
            self._send(client, refusal(message, "This connection has already joined."))
        elif isinstance(message, Claim):
            self._claim(client, message)
        elif isinstance(message, SendCommand):
            self._command(client, message)
        elif isinstance(message, PreviewTask):
            self._preview(client, message)
        elif isinstance(message, Resync):
            if self.seats.seat_of(client.id) is None:
                self._send(client, refusal(message, "Take a seat first."))
            else:
                self._send(client, self.fanout.snapshot(client))
        elif isinstance(message, LogPageRequest):
            self._log_page(client, message)
        elif isinstance(message, Ping):
            self._send(client, Pong(t=message.t))

    def _not_understood(self, client: Connection, refused: Refused) -> None:
        """Refuse a message not understood; a client sending too many is dropped."""
        client.bad_frames += 1
        if client.bad_frames > self.max_bad_frames:
            self.connections.drop(
                client, "bad_frame", "Too many messages that were not understood."
            )
            return
        self._send(client, refused)

    def _claim(self, client: Connection, claim: Claim) -> None:
        if self.seats.seat_of(client.id) is not None:
            self.seats.release(client.id)  # moving to another seat
        try:
            token, replaced = self.seats.claim(claim.seat, claim.token, client.id)
        except SeatRefused as exc:
            log.info("client %s refused the seat %s: %s", client.id, claim.seat[:80], exc.reason)
            self._send(client, Error(code="seat", message=exc.reason))
            return
        log.info("client %s took the seat %s", client.id, claim.seat[:80])
        state = self.fanout.session.state
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
        self._send(client, self.fanout.snapshot(client))
        for cid in replaced:
            other = self.connections.get(cid)
            if other is not None:
                self.connections.drop(
                    other, "removed", "Your seat was taken up again from another connection."
                )
        self.seats_changed()

    def _command(self, client: Connection, message: SendCommand) -> None:
        seat = self.seats.seat_of(client.id)
        if seat is None:
            self._send(client, refusal(message, "Take a seat first."))
            return
        character = self.seats.character_of(seat)
        if character is None:
            self._send(
                client,
                refusal(message, "The viewscreen only watches: take a character's seat to act."),
            )
            return
        stamped = command_adapter().validate_python(
            {**message.command.model_dump(), "by": character}
        )
        try:  # the engine's gate judges the seat's rights and the rules
            applied = self.apply(stamped)
        except CommandRefused as exc:
            self._send(client, refusal(message, exc.reason))
            return
        # The update and the answer are on their way before the GM's windows refresh.
        self._send(client, Accepted(id=message.id, revision=self.fanout.revision))
        for callback in self.client_applied:
            callback(applied)

    def _preview(self, client: Connection, message: PreviewTask) -> None:
        """A Task of either card before its roll, for the seat's officer, judged on the
        whole battle (an unrevealed NPC's numbers stay on the host)."""
        seat = self.seats.seat_of(client.id)
        character = self.seats.character_of(seat) if seat else None
        if character is None:
            self._send(client, TaskPreview(id=message.id, reason="Take a character's seat first."))
            return
        stamped = message.command.model_copy(update={"by": character})
        seen = seat_view(self.fanout.session.state, CREW)  # (no hidden number in the odds)
        self._send(client, TaskPreview.of(message.id, preview(seen, stamped)))

    def _log_page(self, client: Connection, message: LogPageRequest) -> None:
        """Older log entries, newest first into the page until it is full."""
        if self.seats.seat_of(client.id) is None:
            self._send(client, refusal(message, "Take a seat first."))
            return
        before = min(message.before, len(self.fanout.player_log))
        start, entries = self.fanout.log_tail(before, message.count)
        self._send(
            client,
            LogPage(id=message.id, start=start, entries=entries, log_length=self.fanout.log_length),
        )
