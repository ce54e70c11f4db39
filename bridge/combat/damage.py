"""The damage resolver: an attack, a target ship and dice give a new ship and a report.

Sources: seed 001 (ROLL DAMAGE, starship Momentum spends), seed 003 (STARSHIP DAMAGE:
system hit, breach conditions, breaches by Scale), RULES-NOTES "Damage".
"""

from enum import StrEnum

from pydantic import BaseModel, ConfigDict

from bridge.combat.attacks import Attack
from bridge.model.house_rules import HouseRules
from bridge.model.ship import PersistentDamage, Ship, SystemDamage
from bridge.rules.breaches import SystemState
from bridge.rules.challenge import ChallengeRoll, roll_challenge
from bridge.rules.dice import Dice
from bridge.rules.hidden import reveal, secret
from bridge.rules.stats import System, system_hit
from bridge.rules.weapons import QualityName

__all__ = [
    "REDIRECT",
    "BreachCause",
    "DamageOutcome",
    "DamageReport",
    "HitReport",
    "resolve_damage",
]


class BreachCause(StrEnum):
    FIVE_PLUS = "5 or more damage after Resistance"
    SHIELDS_TO_ZERO = "Shields reduced to 0"
    SHIELDS_WERE_ZERO = "Shields were already 0 and damage got through"
    HIGH_YIELD = "High Yield: one more breach"


REDIRECT: dict[System, System] = {
    System.COMMUNICATIONS: System.COMPUTERS,
    System.COMPUTERS: System.COMMUNICATIONS,
    System.SENSORS: System.WEAPONS,
    System.STRUCTURE: System.ENGINES,
    System.WEAPONS: System.SENSORS,
}


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, defer_build=True)


class HitReport(_Frozen):
    """One hit on one system (the main hit, or a Spread / Devastating second hit)."""

    kind: str
    system: System
    d20: int | None
    redirected_from: tuple[System, ...]
    damage: int
    shields_before: int
    shields_after: int
    breaches: tuple[BreachCause, ...]
    state_after: SystemState


class DamageReport(_Frozen):
    """Every step of a damage resolution, as a GM would read it."""

    attack: str
    challenge: ChallengeRoll
    effects: int
    rolled: int
    vicious: int
    bonus_damage: int
    total: int
    resistance: int
    ignored: tuple[tuple[str, int], ...]
    effective_resistance: int
    after_resistance: int
    hits: tuple[HitReport, ...]
    power_before: int
    power_after: int
    persistent_queued: PersistentDamage | None
    modulation_cleared: bool
    versatile_momentum: int
    area_targets: int
    crew_injured: bool
    core_breach_started: bool
    states: tuple[tuple[System, SystemState], ...]
    whole_ship_state: SystemState | None
    destroyed: bool
    steps: tuple[str, ...]

    @property
    def breaches(self) -> int:
        return sum(len(h.breaches) for h in self.hits)

    def text(self) -> str:
        """The steps as the GM reads them (every hidden span shown)."""
        return "\n".join(reveal(step) for step in self.steps)


class DamageOutcome(_Frozen):
    ship: Ship
    report: DamageReport


class _Resolution:
    """Mutable working state of one resolution; the result is frozen at the end."""

    def __init__(self, ship: Ship, house: HouseRules, dice: Dice) -> None:
        self.ship = ship
        self.house = house
        self.dice = dice
        self.steps: list[str] = []
        self.hits: list[HitReport] = []
        self.crew_injured = False
        self.core_breach_started = False

    def say(self, line: str) -> None:
        self.steps.append(line)

    def update(self, **changes: object) -> None:
        self.ship = self.ship.model_copy(update=changes)

    def hidden(self, text: str, shown: str = "") -> str:
        """``text`` about the target's statistics: hidden from a crew that has not
        scanned it (``shown`` in its place)."""
        return secret(self.ship.id, text, shown)

    def lose_power(self, amount: int, why: str) -> None:
        if amount <= 0:
            return
        before = self.ship.power_now
        after = max(before - amount, 0)
        self.update(power=after)
        self.say(f"{why}: " + self.hidden(f"Power {before} -> {after}", "Power lost") + ".")

    def choose_system(self, targeted: System | None) -> tuple[System, int | None, list[System]]:
        d20 = None
        if targeted is None:
            d20 = self.dice.d20()
            system = system_hit(d20)
        else:
            system = targeted
        redirected: list[System] = []
        if not self.ship.per_system:
            return system, d20, redirected
        while self.ship.system_state(system) is SystemState.DESTROYED:
            nxt = REDIRECT.get(system)
            if nxt is None and self.house.engines_destroyed_redirect_to_structure:
                nxt = System.STRUCTURE
            if nxt is None or nxt in redirected or nxt == system:
                break
            redirected.append(system)
            system = nxt
        return system, d20, redirected

    def hit(self, kind: str, damage: int, targeted: System | None, high_yield: bool) -> None:
        system, d20, redirected = self.choose_system(targeted)
        where = f"d20 {d20}: {system.label}" if d20 is not None else f"targeted: {system.label}"
        if redirected:
            chain = " -> ".join(s.label for s in (*redirected, system))
            where += f" (redirected from destroyed {chain})"
        shields_before = self.ship.shields_now
        causes: list[BreachCause] = []
        if damage >= 5:
            causes.append(BreachCause.FIVE_PLUS)
        if damage >= 1:
            if shields_before == 0:
                causes.append(BreachCause.SHIELDS_WERE_ZERO)
            elif damage >= shields_before:
                causes.append(BreachCause.SHIELDS_TO_ZERO)
        if causes and high_yield:
            causes.append(BreachCause.HIGH_YIELD)
        shields_after = max(shields_before - damage, 0)
        if self.ship.shields_up:
            self.update(shields=shields_after)
        self.say(
            f"{kind.capitalize()} hit, {where}"
            + self.hidden(f": {damage} damage, Shields {shields_before} -> {shields_after}")
            + "."
        )
        for cause in causes:
            self.say(f"  Breach to {system.label}" + self.hidden(f": {cause.value}") + ".")
        if causes:
            self.breach(system, len(causes))
        self.hits.append(
            HitReport(
                kind=kind,
                system=system,
                d20=d20,
                redirected_from=tuple(redirected),
                damage=damage,
                shields_before=shields_before,
                shields_after=shields_after,
                breaches=tuple(causes),
                state_after=self.ship.system_state(system),
            )
        )

    def breach(self, system: System, count: int) -> None:
        before = self.ship.system_state(system)
        old = self.ship.damage[system]
        per_system = self.ship.per_system
        new = SystemDamage(breaches=old.breaches + count, impact=per_system, repaired=False)
        self.update(damage=self.ship.damage.replace(system, new))
        if not per_system:
            self.whole_ship_breach(count)
            return
        after = self.ship.system_state(system)
        self.say(f"  {system.label}: {old.breaches} -> {new.breaches} breaches, {after.label}.")
        if system is System.ENGINES and before is not SystemState.DESTROYED:
            self.lose_power(2, "  Engines Impact")
        if system is System.STRUCTURE:
            die = roll_challenge(1, self.dice).dice[0]
            if die.effect:
                self.crew_injured = True
                self.say(
                    f"  Structure Impact: challenge die {die.symbol}, a crew member is Injured."
                )
            else:
                self.say(f"  Structure Impact: challenge die {die.symbol}, no injury.")
        if after is SystemState.DESTROYED and before is not SystemState.DESTROYED:
            self.say(f"  {system.label} DESTROYED.")
            if system is System.ENGINES:
                self.core_breach_started = True
                self.update(core_breach_checks=max(self.ship.core_breach_checks, 1), power=0)
                self.say("  Warp core containment checks begin next Round.")
        if all(self.ship.system_state(s) is SystemState.DESTROYED for s in System):
            self.update(destroyed=True)
            self.say(f"Every system is destroyed: {self.ship.name} is destroyed.")

    def whole_ship_breach(self, count: int) -> None:
        total = self.ship.total_breaches
        scale = self.ship.scale
        self.update(lost_turns=min(self.ship.lost_turns + count, self.ship.scale))
        self.say(
            f"  {self.ship.name}: {total} breaches in all (Scale {scale}); "
            f"{count} Turn(s) lost next Round."
        )
        self.lose_power(2 * count, "  Breach power loss")
        state = self.ship.whole_ship_state
        if state is SystemState.DESTROYED:
            self.update(destroyed=True)
            self.say(f"  More breaches than its Scale: {self.ship.name} is destroyed.")
        elif state is SystemState.DISABLED:
            self.update(out_of_turns=True)
            self.say("  Breaches equal its Scale: no more Turns this scene.")
        elif state is SystemState.DAMAGED:
            self.say("  Breaches at half its Scale: +2 Difficulty to all its Tasks.")


def resolve_damage(
    attack: Attack,
    target: Ship,
    dice: Dice,
    *,
    challenge: ChallengeRoll | None = None,
    house: HouseRules | None = None,
) -> DamageOutcome:
    """Resolve ``attack`` against ``target``.

    ``challenge`` is the (possibly re-rolled) challenge dice pool; when omitted it is
    rolled from ``dice``. System-hit d20s and Structure Impact dice come from ``dice``.
    """
    r = _Resolution(target, house or HouseRules(), dice)
    roll = challenge if challenge is not None else roll_challenge(attack.dice, dice)
    effects = roll.effects

    def weapon(text: str, shown: str = "") -> str:
        """``text`` about the attacker's weapon: hidden from a crew that has not scanned
        the attacker."""
        return secret(attack.attacker, text, shown) if attack.attacker else text

    r.say(f"{weapon(attack.name, attack.shown_name)} against {target.name}: {roll.describe()}.")

    vicious = attack.rating(QualityName.VICIOUS) * effects
    bonus = attack.spends.bonus_damage + attack.extra_power + attack.flat_damage
    total = roll.total + vicious + bonus
    if vicious:
        rating = attack.rating(QualityName.VICIOUS)
        r.say(weapon(f"Vicious {rating}: +{vicious} damage.", f"+{vicious} damage."))
    if attack.spends.bonus_damage:
        r.say(f"Bonus Damage ({attack.spends.pool}): +{attack.spends.bonus_damage}.")
    if attack.extra_power:
        r.say(weapon(f"Extra Power: +{attack.extra_power}.", f"+{attack.extra_power} damage."))
    if attack.flat_damage:
        r.say(f"Fixed damage: +{attack.flat_damage}.")
    r.say(f"Total damage {total}.")

    resistance = target.resistance
    ignored: list[tuple[str, int]] = []
    piercing = attack.rating(QualityName.PIERCING) * effects
    if piercing:
        ignored.append((f"Piercing {attack.rating(QualityName.PIERCING)}", piercing))
    if attack.scan_for_weakness and effects:
        ignored.append(("Scan for Weakness (Piercing 2)", 2 * effects))
    if attack.spends.penetration:
        ignored.append((f"Penetration ({attack.spends.pool})", 2 * attack.spends.penetration))
    effective = max(resistance - sum(n for _, n in ignored), 0)
    ignored_text = ", ".join(f"{name} ignores {n}" for name, n in ignored)
    r.say(
        r.hidden(
            f"Resistance {resistance}"
            + (
                f" (incl. Modulate Shields +{target.modulation_bonus})"
                if target.modulation_bonus
                else ""
            )
            + (f"; {ignored_text}" if ignored else "")
            + f": {effective} applied."
        )
    )
    after = max(total - effective, 0)
    r.say(r.hidden(f"Damage after Resistance: {after}."))

    power_before = target.power_now
    high_yield = attack.has(QualityName.HIGH_YIELD)
    r.hit("main", after, attack.targeted_system, high_yield)

    if after >= 1 and attack.has(QualityName.SPREAD) and effects:
        r.hit("spread", -(-after // 2) + effects - 1, None, high_yield)
    if after >= 1 and (attack.spends.devastating or attack.has(QualityName.DEVASTATING)):
        r.hit("devastating", -(-after // 2), None, high_yield)

    r.lose_power(attack.spends.power_loss, f"Power Loss ({attack.spends.pool})")
    if attack.has(QualityName.DAMPENING) and effects:
        r.lose_power(effects, f"Dampening ({effects} Effect(s))")

    persistent = None
    if attack.has(QualityName.PERSISTENT) and effects and after >= 1:
        persistent = PersistentDamage(
            amount=attack.rating(QualityName.PERSISTENT),
            rounds=min(effects, 10),
            source=attack.shown_name if attack.attacker else attack.name,
        )
        r.update(persistent=(*r.ship.persistent, persistent))
        r.say(
            f"Persistent: {persistent.amount} damage at the end of the next "
            f"{persistent.rounds} Round(s)."
        )

    modulation_cleared = after >= 1 and target.modulation_bonus > 0
    if modulation_cleared:
        r.update(modulation_bonus=0)
        r.say(r.hidden("Modulated shields lose their bonus Resistance."))
    versatile = attack.rating(QualityName.VERSATILE)
    if versatile:
        r.say(weapon(f"Versatile {versatile}: the attacker gains {versatile} Momentum."))
    area_targets = effects if attack.has(QualityName.AREA) else 0
    if area_targets:
        r.say(f"Area: up to {area_targets} other ship(s) at Close range of the target are hit too.")

    if r.ship.power_now > r.ship.power_capacity:
        r.update(power=r.ship.power_capacity)
    ship = r.ship
    states = tuple((s, ship.system_state(s)) for s in System)
    whole = None if ship.per_system else ship.whole_ship_state
    if ship.destroyed:
        r.say(f"{ship.name} is DESTROYED.")
    elif ship.per_system:
        hurt = [f"{s.label} {st.label}" for s, st in states if st is not SystemState.NOMINAL]
        r.say(
            f"{ship.name} now: "
            + r.hidden(f"Shields {ship.shields_now}/{ship.shields_max}, Power {ship.power_now}; ")
            + (", ".join(hurt) if hurt else "all systems nominal")
            + "."
        )
    else:
        r.say(
            f"{ship.name} now: "
            + r.hidden(f"Shields {ship.shields_now}/{ship.shields_max}, Power {ship.power_now}; ")
            + f"{ship.total_breaches} breach(es), {ship.whole_ship_state.label}."
        )
    report = DamageReport(
        attack=attack.name,
        challenge=roll,
        effects=effects,
        rolled=roll.total,
        vicious=vicious,
        bonus_damage=bonus,
        total=total,
        resistance=resistance,
        ignored=tuple(ignored),
        effective_resistance=effective,
        after_resistance=after,
        hits=tuple(r.hits),
        power_before=power_before,
        power_after=ship.power_now,
        persistent_queued=persistent,
        modulation_cleared=modulation_cleared,
        versatile_momentum=versatile,
        area_targets=area_targets,
        crew_injured=r.crew_injured,
        core_breach_started=r.core_breach_started,
        states=states,
        whole_ship_state=whole,
        destroyed=ship.destroyed,
        steps=tuple(r.steps),
    )
    return DamageOutcome(ship=ship, report=report)
