"""The fan-out of updates: every change goes to every seated client as the next revision.

Each change is one :class:`Update` with the next revision number: what changed in the
players' view since the previous revision (a JSON merge patch), the new log entry, and
each seat's legal actions when they changed. The update is encoded once for every seat;
the legal actions are added to it per character. A snapshot is exactly what the updates
so far made of the view, so the next update applies to it as to every other client's.
"""

from __future__ import annotations

from pydantic_core import to_json

from bridge.engine import Change, Encounter, JournalEntry, Session, parts_changed
from bridge.net.connections import Connection, Connections
from bridge.net.patch import JsonObject, diff_json, state_patch
from bridge.net.protocol import (
    LOG_PAGE_BYTES,
    LOG_PAGE_ENTRIES,
    Availability,
    LogEntry,
    Snapshot,
    Update,
)
from bridge.net.seats import SeatPlan
from bridge.seatview import CREW, Memo, availability, seat_log, seat_view

__all__ = ["KNOWN_ENTRIES", "Fanout"]

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


class Fanout:
    """The players' view of ``session`` at ``revision``, sent to every seated client."""

    def __init__(self, session: Session, seats: SeatPlan, connections: Connections) -> None:
        self.session = session
        self.seats = seats
        self.connections = connections
        self.revision = 0
        self._log_length = 0
        self.log_sources: list[JournalEntry] = []
        """The newest journal entries behind ``player_log`` (to tell an undo from other
        edits): at most twice :data:`KNOWN_ENTRIES`, so the Session can pack older ones."""
        self.player_log: list[LogEntry] = []
        """The whole battle log as the players read it."""
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

    @property
    def log_length(self) -> int:
        return self._log_length

    def publish(self, changes: Change) -> Change:
        """Send the Session's current state to every seat as the next revision; the
        parts of the players' view that changed (every part when they started again).

        Its cost does not grow with the journal: the log follows it by its last entries.
        """
        entry, whole = self._follow_journal()
        if whole:  # the journal changed in the middle: every seat starts again
            self.resnapshot()
            return changes
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
        audiences: dict[str | None, list[Connection]] = {}
        for client in self.connections:
            seat = self.seats.seat_of(client.id)
            if seat is not None:
                audiences.setdefault(self.seats.character_of(seat), []).append(client)
        sent, self._sent_available = self._sent_available, {}
        unchanged: list[Connection] = []
        common = self._update(changes, patch, entry)
        for character, clients in audiences.items():
            answer = self._sent_available[character] = self._available(character)
            held = sent.get(character)
            if held is None:  # (cannot happen: every seated client holds its actions)
                for client in clients:
                    self.connections.send(client, self.snapshot(client))
                continue
            old, doc = held[1], answer[1]
            changed = diff_json(old, doc) if old is not doc else {}
            if changed:
                assert isinstance(changed, dict)
                self.connections.send_to(clients, _with_available(common, changed))
            else:
                unchanged.extend(clients)
        self.connections.send_to(unchanged, common)
        return changes

    def _follow_journal(self) -> tuple[LogEntry | None, bool]:
        """Bring the players' log up to the journal: the new entry, if one was added; and
        whether the journal changed otherwise than by one entry at its end (it is then
        read whole, and every seat needs a snapshot)."""
        length = self.session.length
        known = self.log_sources
        if length == self._log_length + 1:
            last = self.session.recent(2)
            if length == 1 or (known and last[0] is known[-1]):
                known.append(last[-1])
                if len(known) > 2 * KNOWN_ENTRIES:
                    del known[:-KNOWN_ENTRIES]  # an undo deeper than these reads the journal
                self.player_log.append(seat_log(last[-1], CREW))
                self._log_length = length
                return self.player_log[-1], False
        elif length == self._log_length - 1 and known:
            last = self.session.recent(1)
            if (last[0] if last else None) is (known[-2] if len(known) > 1 else None):  # undo
                known.pop()
                self.player_log.pop()
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
        self.log_sources = list(journal[-KNOWN_ENTRIES:])
        self.player_log = [seat_log(e, CREW) for e in journal]
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

    def resnapshot(self) -> None:
        """Every seated client starts again from a snapshot at the next revision."""
        self.revision += 1
        self.seats.sync(self.session.state)
        self._new_view()
        for client in self.connections:
            if self.seats.seat_of(client.id) is not None:
                self.connections.send(client, self.snapshot(client))

    def replace_session(self, session: Session) -> None:
        """Another battle: its log read whole, every seat sent a snapshot."""
        self.session = session
        self._read_journal()
        self.resnapshot()

    def log_tail(self, before: int, count: int) -> tuple[int, tuple[LogEntry, ...]]:
        """The newest entries before index ``before`` that fit in a page: at most
        ``count`` (and :data:`LOG_PAGE_ENTRIES`) entries of at most
        :data:`LOG_PAGE_BYTES` together; the first index and the entries."""
        size, start = 0, before
        floor = max(before - min(count, LOG_PAGE_ENTRIES), 0)
        while start > floor:
            size += len(self.player_log[start - 1].model_dump_json()) + 1
            if size > LOG_PAGE_BYTES and start < before:
                break
            start -= 1
        return start, tuple(self.player_log[start:before])

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

    def snapshot(self, client: Connection) -> Snapshot:
        """The seat's whole view at ``revision``: exactly what the updates so far made of
        it, so the next update applies to it as to every other client's."""
        seat = self.seats.seat_of(client.id)
        character = self.seats.character_of(seat) if seat else None
        sent = self._sent_available.get(character)
        if sent is None:
            sent = self._sent_available[character] = self._available(character)
        start, log = self.log_tail(len(self.player_log), LOG_PAGE_ENTRIES)
        return Snapshot(
            revision=self.revision,
            state=self._view,
            log_start=start,
            log=log,
            available=sent[0],
        )
