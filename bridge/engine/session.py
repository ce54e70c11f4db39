"""The Session: the one place Commands are applied, journaled, undone and replayed."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from contextlib import suppress
from typing import Any

from pydantic import BaseModel, ConfigDict

from bridge.engine.commands import Command
from bridge.engine.conflict import harm
from bridge.engine.conflict import minors as conflict_minors
from bridge.engine.conflict import setup as conflict_setup
from bridge.engine.conflict import tasks as conflict_tasks
from bridge.engine.conflict import turns as conflict_turns
from bridge.engine.conflict.theatre import CONFLICT
from bridge.engine.core import gm as core_gm
from bridge.engine.core import resolution, spending, tray, turn_order
from bridge.engine.core.changes import Change, diff
from bridge.engine.core.command import Where
from bridge.engine.core.context import Ctx, MissingParameter
from bridge.engine.core.theatre import Theatre
from bridge.engine.gate import why_not
from bridge.engine.journal import (
    DeferredJournal,
    JournalEntry,
    JournalSink,
    JournalUnreadable,
    KeptStates,
    PackedJournal,
)
from bridge.engine.ship import gm, minors, tasks, turns
from bridge.engine.ship.theatre import SHIP
from bridge.engine.state.encounter import Encounter
from bridge.rules.dice import Dice, GivenDice, RecordingDice, SeededDice
from bridge.rules.errors import RuleViolation
from bridge.rules.hidden import settle

__all__ = [
    "CHECKPOINT_EVERY",
    "Applied",
    "CommandRefused",
    "ParameterMissing",
    "Session",
    "prepare_battle",
]


class CommandRefused(RuleViolation):
    """A Command the rules or the turn state do not allow; nothing changed."""


class ParameterMissing(CommandRefused):
    """A Command refused only because a parameter still has to be chosen; nothing changed."""


class Applied(BaseModel):
    """What applying a Command gave: the new state, the change flags, the log lines."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True, defer_build=True)

    state: Encounter
    changes: Change
    entry: JournalEntry


Handler = Callable[[Ctx, Any], None]

_THEATRES: dict[Where, Theatre] = {"ship": SHIP, "conflict": CONFLICT}


def _played(step: Callable[[Ctx, Theatre, Any], None]) -> Handler:
    """A step both battles share, in the battle the Command's ``where`` names."""
    return lambda ctx, c: step(ctx, _THEATRES[c.where], c)


def _start_turn(ctx: Ctx, c: Any) -> None:
    if c.on_foot:
        conflict_turns.start_turn(ctx, c)
    else:
        turns.start_turn(ctx, c.actor, c.by)


_HANDLERS: dict[str, Handler] = {
    # what both battles do, each in its own battle
    "start_turn": _start_turn,
    "end_turn": _played(turn_order.end_turn),
    "resolve": _played(resolution.resolve),
    "apply_damage": _played(resolution.apply_damage),
    "inspiration": _played(resolution.inspiration),
    "spend": _played(spending.spend),
    "determination": _played(resolution.determination),
    "trigger_ready": _played(resolution.trigger_ready),
    "npc_first": lambda ctx, c: spending.npc_first(ctx, _THEATRES[c.where]),
    "adjust_difficulty": _played(spending.adjust_difficulty),
    "end_round": lambda ctx, c: _THEATRES[c.where].end_round(ctx),
    # any battle's
    "value_complication": core_gm.value_complication,
    "begin_session": core_gm.begin_session,
    "adjust_pool": core_gm.adjust_pool,
    "add_trait": core_gm.add_trait,
    "remove_trait": core_gm.remove_trait,
    "add_character": core_gm.add_character,
    "tray_roll": tray.tray_roll,
    # the ship battle (the station cards)
    "minor": minors.minor_action,
    "task": tasks.attempt_task,
    "set_value": gm.set_value,
    "move_ship": gm.move_ship,
    "end_scene": lambda ctx, c: turns.end_scene(ctx),
    "withdraw": gm.withdraw,
    "house_rules": gm.set_house_rules,
    "add_ship": gm.add_ship,
    "set_seats": gm.set_seats,
    "set_zones": gm.set_zones,
    # the personal conflict (the Conflict card)
    "start_conflict": lambda ctx, c: conflict_setup.start_conflict(ctx, c, turns.end_scene),
    "end_conflict": lambda ctx, c: conflict_setup.end_conflict(ctx, c, turns.end_scene),
    "add_figure": conflict_setup.add_figure,
    "withdraw_figure": conflict_setup.withdraw_figure,
    "move_figure": conflict_setup.move_figure,
    "zone_terrain": conflict_setup.zone_terrain,
    "reveal_figure": conflict_setup.reveal_figure,
    "stray_hit": harm.answer_stray,
    "avoid_injury": harm.answer_avoid_injury,
    "resist_knockdown": harm.answer_knockdown,
    "conflict_minor": conflict_minors.conflict_minor,
    "conflict_task": conflict_tasks.attempt_conflict_task,
    "aim": conflict_tasks.aim,
}


def prepare_battle(encounter: Encounter) -> Encounter:
    """Start Round 1: NPC ships get one Turn per point of Scale."""
    if encounter.turn.turn_id or encounter.turn.npc_turns_left:
        return encounter
    ctx = Ctx(encounter, GivenDice())
    turns.begin_round(ctx, encounter.turn.round)
    return ctx.state


CHECKPOINT_EVERY = 64
"""Undo keeps one whole state per this many Commands and replays the rest."""

RECENT_STATES = 16
"""Undo keeps the states after the last this many Commands too: undoing any of them
reads a kept state instead of replaying from the checkpoint before it."""


class Session:
    """Applies Commands to an Encounter; keeps the journal and the undo/redo stacks.

    Undo reaches back to the first Command without keeping every state whole: one
    checkpoint state per :data:`CHECKPOINT_EVERY` Commands is kept (states are immutable
    and share their unchanged parts), and an earlier state is rebuilt by replaying the
    journaled Commands with their recorded dice from the checkpoint before it; the
    states after the last :data:`RECENT_STATES` Commands are kept as well, so undoing
    the last few Commands never waits for a replay. Older
    checkpoints and journal entries are kept packed as compressed JSON
    (:mod:`bridge.engine.journal`), so a long evening grows memory by little.
    """

    def __init__(
        self, encounter: Encounter, dice: Dice | None = None, sink: JournalSink | None = None
    ) -> None:
        self._initial = prepare_battle(encounter)
        self._state = self._initial
        self._dice: Dice = dice if dice is not None else SeededDice()
        self._journal = PackedJournal()  # (after a deferred journal's, if any)
        self._checkpoints = KeptStates({0: self._initial})
        # The states the last replay passed through (between two checkpoints), so
        # undoing again and again costs one step each, not a replay from the checkpoint.
        self._replayed: dict[int, Encounter] = {}
        self._recent: dict[int, Encounter] = {}  # after each of the last Commands
        self._redo: list[JournalEntry] = []
        self._sink = sink
        self._floor = 0  # undo stops here (a saved journal that no longer replays)
        self._opened: int | None = None  # where a restored battle was opened, until checked
        self._provisional: int | None = None  # a checkpoint the file kept, until checked
        self._deferred: DeferredJournal | None = None  # its saved journal, not yet read
        self._lost: str | None = None  # why the saved journal could not be used

    @classmethod
    def restore(
        cls,
        initial: Encounter,
        journal: Iterable[JournalEntry] | DeferredJournal,
        state: Encounter,
        dice: Dice | None = None,
        checkpoint: tuple[int, Encounter] | None = None,
    ) -> Session:
        """A battle as saved: its start, its journal and where it stands, without replaying.

        The journal may be deferred (read when first needed). The states undo needs are
        rebuilt from the journal the first time undo goes back past the point of opening;
        that replay is checked against the saved state, and if it differs (or the journal
        cannot be read) undo stops at the point of opening and says why.

        ``checkpoint`` is a state the file kept, after the first ``at`` Commands: the
        first undo replays only from there (reading only the journal after it), and is
        checked against the saved state as above; the first undo back past the
        checkpoint checks it in turn against the journal before it, and if it differs,
        undo stops there. A checkpoint not strictly inside the journal is not used.
        """
        session = cls(initial, dice)
        if isinstance(journal, DeferredJournal):
            session._deferred = journal if journal.count else None
            count = journal.count
        else:
            session._journal = PackedJournal(journal)
            count = len(session._journal)
        session._state = state
        session._checkpoints[count] = state
        session._opened = count or None
        if checkpoint is not None and 0 < checkpoint[0] < count:
            session._checkpoints[checkpoint[0]] = checkpoint[1]
            session._provisional = checkpoint[0]
        return session

    # -- reading ------------------------------------------------------------------------
    @property
    def state(self) -> Encounter:
        return self._state

    @property
    def initial(self) -> Encounter:
        return self._initial

    @property
    def journal(self) -> tuple[JournalEntry, ...]:
        self._read_deferred()
        return tuple(self._journal)

    def recent(self, n: int) -> tuple[JournalEntry, ...]:
        """The last ``n`` journal entries (a deferred journal is read only if it must)."""
        if n <= 0:
            return ()
        deferred = self._deferred
        if deferred is not None and n > len(self._journal):  # read once, then kept
            want = max(n - len(self._journal), CHECKPOINT_EVERY)  # a block at a time
            self._read_from(max(deferred.count - want, 0))
        return tuple(self._journal.last(n))

    def journal_texts(self) -> list[JournalEntry | bytes]:
        """The journal, with the entries of a deferred journal (when it offers them) and
        the packed ones as their JSON text, not parsed: what a journal sink copies."""
        deferred = self._deferred
        if deferred is not None and deferred.texts is not None:
            try:
                texts = deferred.texts()
            except JournalUnreadable:
                texts = []
            if len(texts) == deferred.count:
                return [*texts, *self._journal.texts_or_entries()]
        self._read_deferred()
        return self._journal.texts_or_entries()

    @property
    def length(self) -> int:
        """How many Commands the journal holds (without reading a deferred journal)."""
        return len(self._journal) + (self._deferred.count if self._deferred else 0)

    @property
    def can_undo(self) -> bool:
        return self.length > self._floor

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def redo_entry(self) -> JournalEntry | None:
        """The Command redo would apply again, or ``None``."""
        return self._redo[-1] if self._redo else None

    @property
    def sink(self) -> JournalSink | None:
        return self._sink

    def attach(self, sink: JournalSink | None) -> None:
        """Send every later Command and Undo to ``sink`` (which already holds the journal)."""
        self._sink = sink

    def kept_state(self, n: int) -> Encounter | None:
        """The state after the first ``n`` Commands if it is kept whole (a checkpoint),
        else ``None``: nothing is replayed to answer."""
        return self._checkpoints.get(n)

    def last_checkpoint(self) -> tuple[int, Encounter] | None:
        """The latest whole state kept before the last Command (a file saves it, so that
        undo after opening replays from there), or ``None`` if that is the start."""
        before = [k for k in self._checkpoints if 0 < k < self.length and k > self._floor]
        return (max(before), self._checkpoints[max(before)]) if before else None

    @property
    def checkpoints_kept(self) -> int:
        """How many whole states the undo history keeps (the rest are replayed)."""
        return len(self._checkpoints)

    @property
    def states_kept(self) -> int:
        """How many states undo holds now: the checkpoints, the states after the last
        Commands and those the last replay passed through on its last stretch."""
        return len(set(self._checkpoints) | self._recent.keys() | self._replayed.keys())

    def check(self, command: Command) -> str | None:
        """Why ``command`` would be refused now, or ``None`` if it is legal.

        Runs the Command on a throwaway copy with recording dice, so it never changes
        the Session; a dice-rolling Command is judged legal once its checks pass.
        """
        try:
            self._run(command, RecordingDice(_AnyDice()))
        except RuleViolation as exc:
            return exc.reason
        return None

    # -- writing ------------------------------------------------------------------------
    def apply(self, command: Command, dice: Dice | None = None) -> Applied:
        """Apply ``command`` or raise :class:`CommandRefused` (the state is unchanged)."""
        recorder = RecordingDice(dice if dice is not None else self._dice)
        before = self._state
        state, log = self._run(command, recorder)
        entry = JournalEntry(
            command=command,
            d20s=tuple(recorder.d20s),
            d6s=tuple(recorder.d6s),
            log=tuple(log),
            round=before.turn.round,
        )
        self._record(lambda sink: sink.applied(entry))
        self._commit(entry, state)
        self._redo.clear()
        return Applied(state=state, changes=diff(before, state), entry=entry)

    def _commit(self, entry: JournalEntry, state: Encounter) -> None:
        self._journal.append(entry)
        self._state = state
        self._recent[self.length] = state
        self._recent.pop(self.length - RECENT_STATES, None)
        if self.length % CHECKPOINT_EVERY == 0:
            self._checkpoints[self.length] = state

    def _read_deferred(self) -> None:
        """Read the deferred saved journal; if it cannot be, the battle starts where it
        was opened (the Commands played since are kept) and undo says why."""
        deferred = self._deferred
        if deferred is None:
            return
        self._deferred = None
        try:
            saved = list(deferred.load())
            if len(saved) != deferred.count:
                raise JournalUnreadable(
                    f"it holds {len(saved)} Commands where {deferred.count} were expected"
                )
        except JournalUnreadable as exc:
            # The battle now starts at the first state kept whole after the unread part
            # (where it was opened, or the checkpoint its file kept).
            self._lost = exc.reason
            self._opened = None
            base = min(k for k in self._checkpoints if k >= deferred.count)
            self._journal.drop_first(base - deferred.count)
            self._initial = self._checkpoints[base]
            self._checkpoints = self._checkpoints.shifted(base)
            provisional = self._provisional
            self._provisional = provisional - base if provisional and provisional > base else None
            self._replayed = {}
            self._recent = {}
            self._floor = 0
            return
        self._journal.prepend(saved)

    def _read_from(self, start: int) -> None:
        """Have the journal's entries from index ``start`` on in memory: from a deferred
        saved journal only its last entries are read if it offers them alone."""
        deferred = self._deferred
        if deferred is None or start >= deferred.count:
            return
        start = max(start, 0)
        if deferred.tail is None:
            self._read_deferred()
            return
        want = deferred.count - start
        try:
            newer = list(deferred.tail(want))
        except JournalUnreadable:
            newer = []
        if len(newer) != want:
            self._read_deferred()  # says why it cannot be read
            return
        self._journal.prepend(newer)
        self._deferred = _older(deferred, start) if start else None

    def _record(self, write: Callable[[JournalSink], None]) -> None:
        if self._sink is None:
            return
        try:
            write(self._sink)
        except OSError as exc:
            raise CommandRefused(
                "The change was not made: the autosave could not be written "
                f"({exc.strerror or exc}). The battle is as it was."
            ) from None

    def _run(self, command: Command, dice: Dice) -> tuple[Encounter, list[str]]:
        reason = why_not(self._state, command)
        if reason is not None:
            raise CommandRefused(reason)
        ctx = Ctx(self._state, dice)
        try:
            _HANDLERS[command.type](ctx, command)
        except CommandRefused:
            raise
        except MissingParameter as exc:
            raise ParameterMissing(exc.reason) from None
        except RuleViolation as exc:
            raise CommandRefused(exc.reason) from None
        state = ctx.state
        if state.ships is not self._state.ships and any(s.contact for s in state.ships.values()):
            raise CommandRefused(
                "A sensor contact is how a player's screen shows an unscanned ship: "
                "it cannot be a ship in the battle."
            )
        # Each hidden span is settled once, here: about a ship the crew may see it is
        # plain text from now on; about an unscanned NPC ship it stays hidden.
        return state, list(settle(ctx.log, state.unscanned_ships()))

    def _state_at(self, index: int) -> Encounter:
        """The state after the first ``index`` journaled Commands (from a checkpoint).
        A restored battle's saved states are checked before undo goes back past them."""
        if self._opened is not None and index < self._opened:
            self._check_opened()
        if self._provisional is not None and index < self._provisional:
            self._check_provisional()
        if index in self._checkpoints:
            return self._checkpoints[index]
        if index in self._recent:
            return self._recent[index]
        if index in self._replayed:
            return self._replayed[index]
        base = max(k for k in self._checkpoints if k <= index)
        self._read_from(base)
        state = self._checkpoints[base]
        replayed: dict[int, Encounter] = {}
        offset = self._deferred.count if self._deferred else 0  # entries not yet read
        for n in range(base, index):
            entry = self._journal[n - offset]
            ctx = Ctx(state, GivenDice(d20=entry.d20s, d6=entry.d6s))
            try:
                _HANDLERS[entry.command.type](ctx, entry.command)
            except Exception:  # a journal the rules no longer replay
                raise CommandRefused(
                    f"Undo cannot go further back: Command {n + 1} of the journal no "
                    "longer replays with these rules."
                ) from None
            state = ctx.state
            if index - n <= CHECKPOINT_EVERY:  # the stretch undo steps back through next
                replayed[n + 1] = state
            if (n + 1) % CHECKPOINT_EVERY == 0:
                self._checkpoints[n + 1] = state
        self._replayed = replayed
        return state

    def _check_opened(self) -> None:
        """Undo is going back past the point a restored battle was opened: read its
        journal (after the file's checkpoint, if it kept one) and check once that it
        replays to the saved state, or floor undo there."""
        self._read_from(self._provisional or 0)
        opened, self._opened = self._opened, None
        if opened is None:  # the journal could not be read: undo stops at the opening
            raise CommandRefused(self._floor_reason())
        self._check_kept(opened, "the saved battle", opened=True)

    def _check_provisional(self) -> None:
        """Undo is going back past the checkpoint the file kept: check once that the
        journal before it replays to it, or floor undo there."""
        at, self._provisional = self._provisional, None
        if at is None or at not in self._checkpoints:
            return
        self._read_deferred()
        if self._lost is not None:  # unreadable: the battle now starts at the checkpoint
            raise CommandRefused(self._floor_reason(opened=False))
        self._check_kept(at, "the checkpoint the file kept", opened=False)

    def _check_kept(self, at: int, what: str, opened: bool) -> None:
        """Rebuild the state after ``at`` Commands from the checkpoint before it and
        compare it with the one kept; if they differ undo stops at ``at``."""
        saved = self._checkpoints.pop(at)
        self._recent.pop(at, None)  # rebuilt from the journal, not read
        try:
            rebuilt: Encounter | None = self._state_at(at)
        except CommandRefused:
            rebuilt = None
        self._checkpoints[at] = saved
        if rebuilt != saved:
            self._floor = at
            self._lost = (
                f"its journal no longer replays to {what} (the rules have changed since, "
                "or the file was edited)"
            )
            for key in [k for k in self._checkpoints if 0 < k < at]:
                del self._checkpoints[key]
            self._replayed = {}
            self._recent = {}
            self._provisional = None
            raise CommandRefused(self._floor_reason(opened=opened))

    def _floor_reason(self, opened: bool = True) -> str:
        where = "back before this battle was opened" if opened else "further back"
        return (
            f"Undo cannot go {where}: "
            f"{self._lost or 'its journal could not be read'}. The battle is as it was."
        )

    def undo(self) -> Applied:
        """Restore the state before the last Command."""
        after = self._state
        before = self._before_last()
        self._record(lambda sink: sink.undone())
        entry = self._journal.pop()
        self._state = before
        length = self.length
        for key in [k for k in self._checkpoints if k > length]:
            del self._checkpoints[key]
        for kept in (self._replayed, self._recent):
            for key in [k for k in kept if k > length]:
                del kept[key]
        self._redo.append(entry)
        return Applied(state=before, changes=diff(after, before), entry=entry)

    def _before_last(self) -> Encounter:
        """The state before the last Command, as undo finds it (reading the journal it
        needs, checking a restored battle's saved states once), or why undo cannot go
        back."""
        if self.length <= self._floor:
            raise CommandRefused(
                self._floor_reason() if self._floor or self._lost else "There is nothing to undo."
            )
        if not self._journal:  # the last Command is in the deferred saved journal
            self._read_from(max(self.length - CHECKPOINT_EVERY, self._provisional or 0))
            if self.length <= self._floor:
                raise CommandRefused(self._floor_reason())
        return self._state_at(self.length - 1)

    def prepare_undo(self) -> None:
        """Do now what the next undo would do first, so that it waits for nothing: read
        the journal it needs and, in a restored battle, check once that the journal
        replays to the saved state. A journal that does not replay stops undo there (the
        undo then says why), exactly as that undo would have; the battle is unchanged.

        Only an opened battle's short check is done ahead (its file kept a checkpoint near
        its end): a longer one waits for the undo that needs it, rather than keep the GM
        waiting for an undo they may never ask for."""
        opened = self._opened  # (a battle played here has its last states at hand)
        if opened is None or opened - (self._provisional or 0) > CHECKPOINT_EVERY:
            return
        with suppress(CommandRefused):
            self._before_last()

    def redo(self) -> Applied:
        """Apply the last undone Command again, with the dice it rolled."""
        if not self._redo:
            raise CommandRefused("There is nothing to redo.")
        entry = self._redo[-1]
        redo_stack = self._redo[:-1]
        applied = self.apply(entry.command, GivenDice(d20=entry.d20s, d6=entry.d6s))
        self._redo = redo_stack
        return applied

    @classmethod
    def replay(cls, initial: Encounter, entries: Iterable[JournalEntry]) -> Session:
        """Rebuild a battle from its start and its journal; the result is identical."""
        session = cls(initial)
        for entry in entries:
            session.apply(entry.command, GivenDice(d20=entry.d20s, d6=entry.d6s))
        return session


def _older(deferred: DeferredJournal, count: int) -> DeferredJournal:
    """The first ``count`` entries of ``deferred`` (its newer ones have been read)."""

    def load() -> Sequence[JournalEntry]:
        entries = list(deferred.load())
        if len(entries) != deferred.count:
            raise JournalUnreadable(
                f"it holds {len(entries)} Commands where {deferred.count} were expected"
            )
        return entries[:count]

    def tail(n: int) -> Sequence[JournalEntry]:
        if not n:
            return []
        if deferred.texts is not None:  # only the n entries wanted are parsed
            chosen = deferred.texts()[count - n : count]
            try:
                return [JournalEntry.model_validate_json(text) for text in chosen]
            except ValueError as exc:  # (a pydantic ValidationError is one)
                raise JournalUnreadable(f"its saved journal is damaged ({exc})") from None
        assert deferred.tail is not None
        return list(deferred.tail(n + deferred.count - count))[:n]

    def texts() -> list[bytes]:
        assert deferred.texts is not None
        return deferred.texts()[:count]

    return DeferredJournal(
        count,
        load,
        tail if deferred.tail is not None else None,
        texts if deferred.texts is not None else None,
    )


class _AnyDice:
    """Dice for :meth:`Session.check`: every die shows its middle face."""

    def d20(self) -> int:
        return 10

    def d6(self) -> int:
        return 3
