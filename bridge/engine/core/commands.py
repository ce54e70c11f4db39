"""The Commands every battle shares, whatever card is in play: the GM's edits (a value, a
pool, an Advantage or Complication, the house rules, a new session, a new officer), a
Value's Complication, and the dice tray's rolls."""

from typing import Annotated, ClassVar, Literal

from pydantic import Field

from bridge.engine.core.command import BaseCommand as _Command
from bridge.model.character import Character
from bridge.model.house_rules import HouseRules
from bridge.rules.icon import IconTest
from bridge.rules.opend6 import D6Roll
from bridge.rules.task import TaskSpec
from bridge.rules.text import Key, Line, Title, TitleName

__all__ = [
    "AddCharacter",
    "AddTrait",
    "AdjustPool",
    "BeginSession",
    "RemoveTrait",
    "SetHouseRules",
    "SetValue",
    "TrayRoll",
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


class SetValue(_Command):
    """The GM edits any value, by its path in the encounter (``ships.x.shields``)."""

    gm_only: ClassVar[bool] = True
    type: Literal["set_value"] = "set_value"
    path: str = Field(min_length=1, max_length=200)
    value: int | bool | Annotated[str, Field(max_length=2000)] | None


class AdjustPool(_Command):
    gm_only: ClassVar[bool] = True
    type: Literal["adjust_pool"] = "adjust_pool"
    pool: Literal["momentum", "threat"]
    delta: int = Field(ge=-50, le=50)


class AddTrait(_Command):
    gm_only: ClassVar[bool] = True
    type: Literal["add_trait"] = "add_trait"
    name: TitleName
    kind: Literal["advantage", "complication"] = "complication"
    ship: Key | None = None


class RemoveTrait(_Command):
    gm_only: ClassVar[bool] = True
    type: Literal["remove_trait"] = "remove_trait"
    name: Annotated[str, Field(max_length=120)]


class BeginSession(_Command):
    """A new session of play: the GM's Threat starts at 2 per player character, every
    character's Determination at 1, and each may challenge a Value again (RULES-NOTES)."""

    gm_only: ClassVar[bool] = True
    type: Literal["begin_session"] = "begin_session"


class SetHouseRules(_Command):
    gm_only: ClassVar[bool] = True
    type: Literal["house_rules"] = "house_rules"
    rules: HouseRules


class AddCharacter(_Command):
    gm_only: ClassVar[bool] = True
    type: Literal["add_character"] = "add_character"
    character: Character


class ValueComplication(_Command):
    """A Value hinders: take a Complication and regain Determination (or challenge it)."""

    type: Literal["value_complication"] = "value_complication"
    character: Key
    value: Line
    challenge: bool = False
