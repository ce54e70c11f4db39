"""What a rolled Task's success buys: the Momentum (NPC: Threat) spends on it, and an
attack's damage dice held for Re-Roll Damage before they land."""

from pydantic import BaseModel, ConfigDict, Field

from bridge.rules.challenge import ChallengeRoll
from bridge.rules.text import Title

__all__ = ["HeldDamage", "Spends"]


class Spends(BaseModel):
    """Momentum (NPC: Threat) spent on a resolved Task."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    extra: int = Field(default=0, ge=0, le=12, description="Units of the Task's repeatable effect")
    bonus_damage: int = Field(default=0, ge=0, le=12)
    penetration: int = Field(default=0, ge=0, le=12)
    devastating: bool = False
    power_loss: int = Field(default=0, ge=0, le=12)
    reroll_damage: bool = Field(
        default=False,
        description=(
            "Re-roll the blank challenge dice, chosen before the damage is rolled (as "
            "Commands saved before the damage step did). Bridge's windows hold the damage "
            "instead (ResolveTask.hold_damage) and re-roll the dice the player picks "
            "(ApplyDamage.reroll)"
        ),
    )
    obtain_information: int = Field(default=0, ge=0, le=12)
    create_advantage: Title | None = None
    remove_complication: Title | None = Field(
        default=None,
        description="Create Advantage used instead to remove this Complication (seed 001)",
    )

    def attack_cost(self) -> int:
        return (
            self.bonus_damage
            + self.penetration
            + 2 * self.devastating
            + self.power_loss
            + int(self.reroll_damage)
        )

    @property
    def is_attack(self) -> bool:
        return self.attack_cost() > 0


class HeldDamage(BaseModel):
    """An attack's damage dice, rolled and shown before they land: the attacker may
    re-roll any of them once (seed 001 Re-Roll Damage: "re-roll any number of [challenge
    dice] from the current attack"), then the damage is applied."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    roll: ChallengeRoll
    spends: Spends = Spends()
    """The spends chosen at RESOLVE (Bonus Damage, Penetration...), applied with the dice."""
    momentum: int = Field(
        default=0,
        ge=0,
        le=40,
        description="The attack's own Momentum (NPC: Threat) not yet spent: Re-Roll Damage "
        "takes from it first, and the rest is saved when the damage lands",
    )
