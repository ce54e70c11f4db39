"""Whole personal conflicts through Commands only: random legal play never breaks an
invariant, the boarding action plays to its end, and the GM's AUTOPILOT TURN plays an NPC
figure's Turn with legal Commands."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridge.engine.commands import Command
from bridge.engine.conflict.autopilot import (
    FIGURES_ONLY,
    AutopilotTurn,
    conflict_npcs_only,
    play_conflict_turn,
    suggest_conflict,
)
from bridge.engine.conflict.card import entry_info
from bridge.engine.conflict.catalog import CONFLICT_CARD
from bridge.engine.conflict.commands import (
    Aim,
    AvoidInjury,
    ConflictMinor,
    ConflictTask,
    EndConflict,
    MoveFigure,
    ResistKnockdown,
    StrayHit,
)
from bridge.engine.conflict.figures import stats
from bridge.engine.core.commands import (
    EndRound,
    EndTurn,
    ResolveTask,
    SpendMomentum,
    StartTurn,
    TriggerReady,
)
from bridge.engine.demo_boarding import demo_boarding
from bridge.engine.session import Session
from bridge.engine.state.encounter import Encounter
from bridge.engine.state.spends import Spends
from bridge.rules.dice import SeededDice

KEYS = sorted(CONFLICT_CARD)


def candidate(state: Encounter, draw: st.DrawFn) -> Command:
    """A plausible Command for this state, with random legal choices (it may still be
    refused: then it must change nothing)."""
    conflict = state.conflict
    assert conflict is not None
    if draw(st.integers(0, 9)) == 0:
        suggestion = suggest_conflict(state, lambda c: None)
        if suggestion is not None:
            return suggestion
    if conflict.decisions:
        front = conflict.decisions[0]
        by = conflict.figures[front.figure].character or "gm"
        if front.kind == "avoid_injury":
            pay = draw(st.sampled_from(["momentum", "threat", "complication", "none"]))
            return AvoidInjury(by=by, figure=front.figure, pay=pay)
        if front.kind == "resist_knockdown":
            return ResistKnockdown(by=by, figure=front.figure, resist=draw(st.booleans()))
        return StrayHit(figure=draw(st.sampled_from([None, *front.options])))
    if conflict.pending is not None:
        by = conflict.figures[conflict.pending.actor].character or "gm"
        if conflict.pending.damage is not None:
            return ConflictApplyDamageLike(by, draw)
        kind = draw(st.sampled_from(["resolve", "aim", "spends"]))
        if kind == "aim":
            return Aim(by=by, dice=(draw(st.integers(0, 2)),))
        spends = Spends(
            extra=draw(st.integers(0, 2)),
            bonus_damage=draw(st.integers(0, 1)),
            disarm=draw(st.booleans()),
            secondary_target=draw(st.sampled_from([None, *conflict.figures])),
            revive=draw(st.booleans()),
        )
        return ResolveTask(
            by=by,
            spends=spends if kind == "spends" else Spends(),
            hold_damage=draw(st.booleans()),
            where="conflict",
        )
    turn = conflict.turn
    actor = turn.interrupt or turn.actor
    if actor is None:
        choice = draw(st.sampled_from(["start", "start", "start", "round", "move", "ready"]))
        if choice == "round":
            return EndRound(where="conflict")
        if choice == "move":
            return MoveFigure(
                figure=draw(st.sampled_from(sorted(conflict.figures))),
                zone=draw(st.sampled_from(conflict.zones.zones)),
                beside=draw(st.sampled_from([None, *conflict.figures])),
            )
        if choice == "ready":
            fid = draw(st.sampled_from(sorted(conflict.figures)))
            return TriggerReady(
                by=conflict.figures[fid].character or "gm", actor=fid, where="conflict"
            )
        suggestion = suggest_conflict(state, lambda c: None)
        return suggestion or EndRound(where="conflict")
    by = conflict.figures[actor].character or "gm"
    choice = draw(st.sampled_from(["entry"] * 6 + ["end", "keep", "spend"]))
    if choice == "end":
        return EndTurn(by=by, where="conflict")
    if choice == "keep":
        return EndTurn(
            by=by, keep_initiative=True, with_threat=draw(st.booleans()), where="conflict"
        )
    if choice == "spend":
        spend = draw(st.sampled_from(["extra_minor", "swift_task", "create_problem"]))
        return SpendMomentum(by=by, spend=spend, with_threat=draw(st.booleans()), where="conflict")
    key = draw(st.sampled_from(KEYS))
    info = entry_info(state, actor, key)
    values: dict[str, object] = {}
    for param in info.params:  # as a form would be filled: each field its own way
        holding = [
            c.value
            for c in param.choices
            if all(values.get(f) in v for f, v in c.only_with.items())
        ]
        if param.kind == "choice" and holding and draw(st.integers(0, 5)):
            values[param.name] = draw(st.sampled_from(holding))
        elif param.kind == "flag":
            values[param.name] = draw(st.booleans())
        elif param.kind == "text":
            values[param.name] = "the door"
        elif param.kind == "number":
            values[param.name] = draw(st.integers(param.minimum or 0, param.maximum or 3))
        elif param.kind == "dice" and holding:
            values[param.name] = draw(st.lists(st.sampled_from(holding), max_size=1))
    fields = {**info.command, **values, "by": by}
    if info.kind == "minor":
        return ConflictMinor.model_validate(fields)
    return ConflictTask.model_validate(fields)


def ConflictApplyDamageLike(by: str, draw: st.DrawFn) -> Command:  # noqa: N802
    from bridge.engine.core.commands import ApplyDamage

    reroll = tuple(sorted(set(draw(st.lists(st.integers(0, 9), max_size=2)))))
    return ApplyDamage(by=by, reroll=reroll, where="conflict")


def check_invariants(state: Encounter, command: Command, before: Encounter) -> None:
    conflict = state.conflict
    assert state.threat.value >= 0 and 0 <= state.momentum.value <= state.momentum.cap
    if before.conflict is not None and isinstance(command, ConflictMinor | ConflictTask):
        turn = before.conflict.turn
        acting = before.conflict.figures[turn.interrupt or turn.actor or ""]
        assert not acting.incapacitated, "a figure acted while incapacitated"
    if conflict is None:
        return
    for fig in conflict.figures.values():
        top = stats(state, fig).stress_max
        assert 0 <= fig.stress <= max(top, 0), (fig.id, fig.stress, top)
        assert fig.own_threat >= 0
        if fig.dead:
            assert fig.injury == "lethal"
    turn = conflict.turn
    if turn.actor is not None and conflict.pending is None and not conflict.decisions:
        assert turn.tasks_taken <= turn.task_allowance <= 2
    for decision in conflict.decisions:
        assert decision.figure in conflict.figures


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data(), seed=st.integers(0, 10_000))
def test_random_legal_play_never_breaks_an_invariant(data: st.DataObject, seed: int) -> None:
    """Stress stays within 0 and its maximum, no figure acts while incapacitated, the pools
    stay within their limits, a refused Command changes nothing, and the journal replays to
    the same battle."""
    session = Session(demo_boarding(), SeededDice(seed))
    for _ in range(60):
        state = session.state
        if state.conflict is None or state.conflict.ended:
            break
        command = candidate(state, data.draw)
        if session.check(command) is not None:
            before = session.state
            try:
                session.apply(command)
            except Exception as exc:  # a refusal, which must change nothing
                assert type(exc).__name__ in ("CommandRefused", "ParameterMissing"), exc
            assert session.state is before
            continue
        before = session.state
        session.apply(command)
        check_invariants(session.state, command, before)
    assert Session.replay(session.initial, session.journal).state == session.state


def test_the_boarding_action_plays_to_its_end_through_commands_only() -> None:
    """The demo's boarding action, every figure played by the autopilot's legal Commands,
    ends with one side incapacitated or gone; the GM then returns to the ship."""
    for seed in (1, 2, 3):
        session = Session(demo_boarding(), SeededDice(seed))
        for _ in range(2000):
            command = suggest_conflict(session.state, session.check)
            if command is None:
                break
            session.apply(command)
        conflict = session.state.conflict
        assert conflict is not None and conflict.outcome is not None, seed
        sides = {
            side: [f for f in conflict.figures.values() if f.side == side and not f.out]
            for side in ("player", "npc")
        }
        assert not sides["player"] or not sides["npc"]
        assert all(e.command.on_foot for e in session.journal)
        session.apply(EndConflict())
        assert session.state.conflict is None
        session.apply(StartTurn(by="reyes", actor="reyes"))  # the ship battle goes on
        replayed = Session.replay(session.initial, session.journal)
        assert replayed.state == session.state


def _submitter(session: Session):  # type: ignore[no-untyped-def]
    def submit(command: Command) -> Encounter | None:
        if session.check(command) is not None:
            return None
        return session.apply(command).state

    return submit


def test_autopilot_turn_plays_an_npc_figures_whole_turn() -> None:
    """The GM console's AUTOPILOT TURN for an NPC figure, as for NPC ships: start, Minor
    Action, Task, its spends and damage, end."""
    session = Session(demo_boarding(), SeededDice(4))
    assert conflict_npcs_only(session.state) == FIGURES_ONLY  # the players act first

    def npc_to_start(state: Encounter) -> bool:
        c = state.conflict
        return (
            c is not None
            and c.turn.actor is None
            and c.turn.side == "npc"
            and c.pending is None
            and not c.decisions
        )

    while not npc_to_start(session.state):
        command = suggest_conflict(session.state, session.check)
        assert command is not None
        session.apply(command)
    steps: list[str] = []
    for _ in range(5):
        played = play_conflict_turn(session.state, session.check, _submitter(session))
        assert isinstance(played, AutopilotTurn), played
        steps += played.steps
        if steps[-1] == "ends its Turn":
            break
        # an officer must decide (Avoid an Injury): the player does, the GM goes on
        assert conflict_npcs_only(session.state) == FIGURES_ONLY
        answer = suggest_conflict(session.state, session.check)
        assert isinstance(answer, AvoidInjury | ResistKnockdown)
        session.apply(answer)
    conflict = session.state.conflict
    assert conflict is not None and conflict.figures[played.actor].npc is not None
    assert steps[-1] == "ends its Turn" and played.actor in conflict.turn.acted
    assert played.describe().startswith(f"Autopilot, {played.name}: ")


def test_autopilot_answers_an_npcs_decision_in_an_officers_turn() -> None:
    session = Session(demo_boarding(), SeededDice(4))
    while True:
        conflict = session.state.conflict
        assert conflict is not None
        if conflict.decisions and conflict.figures[conflict.decisions[0].figure].npc:
            break
        command = suggest_conflict(session.state, session.check)
        assert command is not None
        session.apply(command)
    played = play_conflict_turn(session.state, session.check, _submitter(session))
    assert isinstance(played, AutopilotTurn)
    assert played.steps[0] in ("avoids the Injury", "takes the Injury")
    assert conflict_npcs_only(session.state) == FIGURES_ONLY  # back to the officer


def test_autopilot_leaves_an_npcs_decision_to_the_gm_when_told() -> None:
    """The GM who decides NPCs' Avoid Injury by hand (decide=False): AUTOPILOT TURN stops
    at the decision, says it waits for the GM, and spends no Threat (it spent 2 of the
    GM's 3 without asking); the GM answers, and the autopilot goes on."""
    from bridge.engine.conflict.autopilot import ASKED

    session = Session(demo_boarding(), SeededDice(4))
    while True:
        conflict = session.state.conflict
        assert conflict is not None
        if conflict.decisions and conflict.figures[conflict.decisions[0].figure].npc:
            break
        command = suggest_conflict(session.state, session.check)
        assert command is not None
        session.apply(command)
    before = session.state
    played = play_conflict_turn(session.state, session.check, _submitter(session), decide=False)
    assert isinstance(played, AutopilotTurn)
    assert played.steps == (ASKED,)
    assert session.state is before  # nothing applied, no Threat spent
    front = conflict.decisions[0]
    session.apply(AvoidInjury(figure=front.figure, pay="none"))  # the GM's answer
    assert session.state.threat == before.threat
    after = session.state.conflict
    assert after is not None and not after.decisions


def test_autopilot_plays_an_npc_who_fights_with_the_crew_on_the_players_move() -> None:
    """An NPC the GM brings in on the crew's side (AddFigure, side "player") takes its
    Turn on the players' move, as any of them may; the GM plays it, so AUTOPILOT TURN
    starts and plays it (before, it said "it is the players' move" and nothing could)."""
    from bridge.engine.conflict.autopilot import allies_waiting
    from bridge.engine.conflict.commands import AddFigure, NpcPlacement
    from bridge.model.npc import Npc

    session = Session(demo_boarding(), SeededDice(4))
    conflict = session.state.conflict
    assert conflict is not None and conflict.turn.side == "player"
    foe = next(f.npc for f in conflict.figures.values() if f.npc is not None)
    assert isinstance(foe, Npc)
    ally = foe.model_copy(update={"id": "ally", "name": "Friendly Guard"})
    zone = conflict.zone_of("kell")
    session.apply(AddFigure(npcs=NpcPlacement(npc=ally, side="player", zone=zone)))
    assert allies_waiting(session.state) == ("ally",)
    assert conflict_npcs_only(session.state) is None
    played = play_conflict_turn(session.state, session.check, _submitter(session))
    assert isinstance(played, AutopilotTurn), played
    assert played.actor == "ally" and played.name == "Friendly Guard"
    after = session.state.conflict
    assert after is not None and "ally" in after.turn.acted
    assert played.steps[-1] == "ends its Turn"
    assert allies_waiting(session.state) == ()
