"""The battle log as one web page to keep: Rounds and Turns as headings, every roll's
dice drawn (d20s with their marks, challenge dice with their faces), in Bridge's
colours. One self-contained file: no script, no picture file, nothing fetched, so it
opens offline, prints, and pastes into a campaign wiki.

The record is :func:`bridge.storage.recap.recap`'s: the GM's copy, or a players' copy
read as a crew seat reads the log.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence

from bridge.engine import Encounter, JournalEntry
from bridge.rules.challenge import ROLL_TEXT, ChallengeDie
from bridge.storage.recap import LineReader, Recap, gm_reading, recap

__all__ = ["D20_TEXT", "line_html", "recap_html"]

D20_TEXT = re.compile(
    r"\[((?:[AD]?\d{1,2}[*!]{0,2})(?:, [AD]?\d{1,2}[*!]{0,2})*)\]"
    r"(?= (?:\+\d+ automatic )?\d+ success)"
)
"""The d20s of a roll as :meth:`bridge.rules.task.TaskResult.describe` writes them:
``[2*, 17, 20!, A15, D1*] 3 successes``: ``*`` a critical (two successes), ``!`` a
complication, ``A`` an assist die, ``D`` the Determination die."""
_FACE = re.compile(r"([AD]?)(\d{1,2})([*!]{0,2})")
_SYMBOL_FACE = {"1": 1, "2": 2, "-": 3, "1E": 5}
_DIE = 22
"""A drawn die's side in pixels (the text is 16)."""

STYLE = """
body { background: #000; color: #ffe9cc; font: 16px/1.45 "Antonio", "Arial Narrow",
  "Helvetica Neue", Arial, sans-serif; max-width: 60em; margin: 2em auto; padding: 0 1em; }
h1 { color: #000; background: #ff9900; border-radius: 0 1.2em 1.2em 0; padding: .2em .8em;
  text-transform: uppercase; letter-spacing: .04em; }
h2 { color: #ff9900; border-bottom: 4px solid #ff9900; text-transform: uppercase; }
h3 { color: #99ccff; margin-bottom: .3em; }
dl.cast { display: grid; grid-template-columns: max-content 1fr; gap: .2em 1em; }
dl.cast dt { color: #cc99cc; text-transform: uppercase; }
dl.cast dd { margin: 0; }
ul { list-style: none; padding-left: 0; }
li.told { margin: .5em 0; padding-left: .8em; border-left: 4px solid #9999ff; }
li.told .first { font-weight: bold; }
li.quiet { color: #a8998a; font-style: italic; border-left-color: #333; }
li.told ul { margin: .2em 0 0 1em; }
svg.die { vertical-align: middle; margin: 0 1px; }
@media print {
  body { background: #fff; color: #000; }
  h1 { background: none; color: #000; border-bottom: 3px solid #000; }
  h2, h3, dl.cast dt { color: #000; }
  li.quiet { color: #444; }
}
"""


def _d20_svg(face: str) -> str:
    """One d20 as it rolled: its number on a die, orange for a critical, red ringed for a
    complication, lavender for an assist die, gold for the Determination die."""
    m = _FACE.fullmatch(face)
    if m is None:
        return html.escape(face)
    kind, value, marks = m.groups()
    fill = {"A": "#cc99cc", "D": "#ffcc66"}.get(kind, "#99ccff")
    if "*" in marks:
        fill = "#ff9900"
    ring = ' stroke="#ff5544" stroke-width="3"' if "!" in marks else ""
    what = [f"{'assist ' if kind == 'A' else 'Determination ' if kind == 'D' else ''}d20: "]
    what.append(value)
    what += [", critical" if "*" in marks else "", ", complication" if "!" in marks else ""]
    s = _DIE
    return (
        f'<svg class="die d20" width="{s}" height="{s}" viewBox="0 0 {s} {s}" role="img" '
        f'aria-label="{"".join(what)}"><title>{"".join(what)}</title>'
        f'<polygon points="11,1 21,6 21,16 11,21 1,16 1,6" fill="{fill}"{ring}/>'
        f'<text x="11" y="15.5" font-size="11" font-weight="bold" text-anchor="middle" '
        f'fill="#000">{value}</text></svg>'
    )


def _challenge_svg(symbol: str) -> str:
    """One challenge die: 1 or 2, blank, or 1 and an Effect (the delta), coloured as
    Bridge's windows colour it."""
    die = ChallengeDie(face=_SYMBOL_FACE[symbol])
    fill = "#ff9900" if die.effect else {2: "#ffcc66", 1: "#99ccff"}.get(die.damage, "#3a3a44")
    what = (
        "Effect (1 damage)" if die.effect else (f"{die.damage} damage" if die.damage else "blank")
    )
    s = _DIE
    face = ""
    if die.effect:
        face = (
            '<polygon points="11,3 16,12 11,10 6,12" fill="#000"/>'
            '<text x="11" y="20" font-size="8" font-weight="bold" text-anchor="middle" '
            'fill="#000">1</text>'
        )
    elif die.damage:
        face = (
            f'<text x="11" y="16" font-size="13" font-weight="bold" text-anchor="middle" '
            f'fill="#000">{die.damage}</text>'
        )
    return (
        f'<svg class="die challenge" width="{s}" height="{s}" viewBox="0 0 {s} {s}" '
        f'role="img" aria-label="challenge die: {what}"><title>challenge die: {what}</title>'
        f'<rect x="1" y="1" width="20" height="20" rx="4" fill="{fill}"/>{face}</svg>'
    )


def line_html(line: str) -> str:
    """``line`` escaped, each roll in it drawn as dice (its words around them kept)."""
    spans: list[tuple[int, int, str]] = []
    for m in D20_TEXT.finditer(line):
        dice = "".join(_d20_svg(face) for face in m.group(1).split(", "))
        spans.append((m.start(), m.end(), dice))
    for m in ROLL_TEXT.finditer(line):
        dice = "".join(_challenge_svg(symbol) for symbol in m.group(1).split())
        spans.append((m.start(), m.end(), dice))
    out, at = [], 0
    for start, end, dice in sorted(spans):
        out += [html.escape(line[at:start]), dice]
        at = end
    out.append(html.escape(line[at:]))
    return "".join(out)


def _page(record: Recap) -> str:
    title = html.escape(record.title)
    body = [f"<h1>{title}</h1>", '<dl class="cast">']
    body += [
        f"<dt>{html.escape(who)}</dt><dd>{html.escape(what)}</dd>" for who, what in record.cast
    ]
    body.append("</dl>")
    for rnd in record.rounds:
        body.append(f'<section class="round"><h2>Round {rnd.number}</h2>')
        for turn in rnd.turns:
            if turn.heading is not None:
                body.append(f'<h3 class="turn">{html.escape(turn.heading)}</h3>')
            body.append("<ul>")
            for told in turn.told:
                kind = "told quiet" if told.quiet else "told"
                item = [f'<li class="{kind}"><span class="first">{line_html(told.lines[0])}</span>']
                if told.lines[1:]:
                    item.append("<ul>")
                    item += [f"<li>{line_html(line.strip())}</li>" for line in told.lines[1:]]
                    item.append("</ul>")
                item.append("</li>")
                body.append("".join(item))
            body.append("</ul>")
        body.append("</section>")
    body += [
        '<section class="outcome"><h2>Outcome</h2>',
        f"<p>{html.escape(record.outcome[0])}</p>",
    ]
    body += ["<ul>", *(f"<li>{html.escape(line)}</li>" for line in record.outcome[1:]), "</ul>"]
    body.append("</section>")
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{title}: the battle log</title>\n"
        '<meta name="generator" content="Bridge">\n'
        f"<style>{STYLE}</style>\n</head>\n<body>\n" + "\n".join(body) + "\n</body>\n</html>\n"
    )


def recap_html(
    initial: Encounter,
    journal: Sequence[JournalEntry],
    final: Encounter,
    read: LineReader = gm_reading,
) -> str:
    """The battle as a web page, its dice drawn (the GM's copy unless ``read`` and
    ``final`` are a crew seat's)."""
    return _page(recap(initial, journal, final, read))
