"""The words a Conflict card window shows: a figure's status, a Task's preview, the card
back's spends. Pure functions of the engine's card view (no Qt), so the window, the
viewscreen and the tests read the same sentences."""

from __future__ import annotations

from html import escape

from bridge.engine import ConflictCardView, ConflictPreview, FigureView

__all__ = [
    "back_html",
    "injury_text",
    "preview_lines",
    "preview_summary",
    "status_lines",
    "stress_text",
]


def stress_text(fig: FigureView) -> str:
    """``Stress 7/12``, or ``Stress hidden`` for an NPC the GM has not revealed."""
    if fig.stress is None or fig.stress_max is None:
        return "Stress hidden"
    if fig.stress_max == 0:
        return "no Stress"  # a Minor NPC: any Injury takes it out (RULES-NOTES)
    return f"Stress {fig.stress}/{fig.stress_max}"


def injury_text(fig: FigureView) -> str:
    """The figure's Injury state in words (seed 003 INJURIES)."""
    if fig.dead:
        return "Dead"
    if fig.withdrawn:
        return "Withdrawn from the fight"
    if fig.injury is None:
        return "Unhurt" if not fig.prone else "Unhurt, prone"
    kind = "Lethal" if fig.injury == "lethal" else "Non-lethal"
    state = (
        "fighting on (First Aid)"
        if fig.fighting_on
        else "stabilised"
        if fig.stabilised
        else "incapacitated"
    )
    return f"{kind} Injury: {state}"


def status_lines(card: ConflictCardView) -> tuple[str, ...]:
    """The card's status block: where the figure stands, what it carries, Avoid Injury."""
    fig = card.figure
    reach = ", ".join(fig.within_reach) or "no one"
    terrain = []
    if fig.cover:
        terrain.append(f"Cover {fig.cover}")
    if fig.darkness:
        terrain.append(f"darkness +{fig.darkness}")
    where = f"{fig.zone}" + (f" ({', '.join(terrain)})" if terrain else "")
    carried = [f"{w} (in hand)" if w == fig.wielding else w for w in fig.weapons]
    marks = [
        word
        for flag, word in (
            (fig.prone, "Prone"),
            (fig.aim, "Aiming"),
            (fig.guarded, "Guarded"),
            (fig.staggered, "Staggered"),
        )
        if flag
    ]
    if fig.readied:
        marks.append(f"Readied: {fig.readied}")
    avoid = {
        True: "Avoid Injury: available (2 Momentum or a Complication)",
        False: "Avoid Injury: used this scene (Recover restores it)",
        None: "Avoid Injury: hidden",
    }[fig.avoid_injury]
    lines = [
        f"Zone: {where} · within Reach: {reach}",
        "Weapons: " + (", ".join(carried) or "none"),
        avoid,
    ]
    if marks:
        lines.append(" · ".join(marks))
    return tuple(lines)


def preview_lines(preview: ConflictPreview) -> tuple[str, ...]:
    """A Task before its roll: the itemised Difficulty, the roll, costs and exact odds."""
    if preview.reason is not None:
        return (preview.reason,)
    lines = []
    if preview.difficulty is not None:
        items = " ".join(f"{'+' if n >= 0 else ''}{n} {why}" for why, n in preview.items)
        lines.append(f"Difficulty {preview.difficulty}" + (f" ({items})" if items else ""))
    if preview.roll:
        lines.append(f"Roll: {preview.roll}")
    if preview.assists:
        lines.append("Assisted by " + ", ".join(preview.assists))
    if preview.complication_range > 1:
        why = "; ".join(preview.complication_why)
        lines.append(
            f"Complication range {preview.complication_range}" + (f" ({why})" if why else "")
        )
    lines.extend(preview.costs)
    attack = preview.attack
    if attack is not None:
        if attack.kind == "melee":
            lines.append(
                f"Hit {attack.p_hit:.0%} · the target hits you {attack.p_countered:.0%} · "
                f"neither {attack.p_miss:.0%} (exact, with the opposing roll)"
            )
        else:
            lines.append(f"Hit {attack.p_hit:.0%} (exact)")
        damage = attack.damage.describe()
        lines.append(f"Damage: {damage}")
        lines.extend(n.replace(f": {damage}", "") for n in attack.notes)
    elif preview.odds is not None:
        odds = preview.odds
        lines.append(
            f"Success {odds.p_success:.0%} · Momentum expected {odds.expected_momentum:.1f} · "
            f"Complication {odds.p_complication:.0%} (exact)"
        )
    return tuple(lines)


def preview_summary(preview: ConflictPreview) -> str:
    """A Task's preview on one short line of the card: Difficulty, roll, the chance."""
    if preview.reason is not None:
        return preview.reason
    parts = []
    if preview.difficulty is not None:
        parts.append(f"Difficulty {preview.difficulty}")
    if preview.roll:
        parts.append(preview.roll)
    if preview.attack is not None:
        parts.append(f"hit {preview.attack.p_hit:.0%}")
    elif preview.odds is not None:
        parts.append(f"success {preview.odds.p_success:.0%}")
    return " · ".join(parts)


def back_html(card: ConflictCardView) -> str:
    """The card's back: the personal Momentum spends (seed 001 COMBAT MOMENTUM)."""
    rows = "".join(
        f"<tr><td><b>{escape(s.name)}</b></td><td>{escape(s.cost)}</td>"
        f"<td>{escape(s.marks)}</td><td>{escape(s.effect)}</td></tr>"
        for s in card.spends
    )
    return (
        "<h3>COMBAT MOMENTUM (PERSONAL)</h3>"
        "<p>I: Immediate, spent at once. R: Repeatable.</p>"
        "<table cellpadding='4'><tr><th align='left'>Spend</th><th align='left'>Cost</th>"
        f"<th></th><th align='left'>Effect</th></tr>{rows}</table>"
    )
