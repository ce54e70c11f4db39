"""Help > GM reference: seed 003's GM screen tables, searchable, in Bridge's own words.

Every number is read from the data the rules play by (``bridge.rules``, the damage
resolver, the engine's ledger and spends), never typed here: the reference and the
rules cannot drift apart. The battle's house rules are taken into account where they
change a table (destroyed Engines, Swift Task).
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from PySide6.QtCore import Qt
from PySide6.QtGui import QCloseEvent, QKeyEvent, QKeySequence, QShortcut, QShowEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from bridge.combat.damage import REDIRECT, BreachCause
from bridge.engine import MOMENTUM_SPENDS, REPEATED_ROLE_PENALTY, Change
from bridge.model.house_rules import HouseRules
from bridge.rules.breaches import breach_thresholds
from bridge.rules.examples import DIFFICULTY_EXAMPLES, examples_text
from bridge.rules.opposed import OPPOSED_OUTCOMES
from bridge.rules.personal import PERSONAL_WEAPONS, PersonalEffect, PersonalQuality
from bridge.rules.stats import SYSTEM_HIT_TABLE, CrewQuality, System
from bridge.rules.task import (
    BOUGHT_DIE_COSTS,
    COMPLICATION_RANGE_MAX,
    DETERMINATION_DIE_FACE,
    MAX_BOUGHT_DICE,
    MAX_POOL,
    complication_faces,
)
from bridge.rules.weapons import QUALITY_TEXT, QualityName
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.base.theme import COLORS
from bridge.ui.widgets.lcars import LcarsHeader

__all__ = ["GmReference", "Section", "reference_sections", "show_reference"]

SCALES = range(1, 8)
"""The Scales of seed 003's breach table."""


@dataclass(frozen=True)
class Section:
    """One table of the reference: a title, a line on where it comes from, its columns
    and rows (text), and notes under it."""

    key: str
    title: str
    source: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    notes: tuple[str, ...] = ()

    def matching(self, words: list[str]) -> Section | None:
        """This section with only the rows (and notes) holding every word; the whole of
        it when its title does; ``None`` when nothing matches."""
        if not words:
            return self
        if all(w in self.title.lower() for w in words):
            return self
        rows = tuple(r for r in self.rows if all(w in " ".join(r).lower() for w in words))
        notes = tuple(n for n in self.notes if all(w in n.lower() for w in words))
        if not rows and not notes:
            return None
        return Section(self.key, self.title, self.source, self.header, rows, notes)

    def html(self) -> str:
        head = "".join(f"<th align=left>{escape(h)}</th>" for h in self.header)
        body = "".join(
            "<tr>" + "".join(f"<td>{escape(c)}</td>" for c in row) + "</tr>" for row in self.rows
        )
        table = (
            f"<table cellspacing=0 cellpadding=4 width=100%><tr>{head}</tr>{body}</table>"
            if self.rows
            else ""
        )
        notes = "".join(f"<p>{escape(n)}</p>" for n in self.notes)
        return (
            f"<h2><a name='{self.key}'>{escape(self.title.upper())}</a></h2>"
            f"<p><i>{escape(self.source)}</i></p>{table}{notes}"
        )


def _difficulty() -> Section:
    return Section(
        "difficulty",
        "Difficulty examples",
        "Seed 003 Difficulty table: what each Difficulty is like.",
        ("DIFFICULTY", "LIKE"),
        tuple((str(d), examples_text(d)) for d in DIFFICULTY_EXAMPLES),
        ("Difficulty 0 needs no roll, unless the player wants Momentum.",),
    )


def _complication() -> Section:
    return Section(
        "complication",
        "Complication range",
        "Seed 003 Complication range table: each die showing these faces is a Complication.",
        ("RANGE", "COMPLICATION ON"),
        tuple((str(r), complication_faces(r)) for r in range(1, COMPLICATION_RANGE_MAX + 1)),
        ("Damaged Computers and Impacted Engines widen it; so can the GM (Ctrl+D).",),
    )


def _odds() -> Section:
    prices = ", ".join(str(p) for p in BOUGHT_DIE_COSTS)
    totals = ", ".join(str(sum(BOUGHT_DIE_COSTS[: n + 1])) for n in range(MAX_BOUGHT_DICE))
    return Section(
        "odds",
        "Improving the odds",
        f"Seed 003: up to {MAX_BOUGHT_DICE} bought dice, {MAX_POOL} d20s at most in all.",
        ("WAY", "WHAT IT GIVES", "PRICE"),
        (
            ("Momentum", "one more d20 each", f"{prices} for the 1st, 2nd, 3rd ({totals} in all)"),
            ("Threat", "the same dice, bought recklessly", "the same price, added to Threat"),
            (
                "Determination",
                f"a d20 already showing {DETERMINATION_DIE_FACE}: two successes",
                "1 Determination and a Value; always the first die bought",
            ),
            ("Talents", "a d20 in the right situation", "free; still counts toward the limit"),
        ),
        ("Assist dice do not count toward the limit.",),
    )


def _opposed() -> Section:
    return Section(
        "opposed",
        "Opposed task outcomes",
        "Seed 003 Opposed task outcomes: the engine explains each opposed roll with these.",
        ("WHEN", "THEN"),
        tuple((c.when, c.then) for c in OPPOSED_OUTCOMES),
    )


def _damage_effects() -> Section:
    starship = tuple(
        (f"{q.label}{' X' if q.rated else ''}", "Starship weapons", QUALITY_TEXT[q])
        for q in QualityName
    )
    personal = tuple((e.label, "Personal weapons", e.text) for e in PersonalEffect)
    return Section(
        "effects",
        "Damage effects",
        "Starship qualities as the damage resolver plays them (RULES-NOTES); personal "
        "damage effects from seed 003.",
        ("EFFECT", "FOR", "WHAT IT DOES"),
        starship + personal,
        ("An Effect is a challenge die showing 5 or 6.",),
    )


def _system_hit(rules: HouseRules) -> Section:
    redirect = dict(REDIRECT)
    if rules.engines_destroyed_redirect_to_structure:
        redirect[System.ENGINES] = System.STRUCTURE
    rows = tuple(
        (
            str(low) if low == high else f"{low}-{high}",
            system.label,
            redirect[system].label if system in redirect else "(stays on Engines)",
        )
        for low, high, system in SYSTEM_HIT_TABLE
    )
    causes = [c.value for c in BreachCause if c is not BreachCause.HIGH_YIELD]
    return Section(
        "hit",
        "System hit and Breaches",
        "Seed 003 Starship damage: a d20 picks the System hit (targeting one is +1 Difficulty).",
        ("D20", "SYSTEM HIT", "ONCE IT IS DESTROYED, LATER HITS GO TO"),
        rows,
        tuple(f"A Breach to the System hit when: {c}." for c in causes),
    )


def _breaches() -> Section:
    rows = []
    for scale in SCALES:
        damaged, disabled, destroyed = breach_thresholds(scale)
        rows.append(
            (
                str(scale),
                "–" if damaged is None else f"{damaged}+",
                str(disabled),
                f"{destroyed}+",
            )
        )
    return Section(
        "breaches",
        "Breaches by Scale",
        "Seed 003: the Breaches (to a System, or to an NPC ship whole) that Damage, Disable "
        "and Destroy it.",
        ("SCALE", "DAMAGED", "DISABLED", "DESTROYED"),
        tuple(rows),
        ("Any Breach is an Impact first, cleared by Restore.",),
    )


def _crew() -> Section:
    rows = tuple(
        (q.label, str(q.attribute), str(q.discipline), str(q.attribute + q.discipline))
        for q in CrewQuality
    )
    return Section(
        "crew",
        "NPC crew quality",
        "Seed 003 NPC starship crew scores: NPC ships roll with these, with a Focus.",
        ("QUALITY", "ATTRIBUTE", "DISCIPLINE", "TARGET"),
        rows,
        (
            "An NPC ship has one Turn per point of Scale each Round; each Task after the "
            f"first from one bridge role in a Round is +{REPEATED_ROLE_PENALTY} Difficulty "
            "(the NPC ledger in the console counts them).",
        ),
    )


def _weapons() -> Section:
    rows = tuple(
        (w.name, w.kind, w.damage(), w.size, w.quality_text(), w.cost) for w in PERSONAL_WEAPONS
    )
    notes = tuple(f"{q.label}: {q.text}" for q in PersonalQuality)
    return Section(
        "weapons",
        "Personal weapons",
        "Seed 003 personal weapons table, with its qualities below.",
        ("WEAPON", "TYPE", "DAMAGE", "SIZE", "QUALITIES", "COST"),
        rows,
        notes,
    )


def _spends(rules: HouseRules) -> Section:
    return Section(
        "spends",
        "Momentum spends (starship)",
        "Seed 001 card back: I = Immediate (may be paid by adding to Threat), R = Repeatable.",
        ("SPEND", "COST", "I/R", "EFFECT"),
        tuple((s.name, s.cost, s.marks(rules), s.effect) for s in MOMENTUM_SPENDS),
    )


def reference_sections(rules: HouseRules | None = None) -> list[Section]:
    """Every table of the reference, read from the rules' own data."""
    house = rules or HouseRules()
    return [
        _difficulty(),
        _complication(),
        _odds(),
        _opposed(),
        _damage_effects(),
        _system_hit(house),
        _breaches(),
        _crew(),
        _weapons(),
        _spends(house),
    ]


class GmReference(QWidget):
    """The GM screen: a search line, the tables' names, the tables. Esc clears the
    search, and closes the window when there is none."""

    def __init__(self, model: SharedModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowFlag(Qt.WindowType.Window)
        self.setWindowTitle("Bridge — GM reference")
        self.model = model
        self.resize(1240, 660)
        outer = QVBoxLayout(self)
        outer.addWidget(LcarsHeader("GM reference", COLORS.orange, self))
        row = QHBoxLayout()
        outer.addLayout(row)
        row.addWidget(QLabel("SEARCH", self))
        self.search = QLineEdit(self)
        self.search.setPlaceholderText("a word or two: breach, phaser, Vicious, 19-20, Talented…")
        self.search.setClearButtonEnabled(True)
        row.addWidget(self.search, 1)
        self.count = QLabel(self)
        self.count.setObjectName("dim")
        row.addWidget(self.count)
        body = QHBoxLayout()
        outer.addLayout(body, 1)
        self.contents = QListWidget(self)
        self.contents.setMaximumWidth(240)
        body.addWidget(self.contents)
        self.text = QTextBrowser(self)
        self.text.setOpenLinks(False)
        # The tables wrap to the width: a bar for the pixel their borders round up to
        # would only hide a line.
        self.text.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        body.addWidget(self.text, 1)
        self.search.textChanged.connect(lambda _: self.refresh())
        self.contents.currentRowChanged.connect(self._jump)
        self.sections: list[Section] = []
        QShortcut(QKeySequence("Ctrl+F"), self, self.search.setFocus)
        self._watching = False
        self.refresh()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() != Qt.Key.Key_Escape:
            super().keyPressEvent(event)
        elif self.search.text():
            self.search.clear()
        else:
            self.close()

    def showEvent(self, event: QShowEvent) -> None:
        if not self._watching:  # the house rules change some tables: follow them while open
            self.model.sig_changed.connect(self._rules_changed)
            self._watching = True
            self.refresh()
        super().showEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        if self._watching:
            self.model.sig_changed.disconnect(self._rules_changed)
            self._watching = False
        super().closeEvent(event)

    def _rules_changed(self, changes: object) -> None:
        if isinstance(changes, Change) and changes & Change.HOUSE_RULES:
            self.refresh()

    def refresh(self) -> None:
        """Show the sections (and rows) that hold every word of the search."""
        words = self.search.text().lower().split()
        found = [s.matching(words) for s in reference_sections(self.model.state.house_rules)]
        self.sections = [s for s in found if s is not None]
        self.contents.blockSignals(True)
        self.contents.clear()
        self.contents.addItems([s.title for s in self.sections])
        self.contents.blockSignals(False)
        if self.sections:
            self.text.setHtml("".join(s.html() for s in self.sections))
            rows = sum(len(s.rows) for s in self.sections)
            self.count.setText(f"{len(self.sections)} table(s), {rows} row(s)" if words else "")
        else:
            self.text.setHtml(
                f"<p>Nothing in the GM screen says “{escape(self.search.text())}”.</p>"
            )
            self.count.setText("nothing found")

    def _jump(self, row: int) -> None:
        if 0 <= row < len(self.sections):
            self.text.scrollToAnchor(self.sections[row].key)


def show_reference(parent: QWidget, model: SharedModel) -> GmReference:
    """Open the GM reference (one per console), or bring it forward, its search ready."""
    window = parent.findChild(GmReference)
    if window is None:
        window = GmReference(model, parent)
    window.show()
    window.raise_()
    window.activateWindow()
    window.search.setFocus()
    return window
