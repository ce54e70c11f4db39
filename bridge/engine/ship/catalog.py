"""Every Minor Action and Task on the five station reference cards (seed 001), as data.

Card text is paraphrased. Attribute and Discipline choices, ship assists,
Difficulties and Power follow the cards and RULES-NOTES "Ship statistics".
"""

from typing import Literal

from bridge.engine.core.spend_table import SpendDef, SpendTable
from bridge.engine.state.cards import ALL_STATIONS, ActionDef, Station
from bridge.rules.stats import Attribute, Department, System

__all__ = ["CATALOG", "MOMENTUM_SPENDS", "action", "actions_for"]


ALL = ALL_STATIONS
A = Attribute
D = Department
S = System


def _minor(key: str, name: str, text: str, stations: tuple[Station, ...] = ALL) -> ActionDef:
    return ActionDef(key=key, name=name, kind="minor", stations=stations, text=text, rolled=False)


MINORS = (
    _minor("interact", "Interact", "Interact with an object in the environment."),
    _minor(
        "change_position",
        "Change Position",
        "Move to another station on the bridge; arrive at the start of your next Turn.",
    ),
    _minor("prepare", "Prepare", "Prepare for a Task; some weapons need it (Calibration)."),
    _minor(
        "restore",
        "Restore",
        "Clear a minor fault: a system's Impact is cleared and it works again.",
    ),
    _minor(
        "raise_shields",
        "Raise Shields",
        "Shields go back up to their previous score. Not in the same Round as lowering them.",
        (Station.TACTICAL,),
    ),
    _minor(
        "lower_shields",
        "Lower Shields",
        "Shields drop to 0 (needed for transporters). Not in the same Round as raising them.",
        (Station.TACTICAL,),
    ),
)

SHARED_TASKS = (
    ActionDef(
        key="assist",
        name="Assist",
        kind="task",
        stations=ALL,
        rolled=False,
        text="Nominate an ally you can talk to and assist their next Task with your own "
        "Attribute, Discipline and Focus.",
    ),
    ActionDef(
        key="pass",
        name="Pass",
        kind="task",
        stations=ALL,
        rolled=False,
        text="Attempt no Task. With no Minor Action taken either, you may act later "
        "this Round instead.",
    ),
    ActionDef(
        key="ready",
        name="Ready",
        kind="task",
        stations=ALL,
        rolled=False,
        text="Name a trigger and a Task; when the trigger happens you interrupt to "
        "attempt it. Lost at your next Turn.",
    ),
    ActionDef(
        key="override",
        name="Override",
        kind="task",
        stations=ALL,
        rolled=False,
        text="Attempt a Task from another role's card at +1 Difficulty.",
    ),
)

_ENG = (A.CONTROL,), (D.ENGINEERING,)

TASKS = (
    # Command
    ActionDef(
        key="direct",
        name="Direct",
        kind="task",
        stations=(Station.COMMAND,),
        rolled=False,
        group="Command",
        text="Order one other officer to attempt a single Task at once; you assist it "
        "with your Command. Once per scene.",
    ),
    ActionDef(
        key="rally",
        name="Rally",
        kind="task",
        stations=(Station.COMMAND,),
        group="Command",
        attributes=(A.PRESENCE,),
        disciplines=(D.COMMAND,),
        difficulty=0,
        text="Inspire and coordinate the crew to generate Momentum.",
    ),
    # Helm
    ActionDef(
        key="maneuver",
        name="Maneuver",
        kind="task",
        stations=(Station.HELM,),
        group="Helm",
        attributes=(A.CONTROL,),
        disciplines=(D.CONN,),
        assist=(S.ENGINES, D.CONN),
        difficulty=0,
        uses=S.ENGINES,
        text="Thrusters: move anywhere within Medium range.",
    ),
    ActionDef(
        key="impulse",
        name="Impulse",
        kind="task",
        stations=(Station.HELM,),
        group="Helm",
        attributes=(A.CONTROL,),
        disciplines=(D.CONN,),
        assist=(S.ENGINES, D.CONN),
        difficulty=0,
        power=1,
        uses=S.ENGINES,
        text="Impulse engines: move anywhere within Long range.",
    ),
    ActionDef(
        key="warp",
        name="Warp",
        kind="task",
        stations=(Station.HELM,),
        group="Helm",
        attributes=(A.CONTROL,),
        disciplines=(D.CONN,),
        assist=(S.ENGINES, D.CONN),
        difficulty=0,
        power_note="1 per zone",
        uses=S.ENGINES,
        text="Warp drive: move two or more zones.",
    ),
    ActionDef(
        key="evasive_action",
        name="Evasive Action",
        kind="task",
        stations=(Station.HELM,),
        group="Helm",
        attributes=(A.CONTROL,),
        disciplines=(D.CONN,),
        assist=(S.STRUCTURE, D.CONN),
        difficulty=1,
        power=1,
        uses=S.ENGINES,
        text="Until your next Task, attacks against the ship and by the ship are +1 Difficulty.",
    ),
    ActionDef(
        key="attack_pattern",
        name="Attack Pattern",
        kind="task",
        stations=(Station.HELM,),
        group="Helm",
        attributes=(A.DARING,),
        disciplines=(D.CONN,),
        assist=(S.WEAPONS, D.CONN),
        difficulty=2,
        power=1,
        uses=S.ENGINES,
        text="Until your next Turn the ship's attacks are -1 Difficulty (minimum 1; at 1 "
        "they gain 1 Momentum instead).",
    ),
    ActionDef(
        key="ramming_speed",
        name="Ramming Speed",
        kind="task",
        stations=(Station.HELM,),
        group="Helm",
        attributes=(A.DARING,),
        disciplines=(D.CONN,),
        assist=(S.ENGINES, D.CONN),
        difficulty=2,
        power=1,
        difficulty_note="2, +1 per range beyond Close",
        uses=S.ENGINES,
        text="Ram a ship: 2 + Scale ▲ Spread, Vicious 1, Devastating; your ship takes "
        "Scale ▲ with the same qualities.",
    ),
    ActionDef(
        key="plot_course",
        name="Plot Course",
        kind="task",
        stations=(Station.HELM,),
        group="Navigation",
        attributes=(A.REASON,),
        disciplines=(D.CONN,),
        assist=(S.COMPUTERS, D.CONN),
        difficulty=3,
        momentum="-1 more per 2 Momentum",
        momentum_cost=2,
        text="Your next Task is -1 Difficulty, and -1 more for every 2 Momentum.",
    ),
    ActionDef(
        key="chart_hazard",
        name="Chart Hazard",
        kind="task",
        stations=(Station.HELM,),
        group="Navigation",
        attributes=(A.REASON,),
        disciplines=(D.CONN,),
        assist=(S.SENSORS, D.CONN),
        difficulty=3,
        momentum="+1 hazard per 2 Momentum",
        momentum_cost=2,
        text="Name a nearby hazard: Tasks to avoid it are -2 Difficulty. One more hazard "
        "per 2 Momentum.",
    ),
    # Tactical
    ActionDef(
        key="deploy_security",
        name="Deploy Security",
        kind="task",
        stations=(Station.TACTICAL,),
        group="Security",
        attributes=(A.PRESENCE,),
        disciplines=(D.SECURITY,),
        difficulty=1,
        narrative=True,
        text="Send a security team to a location; an opposed Task against the intruders.",
    ),
    ActionDef(
        key="fire_weapon",
        name="Fire Weapon",
        kind="task",
        stations=(Station.TACTICAL,),
        group="Tactical",
        attributes=(A.CONTROL,),
        disciplines=(D.SECURITY,),
        assist=(S.WEAPONS, D.SECURITY),
        difficulty=2,
        difficulty_note="2 energy, 3 torpedo",
        power_note="energy 1; torpedo +1 Threat",
        uses=S.WEAPONS,
        text="Attack a target in range with one weapon; success rolls its damage.",
    ),
    ActionDef(
        key="modulate_shields",
        name="Modulate Shields",
        kind="task",
        stations=(Station.TACTICAL,),
        group="Tactical",
        attributes=(A.CONTROL,),
        disciplines=(D.SECURITY,),
        assist=(S.STRUCTURE, D.ENGINEERING),
        difficulty=2,
        power=1,
        momentum="+1 Resistance per Momentum",
        momentum_cost=1,
        uses=S.STRUCTURE,
        text="+1 Resistance (+1 per Momentum) until the ship next takes damage.",
    ),
    ActionDef(
        key="tractor_beam",
        name="Tractor Beam",
        kind="task",
        stations=(Station.TACTICAL,),
        group="Tactical",
        attributes=(A.CONTROL,),
        disciplines=(D.SECURITY,),
        assist=(S.WEAPONS, D.SECURITY),
        difficulty=2,
        uses=S.WEAPONS,
        text="Lock a tractor beam on a ship or object at Close range.",
    ),
    # Operations: communications
    ActionDef(
        key="hailing_frequencies",
        name="Hailing Frequencies Open",
        kind="task",
        stations=(Station.OPERATIONS,),
        group="Communications",
        attributes=(A.PRESENCE, A.CONTROL),
        disciplines=(D.ENGINEERING, D.COMMAND),
        assist=(S.COMMUNICATIONS, D.ENGINEERING),
        difficulty=0,
        difficulty_note="0: no roll",
        uses=S.COMMUNICATIONS,
        narrative=True,
        text="Open a channel to a ship or facility; nothing makes them answer. The card "
        "gives no roll: at Difficulty 0 none is needed (NO ROLL); jamming or the GM can "
        "raise it, and then Bridge rolls Presence or Control + Engineering or Command.",
    ),
    ActionDef(
        key="respond_to_hail",
        name="Respond to Hail",
        kind="task",
        stations=(Station.OPERATIONS,),
        group="Communications",
        attributes=(A.PRESENCE, A.CONTROL),
        disciplines=(D.ENGINEERING, D.COMMAND),
        assist=(S.COMMUNICATIONS, D.ENGINEERING),
        difficulty=0,
        difficulty_note="0: no roll",
        uses=S.COMMUNICATIONS,
        narrative=True,
        text="Answer a hail: sound, picture and data flow both ways. No roll at Difficulty "
        "0 (the card gives none); jamming or the GM can raise it.",
    ),
    # Operations and Science: internal systems
    ActionDef(
        key="signals_jamming",
        name="Signals Jamming",
        kind="task",
        stations=(Station.OPERATIONS,),
        group="Internal Systems",
        attributes=_ENG[0],
        disciplines=_ENG[1],
        assist=(S.COMMUNICATIONS, D.SECURITY),
        difficulty=1,
        difficulty_note="player chooses 1-3",
        uses=S.COMMUNICATIONS,
        text="Jam a target's communications; a higher Difficulty jams harder.",
    ),
    ActionDef(
        key="damage_report",
        name="Damage Report",
        kind="task",
        stations=(Station.OPERATIONS,),
        group="Internal Systems",
        attributes=(A.INSIGHT,),
        disciplines=(D.COMMAND,),
        assist=(S.COMMUNICATIONS, D.ENGINEERING),
        difficulty=1,
        text="The next repair Task is -1 Difficulty.",
    ),
    ActionDef(
        key="power_management",
        name="Power Management",
        kind="task",
        stations=(Station.OPERATIONS, Station.SCIENCE),
        group="Internal Systems",
        attributes=(A.DARING, A.CONTROL),
        disciplines=(D.ENGINEERING,),
        difficulty=2,
        succeed_at_cost=True,
        momentum="+1 Power per Momentum",
        momentum_cost=1,
        text="The ship gains 1 Power (+1 per Momentum). Can Succeed at Cost.",
    ),
    ActionDef(
        key="regenerate_shields",
        name="Regenerate Shields",
        kind="task",
        stations=(Station.OPERATIONS, Station.SCIENCE),
        group="Internal Systems",
        attributes=_ENG[0],
        disciplines=_ENG[1],
        assist=(S.STRUCTURE, D.ENGINEERING),
        difficulty=1,
        difficulty_note="1, +1 if Shields are 0",
        momentum="+2 Shields per Momentum",
        momentum_cost=1,
        text="The ship regains 2 Shields (+2 per Momentum).",
    ),
    ActionDef(
        key="damage_control",
        name="Damage Control",
        kind="task",
        stations=(Station.OPERATIONS, Station.SCIENCE),
        group="Internal Systems",
        attributes=(A.PRESENCE,),
        disciplines=(D.ENGINEERING,),
        difficulty=3,
        difficulty_note="3 Damaged, 4 Disabled, 5 Disabled Engines or Structure",
        text="A damage control team repairs a system: its penalties are lifted "
        "(the breaches remain).",
    ),
    ActionDef(
        key="transporters",
        name="Transporters",
        kind="task",
        stations=(Station.OPERATIONS, Station.SCIENCE),
        group="Internal Systems",
        attributes=_ENG[0],
        disciplines=_ENG[1],
        assist=(S.SENSORS, D.ENGINEERING),
        difficulty=2,
        narrative=True,
        text="Operate the transporters; circumstances change the Difficulty.",
    ),
    # Science
    ActionDef(
        key="sensor_sweep",
        name="Sensor Sweep",
        kind="task",
        stations=(Station.SCIENCE,),
        group="Sensors",
        attributes=(A.REASON,),
        disciplines=(D.SCIENCE,),
        assist=(S.SENSORS, D.SCIENCE),
        difficulty=0,
        uses=S.SENSORS,
        # the card's Momentum line is the general spend (seed 001 card back): paid as
        # Obtain Information, not offered a second time as its own repeatable effect
        momentum="Obtain Information: 1 question per Momentum",
        text="Scan the area: reveals contacts; interference raises the Difficulty.",
    ),
    ActionDef(
        key="scan_for_weakness",
        name="Scan for Weakness",
        kind="task",
        stations=(Station.SCIENCE,),
        group="Sensors",
        attributes=(A.CONTROL,),
        disciplines=(D.SCIENCE,),
        assist=(S.SENSORS, D.SECURITY),
        difficulty=1,
        uses=S.SENSORS,
        text="The ship's next attack before the end of your next Turn gains Piercing 2.",
    ),
    ActionDef(
        key="launch_probe",
        name="Launch Probe",
        kind="task",
        stations=(Station.SCIENCE,),
        group="Sensors",
        uses=S.SENSORS,
        rolled=False,
        difficulty_note="no roll: the card gives none",
        text="Send a probe to a zone (no roll: the card gives none): Sensor Sweeps there "
        "are -2 Difficulty and its hazards hit the probe, not the ship.",
    ),
)

CATALOG: dict[str, ActionDef] = {a.key: a for a in (*MINORS, *SHARED_TASKS, *TASKS)}


def action(key: str) -> ActionDef:
    """The catalog entry for ``key``."""
    return CATALOG[key]


def actions_for(station: Station, kind: Literal["minor", "task"]) -> tuple[ActionDef, ...]:
    """A card's Minor Actions or Tasks, in card order."""
    return tuple(a for a in CATALOG.values() if a.kind == kind and station in a.stations)


MOMENTUM_SPENDS = SpendTable.of(
    "starship",
    (
        "create_opportunity",
        "create_problem",
        "obtain_information",
        "create_advantage",
        "keep_initiative",
        "extra_minor",
        "bonus_damage",
        "penetration",
        "reroll_damage",
        SpendDef(
            key="devastating",
            name="Devastating Attack",
            cost="2",
            effect="Another system takes half the damage, rounded up.",
        ),
        "swift_task",
        SpendDef(
            key="power_loss",
            name="Power Loss",
            cost="1",
            repeatable=True,
            effect="The target loses 1 Power.",
        ),
    ),
    resolved=frozenset(
        {"bonus_damage", "penetration", "devastating", "power_loss", "reroll_damage"}
    ),
)
"""Seed 001 COMBAT MOMENTUM (STARSHIP), the back of every station card, in its order."""
