"""The bridge engine: station catalog, encounter state, Commands, turn controller, Session.

Pure Python: no Qt. Every change to a battle is a Command applied by a
:class:`~bridge.engine.session.Session`. This is the engine's public face: the UI, the
storage and the command line import only what is listed in ``__all__``.
"""

from bridge.engine.autopilot import (
    NPCS_ONLY,
    AutopilotTurn,
    npcs_only,
    play_npc_turn,
    suggest,
    suggest_for_npcs,
)
from bridge.engine.card_back import COMBAT_ACTIONS_NOTE, RULES_SUMMARY, SPENDS_NOTE
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
    ApplyDamage,
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
from bridge.engine.ledger import REPEATED_ROLE_PENALTY, NpcLedger, RoleUse, npc_ledger
from bridge.engine.momentum_spends import (
    MOMENTUM_SPENDS,
    SpendDef,
    is_immediate,
    threat_refusal,
)
from bridge.engine.seating import seat_at_usual_station
from bridge.engine.session import Applied, CommandRefused, Session
from bridge.engine.spends import HeldDamage
from bridge.engine.tasks import Cost, TaskPlan, preview_task
from bridge.engine.turns import players_waiting, waiting
from bridge.engine.whose_turn import Acting, acting, seat_line, turn_text

__all__ = [
    "CATALOG",
    "COMBAT_ACTIONS_NOTE",
    "MOMENTUM_SPENDS",
    "NPCS_ONLY",
    "REPEATED_ROLE_PENALTY",
    "RULES_SUMMARY",
    "SPENDS_NOTE",
    "Acting",
    "ActionDef",
    "AddCharacter",
    "AddShip",
    "AddTrait",
    "AdjustDifficulty",
    "AdjustPool",
    "Applied",
    "ApplyDamage",
    "AttemptTask",
    "AutopilotTurn",
    "BeginSession",
    "Change",
    "Choice",
    "Command",
    "CommandRefused",
    "Cost",
    "DeferredJournal",
    "Encounter",
    "EndRound",
    "EndScene",
    "EndTurn",
    "HeldDamage",
    "Inspiration",
    "JournalEntry",
    "JournalSink",
    "JournalUnreadable",
    "MinorAction",
    "MoveShip",
    "Need",
    "NpcActsFirst",
    "NpcLedger",
    "PackedJournal",
    "ParamInfo",
    "PendingTask",
    "RemoveTrait",
    "ResolveTask",
    "RoleUse",
    "Session",
    "SetHouseRules",
    "SetSeats",
    "SetValue",
    "SetZones",
    "SpendDef",
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
    "acting",
    "actions_for",
    "command_adapter",
    "demo_encounter",
    "demo_ships",
    "is_immediate",
    "minor_params",
    "npc_ledger",
    "npcs_only",
    "parts_changed",
    "play_npc_turn",
    "players_waiting",
    "preview_task",
    "roll_params",
    "seat_at_usual_station",
    "seat_line",
    "spend_cost",
    "suggest",
    "suggest_for_npcs",
    "task_needs",
    "task_options",
    "task_rule",
    "task_spends",
    "threat_refusal",
    "turn_text",
    "unusable",
    "waiting",
    "why_not",
]
