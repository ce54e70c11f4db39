"""What a seat may see: properties of the players' view and of the log they read."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bridge.engine.autopilot import suggest
from bridge.engine.commands import AdjustPool, SetValue
from bridge.engine.demo import demo_encounter
from bridge.engine.session import Session
from bridge.net.views import GM_EDIT, log_entry, player_view
from bridge.rules.dice import SeededDice

NPCS = ("qoj", "vortak")


@settings(max_examples=40, deadline=None)
@given(
    scanned=st.sets(st.sampled_from(NPCS)),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 40),
)
def test_unscanned_npc_statistics_never_reach_the_players(
    scanned: set[str], seed: int, steps: int
) -> None:
    session = Session(
        demo_encounter().model_copy(update={"scanned": tuple(sorted(scanned))}),
        SeededDice(seed),
    )
    for _ in range(steps):
        command = suggest(session.state, session.check)
        if command is None:
            break
        session.apply(command)
    state = session.state
    view = player_view(state)
    for sid, ship in state.ships.items():
        shown = view.ships[sid]
        if sid in NPCS and sid not in state.scanned:
            # (a weapon the ship fires is named in the log and the pending Task: the
            # players saw it fire; its statistics stay hidden)
            assert shown.weapons == () and shown.talents == () and shown.crew_quality is None
            assert shown.systems == type(ship.systems)()
            assert shown.departments == type(ship.departments)()
            assert (shown.shields_now, shown.total_breaches) == (
                ship.shields_now,
                ship.total_breaches,
            )
        else:
            assert shown == ship
    assert view.model_copy(update={"ships": state.ships}) == state  # nothing else differs


def test_the_gm_reads_every_line_and_the_players_not_the_gms_edits() -> None:
    session = Session(demo_encounter())
    edit = session.apply(SetValue(path="ships.qoj.shields", value=3)).entry
    pool = session.apply(AdjustPool(pool="threat", delta=2)).entry
    assert log_entry(edit).lines == (GM_EDIT,)
    assert log_entry(edit, gm=True).lines == edit.log and GM_EDIT not in edit.log
    assert log_entry(pool).lines == pool.log  # Threat is on every station's screen


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 30))
def test_a_players_task_preview_on_their_view_equals_the_hosts(seed: int, steps: int) -> None:
    """The Difficulty, its items and the odds a remote station shows before a roll are the
    engine's, computed on the player's view; the view hides no statistic they depend on,
    so they equal what the host (on the full battle) would say, refusals included."""
    from bridge.engine import CATALOG, AttemptTask, StartTurn, preview_task

    session = Session(demo_encounter(), SeededDice(seed))
    for _ in range(steps):
        command = suggest(session.state, session.check)
        if command is None:
            break
        session.apply(command)
    state = session.state
    actor = state.turn.actor
    if actor is None or actor not in state.characters:
        waiting = [c for c in state.seated_characters() if c not in state.turn.acted]
        if not waiting or session.check(StartTurn(by=waiting[0], actor=waiting[0])):
            return
        session.apply(StartTurn(by=waiting[0], actor=waiting[0]))
        state, actor = session.state, waiting[0]
    view = player_view(state)
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
