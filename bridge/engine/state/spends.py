"""What a rolled Task's success buys: the Momentum (NPC: Threat) spends on it, one list for
every card (each card takes the spends its back names), and an attack's damage dice held
for Re-Roll Damage before they land."""

from pydantic import BaseModel, ConfigDict, Field

from bridge.rules.challenge import ChallengeRoll
from bridge.rules.text import Key, Title

__all__ = ["HeldDamage", "Spends"]


class Spends(BaseModel):
    """Momentum (NPC: Threat) spent on a resolved Task (seed 001 COMBAT MOMENTUM, the
    starship and the personal one; seed 003 Momentum spends). A card refuses a spend its
    back does not name (:func:`bridge.engine.core.spend_table.card_spend_refusal`)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    extra: int = Field(
        default=0,
        ge=0,
        le=12,
        description="Units of the Task's repeatable effect (Recover: 2 Stress each; Sprint: "
        "one more zone each)",
    )
    bonus_damage: int = Field(default=0, ge=0, le=12, description="+1 damage each")
    penetration: int = Field(default=0, ge=0, le=12, description="Ignore 2 Resistance each")
    devastating: bool = Field(
        default=False, description="Starship, 2: another system takes half the damage"
    )
    power_loss: int = Field(default=0, ge=0, le=12, description="Starship: the target loses Power")
    reroll_damage: bool = Field(
        default=False,
        description=(
            "Re-roll the blank challenge dice, chosen before the damage is rolled (as "
            "Commands saved before the damage step did). Bridge's windows hold the damage "
            "instead (ResolveTask.hold_damage) and re-roll the dice the player picks "
            "(ApplyDamage.reroll)"
        ),
    )
    disarm: bool = Field(
        default=False, description="Personal, 2: the target's weapon falls within Reach"
    )
    secondary_target: Key | None = Field(
        default=None,
        description="Personal, 2: a second figure within Reach of the target takes half the damage",
    )
    revive: bool = Field(
        default=False, description="First Aid, 2: the patient is back in the fight at once"
    )
    obtain_information: int = Field(default=0, ge=0, le=12)
    create_advantage: Title | None = None
    remove_complication: Title | None = Field(
        default=None,
        description="Create Advantage used instead to remove this Complication (seed 001)",
    )

    def attack_cost(self) -> int:
        """What the damage spends chosen at RESOLVE cost."""
        return (
            self.bonus_damage
            + self.penetration
            + 2 * self.devastating
            + self.power_loss
            + int(self.reroll_damage)
            + 2 * self.disarm
            + 2 * (self.secondary_target is not None)
        )

    @property
    def is_attack(self) -> bool:
        return self.attack_cost() > 0

    def taken(self) -> frozenset[str]:
        """The names of the spends taken (every field away from its default)."""
        return frozenset(
            name
            for name, field in type(self).model_fields.items()
            if getattr(self, name) != field.default
        )


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
