"""The Commands both battles share: a Turn and its end, the Immediate spends, resolving a
roll and landing its damage, Determination, a readied Task, the GM's word on the next
Task, the NPCs first and the Round (each plays in the battle its ``where`` names); the base
of every card's Task; and the battle-wide ones: the GM's edits (a value, a pool, an
Advantage or Complication, the house rules, a new session, a new officer), a Value's
Complication, and the dice tray's rolls."""

from typing import Annotated, Literal, TypeVar

from pydantic import BaseModel, Field

from bridge.engine.core.command import BaseCommand as _Command
from bridge.engine.core.command import GmCommand, Where
from bridge.engine.state.spends import Spends
from bridge.model.character import Character
from bridge.model.house_rules import HouseRules
from bridge.rules.icon import IconTest
from bridge.rules.opend6 import D6Roll
from bridge.rules.stats import Attribute, Department
from bridge.rules.task import MAX_POOL, Purchase, TaskSpec
from bridge.rules.text import Key, Line, Name, Title, TitleName

P = TypeVar("P", bound=BaseModel)

__all__ = [
    "AddCharacter",
    "AddTrait",
    "AdjustDifficulty",
    "AdjustPool",
    "ApplyDamage",
    "BeginSession",
    "EndRound",
    "EndTurn",
    "Inspiration",
    "NpcActsFirst",
    "PlayedCommand",
    "RemoveTrait",
    "ResolveTask",
    "SetHouseRules",
    "SetValue",
    "SpendDetermination",
    "SpendMomentum",
    "StartTurn",
    "TaskCommand",
    "TrayRoll",
    "TriggerReady",
    "ValueComplication",
]


class TrayRoll(_Command):
    """A roll from the dice tray in any of the three systems, or STA challenge dice;
    logged, changes nothing else."""

    type: Literal["tray_roll"] = "tray_roll"
    system: Literal["sta", "icon", "d6", "challenge"]
    sta: TaskSpec | None = None
    icon: IconTest | None = None
    d6: D6Roll | None = None
    challenge: int | None = Field(
        default=None, ge=1, le=40, description="Challenge dice to roll (damage, hazards)"
    )
    courage: int = Field(default=0, ge=0, le=4)
    action_dice: int = Field(default=0, ge=0, le=10)
    label: Title = ""


class SetValue(GmCommand):
    """The GM edits any value, by its path in the encounter (``ships.x.shields``)."""

    type: Literal["set_value"] = "set_value"
    path: str = Field(min_length=1, max_length=200)
    value: int | bool | Annotated[str, Field(max_length=2000)] | None


class AdjustPool(GmCommand):
    type: Literal["adjust_pool"] = "adjust_pool"
    pool: Literal["momentum", "threat"]
    delta: int = Field(ge=-50, le=50)


class AddTrait(GmCommand):
    type: Literal["add_trait"] = "add_trait"
    name: TitleName
    kind: Literal["advantage", "complication"] = "complication"
    ship: Key | None = None


class RemoveTrait(GmCommand):
    type: Literal["remove_trait"] = "remove_trait"
    name: Annotated[str, Field(max_length=120)]


class BeginSession(GmCommand):
    """A new session of play: the GM's Threat starts at 2 per player character, every
    character's Determination at 1, and each may challenge a Value again (RULES-NOTES)."""

    type: Literal["begin_session"] = "begin_session"


class SetHouseRules(GmCommand):
    type: Literal["house_rules"] = "house_rules"
    rules: HouseRules


class AddCharacter(GmCommand):
    type: Literal["add_character"] = "add_character"
    character: Character


class ValueComplication(_Command):
    """A Value hinders: take a Complication and regain Determination (or challenge it)."""

    type: Literal["value_complication"] = "value_complication"
    character: Key
    value: Line
    challenge: bool = False


class _Played(_Command):
    """A Command both battles take, in the battle ``where`` names."""

    where: Where = Field(
        default="ship",
        description="The battle it plays in: the ship battle, or the personal conflict on foot",
    )


class StartTurn(_Played):
    """Begin a Turn: a player character's (or, GM, an NPC ship's); on foot, a figure's
    (its officer's player, or the GM for any)."""

    type: Literal["start_turn"] = "start_turn"
    actor: Key = Field(description="A character or NPC ship; on foot, a figure")


class EndTurn(_Played):
    """End the current Turn; optionally Keep the Initiative (2; players may add Threat)."""

    type: Literal["end_turn"] = "end_turn"
    keep_initiative: bool = False
    with_threat: bool = Field(default=False, description="Players pay by adding to Threat")


class ResolveTask(_Played):
    """Spend Momentum on the rolled Task and apply its effect.

    With ``hold_damage`` an attack that hits rolls its damage dice and holds them for
    the attacker to see (and re-roll) before they land: :class:`ApplyDamage` lands them.
    Without it the damage lands at once, as a Command saved before this step did.
    """

    type: Literal["resolve"] = "resolve"
    spends: Spends = Spends()
    hold_damage: bool = Field(
        default=False,
        description="An attack's damage dice wait for Re-Roll Damage and ApplyDamage",
    )


class ApplyDamage(_Played):
    """Land an attack's held damage, first re-rolling the chosen challenge dice (seed 001
    Re-Roll Damage, 1 Momentum; an NPC pays 1 Threat) when ``reroll`` names any."""

    type: Literal["apply_damage"] = "apply_damage"
    reroll: tuple[int, ...] = Field(
        default=(), max_length=40, description="Indices (from 0) of the dice to re-roll"
    )


class Inspiration(_Played):
    """Moment of Inspiration: spend Determination, citing a Value, to re-roll the waiting
    Task's dice (seed 003 USES FOR DETERMINATION)."""

    type: Literal["inspiration"] = "inspiration"
    value: Line


class SpendMomentum(_Played):
    """Immediate Momentum spends during a Turn (NPC side: Threat)."""

    type: Literal["spend"] = "spend"
    spend: Literal[
        "extra_minor", "swift_task", "create_problem", "create_advantage", "obtain_information"
    ]
    amount: int = Field(default=1, ge=1, le=3)
    name: Title = ""
    with_threat: bool = Field(
        default=False, description="Players pay an Immediate spend by adding to Threat"
    )
    remove_complication: bool = Field(
        default=False,
        description="Create Advantage removes the Complication ``name`` instead (seed 001)",
    )


class SpendDetermination(_Played):
    """Determination, citing a Value: a second Task this Turn at +1 Difficulty (Surge of
    Activity) or an Advantage (Make It So)."""

    type: Literal["determination"] = "determination"
    character: Key | None = Field(
        default=None, description="The officer who spends it (None: the one acting now)"
    )
    use: Literal["second_task", "make_it_so"]
    value: Line
    name: Title = ""


class TriggerReady(_Played):
    """A readied Task's trigger happens: its actor interrupts the Turn to attempt it."""

    type: Literal["trigger_ready"] = "trigger_ready"
    actor: Key = Field(description="The character (on foot, the figure) who readied it")


class NpcActsFirst(_Played, GmCommand):
    """[default] The GM spends Threat to have the NPCs act first this Round."""

    type: Literal["npc_first"] = "npc_first"


class AdjustDifficulty(_Played, GmCommand):
    """The GM sets a modifier on the next Task's Difficulty and, if given, widens its
    complication range (1: a 20 only; 5: 16-20)."""

    type: Literal["adjust_difficulty"] = "adjust_difficulty"
    amount: int = Field(default=0, ge=-5, le=5)
    complication_range: int | None = Field(default=None, ge=1, le=5)
    reason: Title = ""


class EndRound(_Played, GmCommand):
    """The GM ends the Round (the ship battle's end-of-Round effects; a new Round)."""

    type: Literal["end_round"] = "end_round"


class TaskCommand(_Command):
    """What attempting any card's Task takes: the entry, how it is rolled (Attribute,
    Discipline, Focus, dice bought, the Value a Determination die cites), its target and
    weapon, and the Momentum spends when it resolves at once."""

    action: Key
    attribute: Attribute | None = None
    discipline: Department | None = None
    focus: bool = False
    focus_name: Name | None = Field(default=None, description="Which of the Focuses applies")
    bought: tuple[Purchase, ...] = Field(default=(), max_length=MAX_POOL)
    value: Line | None = None
    roll: bool = True
    target: Key | None = None
    weapon: Key | None = None
    zone: Key | None = None
    readied: Key | None = Field(default=None, description="Ready: the Task to attempt")
    note: Line = ""
    spends: Spends | None = None

    def kept(self, params: type[P], **more: object) -> P:
        """What its waiting roll keeps of the Command: the fields ``params`` shares with
        it, and ``more`` (what the Task worked out)."""
        own = {k: getattr(self, k) for k in params.model_fields if k in type(self).model_fields}
        return params.model_validate(own | more)


PlayedCommand = (
    StartTurn
    | EndTurn
    | ResolveTask
    | ApplyDamage
    | Inspiration
    | SpendMomentum
    | SpendDetermination
    | TriggerReady
    | NpcActsFirst
    | AdjustDifficulty
    | EndRound
)
"""A Command both battles take (its ``where`` says which)."""
