"""The Session: the one place Commands are applied, journaled, undone and replayed."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from bridge.engine import gm, minors, tasks, tray, turns
from bridge.engine.changes import Change, diff
from bridge.engine.commands import Command
from bridge.engine.context import Ctx, MissingParameter
from bridge.engine.encounter import Encounter
from bridge.engine.gate import why_not
from bridge.rules.dice import Dice, GivenDice, RecordingDice, SeededDice
from bridge.rules.errors import RuleViolation

__all__ = [
    "Applied",
    "CommandRefused",
    "JournalEntry",
    "ParameterMissing",
    "Session",
    "prepare_battle",
]


class CommandRefused(RuleViolation):
    """A Command the rules or the turn state do not allow; nothing changed."""


class ParameterMissing(CommandRefused):
    """A Command refused only because a parameter still has to be chosen; nothing changed."""


class JournalEntry(BaseModel):
    """One applied Command with the dice it rolled and what it logged."""

    model_config = ConfigDict(frozen=True)

    command: Command
    d20s: tuple[int, ...] = ()
    d6s: tuple[int, ...] = ()
    log: tuple[str, ...] = ()
    round: int = Field(default=1, description="The Round the Command was applied in")

    def to_json(self) -> str:
        return self.model_dump_json()


class Applied(BaseModel):
    """What applying a Command gave: the new state, the change flags, the log lines."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    state: Encounter
    changes: Change
    entry: JournalEntry


Handler = Callable[[Ctx, Any], None]

_HANDLERS: dict[str, Handler] = {
    "start_turn": lambda ctx, c: turns.start_turn(ctx, c.actor, c.by),
    "end_turn": lambda ctx, c: turns.end_turn(ctx, c.keep_initiative, c.with_threat),
    "minor": minors.minor_action,
    "task": tasks.attempt_task,
    "resolve": tasks.resolve_pending,
    "inspiration": tasks.inspiration,
    "spend": gm.spend_momentum,
    "determination": gm.spend_determination,
    "value_complication": gm.value_complication,
    "trigger_ready": gm.trigger_ready,
    "npc_first": gm.npc_acts_first,
    "adjust_difficulty": gm.adjust_difficulty,
    "set_value": gm.set_value,
    "adjust_pool": gm.adjust_pool,
    "move_ship": gm.move_ship,
    "add_trait": gm.add_trait,
    "remove_trait": gm.remove_trait,
    "end_round": lambda ctx, c: turns.end_round(ctx),
    "end_scene": lambda ctx, c: turns.end_scene(ctx),
    "withdraw": gm.withdraw,
    "house_rules": gm.set_house_rules,
    "add_ship": gm.add_ship,
    "add_character": gm.add_character,
    "set_seats": gm.set_seats,
    "set_zones": gm.set_zones,
    "tray_roll": tray.tray_roll,
}


def prepare_battle(encounter: Encounter) -> Encounter:
    """Start Round 1: NPC ships get one Turn per point of Scale."""
    if encounter.turn.turn_id or encounter.turn.npc_turns_left:
        return encounter
    ctx = Ctx(encounter, GivenDice())
    turns.begin_round(ctx, encounter.turn.round)
    return ctx.state


class Session:
    """Applies Commands to an Encounter; keeps the journal and the undo/redo stacks.

    Every state is immutable, so undo restores the exact earlier object and redo
    re-applies the journaled Command with its recorded dice.
    """

    def __init__(self, encounter: Encounter, dice: Dice | None = None) -> None:
        self._initial = prepare_battle(encounter)
        self._state = self._initial
        self._dice: Dice = dice if dice is not None else SeededDice()
        self._journal: list[JournalEntry] = []
        self._undo: list[Encounter] = []
        self._redo: list[tuple[JournalEntry, Encounter]] = []

    # -- reading ------------------------------------------------------------------------
    @property
    def state(self) -> Encounter:
        return self._state

    @property
    def initial(self) -> Encounter:
        return self._initial

    @property
    def journal(self) -> tuple[JournalEntry, ...]:
        return tuple(self._journal)

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

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
        self._undo.append(before)
        self._redo.clear()
        self._journal.append(entry)
        self._state = state
        return Applied(state=state, changes=diff(before, state), entry=entry)

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
        return ctx.state, ctx.log

    def undo(self) -> Applied:
        """Restore the state before the last Command."""
        if not self._undo:
            raise CommandRefused("There is nothing to undo.")
        entry = self._journal.pop()
        after = self._state
        self._state = self._undo.pop()
        self._redo.append((entry, after))
        return Applied(state=self._state, changes=diff(after, self._state), entry=entry)

    def redo(self) -> Applied:
        """Apply the last undone Command again, with the dice it rolled."""
        if not self._redo:
            raise CommandRefused("There is nothing to redo.")
        entry, _ = self._redo.pop()
        redo_stack = self._redo
        self._redo = []
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


class _AnyDice:
    """Dice for :meth:`Session.check`: every die shows its middle face."""

    def d20(self) -> int:
        return 10

    def d6(self) -> int:
        return 3
