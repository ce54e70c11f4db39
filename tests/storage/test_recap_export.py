"""File ▸ Export the log: the battle as Markdown and as a web page with the dice drawn,
Rounds and Turns as headings; the players' copy leaves out what the GM hid. Each format
is written to a file and read back."""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from bridge.engine.demo import demo_encounter
from bridge.engine.session import Session
from bridge.engine.ship.autopilot import suggest
from bridge.rules.dice import GivenDice, SeededDice
from bridge.rules.task import Assist, Roller, TaskSpec, resolve_task
from bridge.seatview import CREW, GM, seat_lines, seat_view
from bridge.storage.recap import recap, recap_markdown
from bridge.storage.recap_html import D20_TEXT, line_html, recap_html
from bridge.storage.save import write_atomic

HIDDEN = ("Talented crew (13)", "Disruptor Cannons", "Vicious 1")
"""What the log tells the GM of the Birds-of-Prey before any scan (hidden spans)."""


@pytest.fixture(scope="module")
def battle() -> Session:
    """The demo played by the autopilot into Round 3, with hits on both sides."""
    session = Session(demo_encounter(), SeededDice(12))
    while not session.journal or session.journal[-1].round < 3:  # into Round 3's first Turn
        command = suggest(session.state, session.check)
        assert command is not None
        session.apply(command)
    return session


def _players(session: Session) -> dict[str, object]:
    return {
        "final": seat_view(session.state, CREW),
        "read": lambda entry: seat_lines(entry, CREW),
    }


class _Page(HTMLParser):
    """A web page read back: its headings in order, its drawn dice, its text."""

    def __init__(self) -> None:
        super().__init__()
        self.headings: list[tuple[str, str]] = []
        self.dice: list[str] = []
        self.text: list[str] = []
        self._in: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("h1", "h2", "h3"):
            self._in = tag
            self.headings.append((tag, ""))
        if tag == "svg":
            self.dice.append(dict(attrs).get("aria-label") or "")

    def handle_endtag(self, tag: str) -> None:
        if tag == self._in:
            self._in = None

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        if self._in is not None:
            tag, text = self.headings[-1]
            self.headings[-1] = (tag, text + data)


def _read_page(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def _md_headings(text: str) -> list[tuple[int, str]]:
    return [(len(m.group(1)), m.group(2)) for m in re.finditer(r"^(#+) (.*)$", text, re.M)]


def test_markdown_reads_back_with_rounds_and_turns_as_headings(
    battle: Session, tmp_path: Path
) -> None:
    path = tmp_path / "kessik.md"
    write_atomic(path, recap_markdown(battle.initial, battle.journal, battle.state).encode())
    text = path.read_text(encoding="utf-8")
    headings = _md_headings(text)
    assert headings[0] == (1, "Ambush at Kessik Nebula")
    rounds = [h for level, h in headings if level == 2]
    assert rounds == ["Round 1", "Round 2", "Round 3", "Outcome"]
    turns = [h for level, h in headings if level == 3]
    starts = [e for e in battle.journal if e.command.type == "start_turn"]
    assert len(turns) == len(starts) and turns[0] == "Capt. Elena Reyes takes a Turn"
    assert all(t.endswith("takes a Turn") for t in turns)
    # Every Turn comes under its own Round's heading, in the journal's order.
    at = {h: i for i, (_, h) in enumerate(headings) if h.startswith("Round")}
    first_of_round_2 = next(i for i, e in enumerate(starts) if e.round == 2)
    turn_positions = [i for i, (level, _) in enumerate(headings) if level == 3]
    assert turn_positions[first_of_round_2] > at["Round 2"] > turn_positions[first_of_round_2 - 1]
    # The GM's copy says everything; dice marks stay text, never emphasis.
    assert all(word in text for word in HIDDEN)
    assert r"\[17, 12, 5, 13, 1\*, A12\] 6 successes" in text


def test_the_web_page_reads_back_with_the_dice_drawn(battle: Session, tmp_path: Path) -> None:
    path = tmp_path / "kessik.html"
    write_atomic(path, recap_html(battle.initial, battle.journal, battle.state).encode())
    page = _read_page(path)
    levels = [tag for tag, _ in page.headings]
    assert page.headings[0] == ("h1", "Ambush at Kessik Nebula")
    assert [h for tag, h in page.headings if tag == "h2"] == [
        "Round 1",
        "Round 2",
        "Round 3",
        "Outcome",
    ]
    assert levels.count("h3") == sum(1 for e in battle.journal if e.command.type == "start_turn")
    # Every d20 and challenge die rolled is drawn, none left as bracketed text.
    d20s = sum(
        len(m.group(1).split(", "))
        for e in battle.journal
        for line in e.log
        for m in D20_TEXT.finditer(line)
    )
    assert d20s > 20
    assert sum(1 for d in page.dice if "d20" in d) == d20s
    assert any(d == "challenge die: Effect (1 damage)" for d in page.dice)
    assert "d20: 1, critical" in page.dice and any("complication" in d for d in page.dice)
    words = "".join(page.text)
    assert "successes vs Difficulty" in words and "[" not in words.split("Outcome")[0]


@pytest.mark.parametrize("kind", ["md", "html"])
def test_the_players_copy_leaves_out_what_the_gm_hid(
    battle: Session, tmp_path: Path, kind: str
) -> None:
    write = recap_markdown if kind == "md" else recap_html
    path = tmp_path / f"players.{kind}"
    players = _players(battle)
    text = write(battle.initial, battle.journal, players["final"], players["read"])  # type: ignore[arg-type]
    write_atomic(path, text.encode())
    read_back = path.read_text(encoding="utf-8")
    if kind == "html":
        read_back = html.unescape(read_back)
    for word in HIDDEN:
        assert word not in read_back
    assert "its crew" in read_back and "Energy weapon" in read_back
    # A Bird-of-Prey the crew never scanned: its shields are not told at the end.
    vortak = next(line for line in read_back.splitlines() if "IKS Vor'tak:" in line)
    assert "Shields" not in vortak and "breach" in vortak
    gm = recap(battle.initial, battle.journal, battle.state)
    crew = recap(battle.initial, battle.journal, players["final"], players["read"])  # type: ignore[arg-type]
    assert [len(r.turns) for r in crew.rounds] == [len(r.turns) for r in gm.rounds]


def test_the_crews_reading_is_the_seat_views_own(battle: Session) -> None:
    """The players' copy is what a crew seat's log shows, line for line (no second
    reading of the hidden spans)."""
    crew = recap(battle.initial, battle.journal, battle.state, lambda e: seat_lines(e, CREW))
    told = [line for r in crew.rounds for t in r.turns for x in t.told for line in x.lines]
    seat = [
        line
        for e in battle.journal
        for line in seat_lines(e, CREW)
        if e.command.type not in ("start_turn", "conflict_start_turn")
    ]
    assert told == [line for line in seat if line.strip()]
    gm = recap(battle.initial, battle.journal, battle.state, lambda e: seat_lines(e, GM))
    assert gm == recap(battle.initial, battle.journal, battle.state)


def test_the_dice_text_read_is_the_rules_own() -> None:
    """Every way a roll's dice are written (criticals, complications, assist and
    Determination dice, automatic successes) is drawn as dice."""
    spec = TaskSpec(
        lead=Roller(target=11, focus=2),
        difficulty=2,
        complication_range=2,
        bought=("determination",),
        assists=(Assist.character("Lt. Tovan", 9, 3),),
        automatic=1,
        value="Never leave a crewmate behind",
    )
    result = resolve_task(spec, GivenDice(d20=(1, 19, 12, 20)))
    line = result.describe()
    assert all(mark in line for mark in ("*", "!", "A", "D", "automatic"))
    drawn = line_html(line)
    assert drawn.count("<svg") == len(result.dice) == 4
    assert "[" not in drawn.split("successes")[0]
