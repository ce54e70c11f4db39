"""What every Command shares: who issues it, and whether only the GM may."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

if TYPE_CHECKING:
    from bridge.engine.state.encounter import Encounter

__all__ = ["BaseCommand", "GmCommand", "Where", "player_refusal"]

Where = Literal["ship", "conflict"]
"""Which battle a Command plays in: the ship battle, or the personal conflict on foot."""


class BaseCommand(BaseModel):
    """A Command: ``by`` is ``"gm"`` or a character id; ``gm_only`` ones come from the GM."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    gm_only: ClassVar[bool] = False
    foot_only: ClassVar[bool] = False
    """A Command of the personal conflict alone (its own card's, its setup)."""
    by: str = Field(default="gm", min_length=1, max_length=40)

    @property
    def on_foot(self) -> bool:
        """Whether the Command plays in the personal conflict (its kind, or its ``where``)."""
        # (read from the fields themselves: asking a model for a field it lacks is slow,
        # and the gate asks this of every control after every Command)
        return self.foot_only or self.__dict__.get("where") == "conflict"


class GmCommand(BaseCommand):
    """A Command only the GM gives (setup, the pools, NPC decisions)."""

    gm_only: ClassVar[bool] = True


def player_refusal(state: Encounter, command: BaseCommand) -> str | None:
    """Why a player (``command.by``, not the GM) may not issue ``command`` whatever it is:
    they are not a character here, or only the GM may issue it."""
    if command.by not in state.characters:
        return f"'{command.by}' is not the GM or a character here."
    if command.gm_only:
        return "Only the GM can do that."
    return None
