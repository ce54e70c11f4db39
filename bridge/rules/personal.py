"""Personal conflict's reference tables (seed 003) as the GM's reference reads them: damage
effects, weapon qualities and the personal weapons table. They live in
:mod:`bridge.rules.personal_gear`, with the weapon model every character's weapons use.
"""

from __future__ import annotations

from bridge.rules.personal_gear import (
    PERSONAL_WEAPONS,
    PersonalEffect,
    PersonalQuality,
    PersonalWeapon,
    personal_weapon,
)

__all__ = [
    "PERSONAL_WEAPONS",
    "PersonalEffect",
    "PersonalQuality",
    "PersonalWeapon",
    "personal_weapon",
]
