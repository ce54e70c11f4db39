"""The words a Conflict card window shows of a Task's preview and the card back's spends.
Pure functions of the engine's card view (no Qt), so the window, the viewscreen and the
tests read the same sentences (the figure's status is the engine's own:
:mod:`bridge.engine.conflict_card`)."""

from __future__ import annotations

from html import escape

from bridge.engine import ConflictCardView, ConflictPreview

__all__ = ["back_html", "preview_lines", "preview_summary"]


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
