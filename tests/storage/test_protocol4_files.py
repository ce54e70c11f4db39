"""Battles written before the ship battle and the personal conflict shared their Commands
(file version 6, protocol 4) still open, replay and play on.

``data/protocol4/`` holds what Bridge 0.1.0 wrote while playing the demo boarding action
to its end (89 Commands: every one of the personal conflict's own shapes, from a
``conflict_start_turn`` to a ``conflict_reroll`` of both kinds and a
``conflict_trigger_ready``): the saved battle, the same battle saved while Kell's damage
dice waited, and its autosave journal. Their Commands are read in today's shapes
(``where="conflict"``) and replay, die for die, to the state each file saved.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from bridge.engine import ApplyDamage, Session
from bridge.rules.dice import GivenDice
from bridge.storage.autosave import recover
from bridge.storage.battle import open_battle

DATA = Path(__file__).parent / "data" / "protocol4"
OLD_SHAPES = {
    "conflict_start_turn",
    "conflict_end_turn",
    "conflict_resolve",
    "conflict_apply_damage",
    "conflict_spend",
    "conflict_second_task",
    "conflict_trigger_ready",
    "conflict_npc_first",
    "conflict_adjust",
    "conflict_end_round",
    "conflict_reroll",
}


def _old_types(path: Path) -> set[str]:
    document = json.loads(path.read_text(encoding="utf-8"))
    return {entry["command"]["type"] for entry in document["journal"]}


def test_the_files_hold_every_old_shape_of_the_personal_conflicts_commands() -> None:
    """(What the rest of this module reads: the old shapes are really there.)"""
    document = json.loads((DATA / "boarding-v6.bridge").read_text(encoding="utf-8"))
    assert document["version"] == 6
    assert _old_types(DATA / "boarding-v6.bridge") >= OLD_SHAPES
    hows = {
        entry["command"].get("how")
        for entry in document["journal"]
        if entry["command"]["type"] == "conflict_reroll"
    }
    assert hows == {"aim", "inspiration"}


def test_a_version_6_battle_opens_with_its_commands_in_todays_shapes() -> None:
    opened = open_battle(DATA / "boarding-v6.bridge")
    journal = opened.session.journal
    assert len(journal) == 89
    assert not {e.command.type for e in journal} & OLD_SHAPES
    shared = [e.command for e in journal if e.command.type in ("start_turn", "end_turn")]
    assert shared and all(c.on_foot for c in shared)
    readied = next(e.command for e in journal if e.command.type == "trigger_ready")
    assert readied.on_foot and readied.actor == "reyes"  # type: ignore[union-attr]
    kinds = {e.command.type for e in journal}
    assert {"aim", "inspiration", "determination", "npc_first", "adjust_difficulty"} <= kinds


def test_its_journal_replays_die_for_die_to_the_battle_it_saved() -> None:
    """Replaying the upgraded journal from the start gives the saved state exactly (the
    rules read the shared Commands as they read the old ones)."""
    opened = open_battle(DATA / "boarding-v6.bridge")
    session = opened.session
    replayed = Session.replay(session.initial, session.journal)
    assert replayed.state == session.state
    assert session.state.conflict is None  # (it was played to its end and left)


def test_undo_goes_back_to_the_boarding_actions_first_command() -> None:
    """Undo rebuilds earlier states from the upgraded journal, checked once against the
    saved state: it reaches the start, and redo plays the first Command again."""
    session = open_battle(DATA / "boarding-v6.bridge").session
    while session.can_undo:
        session.undo()
    assert session.length == 0 and session.state == session.initial
    session.redo()
    assert session.length == 1


def test_a_battle_saved_while_damage_dice_waited_lands_them_with_todays_command() -> None:
    opened = open_battle(DATA / "boarding-v6-held.bridge")
    session = opened.session
    conflict = session.state.conflict
    assert conflict is not None and conflict.pending is not None
    held = conflict.pending.damage
    assert held is not None and conflict.pending.actor == "kell"
    applied = session.apply(
        ApplyDamage(by="kell", where="conflict"), GivenDice(d6=(3,) * len(held.roll.dice))
    )
    after = applied.state.conflict
    assert after is not None and after.pending is None


def test_an_autosave_journal_of_protocol_4_recovers_the_same_battle(tmp_path: Path) -> None:
    """The autosave journal Bridge 0.1.0 wrote for the same fight recovers to the battle
    the file saved, with its Commands in today's shapes."""
    path = tmp_path / "boarding-v6.journal"
    shutil.copy(DATA / "boarding-v6.journal", path)
    recovered = recover(path)
    session = recovered.session
    saved = open_battle(DATA / "boarding-v6.bridge").session
    assert session.state == saved.state
    assert len(session.journal) == len(saved.journal)
    assert [e.command for e in session.journal] == [e.command for e in saved.journal]
