"""The personal conflict through the ship's redaction (docs/protocol.md §6a): two fights
that differ only in an unrevealed NPC figure's statistics, played with the same given dice
through the same Commands, send a player's seat and the viewscreen the very same bytes.

The twins differ in what the crew cannot see of the unrevealed Klingon Warrior and bekks:
their Control, Daring, Insight, Presence and Reason, every Discipline but Security, and
their Focuses. What the dice let show stays equal on purpose: Fitness and Security (their
Stress and the damage dice their weapons roll) and their armour (the Resistance a hit
meets). Every d20 shows 1, 19 or 20, which score the same against any target number.
Real sockets on loopback: the frames of each step are compared byte for byte
(:mod:`tests.net.test_twin_battles` plays them).
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bridge.engine.commands import Command
from bridge.engine.conflict.autopilot import suggest_conflict
from bridge.engine.conflict.commands import AvoidInjury, ConflictTask, StartConflict
from bridge.engine.core.commands import ApplyDamage, EndTurn, ResolveTask, StartTurn
from bridge.engine.demo import demo_encounter
from bridge.engine.demo_boarding import boarding_command, demo_boarding
from bridge.engine.session import Session
from bridge.engine.state.encounter import Encounter
from bridge.model.character import Attributes, Disciplines
from bridge.model.npc import Npc, NpcAbility
from bridge.rules.dice import GivenDice
from bridge.rules.hidden import conceal, reveal
from bridge.rules.npc_abilities import NpcAbilityKind

from .helpers import run
from .test_twin_battles import play_twins


def _other(npc: Npc) -> Npc:
    """The NPC otherwise in all the crew cannot see (its Fitness and Security kept)."""
    a, d = npc.attributes, npc.disciplines
    return npc.model_copy(
        update={
            "attributes": Attributes(
                control=12, daring=7, fitness=a.fitness, insight=12, presence=12, reason=12
            ),
            "disciplines": Disciplines(
                command=5, conn=5, engineering=5, security=d.security, science=5, medicine=5
            ),
            "focuses": ("Secret Klingon Martial Art",),
        }
    )


def twins() -> tuple[Encounter, Encounter]:
    """The demo boarding action twice, its NPCs' hidden statistics otherwise in the second."""
    start = boarding_command()
    other = start.model_copy(
        update={"npcs": tuple(p.model_copy(update={"npc": _other(p.npc)}) for p in start.npcs)}
    )
    out = []
    for command in (start, other):
        session = Session(demo_encounter(), GivenDice())
        session.apply(command)
        out.append(session.state)
    return out[0], out[1]


def test_the_twins_differ_in_what_only_the_gm_sees() -> None:
    a, b = twins()
    assert a.conflict is not None and b.conflict is not None
    ours, theirs = a.conflict.figures["klingon-warrior"], b.conflict.figures["klingon-warrior"]
    assert ours.npc is not None and theirs.npc is not None
    assert ours.npc.attributes != theirs.npc.attributes
    assert ours.npc.focuses != theirs.npc.focuses
    assert ours.npc.stress_max == theirs.npc.stress_max  # (what a hit shows: the same)
    assert a.model_dump_json() != b.model_dump_json()
    assert demo_boarding().conflict == a.conflict


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(10, 60))
def test_a_fight_sends_the_same_bytes_whatever_the_hidden_numbers(seed: int, steps: int) -> None:
    """The autopilot plays both sides of the first twin, the second gets the same
    Commands (Kell's from Kell's phone): the NPCs' attacks, the melee's opposing rolls,
    their hits and Injuries, Avoid Injury, every frame, preview and page of the log."""
    rng = random.Random(seed)
    d20 = [rng.choice((1, 19, 20)) for _ in range(3000)]
    d6 = [rng.randint(1, 6) for _ in range(6000)]
    a, b = twins()

    def next_command(session: Session, _step: int) -> Command | None:
        return suggest_conflict(session.state, session.check)

    async def body() -> None:
        await play_twins(a, b, d20, d6, next_command, steps)

    run(body(), limit=240)


def test_the_crew_reads_no_hidden_number_and_the_gm_reads_them_all() -> None:
    """Issue's leaks, each written once and concealed for a crew seat: the NPC's target
    number in its attack, its opposing roll's Attribute and Discipline, the damage left
    after its hidden Resistance, and its Menacing ability; the GM reads every one."""
    start = boarding_command()
    menacing = start.npcs[0].npc.model_copy(
        update={"abilities": (NpcAbility(kind=NpcAbilityKind.MENACING),)}
    )
    start = start.model_copy(
        update={"npcs": (start.npcs[0].model_copy(update={"npc": menacing}), *start.npcs[1:])}
    )
    # Kell attacks the Warrior in melee (two 1s: a hit; the Warrior's two 20s fail), then
    # six damage dice of 2: 12 damage; the Cover die a blank: Resistance 1 (its armour).
    session = Session(demo_encounter(), GivenDice([1, 1, 20, 20, 20, 20], [2] * 6 + [3] * 9))
    said: list[str] = list(session.apply(_started(start)).entry.log)
    for command in _kell_strikes_the_warrior(session):
        said += session.apply(command).entry.log
    gm = "\n".join(reveal(line) for line in said)
    crew = "\n".join(conceal(line) for line in said)
    assert "Klingon Warrior is Menacing" in gm and "Menacing" not in crew
    assert "Klingon Warrior arrives: +1 Threat" in crew
    assert "opposes with Daring + Security" in gm
    assert "Klingon Warrior opposes: [20!, 20!] 0 successes" in crew
    assert "The attack on Klingon Warrior: 12 damage before Resistance." in crew
    assert "Klingon Warrior would be Injured (11 damage" in gm
    assert "Klingon Warrior would be Injured: they may Avoid the Injury" in crew
    assert "Klingon Warrior suffers a Non-lethal Injury (unconscious) and is incapacitated" in crew
    assert "Resistance 1" in gm and "Resistance 1" not in crew and "11 damage" not in crew


def _started(start: StartConflict) -> StartConflict:
    """The boarders beamed into the corridor beside Kell, the Warrior within his Reach."""
    officers = tuple(
        o.model_copy(update={"huddle": 1}) if o.character == "kell" else o for o in start.officers
    )
    corridor = officers[0].zone
    npcs = tuple(
        p.model_copy(update={"zone": corridor, "huddle": 1 if i == 0 else 2})
        for i, p in enumerate(start.npcs)
    )
    return start.model_copy(update={"officers": officers, "npcs": npcs})


def _kell_strikes_the_warrior(session: Session) -> list[Command]:
    return [
        StartTurn(by="kell", actor="kell", where="conflict"),
        ConflictTask(
            by="kell",
            action="attack",
            target="klingon-warrior",
            weapon="Unarmed Strike",
            lethal=False,
        ),
        ResolveTask(by="kell", hold_damage=True, where="conflict"),
        ApplyDamage(by="kell", where="conflict"),
        AvoidInjury(figure="klingon-warrior", pay="none"),  # the GM lets it fall
        EndTurn(by="kell", where="conflict"),
    ]
