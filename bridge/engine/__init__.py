"""The bridge engine: every card's rules, the battle's state, its Commands and the Session.

Pure Python: no Qt. Every change to a battle is a Command applied by a
:class:`~bridge.engine.session.Session`. The engine stands in floors, each importing only
the floors below it:

- here: the Session, its journal, the gate (:func:`why_not`) and who may issue what, the
  Command union, the demo battles;
- ``ship/``, the ship battle (the five station cards), and ``conflict/``, the personal
  conflict (the Conflict card): each battle's catalogue, Commands, gate, Turns and Tasks;
  neither imports the other;
- ``core/``, what every card shares: the Command base, a Command's working context, the
  change flags, the form types, the spend table;
- ``state/``, the battle as data.

This module is the engine's public face: the UI, the storage, the network and the
command line import only what is listed in ``__all__``.
"""

from bridge.engine.commands import Command, command_adapter, upgrade_command
from bridge.engine.conflict.autopilot import (
    FIGURES_ONLY,
    conflict_npcs_only,
    play_conflict_turn,
    suggest_conflict,
)
from bridge.engine.conflict.card import (
    CardEntry,
    ConflictCardView,
    DecisionView,
    FigureView,
    SpendEntry,
    conflict_card,
    conflict_figures,
    conflict_preview,
    entry_info,
    injury_text,
    status_lines,
    stress_text,
)
from bridge.engine.conflict.catalog import CONFLICT_CARD, CONFLICT_CARD_NAME, CONFLICT_SPENDS
from bridge.engine.conflict.commands import (
    CONFLICT_TYPES,
    AddFigure,
    Aim,
    AvoidInjury,
    ConflictMinor,
    ConflictTask,
    EndConflict,
    MoveFigure,
    NpcPlacement,
    OfficerPlacement,
    ResistKnockdown,
    RevealFigure,
    SetZoneTerrain,
    StartConflict,
    StrayHit,
    WithdrawFigure,
)
from bridge.engine.conflict.controls import CONTROL_KEYS, conflict_controls, resolve_spends
from bridge.engine.conflict.figures import hidden_from_players
from bridge.engine.conflict.figures import stats as figure_stats
from bridge.engine.conflict.rule import ConflictRule, FigureFrame
from bridge.engine.core.autopilot import AutopilotTurn
from bridge.engine.core.card_back import COMBAT_ACTIONS_NOTE, RULES_SUMMARY, SPENDS_NOTE
from bridge.engine.core.changes import Change, parts_changed
from bridge.engine.core.commands import (
    AddCharacter,
    AddTrait,
    AdjustDifficulty,
    AdjustPool,
    ApplyDamage,
    BeginSession,
    EndRound,
    EndTurn,
    Inspiration,
    NpcActsFirst,
    RemoveTrait,
    ResolveTask,
    SetHouseRules,
    SetValue,
    SpendDetermination,
    SpendMomentum,
    StartTurn,
    TrayRoll,
    TriggerReady,
    ValueComplication,
)
from bridge.engine.core.context import GM_LINE
from bridge.engine.core.controls import TURN_CONTROL_KEYS
from bridge.engine.core.forms import (
    ADVANTAGE_NAME,
    AMOUNT,
    WITH_THREAT,
    ActionInfo,
    Choice,
    ParamInfo,
    SpendInfo,
    filled,
    purchase_params,
    reroll_damage_param,
    unusable,
)
from bridge.engine.core.needs import Need
from bridge.engine.core.plan import Cost, Frame, TaskPlan
from bridge.engine.core.preview import TaskPreview, preview_lines, preview_summary
from bridge.engine.core.spend_table import SpendDef
from bridge.engine.demo import demo_encounter, demo_ships
from bridge.engine.demo_boarding import (
    BOARDING_ZONES,
    boarding_command,
    demo_boarding,
    klingon_bekk,
    klingon_warrior,
)
from bridge.engine.gate import preview, preview_task, why_not
from bridge.engine.journal import (
    DeferredJournal,
    JournalEntry,
    JournalSink,
    JournalUnreadable,
    PackedJournal,
)
from bridge.engine.session import Applied, CommandRefused, Session
from bridge.engine.ship.autopilot import (
    NPCS_ONLY,
    npcs_only,
    play_npc_turn,
    suggest,
    suggest_for_npcs,
)
from bridge.engine.ship.cards import rule_of as task_rule
from bridge.engine.ship.cards import task_needs
from bridge.engine.ship.cards.rule import TaskRule
from bridge.engine.ship.catalog import CATALOG, MOMENTUM_SPENDS, actions_for
from bridge.engine.ship.commands import (
    AddShip,
    AttemptTask,
    EndScene,
    MinorAction,
    MoveShip,
    SetSeats,
    SetZones,
    Withdraw,
)
from bridge.engine.ship.controls import ship_controls
from bridge.engine.ship.effects import spend_cost
from bridge.engine.ship.forms import minor_params, roll_params, task_options, task_spends
from bridge.engine.ship.frame import TaskFrame
from bridge.engine.ship.ledger import REPEATED_ROLE_PENALTY, NpcLedger, RoleUse, npc_ledger
from bridge.engine.ship.seating import seat_at_usual_station
from bridge.engine.ship.turns import players_waiting, waiting
from bridge.engine.ship.whose_turn import Acting, acting, seat_line, turn_text
from bridge.engine.state.cards import ActionDef, Station
from bridge.engine.state.conflict import Conflict, Figure
from bridge.engine.state.encounter import Encounter, PendingTask
from bridge.engine.state.spends import HeldDamage, Spends
from bridge.engine.state.zones import ZoneMap

__all__ = [
    "ADVANTAGE_NAME",
    "AMOUNT",
    "BOARDING_ZONES",
    "CATALOG",
    "COMBAT_ACTIONS_NOTE",
    "CONFLICT_CARD",
    "CONFLICT_CARD_NAME",
    "CONFLICT_SPENDS",
    "CONFLICT_TYPES",
    "CONTROL_KEYS",
    "FIGURES_ONLY",
    "GM_LINE",
    "MOMENTUM_SPENDS",
    "NPCS_ONLY",
    "REPEATED_ROLE_PENALTY",
    "RULES_SUMMARY",
    "SPENDS_NOTE",
    "TURN_CONTROL_KEYS",
    "WITH_THREAT",
    "Acting",
    "ActionDef",
    "ActionInfo",
    "AddCharacter",
    "AddFigure",
    "AddShip",
    "AddTrait",
    "AdjustDifficulty",
    "AdjustPool",
    "Aim",
    "Applied",
    "ApplyDamage",
    "AttemptTask",
    "AutopilotTurn",
    "AvoidInjury",
    "BeginSession",
    "CardEntry",
    "Change",
    "Choice",
    "Command",
    "CommandRefused",
    "Conflict",
    "ConflictCardView",
    "ConflictMinor",
    "ConflictRule",
    "ConflictTask",
    "Cost",
    "DecisionView",
    "DeferredJournal",
    "Encounter",
    "EndConflict",
    "EndRound",
    "EndScene",
    "EndTurn",
    "Figure",
    "FigureFrame",
    "FigureView",
    "Frame",
    "HeldDamage",
    "Inspiration",
    "JournalEntry",
    "JournalSink",
    "JournalUnreadable",
    "MinorAction",
    "MoveFigure",
    "MoveShip",
    "Need",
    "NpcActsFirst",
    "NpcLedger",
    "NpcPlacement",
    "OfficerPlacement",
    "PackedJournal",
    "ParamInfo",
    "PendingTask",
    "RemoveTrait",
    "ResistKnockdown",
    "ResolveTask",
    "RevealFigure",
    "RoleUse",
    "Session",
    "SetHouseRules",
    "SetSeats",
    "SetValue",
    "SetZoneTerrain",
    "SetZones",
    "SpendDef",
    "SpendDetermination",
    "SpendEntry",
    "SpendInfo",
    "SpendMomentum",
    "Spends",
    "StartConflict",
    "StartTurn",
    "Station",
    "StrayHit",
    "TaskFrame",
    "TaskPlan",
    "TaskPreview",
    "TaskRule",
    "TrayRoll",
    "TriggerReady",
    "ValueComplication",
    "Withdraw",
    "WithdrawFigure",
    "ZoneMap",
    "acting",
    "actions_for",
    "boarding_command",
    "command_adapter",
    "conflict_card",
    "conflict_controls",
    "conflict_figures",
    "conflict_npcs_only",
    "conflict_preview",
    "demo_boarding",
    "demo_encounter",
    "demo_ships",
    "entry_info",
    "figure_stats",
    "filled",
    "hidden_from_players",
    "injury_text",
    "klingon_bekk",
    "klingon_warrior",
    "minor_params",
    "npc_ledger",
    "npcs_only",
    "parts_changed",
    "play_conflict_turn",
    "play_npc_turn",
    "players_waiting",
    "preview",
    "preview_lines",
    "preview_summary",
    "preview_task",
    "purchase_params",
    "reroll_damage_param",
    "resolve_spends",
    "roll_params",
    "seat_at_usual_station",
    "seat_line",
    "ship_controls",
    "spend_cost",
    "status_lines",
    "stress_text",
    "suggest",
    "suggest_conflict",
    "suggest_for_npcs",
    "task_needs",
    "task_options",
    "task_rule",
    "task_spends",
    "turn_text",
    "unusable",
    "upgrade_command",
    "waiting",
    "why_not",
]
