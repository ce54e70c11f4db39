"""What a seat may see: properties of the crew's view and of the log they read.

Issue 28: unscanned NPC statistics never reach a player seat, whatever was played; the
GM reads everything.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bridge.engine.core.commands import AdjustPool, SetValue
from bridge.engine.demo import demo_encounter
from bridge.engine.session import Session
from bridge.rules.hidden import MARKERS
from bridge.seatview import CREW, GM, GM_EDIT, seat_log, seat_view
from tests.seatview.played import NPCS, played


@settings(max_examples=40, deadline=None)
@given(
    scanned=st.sets(st.sampled_from(NPCS)),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 40),
)
def test_unscanned_npc_statistics_never_reach_the_players(
    scanned: set[str], seed: int, steps: int
) -> None:
    state = played(seed, steps, scanned).state
    view = seat_view(state, CREW)
    assert seat_view(state, GM) is state
    for sid, ship in state.ships.items():
        shown = view.ships[sid]
        if state.unscanned(sid):
            assert shown.contact and shown.weapons == () and shown.talents == ()
            assert shown.crew_quality is None and shown.modulation_bonus == 0
            assert shown.systems == type(ship.systems)()
            assert shown.departments == type(ship.departments)()
            assert (shown.shields, shown.power) == (None, None)  # not known, not made up
            assert shown.shields_max_override is None and shown.power_capacity_override is None
            assert (shown.shields_up, shown.damage, shown.destroyed) == (
                ship.shields_up,
                ship.damage,
                ship.destroyed,
            )
        else:
            assert shown == ship
    for part in ("pending", "last_roll"):
        roll, seen = getattr(state, part), getattr(view, part)
        if roll is None or not state.unscanned(roll.ship):
            assert seen == roll
            continue
        assert seen.result.spec.lead.target == 0  # the crew's numbers are not known
        assert all(a.roller.target == 0 for a in seen.result.spec.assists)
        assert [d.value for d in seen.result.dice] == [d.value for d in roll.result.dice]
        assert seen.result.success == roll.result.success
    same = view.model_copy(
        update={"ships": state.ships, "pending": state.pending, "last_roll": state.last_roll}
    )
    assert same == state  # nothing else differs


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 60))
def test_no_line_a_seat_reads_holds_a_marker_and_the_gm_reads_every_word(
    seed: int, steps: int
) -> None:
    session = played(seed, steps, set())
    for entry in session.journal:
        for seat in (CREW, GM):
            for line in seat_log(entry, seat).lines:
                assert not MARKERS & set(line)
        crew, gm = seat_log(entry, CREW).lines, seat_log(entry, GM).lines
        assert len(crew) <= len(gm)
        if crew != (GM_EDIT,):
            assert (
                len(crew) == len(gm)
                or entry.command.by == "gm"
                or any(MARKERS & set(line) for line in entry.log)
            )


def test_the_gm_reads_every_line_and_the_players_not_the_gms_edits() -> None:
    session = Session(demo_encounter())
    edit = session.apply(SetValue(path="ships.qoj.shields", value=3)).entry
    pool = session.apply(AdjustPool(pool="threat", delta=2)).entry
    assert seat_log(edit, CREW).lines == (GM_EDIT,)
    assert seat_log(edit, GM).lines == edit.log and GM_EDIT not in edit.log
    assert seat_log(pool, CREW).lines == pool.log  # Threat is on every station's screen


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 30))
def test_a_players_task_preview_on_their_view_equals_the_hosts(seed: int, steps: int) -> None:
    """The Difficulty, its items and the odds a remote station shows before a roll are the
    engine's, computed on the player's view; the view hides no statistic they depend on,
    so they equal what the host (on the full battle) would say, refusals included."""
    from bridge.engine import CATALOG, AttemptTask, StartTurn, preview_task

    session = played(seed, steps, set())
    state = session.state
    actor = state.turn.actor
    if actor is None or actor not in state.characters:
        waiting = [c for c in state.seated_characters() if c not in state.turn.acted]
        if not waiting or session.check(StartTurn(by=waiting[0], actor=waiting[0])):
            return
        session.apply(StartTurn(by=waiting[0], actor=waiting[0]))
        state, actor = session.state, waiting[0]
    view = seat_view(state, CREW)
    compared = 0
    for station in state.stations_of(actor):
        for action in CATALOG.values():
            if action.kind != "task" or station not in action.stations:
                continue
            for target in (None, *state.ships):
                cmd = AttemptTask(by=actor, action=action.key, station=station, target=target)
                host, mine = preview_task(state, cmd), preview_task(view, cmd)
                if isinstance(host, str) or isinstance(mine, str):
                    assert host == mine
                else:
                    assert (mine.items, mine.spec) == (host.items, host.spec)
                compared += 1
    assert compared > 0


def test_an_entry_whose_every_target_is_refused_for_one_reason_says_that_reason() -> None:
    """Tractor Beam said "No enemy ship is in the fight." with two Birds-of-Prey there:
    each target is refused for the same reason, which is the entry's reason."""
    from bridge.engine import Session, StartTurn, demo_encounter
    from bridge.seatview import availability

    session = Session(demo_encounter())
    session.apply(StartTurn(by="kell", actor="kell"))
    tractor = availability(session.state, "kell").actions["tactical/tractor_beam"]
    assert tractor.reason == "The tractor beam reaches only a target at Close range."


def test_the_officer_taking_their_turn_is_told_so_in_their_own_words() -> None:
    """Kell's phone said "Lt. Cmdr. Kell is still taking their Turn" to Kell."""
    from bridge.engine import Session, StartTurn, demo_encounter
    from bridge.seatview import availability

    session = Session(demo_encounter())
    session.apply(StartTurn(by="kell", actor="kell"))
    mine = availability(session.state, "kell")
    assert mine.start_turn == "Your Turn is under way: END TURN ends it."
    others = availability(session.state, "tovan")
    assert others.start_turn is not None and "Kell" in others.start_turn


def test_the_crew_reads_the_gms_personal_conflict_as_the_table_sees_it() -> None:
    """Players whose fight the GM started read only "The GM edited the battle.": a
    personal conflict's start, its moves and its end are what the table sees, as a ship's
    are (seed 003 PERSONAL CONFLICT: the GM sets the scene)."""
    from bridge.engine import EndConflict, MoveFigure
    from bridge.engine.demo_boarding import CORRIDOR, ENGINEERING, boarding_command

    session = Session(demo_encounter())
    start = session.apply(boarding_command()).entry
    crew = seat_log(start, CREW).lines
    assert crew == start.log and crew[0].startswith("A personal conflict begins")
    assert any("Lt. Cmdr. Kell (the away team) in Deck 6 Corridor" in line for line in crew)
    state = session.state
    assert state.conflict is not None
    kell = next(f for f in state.conflict.figures.values() if f.name == "Lt. Cmdr. Kell")
    zone = ENGINEERING if state.conflict.zone_of(kell.id) == CORRIDOR else CORRIDOR
    move = session.apply(MoveFigure(figure=kell.id, zone=zone)).entry
    assert seat_log(move, CREW).lines == move.log == (f"GM moves Lt. Cmdr. Kell to {zone}.",)
    end = session.apply(EndConflict()).entry
    assert seat_log(end, CREW).lines == end.log and "Back to the ship." in end.log
    assert GM_EDIT not in crew + seat_log(end, CREW).lines


def test_a_ships_re_roll_damage_is_offered_only_when_its_momentum_can_be_paid() -> None:
    """Seed 001 Re-Roll Damage (1 Momentum; the attack's own first). A phone with no
    Momentum was invited to tap the damage dice, and refused after."""
    from bridge.engine import AttemptTask, ResolveTask, StartTurn
    from bridge.rules.dice import GivenDice
    from bridge.seatview import availability

    session = Session(demo_encounter())
    session.apply(SetValue(path="momentum.value", value=0))
    session.apply(StartTurn(by="kell", actor="kell"))
    fire = AttemptTask(by="kell", action="fire_weapon", weapon="Phaser Arrays", target="qoj")
    session.apply(fire, GivenDice(d20=(10, 10, 20)))  # 2 successes at Difficulty 2
    rolled = session.apply(ResolveTask(by="kell", hold_damage=True), GivenDice(d6=(3,) * 12))
    assert not any("Re-Roll Damage" in line for line in rolled.entry.log)  # (the log too)
    held = session.state.pending
    assert held is not None and held.damage is not None and held.damage.momentum == 0
    apply = availability(session.state, "kell").controls["apply_damage"]
    assert apply.reason is None and apply.params == ()
    session.apply(SetValue(path="momentum.value", value=1))
    apply = availability(session.state, "kell").controls["apply_damage"]
    assert [p.name for p in apply.params] == ["reroll"]
