"""The bridge engine: station catalog, encounter state, Commands, turn controller, Session.

Pure Python: no Qt. Every change to a battle is a Command applied by a
:class:`~bridge.engine.session.Session`. This is the engine's public face: the UI, the
storage and the command line import only what is listed in ``__all__``.
"""

from bridge.engine.autopilot import NPCS_ONLY, npcs_only, suggest, suggest_for_npcs
from bridge.engine.cards import Need, TaskRule, task_needs
from bridge.engine.cards import rule_of as task_rule
from bridge.engine.catalog import CATALOG, ActionDef, Station, actions_for
from bridge.engine.changes import Change, parts_changed
from bridge.engine.commands import (
    AddCharacter,
    AddShip,
    AddTrait,
    AdjustDifficulty,
    AdjustPool,
    AttemptTask,
    BeginSession,
    Command,
    EndRound,
    EndScene,
    EndTurn,
    Inspiration,
    MinorAction,
    MoveShip,
    NpcActsFirst,
    RemoveTrait,
    ResolveTask,
    SetHouseRules,
    SetSeats,
    SetValue,
    SetZones,
    SpendDetermination,
    SpendMomentum,
    Spends,
    StartTurn,
    TrayRoll,
    TriggerReady,
    ValueComplication,
    Withdraw,
    command_adapter,
)
from bridge.engine.demo import demo_encounter, demo_ships
from bridge.engine.effects import spend_cost
from bridge.engine.encounter import Encounter, PendingTask, ZoneMap
from bridge.engine.forms import (
    Choice,
    ParamInfo,
    SpendInfo,
    minor_params,
    roll_params,
    task_options,
    task_spends,
    unusable,
)
from bridge.engine.gate import why_not
from bridge.engine.journal import (
    DeferredJournal,
    JournalEntry,
    JournalSink,
    JournalUnreadable,
    PackedJournal,
)
from bridge.engine.seating import seat_at_usual_station
from bridge.engine.session import Applied, CommandRefused, Session
from bridge.engine.tasks import TaskPlan, preview_task
from bridge.engine.turns import players_waiting, waiting

__all__ = [
    "CATALOG",
    "NPCS_ONLY",
    "ActionDef",
    "AddCharacter",
    "AddShip",
    "AddTrait",
    "AdjustDifficulty",
    "AdjustPool",
    "Applied",
    "AttemptTask",
    "BeginSession",
    "Change",
    "Choice",
    "Command",
    "CommandRefused",
    "DeferredJournal",
    "Encounter",
    "EndRound",
    "EndScene",
    "EndTurn",
    "Inspiration",
    "JournalEntry",
    "JournalSink",
    "JournalUnreadable",
    "MinorAction",
    "MoveShip",
    "Need",
    "NpcActsFirst",
    "PackedJournal",
    "ParamInfo",
    "PendingTask",
    "RemoveTrait",
    "ResolveTask",
    "Session",
    "SetHouseRules",
    "SetSeats",
    "SetValue",
    "SetZones",
    "SpendDetermination",
    "SpendInfo",
    "SpendMomentum",
    "Spends",
    "StartTurn",
    "Station",
    "TaskPlan",
    "TaskRule",
    "TrayRoll",
    "TriggerReady",
    "ValueComplication",
    "Withdraw",
    "ZoneMap",
    "actions_for",
    "command_adapter",
    "demo_encounter",
    "demo_ships",
    "minor_params",
    "npcs_only",
    "parts_changed",
    "players_waiting",
    "preview_task",
    "roll_params",
    "seat_at_usual_station",
    "spend_cost",
    "suggest",
    "suggest_for_npcs",
    "task_needs",
    "task_options",
    "task_rule",
    "task_spends",
    "unusable",
    "waiting",
    "why_not",
]
