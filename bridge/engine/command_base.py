"""What every Command shares: who issues it, and whether only the GM may."""

from typing import ClassVar

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["BaseCommand"]


class BaseCommand(BaseModel):
    """A Command: ``by`` is ``"gm"`` or a character id; ``gm_only`` ones come from the GM."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    gm_only: ClassVar[bool] = False
    by: str = Field(default="gm", min_length=1, max_length=40)
