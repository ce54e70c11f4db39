"""Hidden spans in log lines (bridge.rules.hidden): the GM reads every word, a crew seat
the words shown in their place; settled once, about the ships the crew may see."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridge.rules.hidden import MARKERS, conceal, has_spans, reveal, secret, settle
from bridge.rules.text import printable_line, printable_text

LINE = "IKS Qoj spends " + secret("qoj", "1 Power (now 8)", "Power") + "."


def test_the_gm_reads_the_hidden_words_and_a_crew_the_shown_ones() -> None:
    assert reveal(LINE) == "IKS Qoj spends 1 Power (now 8)."
    assert conceal(LINE) == "IKS Qoj spends Power."
    gone = "Shields regenerated" + secret("qoj", ": 9 -> 11") + "."
    assert conceal(gone) == "Shields regenerated."
    assert conceal(secret("qoj", "Resistance 3: 3 applied.")) == ""  # a line all secret
    indented = "  Breach to Weapons" + secret("qoj", ": Shields reduced to 0") + "."
    assert conceal(indented) == "  Breach to Weapons."  # its indentation stays


def test_a_span_about_a_ship_the_crew_may_see_becomes_plain_text() -> None:
    ours = "USS Resolute spends " + secret("resolute", "1 Power (now 9)", "Power") + "."
    settled = settle([LINE, ours], hidden={"qoj"})
    assert settled[1] == "USS Resolute spends 1 Power (now 9)." and not has_spans(settled[1])
    assert has_spans(settled[0]) and conceal(settled[0]) == "IKS Qoj spends Power."
    assert settle([LINE], hidden=set()) == ("IKS Qoj spends 1 Power (now 8).",)


@given(st.text(), st.text(), st.text())
def test_plain_text_is_left_alone_and_no_marker_survives_a_reading(
    before: str, hidden: str, after: str
) -> None:
    plain = "".join(c for c in before if c not in MARKERS)
    assert reveal(plain) == plain and conceal(plain) == plain
    clean = "".join(c for c in hidden if c not in MARKERS)
    line = plain + secret("qoj", clean, "x") + plain
    assert not MARKERS & set(reveal(line)) and not MARKERS & set(conceal(line))


@pytest.mark.parametrize("check", [printable_line, printable_text])
def test_no_name_or_note_may_hold_a_marker(check: object) -> None:
    for marker in MARKERS:
        with pytest.raises(ValueError, match="reserved by Bridge"):
            check(f"Kell{marker}")  # type: ignore[operator]
