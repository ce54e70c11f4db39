"""A starship's statistics and its combat state (RULES-NOTES "Ship statistics", "Damage").

Derived values (Shields maximum, Resistance, Power capacity, Crew Support) come
from the rules and can be overridden per ship by its stat block.
"""

from typing import Literal, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from bridge.rules.breaches import SystemState, breach_state
from bridge.rules.stats import CrewQuality, Department, System
from bridge.rules.text import ID_MAX, Key, Label, Name, Text
from bridge.rules.weapons import Weapon, WeaponKind

__all__ = [
    "BreachMode",
    "Departments",
    "PersistentDamage",
    "Ship",
    "ShipDamage",
    "SystemDamage",
    "Systems",
    "Talent",
]

BreachMode = Literal["per_system", "whole_ship"]

WEAPONS_MAX = 30
"""Weapons one ship may carry (the largest stat blocks list five or six)."""
TALENTS_MAX = 30
"""Talents one ship may have."""
PERSISTENT_MAX = 20
"""Persistent damage one ship may carry at once."""


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Systems(_Frozen):
    """System ratings."""

    communications: int = Field(default=8, ge=0, le=15)
    computers: int = Field(default=8, ge=0, le=15)
    engines: int = Field(default=8, ge=0, le=15)
    sensors: int = Field(default=8, ge=0, le=15)
    structure: int = Field(default=8, ge=0, le=15)
    weapons: int = Field(default=8, ge=0, le=15)

    def __getitem__(self, system: System) -> int:
        return int(getattr(self, system.value))


class Departments(_Frozen):
    """Department ratings."""

    command: int = Field(default=2, ge=0, le=6)
    conn: int = Field(default=2, ge=0, le=6)
    engineering: int = Field(default=2, ge=0, le=6)
    security: int = Field(default=2, ge=0, le=6)
    science: int = Field(default=2, ge=0, le=6)
    medicine: int = Field(default=2, ge=0, le=6)

    def __getitem__(self, department: Department) -> int:
        return int(getattr(self, department.value))


class Talent(_Frozen):
    """A ship talent as a named modifier."""

    name: Name
    description: Text = ""
    shields_bonus: int = Field(default=0, ge=0, le=10)
    resistance_bonus: int = Field(default=0, ge=0, le=5)
    power_bonus: int = Field(default=0, ge=0, le=10)


class SystemDamage(_Frozen):
    """Breaches to one system, its uncleared Impact, and whether Damage Control repaired it."""

    breaches: int = Field(default=0, ge=0, le=99)
    impact: bool = False
    repaired: bool = False


class ShipDamage(_Frozen):
    """Damage per system."""

    communications: SystemDamage = SystemDamage()
    computers: SystemDamage = SystemDamage()
    engines: SystemDamage = SystemDamage()
    sensors: SystemDamage = SystemDamage()
    structure: SystemDamage = SystemDamage()
    weapons: SystemDamage = SystemDamage()

    def __getitem__(self, system: System) -> SystemDamage:
        value: SystemDamage = getattr(self, system.value)
        return value

    def replace(self, system: System, damage: SystemDamage) -> "ShipDamage":
        return self.model_copy(update={system.value: damage})

    @property
    def total(self) -> int:
        return sum(self[s].breaches for s in System)


class PersistentDamage(_Frozen):
    """Damage queued by a Persistent weapon, dealt at the end of coming Rounds."""

    amount: int = Field(ge=1, le=30)
    rounds: int = Field(ge=1, le=10)
    source: Key = ""


class Ship(_Frozen):
    """A starship: statistics plus its current combat state."""

    id: str = Field(min_length=1, max_length=ID_MAX, pattern=r"^[A-Za-z0-9_.-]+$")
    name: Name
    ship_class: Label = ""
    scale: int = Field(ge=1, le=7)
    small_craft: bool = False
    systems: Systems = Systems()
    departments: Departments = Departments()
    weapons: tuple[Weapon, ...] = Field(default=(), max_length=WEAPONS_MAX)
    talents: tuple[Talent, ...] = Field(default=(), max_length=TALENTS_MAX)
    crew_quality: CrewQuality | None = None
    breach_mode: BreachMode = "per_system"

    shields_max_override: int | None = Field(default=None, ge=0, le=60)
    resistance_override: int | None = Field(default=None, ge=0, le=20)
    power_capacity_override: int | None = Field(default=None, ge=0, le=30)
    crew_support_override: int | None = Field(default=None, ge=0, le=20)

    shields: int | None = Field(default=None, ge=0, le=60, description="None: at maximum")
    shields_up: bool = True
    power: int | None = Field(default=None, ge=0, le=30, description="None: at capacity")
    damage: ShipDamage = ShipDamage()
    modulation_bonus: int = Field(default=0, ge=0, le=20)
    lost_turns: int = Field(default=0, ge=0, le=7)
    out_of_turns: bool = False
    core_breach_checks: int = Field(default=0, ge=0, le=20)
    persistent: tuple[PersistentDamage, ...] = Field(default=(), max_length=PERSISTENT_MAX)
    destroyed: bool = False
    contact: bool = Field(
        default=False,
        description="A sensor contact, as a crew that has not scanned the ship sees it: only "
        "what a contact list shows is the ship's own (its id, name, class, Scale, shields up "
        "or down, breaches and their Impacts, Turns lost, Persistent damage, warp core "
        "checks, destroyed); its statistics are not known (systems, departments and the "
        "overrides are the defaults, no weapons, no talents, no crew quality) and `shields` "
        "and `power` are null. Never set in a battle file.",
    )

    @model_validator(mode="after")
    def _fill_and_check(self) -> Self:
        if self.contact:
            return self  # what is not known stays unknown (null), never a made-up number
        if self.shields is None:
            object.__setattr__(self, "shields", self.shields_max)
        elif self.shields > self.shields_max:
            raise ValueError(
                f"shields: {self.shields} is above this ship's maximum of {self.shields_max}"
            )
        if self.power is None:
            object.__setattr__(self, "power", self.power_capacity)
        elif self.power > max(self.power_capacity, 0):
            raise ValueError(
                f"power: {self.power} is above this ship's capacity of {self.power_capacity}"
            )
        return self

    # -- current values -------------------------------------------------------------
    @property
    def shields_now(self) -> int:
        """Shields as the rules see them: 0 while lowered."""
        return (self.shields or 0) if self.shields_up else 0

    @property
    def power_now(self) -> int:
        return self.power or 0

    # -- derived statistics -----------------------------------------------------------
    @property
    def shields_max(self) -> int:
        """Structure + Security (+ talents); halved, rounded down, for small craft."""
        if self.shields_max_override is not None:
            return self.shields_max_override
        total = self.systems.structure + self.departments.security
        total += sum(t.shields_bonus for t in self.talents)
        return total // 2 if self.small_craft else total

    @property
    def base_resistance(self) -> int:
        """Scale (+ talents), before damage to Structure and Modulate Shields."""
        if self.resistance_override is not None:
            return self.resistance_override
        return self.scale + sum(t.resistance_bonus for t in self.talents)

    @property
    def resistance(self) -> int:
        """Resistance now: Structure Damaged -1, Disabled halved, Destroyed 0; + modulation."""
        base = self.base_resistance
        state = self.system_state(System.STRUCTURE)
        if state is SystemState.DESTROYED:
            base = 0
        elif state is SystemState.DISABLED:
            base //= 2
        elif state is SystemState.DAMAGED:
            base = max(base - 1, 0)
        return base + self.modulation_bonus

    @property
    def power_capacity(self) -> int:
        """Engines (+ talents); rounded-up half for small craft; 0 once Engines are destroyed."""
        if self.per_system and self.system_state(System.ENGINES) is SystemState.DESTROYED:
            return 0
        if self.power_capacity_override is not None:
            return self.power_capacity_override
        total = self.systems.engines + sum(t.power_bonus for t in self.talents)
        return -(-total // 2) if self.small_craft else total

    @property
    def crew_support(self) -> int:
        return self.crew_support_override if self.crew_support_override is not None else self.scale

    @property
    def tractor_strength(self) -> int:
        return max(self.scale - 1, 0)

    def weapon(self, name: str) -> Weapon | None:
        return next((w for w in self.weapons if w.name == name), None)

    def weapon_damage(self, weapon: Weapon) -> int:
        return weapon.damage(self.scale, self.departments.security)

    @property
    def tractor_beams(self) -> tuple[Weapon, ...]:
        return tuple(w for w in self.weapons if w.kind is WeaponKind.TRACTOR)

    # -- breaches -----------------------------------------------------------------------
    @property
    def per_system(self) -> bool:
        return self.breach_mode == "per_system"

    @property
    def total_breaches(self) -> int:
        return self.damage.total

    def system_state(self, system: System) -> SystemState:
        """A system's state; in whole-ship mode only its Impact is tracked per system."""
        d = self.damage[system]
        if not self.per_system:
            return SystemState.IMPACT if d.impact else SystemState.NOMINAL
        return breach_state(d.breaches, self.scale, impact=d.impact, repaired=d.repaired)

    @property
    def whole_ship_state(self) -> SystemState:
        """An NPC ship counted whole: its state from the total number of breaches."""
        return breach_state(self.total_breaches, self.scale, impact=self.total_breaches > 0)

    def difficulty_penalty(self, system: System | None) -> int:
        """Difficulty added to a Task that uses, or is assisted by, ``system``.

        Per system: Damaged +2. Whole ship: +2 to every Task once breaches reach half
        the Scale.
        """
        if not self.per_system:
            return 2 if self.whole_ship_state.rank >= SystemState.DAMAGED.rank else 0
        if system is None:
            return 0
        return 2 if self.system_state(system) is SystemState.DAMAGED else 0

    def system_usable(self, system: System) -> str | None:
        """Why a system cannot be used now, or ``None`` if it can."""
        if self.destroyed:
            return f"{self.name} is destroyed."
        state = self.system_state(system)
        if state is SystemState.DESTROYED:
            return f"{system.label} is destroyed."
        if state is SystemState.DISABLED:
            return f"{system.label} is disabled."
        if state is SystemState.IMPACT or self.damage[system].impact:
            return f"{system.label} is Impacted: an officer must take the Restore Minor Action."
        return None
