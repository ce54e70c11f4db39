"""Momentum, Threat and Determination pools (RULES-NOTES "Pools").

Each pool is immutable: an operation returns a new pool, or raises
:class:`~bridge.rules.errors.RuleViolation` with the reason and changes nothing.
"""

from typing import Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from bridge.rules.errors import RuleViolation

__all__ = ["DETERMINATION_MAX", "MOMENTUM_MAX", "THREAT_MAX", "Determination", "Momentum", "Threat"]

MOMENTUM_MAX = 6
THREAT_MAX = 999
"""Threat has no cap in the rules; this bound only keeps edits and files sane."""
DETERMINATION_MAX = 3


def _check_amount(amount: int) -> None:
    if amount < 0:
        raise RuleViolation(f"An amount cannot be negative ({amount}).")


class Momentum(BaseModel):
    """The group Momentum pool: at most ``cap`` (6), 1 lost at the end of each scene."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    value: int = Field(default=0, ge=0)
    cap: int = Field(default=MOMENTUM_MAX, ge=1, le=MOMENTUM_MAX)

    @model_validator(mode="after")
    def _within_cap(self) -> Self:
        if self.value > self.cap:
            raise ValueError(f"value: Momentum {self.value} is above the pool's cap of {self.cap}")
        return self

    def add(self, amount: int) -> tuple["Momentum", int]:
        """Save Momentum; returns the new pool and what the cap lost."""
        _check_amount(amount)
        total = self.value + amount
        kept = min(total, self.cap)
        return self.model_copy(update={"value": kept}), total - kept

    def spend(self, amount: int) -> "Momentum":
        _check_amount(amount)
        if amount > self.value:
            raise RuleViolation(f"Not enough Momentum: {amount} needed, {self.value} in the pool.")
        return self.model_copy(update={"value": self.value - amount})

    def scene_end(self) -> "Momentum":
        """One Momentum is lost at the end of each scene."""
        return self.model_copy(update={"value": max(self.value - 1, 0)})


class Threat(BaseModel):
    """The GM's Threat pool; no cap."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    value: int = Field(default=0, ge=0, le=THREAT_MAX)

    @classmethod
    def for_session(cls, player_characters: int) -> "Threat":
        """The GM starts a session with 2 Threat per player character."""
        return cls(value=2 * max(player_characters, 0))

    def add(self, amount: int) -> "Threat":
        _check_amount(amount)
        return self.model_copy(update={"value": min(self.value + amount, THREAT_MAX)})

    def spend(self, amount: int) -> "Threat":
        _check_amount(amount)
        if amount > self.value:
            raise RuleViolation(f"Not enough Threat: {amount} needed, {self.value} in the pool.")
        return self.model_copy(update={"value": self.value - amount})


class Determination(BaseModel):
    """One character's Determination: 0..3, starting a session at 1."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    value: int = Field(default=1, ge=0, le=DETERMINATION_MAX)

    def spend(self, amount: int = 1) -> "Determination":
        _check_amount(amount)
        if amount > self.value:
            raise RuleViolation(f"Not enough Determination: {amount} needed, {self.value} left.")
        return Determination(value=self.value - amount)

    def gain(self, amount: int = 1) -> "Determination":
        """Gain Determination; anything above 3 is lost."""
        _check_amount(amount)
        return Determination(value=min(self.value + amount, DETERMINATION_MAX))
