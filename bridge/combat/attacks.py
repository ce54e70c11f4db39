"""What hits a ship: weapon attacks, ramming, hazards (RULES-NOTES "Ship statistics", "Damage")."""

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from bridge.model.house_rules import HouseRules
from bridge.model.ship import Ship
from bridge.rules.errors import RuleViolation
from bridge.rules.stats import System
from bridge.rules.weapons import Delivery, Quality, QualityName, Weapon, WeaponKind

__all__ = ["Attack", "AttackSpends", "hazard", "ramming_attacks", "weapon_attack"]


class AttackSpends(BaseModel):
    """Momentum spent on a hit (seed 001 COMBAT MOMENTUM (STARSHIP))."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    bonus_damage: int = Field(default=0, ge=0, le=20)
    penetration: int = Field(default=0, ge=0, le=20)
    devastating: bool = False
    power_loss: int = Field(default=0, ge=0, le=20)
    reroll_damage: bool = False
    pool: Literal["Momentum", "Threat"] = Field(
        default="Momentum", description="What paid for them: an NPC ship pays in Threat"
    )

    @property
    def momentum(self) -> int:
        """Total Momentum these spends cost."""
        return (
            self.bonus_damage
            + self.penetration
            + (2 if self.devastating else 0)
            + self.power_loss
            + (1 if self.reroll_damage else 0)
        )


class Attack(BaseModel):
    """One attack or hazard, ready for the damage resolver."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    source: Literal["weapon", "ramming", "hazard", "persistent", "explosion"]
    name: str
    attacker: str | None = Field(
        default=None,
        description="The firing ship's id: its weapon's name and qualities are its own",
    )
    shown_name: str = Field(
        default="", description="What a crew that has not scanned the attacker calls it"
    )
    dice: int = Field(ge=0, le=40, description="Challenge dice")
    qualities: tuple[Quality, ...] = ()
    targeted_system: System | None = None
    spends: AttackSpends = AttackSpends()
    scan_for_weakness: bool = False
    extra_power: int = Field(default=0, ge=0, le=20, description="+1 damage per Power")
    flat_damage: int = Field(default=0, ge=0, le=40, description="Damage that needs no dice")

    def rating(self, name: QualityName) -> int:
        """Sum of the ratings of a quality (0 when absent)."""
        return sum(q.rating for q in self.qualities if q.name is name)

    def has(self, name: QualityName) -> bool:
        return any(q.name is name for q in self.qualities)


def weapon_attack(
    ship: Ship,
    weapon: Weapon,
    *,
    targeted_system: System | None = None,
    spends: AttackSpends | None = None,
    scan_for_weakness: bool = False,
    extra_power: int = 0,
    array_mode: Literal["area", "spread"] = "spread",
    salvo: bool = False,
    house: HouseRules | None = None,
) -> Attack:
    """An attack with one of ``ship``'s weapons.

    Arrays pick Area or Spread; a torpedo salvo adds one die and Spread; extra Power
    adds damage only on energy weapons and only when the house rule allows it.
    """
    house = house or HouseRules()
    if weapon.kind is WeaponKind.TRACTOR:
        raise RuleViolation(f"{weapon.name} is a tractor beam: it holds, it does not damage.")
    if extra_power and (weapon.kind is not WeaponKind.ENERGY or not house.extra_power_damage):
        raise RuleViolation("Extra Power adds damage only to energy weapons (house rule).")
    if salvo and weapon.kind is not WeaponKind.TORPEDO:
        raise RuleViolation("Only torpedoes can be fired as a salvo.")
    qualities = list(weapon.qualities)
    if weapon.kind is WeaponKind.ENERGY and weapon.delivery is Delivery.ARRAYS:
        qualities.append(Quality(name=QualityName(array_mode)))
    dice = ship.weapon_damage(weapon)
    if salvo:
        dice += 1
        qualities.append(Quality(name=QualityName.SPREAD))
    salvo_text = " (salvo)" if salvo else ""
    return Attack(
        source="weapon",
        name=weapon.name + salvo_text,
        attacker=ship.id,
        shown_name=f"{weapon.kind.label}{salvo_text}",
        dice=dice,
        qualities=tuple(qualities),
        targeted_system=targeted_system,
        spends=spends or AttackSpends(),
        scan_for_weakness=scan_for_weakness,
        extra_power=extra_power,
    )


_RAM_QUALITIES = (
    Quality(name=QualityName.SPREAD),
    Quality(name=QualityName.VICIOUS, rating=1),
    Quality(name=QualityName.DEVASTATING),
)


def ramming_attacks(
    rammer: Ship,
    spends: AttackSpends | None = None,
    *,
    target_scale: int | None = None,
    scan_for_weakness: bool = False,
) -> tuple[Attack, Attack]:
    """Ramming Speed: (the hit on the target, the hit the rammer takes).

    Seed 001 Helm card: 2 + Scale ▲ Spread, Vicious 1, Devastating; the ramming ship
    suffers damage equal to the target's Scale in ▲ with the same qualities (public rules
    summaries: "a number of damage equal to the target's Scale"). Without
    ``target_scale`` the rammer's own Scale stands in.
    """
    on_target = Attack(
        source="ramming",
        name=f"Ramming by {rammer.name}",
        dice=2 + rammer.scale,
        qualities=_RAM_QUALITIES,
        spends=spends or AttackSpends(),
        scan_for_weakness=scan_for_weakness,
    )
    recoil = target_scale if target_scale is not None else rammer.scale
    on_rammer = Attack(
        source="ramming", name="Ramming recoil", dice=recoil, qualities=_RAM_QUALITIES
    )
    return on_target, on_rammer


def hazard(name: str, dice: int, *qualities: Quality, flat_damage: int = 0) -> Attack:
    """A hazard (asteroids, a warp core explosion...)."""
    return Attack(
        source="hazard", name=name, dice=dice, qualities=qualities, flat_damage=flat_damage
    )
