"""What each Difficulty 0-5 looks like at the table (seed 003 DIFFICULTY TABLE).

Worded afresh. The GM reads them where a Difficulty is set: the next Task's Difficulty,
the NPC ships' Task dialog and the GM reference.
"""

from __future__ import annotations

__all__ = ["DIFFICULTY_EXAMPLES", "difficulty_examples", "examples_text"]

DIFFICULTY_EXAMPLES: dict[int, tuple[str, ...]] = {
    0: (
        "Looking up a subject everyone knows",
        "Hitting a training target with a phaser or disruptor",
        "Routine maintenance and repairs",
    ),
    1: (
        "Looking up a specialised subject",
        "Landing a blow on an enemy, hand to hand",
        "Rerouting power in an emergency",
    ),
    2: (
        "Digging up obscure information",
        "Shooting an enemy with a phaser or disruptor",
        "Fixing a transporter pad under fire",
    ),
    3: (
        "Digging up restricted information",
        "Shooting an enemy in poor light",
        "Rigging a subspace antenna past interference without the right tools",
    ),
    4: (
        "Digging up classified information",
        "Shooting an enemy in cover, in poor light",
        "Making Starfleet equipment work with another species' incompatible technology",
    ),
    5: (
        "Finding facts struck from every official record",
        "Shooting a small, fast target in poor light",
        "Beaming from a ship at warp to another ship at warp",
    ),
}
"""Seed 003 DIFFICULTY TABLE: three examples for each Difficulty from 0 to 5."""


def difficulty_examples(difficulty: int) -> tuple[str, ...]:
    """The examples for a Difficulty (above 5: those of 5, below 0: those of 0)."""
    return DIFFICULTY_EXAMPLES[min(max(difficulty, 0), 5)]


def examples_text(difficulty: int) -> str:
    """The examples of a Difficulty as one sentence: "Looking up ...; hitting ..."."""
    first, *rest = difficulty_examples(difficulty)
    return "; ".join([first, *(e[:1].lower() + e[1:] for e in rest)])
