"""What a player seat receives of a personal conflict ([house rule] an NPC's Stress and
special abilities are the GM's until revealed), and its Commands on the wire."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bridge.engine import (
    GM_LINE,
    ConflictTask,
    RevealFigure,
    Session,
    demo_boarding,
    suggest_conflict,
)
from bridge.net.protocol import SendCommand, parse_client
from bridge.rules.dice import SeededDice
from bridge.rules.hidden import reveal
from bridge.seatview import CREW, GM, seat_log, seat_view


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 60))
def test_an_unrevealed_npcs_stress_and_abilities_never_reach_the_players(
    seed: int, steps: int
) -> None:
    session = Session(demo_boarding(), SeededDice(seed))
    session.apply(RevealFigure(figure="klingon-bekk-1"))
    for _ in range(steps):
        command = suggest_conflict(session.state, session.check)
        if command is None:
            break
        session.apply(command)
    state = session.state
    conflict, shown = state.conflict, seat_view(state, CREW).conflict
    assert conflict is not None and shown is not None
    for fid, fig in conflict.figures.items():
        seen = shown.figures[fid]
        assert (seen.injury, seen.dead, seen.prone) == (fig.injury, fig.dead, fig.prone)
        assert shown.zone_of(fid) == conflict.zone_of(fid)
        if fig.npc is None or fid == "klingon-bekk-1":
            assert seen == fig
            continue
        assert seen.stress == 0 and seen.npc is not None
        assert seen.npc.abilities == () and seen.npc.attributes != fig.npc.attributes
        assert seen.npc.weapons == fig.npc.weapons  # what they hold is plain to see
    for entry in session.journal:
        players = seat_log(entry, CREW).lines
        assert not any(GM_LINE in line for line in players)
        assert seat_log(entry, GM).lines == tuple(reveal(line) for line in entry.log)


def test_a_conflict_command_travels_the_wire() -> None:
    frame = SendCommand(
        id=7, command=ConflictTask(by="kell", action="attack", target="klingon-warrior")
    ).model_dump_json()
    parsed = parse_client(frame)
    assert isinstance(parsed, SendCommand) and isinstance(parsed.command, ConflictTask)
    assert parsed.command.target == "klingon-warrior"


def test_the_gm_reads_the_lines_about_an_unrevealed_npc_that_the_crew_never_does() -> None:
    """[house rule] An unrevealed NPC's Stress is the GM's: its lines are GM-only spans,
    which a scan never settles; the GM reads them marked, the crew not at all."""
    session = Session(demo_boarding(), SeededDice(4))
    private = 0
    for _ in range(120):
        command = suggest_conflict(session.state, session.check)
        if command is None:
            break
        entry = session.apply(command).entry
        gm_lines = seat_log(entry, GM).lines
        crew_lines = seat_log(entry, CREW).lines
        marked = [line for line in gm_lines if line.startswith(GM_LINE)]
        private += len(marked)
        assert len(crew_lines) == len(gm_lines) - len(marked)
        assert not any(GM_LINE in line or "\ue000" in line for line in crew_lines)
    assert private > 0
