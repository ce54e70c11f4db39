"""Readable at the table (issue 27): a card's text before the Turn, and disabled
controls, at 4.5:1 contrast or better (WCAG 2 relative luminance), read from the
stylesheet's own colours so they cannot slip back; disabled buttons still look
disabled (light text on a dark button, where an enabled one is dark text on a bright
colour)."""

from __future__ import annotations

import re

import pytest

from bridge.ui.base.theme import BAR_TEXT_LOW, COLORS, DISABLED, stylesheet

AA = 4.5
RULE = re.compile(r"([^{}]+)\{([^{}]*)\}")


def luminance(color: str) -> float:
    """WCAG 2 relative luminance of ``#rrggbb`` (or ``#rgb``)."""
    hex_ = color.lstrip("#")
    if len(hex_) == 3:
        hex_ = "".join(c * 2 for c in hex_)
    channels = [int(hex_[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def _rules() -> dict[str, dict[str, str]]:
    """Each selector of the stylesheet and its properties."""
    found: dict[str, dict[str, str]] = {}
    for selectors, body in RULE.findall(stylesheet()):
        props = dict(
            (k.strip(), v.strip()) for k, _, v in (p.partition(":") for p in body.split(";")) if v
        )
        for selector in selectors.split(","):
            found.setdefault(" ".join(selector.split()), {}).update(props)
    return found


def test_the_contrast_formula_matches_wcags_own_figures() -> None:
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)
    assert contrast("#3a3530", "#8a8070") == pytest.approx(3.12, abs=0.01)  # issue 27's


@pytest.mark.parametrize("name", ["", "task", "minor", "primary"])
def test_a_disabled_button_is_readable_and_looks_disabled(name: str) -> None:
    selector = f"QPushButton#{name}:disabled" if name else "QPushButton:disabled"
    rule = _rules()[selector]
    text, back = rule["color"], rule["background"]
    assert contrast(text, back) >= AA, f"{selector}: {contrast(text, back):.2f}:1"
    enabled = _rules()[f"QPushButton#{name}" if name else "QPushButton"]
    assert luminance(back) < luminance(enabled["background"]) / 4, "darker than enabled"
    assert luminance(text) > luminance(back), "light text, where enabled text is dark"


def test_every_colour_pair_of_the_stylesheet_is_readable() -> None:
    """Text on its own background where a rule gives both; else on the window's. A bar's
    numbers, in its middle, are on its colour from half full, else on its track."""
    rules = _rules()
    for selector, rule in rules.items():
        text = rule.get("color")
        if text is None or not text.startswith("#") or selector.startswith("QProgressBar"):
            continue
        back = rule.get("background", COLORS.background)
        if not back.startswith("#"):
            back = COLORS.background
        assert contrast(text, back) >= AA, f"{selector}: {contrast(text, back):.2f}:1"
    bar = rules["QProgressBar"]
    for chunk in ("QProgressBar::chunk", "QProgressBar#power::chunk"):
        assert contrast(bar["color"], rules[chunk]["background"]) >= AA, chunk
    assert contrast(BAR_TEXT_LOW, bar["background"]) >= AA, "a bar under half full"


def test_the_disabled_colours_are_the_stylesheets() -> None:
    sheet = stylesheet()
    for look in DISABLED.values():
        assert look.background in sheet and look.text in sheet


def test_a_cards_lines_of_rules_and_reasons_read_on_black() -> None:
    for name in ("dim", "reason"):
        color = _rules()[f"QLabel#{name}"]["color"]
        assert contrast(color, COLORS.background) >= 7.0, name  # at 1.5 m: AAA
