"""Exact odds of a task roll, by convolving per-die outcome counts.

Each d20 has 20 equally likely faces, so every distribution here is a list of whole
counts over ``20 ** n`` outcomes: the arithmetic is exact and the result matches a
brute-force enumeration face for face.
"""

from fractions import Fraction

from pydantic import BaseModel, ConfigDict

from bridge.rules.task import Roller, TaskSpec, complication_from, score_die

__all__ = ["TaskOdds", "task_odds"]


class TaskOdds(BaseModel):
    """The exact chances of a task roll."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    difficulty: int
    distribution: tuple[float, ...]
    """Probability of each total number of counted successes (index = successes)."""
    p_success: float
    p_success_at_cost: float
    expected_momentum: float
    p_complication: float
    exact_counts: tuple[int, ...]
    denominator: int

    def fraction(self, successes: int) -> Fraction:
        """The exact probability of scoring ``successes``."""
        return Fraction(self.exact_counts[successes], self.denominator)


def _die_counts(roller: Roller) -> list[int]:
    counts = [0, 0, 0]
    for face in range(1, 21):
        counts[score_die(face, roller, 1)[0]] += 1
    return counts


def _convolve(a: list[int], b: list[int]) -> list[int]:
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


def task_odds(spec: TaskSpec) -> TaskOdds:
    """Exact distribution of successes, P(success), expected Momentum, P(complication)."""
    rolled_lead = spec.lead_dice - (1 if spec.has_determination_die else 0)
    per_lead = _die_counts(spec.lead)
    lead = [1]
    for _ in range(rolled_lead):
        lead = _convolve(lead, per_lead)
    if spec.has_determination_die:
        lead = [0, 0, *lead]
    lead = [0] * spec.automatic + lead  # Extraordinary Attribute X: successes without dice
    assists = [1]
    for assist in spec.assists:
        assists = _convolve(assists, _die_counts(assist.roller))
    assist_total = 20 ** len(spec.assists)

    # Assist successes only count when the lead scores at least one (RULES-NOTES).
    total = [0] * (len(lead) + len(assists) - 1)
    total[0] += lead[0] * assist_total
    for k in range(1, len(lead)):
        for j, n in enumerate(assists):
            total[k + j] += lead[k] * n
    denominator = 20 ** (rolled_lead + len(spec.assists))

    d = spec.difficulty
    succeed = sum(total[d:])
    momentum = sum((k - d) * n for k, n in enumerate(total) if k > d)
    dice_rolled = rolled_lead + len(spec.assists)
    clean_faces = complication_from(spec.complication_range) - 1
    p_no_complication = Fraction(clean_faces, 20) ** dice_rolled
    p_success = succeed / denominator
    return TaskOdds(
        difficulty=d,
        distribution=tuple(n / denominator for n in total),
        p_success=p_success,
        p_success_at_cost=1.0 if spec.succeed_at_cost else p_success,
        expected_momentum=momentum / denominator,
        p_complication=float(1 - p_no_complication),
        exact_counts=tuple(total),
        denominator=denominator,
    )
