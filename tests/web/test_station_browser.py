"""The web station in a real browser (Debian's Chromium, or the Chromium or Chrome that
BRIDGE_TEST_BROWSER names, driven by Playwright) against a real ``bridge host`` process,
on loopback only, every wait bounded.

At phone size the page opens the address the QR code holds, takes a seat, plays a Task
through its roll, RESOLVE and the damage step, comes back to its seat after a reload and
after the host is killed and resumed from its autosave. The viewscreen page follows a
battle, five pages play the demo battle's Round with the NPC autopilot as the GM, and on a
boarding action a phone plays its officer's Turn from the Conflict card.
Screenshots land in ``tmp_path`` (or in ``BRIDGE_WEB_SCREENSHOTS``, to look at them).
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import select
import shutil
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import (
    Browser,
    Page,
    Request,
    WebSocketRoute,
    expect,
    sync_playwright,
)

from bridge.engine import Session, demo_encounter
from bridge.net.web import page_url
from bridge.storage.battle import save_battle

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
CODE = "WEB42X"
WAIT = 20_000
"""Every wait in the browser, in milliseconds."""
expect.set_options(timeout=WAIT)  # every assertion waits at most this long (a loaded CI)
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"width": 390, "height": 844}
TABLET = {"width": 1024, "height": 768}

_STARTED: list[subprocess.Popen[str]] = []


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """One browser for the module (its pages are opened per test); Playwright starts it
    with a fresh profile of its own. Debian's chromium, or the Chromium or Chrome that
    BRIDGE_TEST_BROWSER names (where there is no Debian package, as on Ubuntu)."""
    given = os.environ.get("BRIDGE_TEST_BROWSER")
    chromium = shutil.which(given or "chromium")
    assert chromium, (
        f"BRIDGE_TEST_BROWSER is {given!r}, which is not a program"
        if given
        else "the browser tests need Debian's chromium (packaging/install-deps --tests) "
        "or BRIDGE_TEST_BROWSER naming a Chromium or Chrome"
    )
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=chromium, args=ARGS, timeout=60_000)
        yield launched
        launched.close()


@pytest.fixture(autouse=True)
def _reap() -> Iterator[None]:
    """Every host a test started is ended and its pipe closed, whatever happened."""
    yield
    for proc in _STARTED:
        if proc.poll() is None:
            proc.kill()
        proc.wait(timeout=10)
        if proc.stdout is not None:
            proc.stdout.close()
    _STARTED.clear()


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("BRIDGE_WEB_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _host(home: Path, *extra: str, port: int = 0) -> tuple[int, Path, str]:
    """A ``bridge host`` on 127.0.0.1: its port, its autosave and the page's address it
    prints (what the host panel's QR code holds)."""
    args = [sys.executable, "-m", "bridge", "host", "--bind", "127.0.0.1", "--port", str(port)]
    args += ["--code", CODE, "--npc-autopilot", *extra]
    env = {**os.environ, "PYTHONPATH": str(ROOT), "BRIDGE_HOME": str(home)}
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, text=True, env=env)
    _STARTED.append(proc)
    assert proc.stdout is not None
    ready, _, _ = select.select([proc.stdout], [], [], 30)
    assert ready, "the host did not say where it listens within 30 s"
    # Both lines are printed at once (a host that died ends its output: '' is read).
    lines = [proc.stdout.readline().strip(), proc.stdout.readline().strip()]
    found = re.search(r"listening on port (\d+).*autosave (\S+)$", lines[0])
    assert found, lines
    assert lines[1].startswith("Phones and tablets: "), lines
    return int(found.group(1)), Path(found.group(2)), lines[1].split(": ", 1)[1]


@contextmanager
def _gm_host(session: Session) -> Iterator[tuple[str, Callable[[object], None]]]:
    """A host in this process, on a thread of its own, for a test in which the GM acts
    while the page plays: the page's address and the GM's hand (a Command applied on
    the host's loop, as the GM console applies it)."""
    from bridge.net.host import Host

    loop = asyncio.new_event_loop()  # (Playwright's own loop runs on this thread)
    thread = threading.Thread(target=loop.run_forever, name="gm-host", daemon=True)
    thread.start()
    host = Host(session, CODE)
    port = asyncio.run_coroutine_threadsafe(host.start("127.0.0.1", 0), loop).result(10)

    def gm(command: object) -> None:
        """A Command the GM applies, or a call on the host (the host panel's)."""

        async def apply() -> None:
            if callable(command):
                command(host)
            else:
                host.apply(command)  # type: ignore[arg-type]

        asyncio.run_coroutine_threadsafe(apply(), loop).result(timeout=10)

    try:
        yield page_url("127.0.0.1", port, CODE), gm
    finally:
        asyncio.run_coroutine_threadsafe(host.close(), loop).result(timeout=10)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(timeout=10)
        loop.close()


def _page(browser: Browser, size: dict[str, int], named: bool = True) -> Page:
    """A page in a context of its own (its own storage); ``named``: a player who joined
    before, whose name the page keeps (a QR code then joins at once)."""
    page = browser.new_page(viewport=size)
    if named:
        page.add_init_script(
            "if (localStorage.getItem('bridge.name') === null)"
            " localStorage.setItem('bridge.name', 'Player');"
        )
    page.set_default_timeout(WAIT)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors  # type: ignore[attr-defined]
    said: list[str] = []  # the browser's own console errors (a file not found...)
    page.on("console", lambda m: said.append(m.text) if m.type == "error" else None)
    page.console_errors = said  # type: ignore[attr-defined]
    return page


def _boarding(
    browser: Browser, tmp_path: Path, session: Session, seat: str, size: dict[str, int] = PHONE
) -> tuple[Page, Path]:
    """``session`` (a boarding action) saved and hosted, and a page on ``seat``: the
    page and the host's autosave."""
    battle = tmp_path / "boarding.bridge"
    save_battle(battle, session)
    _, journal, url = _host(tmp_path, str(battle))
    page = _page(browser, size)
    page.goto(url)
    page.locator(f"[data-seat='{seat}']").click()
    return page, journal


def _take(page: Page, seat: str) -> None:
    page.locator(f"[data-seat='{seat}']").click()
    expect(page.locator(".officer .name, .battle-name")).to_be_visible()


def _shot(page: Page, path: Path, *, full: bool = False) -> None:
    """A screenshot from the top of the page, with the pointer and the focus off every
    control (no hover colour, no focus ring). ``full``: the whole page, on a screen as
    tall as it, so the bars kept at the foot of the screen are at its foot."""
    page.mouse.move(0, 0)
    page.evaluate("document.activeElement?.blur(); window.scrollTo(0, 0)")
    size = page.viewport_size
    assert size is not None
    if full:
        height = page.evaluate("document.documentElement.scrollHeight")
        page.set_viewport_size({"width": size["width"], "height": max(height, size["height"])})
    page.screenshot(path=path)
    page.set_viewport_size(size)


def _stat(page: Page, key: str) -> str:
    return page.locator(f"[data-stat='{key}']").inner_text()


def _choose(page: Page, name: str, value: object, row: int | None = None) -> None:
    """Choose ``value`` (the host's Choice value) in the form's list ``name`` (its
    ``row``-th, for dice bought and lists): the page's options hold each value as JSON."""
    lists = page.locator(f"select[name='{name}']")
    (lists if row is None else lists.nth(row)).select_option(json.dumps(value))


TARGET = 48
"""The least height (and width) of anything a finger presses, in CSS pixels."""
SMALL_TARGETS = """(least) => {
  const small = [];
  const controls = "button, select, input, summary, textarea, a[href]";
  for (const node of document.querySelectorAll(controls)) {
    if (!node.checkVisibility()) continue;  // not shown (in a closed <details>)
    const box = node.matches("input[type=checkbox], input[type=radio]") && node.closest("label")
      ? node.closest("label") : node;  // a check box is pressed by its whole label
    const r = box.getBoundingClientRect();
    if (r.height < least || r.width < least)
      small.push(`${node.tagName} ${node.dataset.key || node.name || node.textContent.trim()}: `
        + `${r.width.toFixed(0)}x${r.height.toFixed(0)}`);
  }
  if (document.documentElement.scrollWidth > window.innerWidth)
    small.push(`the page is ${document.documentElement.scrollWidth} px wide`);
  return small;
}"""
"""Every control on the screen smaller than ``least`` px, and a page wider than the screen."""


def _large_targets(page: Page) -> None:
    """Everything a finger presses on this screen is at least 48 px tall and wide, and
    nothing runs off the side of the phone."""
    assert page.evaluate(SMALL_TARGETS, TARGET) == []


CUT_TEXT = """() => {
  const cut = [];
  const name = (n) => `${n.tagName.toLowerCase()}.${[...n.classList].join(".")} `
    + `"${n.textContent.trim().slice(0, 40)}"`;
  for (const node of document.querySelectorAll("#bar *, main *")) {
    if (!node.checkVisibility() || !node.textContent.trim()) continue;
    const s = getComputedStyle(node);
    const clips = s.overflowX !== "visible" || s.overflowY !== "visible"
      || s.textOverflow === "ellipsis" || s.webkitLineClamp !== "none";
    if (clips && (node.scrollWidth > node.clientWidth + 1
                  || node.scrollHeight > node.clientHeight + 1))
      cut.push(`${name(node)}: ${node.scrollWidth}x${node.scrollHeight} in `
               + `${node.clientWidth}x${node.clientHeight}`);
    const r = node.getBoundingClientRect();
    if (r.right > document.documentElement.clientWidth + 1 || r.left < -1)
      cut.push(`${name(node)} runs off the screen's side`);
  }
  // A d20 is a hexagon: each line in it fits the hexagon's width at its height.
  for (const die of document.querySelectorAll("main .die.d20")) {
    const d = die.getBoundingClientRect();
    for (const line of die.children) {
      const range = document.createRange();
      range.selectNodeContents(line);
      for (const r of range.getClientRects()) {
        for (const y of [r.top, r.bottom]) {
          const h = (y - d.top) / d.height;
          const side = h < 0.25 ? (0.25 - h) / 0.25 * 0.5 : h > 0.75 ? (h - 0.75) / 0.25 * 0.5 : 0;
          const left = d.left + side * d.width, right = d.right - side * d.width;
          if (r.left < left - 1 || r.right > right + 1 || h < 0 || h > 1)
            cut.push(`${name(line)} in a die: cut by its edge`);
        }
      }
    }
  }
  return [...new Set(cut)];
}"""
"""Every text the screen cuts (an ellipsis, a clamp, a box too small for its words, a die's
edge) or lets run off its side."""

SIZES = {
    "360x740": {"width": 360, "height": 740},
    "390x844": {"width": 390, "height": 844},
    "844x390": {"width": 844, "height": 390},
}
"""The phones every screen is checked at: small, common, and a phone turned sideways."""


def _every_size(page: Page, shots: Path, name: str) -> None:
    """The screen as it is, at each of SIZES: no text cut, nothing small to press; a
    screenshot of each (``<name>-<size>.png``)."""
    size = page.viewport_size
    assert size is not None
    for label, phone in SIZES.items():
        page.set_viewport_size(phone)
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done()))")
        assert page.evaluate(CUT_TEXT) == [], (name, label)
        assert page.evaluate(SMALL_TARGETS, TARGET) == [], (name, label)
        _shot(page, shots / f"{name}-{label}.png", full=True)
    page.set_viewport_size(size)


FOCUS_RING = """() => {
  const node = document.activeElement;
  // (a list box is laid over its chosen words: the ring is drawn round them)
  const style = getComputedStyle(node.closest(".picker") ?? node);
  return [node.dataset.key || node.tagName, node.matches(":focus-visible"),
          style.outlineStyle, parseFloat(style.outlineWidth)];
}"""


def _tab_shows_a_focus_ring(page: Page, presses: int) -> list[str]:
    """Tab ``presses`` times; each control reached shows the focus ring. The keys reached."""
    reached = []
    for _ in range(presses):
        page.keyboard.press("Tab")
        key, visible, style, width = page.evaluate(FOCUS_RING)
        assert visible and style == "solid" and width >= 3, (key, style, width)
        reached.append(key)
    return reached


FACE_WORDS = {
    "1": "1 damage",
    "2": "2 damage",
    "blank": "blank",
    "effect": "1 damage and an Effect",
}
"""The host's words for each challenge die's ``shows`` in the Re-Roll Damage choices."""
DRAWN = {"1": "1", "2": "2", "blank": "BLANK", "effect": "1 + EFFECT"}
"""The words the page draws under each face (as the desktop's dice)."""


def test_a_phone_plays_a_task_reloads_and_comes_back_after_the_host_is_restarted(
    browser: Browser, tmp_path: Path, shots: Path
) -> None:
    port, journal, url = _host(tmp_path, "--seed", "1")
    assert url == page_url("127.0.0.1", port, CODE)  # what the QR code holds
    page = _page(browser, PHONE)
    page.goto(url.split("?")[0])  # typed by hand, with no code: the page asks for it
    expect(page.locator("[data-key='code']")).to_be_visible()
    _every_size(page, shots, "web-join")
    page.goto(url)
    expect(page.locator("[data-seat='char:kell']")).to_be_enabled()
    _large_targets(page)
    _every_size(page, shots, "web-seats")
    _take(page, "char:kell")
    expect(page.locator(".officer .name")).to_have_text("Lt. Cmdr. Kell")
    fire = page.locator("[data-key='entry-tactical/fire_weapon']")
    expect(fire).to_be_disabled()  # no Turn yet: the card says why, once for all its Tasks
    tactical = page.locator("section.station.tactical")
    why = tactical.locator("h3 + .reason.shared", has_text="Tasks are attempted during a Turn")
    expect(why).to_have_count(1)
    expect(tactical.locator(".reason.shared")).to_have_count(2)  # and for its Minor Actions
    expect(tactical.locator(".entry .reason")).to_have_count(0)  # not under every button
    assert fire.get_attribute("aria-describedby") == why.get_attribute("id")
    expect(page.locator("[data-stat='round']")).to_have_text("1")
    page.locator("summary[data-key='more']").click()  # the rules off the card's face
    _large_targets(page)
    # With a keyboard: Tab reaches each control, with its focus ring; Enter uses an entry.
    page.locator("main").focus()
    reached = _tab_shows_a_focus_ring(page, 5)  # (an entry that cannot be used is skipped)
    assert reached[:4] == ["entry-start_turn", "systems", "crew", "more"], reached
    assert reached[4].startswith("entry-"), reached
    page.locator("[data-key='entry-start_turn']").focus()
    page.keyboard.press("Enter")
    expect(fire).to_be_enabled()
    expect(page.locator("[data-key='entry-extra_minor']")).to_be_visible()  # still open
    _large_targets(page)
    page.locator("summary[data-key='more']").click()
    expect(tactical.locator(".reason.shared")).to_have_count(0)
    shields = page.locator("[data-entry='tactical/raise_shields'] .reason")  # its own reason
    expect(shields).to_have_text("The shields are already up.")
    expect(page.locator("[data-stat='turn']")).to_have_text("Lt. Cmdr. Kell")
    _every_size(page, shots, "web-card")

    # The Task screen: the host's choices, the itemised Difficulty and the exact odds.
    fire.focus()
    page.keyboard.press(" ")  # Space uses an entry too
    target = page.locator("select[name='target']")
    expect(target.locator("option")).to_have_count(2)
    target.select_option(label="IKS Qoj (Medium)")
    page.locator("select[name='weapon']").select_option(value='"Phaser Arrays"')
    expect(page.locator(".preview .odds")).to_contain_text("% to succeed")
    expect(page.locator(".preview h3")).to_have_text("DIFFICULTY 2")
    expect(page.locator(".preview .items li").first).to_contain_text("Base")
    _large_targets(page)
    page.locator("main").focus()
    assert _tab_shows_a_focus_ring(page, 2) == ["f-target", "f-weapon"]
    _every_size(page, shots, "web-task")
    page.locator("[data-key='go']").click()  # ROLL

    # The dice drawn as dice, the spends, RESOLVE (seeded dice: the attack hits).
    expect(page.locator(".die.d20")).to_have_count(3)  # two d20s and the ship's assist
    expect(page.locator(".outcome")).to_have_attribute("data-outcome", "success")
    expect(page.locator("[data-key='entry-end_turn']")).to_have_count(0)
    page.locator("input[name='bonus_damage']").fill("1")
    expect(page.locator("[data-spending]")).to_have_attribute("data-spending", "1")
    page.reload()  # a reload (or a locked phone) keeps the spends chosen for this roll
    expect(page.locator("input[name='bonus_damage']")).to_have_value("1")
    expect(page.locator("[data-spending]")).to_have_attribute("data-spending", "1")
    _large_targets(page)
    _every_size(page, shots, "web-roll")
    page.locator("[data-key='resolve']").click()

    # The damage step: the dice are seen before they land; Re-Roll Damage is offered.
    dice = page.locator("button.die.challenge")
    expect(dice.first).to_be_visible()
    assert dice.count() >= 6
    expect(page.locator(".challenge-dice")).to_have_attribute("aria-label", re.compile("Re-Roll"))
    for i in range(dice.count()):  # each die drawn from the face the host says it shows
        die = dice.nth(i)
        shows = die.get_attribute("data-shows") or ""
        words = FACE_WORDS[shows]  # as the host's own label for the die says it
        assert (die.get_attribute("aria-label") or "").endswith(f": {words}"), shows
        assert die.locator(".delta").count() == (shows == "effect")
        expect(die.locator(".word")).to_have_text(DRAWN[shows])
    _large_targets(page)
    _every_size(page, shots, "web-damage")
    apply = page.locator("[data-key='apply']")
    expect(apply).to_have_text("APPLY DAMAGE")
    first, second = page.locator("[data-key='reroll-0']"), page.locator("[data-key='reroll-1']")
    first.click()  # a die is picked by tapping it
    expect(first).to_have_attribute("aria-pressed", "true")
    expect(apply).to_have_text("RE-ROLL AND APPLY")
    second.focus()  # or with the keys: Space picks it, Enter drops it again
    page.keyboard.press(" ")
    expect(second).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("Enter")
    expect(second).to_have_attribute("aria-pressed", "false")
    expect(first).to_have_attribute("aria-pressed", "true")
    held = dice.count()
    apply.click()
    # The outcome first, at once: the dice drawn, the verdict and the damage in words, what
    # changed on the battle (it unrolled 23 shorthand lines over 7 s, the outcome last).
    told = page.locator("[data-outcome-card]")
    expect(told.locator(".outcome")).to_have_attribute("data-outcome", "success", timeout=1000)
    expect(told.locator(".die.d20")).to_have_count(3)
    expect(told.locator(".challenge-dice:not(.small) .die")).to_have_count(held)
    expect(told.locator(".outcome-words")).to_contain_text("Total damage")
    expect(told.locator(".outcome-words")).to_contain_text("IKS Qoj now:")
    expect(told.locator("[data-changes]")).to_contain_text("Momentum")
    report = page.locator(".report")
    expect(report).to_be_hidden()  # the full report a tap away
    _large_targets(page)
    _every_size(page, shots, "web-report")
    page.locator("[data-key='full-report']").click()
    expect(report).to_be_visible()
    text = report.inner_text()
    assert "Phaser Arrays against IKS Qoj" in text and "Total damage" in text
    assert "Resistance" not in text  # an unscanned contact's numbers are not told
    assert report.locator(".challenge-dice .die").count() >= 6  # its dice drawn as dice
    page.locator("[data-key='done']").click()
    expect(page.locator("[data-key='entry-end_turn']")).to_be_enabled()
    momentum = _stat(page, "momentum")

    # A reload (or a locked phone) comes back to the same seat, with no seat list.
    page.reload()
    expect(page.locator(".officer .name")).to_have_text("Lt. Cmdr. Kell")
    expect(page.locator("[data-key='entry-end_turn']")).to_be_enabled()
    assert page.locator(".seats").count() == 0
    assert _stat(page, "momentum") == momentum

    # The host is killed: the page says so, and comes back when the battle is resumed.
    _STARTED[0].kill()
    _STARTED[0].wait(timeout=10)
    expect(page.locator("#overlay")).to_be_visible()
    _every_size(page, shots, "web-reconnecting")
    _host(tmp_path, "--resume", str(journal), port=port)
    expect(page.locator("#overlay")).to_be_hidden(timeout=30_000)
    expect(page.locator(".officer .name")).to_have_text("Lt. Cmdr. Kell")
    expect(page.locator("[data-key='entry-end_turn']")).to_be_enabled()
    assert _stat(page, "momentum") == momentum
    page.locator("[data-key='entry-end_turn']").click()
    expect(page.locator("[data-key='entry-end_turn']")).to_be_disabled()
    assert page.errors == []  # type: ignore[attr-defined]
    page.close()


def test_the_viewscreen_follows_the_battle_and_the_card_back_is_the_hosts(
    browser: Browser, tmp_path: Path, shots: Path
) -> None:
    _, _, url = _host(tmp_path, "--seed", "1")
    screen = _page(browser, TABLET)
    screen.goto(url)
    _take(screen, "viewscreen")
    expect(screen.locator(".zone")).to_have_count(4)
    # a contact: its shields up or down, their strength not known
    expect(screen.locator("[data-ship='qoj']")).to_contain_text("Shields up · 0 breaches")
    expect(screen.locator(".last-roll")).to_contain_text("No roll yet.")

    phone = _page(browser, PHONE)
    phone.goto(url)
    _take(phone, "char:kell")
    phone.locator("[data-key='entry-start_turn']").click()
    expect(screen.locator("[data-stat='turn']")).to_have_text("Lt. Cmdr. Kell")
    phone.locator("[data-key='entry-tactical/fire_weapon']").click()
    phone.locator("select[name='target']").select_option(label="IKS Qoj (Medium)")
    phone.locator("select[name='weapon']").select_option(value='"Phaser Arrays"')
    phone.locator("[data-key='go']").click()
    expect(screen.locator(".last-roll .die.d20")).to_have_count(3)
    phone.locator("[data-key='resolve']").click()
    held = phone.locator("button.die.challenge")
    expect(held.first).to_be_visible()
    faces = [held.nth(i).get_attribute("data-shows") for i in range(held.count())]
    phone.locator("[data-key='apply']").click()
    expect(screen.locator(".report-log")).to_contain_text("Total damage")
    landed = screen.locator(".last-roll .die.challenge")  # the damage dice as they landed
    expect(landed).to_have_count(len(faces))
    assert [landed.nth(i).get_attribute("data-shows") for i in range(len(faces))] == faces
    _shot(screen, shots / "web-viewscreen-tablet.png")
    _every_size(screen, shots, "web-viewscreen")  # (a phone may take the viewscreen seat)

    # The card's back: the host's own tables, on the phone and at tablet size.
    phone.locator("[data-key='done']").click()
    phone.locator("[data-key='card-back']").click()
    expect(phone.locator("table.spends")).to_be_visible()
    _every_size(phone, shots, "web-card-back")
    phone.locator("[data-key='card-front']").click()
    phone.set_viewport_size(TABLET)
    _shot(phone, shots / "web-card-tablet.png", full=True)
    phone.locator("[data-key='card-back']").click()
    expect(phone.locator("table.spends tbody tr").first).to_contain_text("Create Opportunity")
    expect(phone.locator(".tasks")).to_contain_text("Fire Weapon")
    _shot(phone, shots / "web-card-back-tablet.png", full=True)
    assert screen.errors == [] and phone.errors == []  # type: ignore[attr-defined]
    screen.close()
    phone.close()


def _answers_held(page: Page) -> tuple[list[WebSocketRoute], list[str | bytes], list[bool]]:
    """The page's link to the host passed through the test: its routes, the host's
    answers held back from the page, and the switch that holds them (off at first)."""
    pages: list[WebSocketRoute] = []
    held: list[str | bytes] = []
    holding = [False]

    def route(page_side: WebSocketRoute) -> None:
        host = page_side.connect_to_server()
        page_side.on_message(host.send)

        def to_page(message: str | bytes) -> None:
            if holding[0] and '"accepted"' in str(message):
                held.append(message)
            else:
                page_side.send(message)

        host.on_message(to_page)
        pages.append(page_side)

    page.route_web_socket(re.compile(r"^ws://127\.0\.0\.1:\d+/$"), route)
    return pages, held, holding


def test_a_form_opened_before_the_answer_to_start_turn_stays_open(
    browser: Browser, tmp_path: Path
) -> None:
    """START TURN's update (its Turn begun, END TURN live) can come before its answer; a
    Task opened in between stays open when that answer comes. (It closed: the answer
    took the player back to the card, and the form of the Task chosen was lost.)"""
    _, _, url = _host(tmp_path, "--seed", "1")
    phone = _page(browser, PHONE)
    pages, held, holding = _answers_held(phone)
    phone.goto(url)
    _take(phone, "char:kell")
    holding[0] = True
    phone.locator("[data-key='entry-start_turn']").click()
    expect(phone.locator("[data-key='entry-end_turn']")).to_be_enabled()
    for _ in range(200):  # the answer held back from the page (at most 10 s)
        if held:
            break
        phone.wait_for_timeout(50)
    assert len(held) == 1 and len(pages) == 1
    phone.locator("[data-key='entry-tactical/fire_weapon']").click()
    target = phone.locator("select[name='target']")
    expect(target).to_be_visible()
    holding[0] = False
    pages[0].send(held.pop())
    phone.wait_for_timeout(300)  # the answer settled (a redraw at most)
    expect(target).to_be_visible()
    target.select_option(label="IKS Qoj (Medium)")
    expect(phone.locator("[data-key='go']")).to_be_enabled()
    assert phone.errors == []  # type: ignore[attr-defined]
    phone.close()


def test_a_tap_is_not_lost_while_the_screen_redraws_or_the_host_answers(
    browser: Browser, tmp_path: Path
) -> None:
    """A button held down while the screen is redrawn still does what it says when let
    go; RESOLVE tapped before the host's answer to the roll has come (the roll's update
    came first) is sent once that answer comes."""
    _, _, url = _host(tmp_path, "--seed", "1")
    phone = _page(browser, PHONE)
    pages, held, holding = _answers_held(phone)
    phone.goto(url)
    _take(phone, "char:kell")
    phone.locator("[data-key='entry-start_turn']").click()
    expect(phone.locator("[data-key='entry-end_turn']")).to_be_enabled()
    phone.locator("[data-key='entry-tactical/fire_weapon']").click()
    phone.locator("select[name='target']").select_option(label="IKS Qoj (Medium)")
    go = phone.locator("[data-key='go']")
    expect(go).to_be_enabled()
    box = go.bounding_box()
    assert box is not None
    holding[0] = True
    phone.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    phone.mouse.down()
    phone.evaluate(CHANGE_TARGET)  # the screen is redrawn while the button is down
    expect(phone.locator("body[data-owed]")).to_have_count(1)
    phone.mouse.up()
    resolve = phone.locator("[data-key='resolve']")
    expect(resolve).to_be_visible()  # the roll went, and its update came
    for _ in range(200):  # its answer is held back from the page (at most 10 s)
        if held:
            break
        phone.wait_for_timeout(50)
    assert len(held) == 1 and len(pages) == 1
    resolve.click()
    phone.wait_for_timeout(200)
    expect(resolve).to_be_visible()  # sent only once the answer to the roll has come
    holding[0] = False
    pages[0].send(held.pop())
    expect(phone.locator("[data-key='apply'], [data-key='done']").first).to_be_visible()
    assert phone.errors == []  # type: ignore[attr-defined]
    phone.close()


CHANGE_TARGET = """() => {
  const target = document.querySelector("select[name='target']");
  target.dispatchEvent(new Event("change", { bubbles: true }));
}"""
"""The target chosen again, as a finger on another control would."""


REVISION = "() => Number(document.body.dataset.revision ?? -1)"
"""The revision of the battle the page's screen shows (drawn, not only received)."""


def _moves_by_the_gm(gm: Callable[[object], None], stop: threading.Event) -> threading.Thread:
    """The GM moving Threat up and down every 20 ms until ``stop`` (each move redraws
    every page), on a thread of its own."""
    from bridge.engine import AdjustPool

    def run() -> None:
        delta = 1
        while not stop.wait(0.02):
            gm(AdjustPool(pool="threat", delta=delta))
            delta = -delta

    thread = threading.Thread(target=run, name="gm-moves", daemon=True)
    thread.start()
    return thread


def test_a_redraw_for_another_move_keeps_the_words_being_typed_and_a_tap_lands_once(
    browser: Browser, shots: Path
) -> None:
    """A redraw built the screen anew: the field being typed in was a new one, its
    selection lost, so a "1" typed over the selected "0" of Bonus Damage read "10" (the
    browser test that once saw "Spending 12 Momentum (the pool holds 3)": 10 + 2 for the
    Secondary Target). And a tap whose button was replaced under the finger was lost.
    Now a redraw keeps every element it shows again: the words and the selection in a
    field stay as they are, and RESOLVE tapped while the GM moves every 20 ms lands once."""
    from bridge.engine import ConflictTask, SetValue, StartTurn, demo_boarding
    from bridge.rules.dice import GivenDice

    session = Session(demo_boarding())
    session.apply(SetValue(path="momentum.value", value=4))
    session.apply(StartTurn(by="kell", actor="kell", where="conflict"))
    attack = ConflictTask(by="kell", action="attack", target="klingon-warrior")
    session.apply(attack, GivenDice(d20=(1, 1)))  # a hit: its spends wait for RESOLVE
    with _gm_host(session) as (url, gm):
        page = _page(browser, PHONE)
        page.goto(url)
        _take(page, "char:kell")
        bonus = page.locator(".waiting input[name='bonus_damage']")
        expect(bonus).to_have_value("0")
        bonus.focus()
        page.keyboard.press("Control+A")  # the "0" selected, to be typed over
        shown = page.evaluate(REVISION)
        gm(SetValue(path="threat.value", value=7))  # another's move: the screen is redrawn
        page.wait_for_function(f"() => ({REVISION})() > {shown}")
        expect(page.locator("[data-stat='threat']")).to_have_text("7")
        page.keyboard.type("1")
        expect(bonus).to_have_value("1")  # not "10"
        expect(page.locator("[data-spending]")).to_have_attribute("data-spending", "1")
        _every_size(page, shots, "web-conflict-roll")

        # RESOLVE tapped once while the GM moves every 20 ms: it lands, once.
        resolve = page.locator("[data-key='conflict-resolve']")
        expect(resolve).to_be_enabled()
        stop = threading.Event()
        moves = _moves_by_the_gm(gm, stop)
        page.wait_for_timeout(300)
        box = resolve.bounding_box()
        assert box is not None
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.mouse.down()
        page.wait_for_timeout(150)  # a finger's tap: several redraws come meanwhile
        page.mouse.up()
        expect(page.locator("[data-key='conflict-apply']")).to_be_visible()
        page.wait_for_timeout(300)
        stop.set()
        moves.join(timeout=10)
        resolves = [e for e in session.journal if e.command.type == "resolve"]
        assert len(resolves) == 1, resolves
        assert resolves[0].command.spends.bonus_damage == 1  # type: ignore[attr-defined]
        assert page.errors == []  # type: ignore[attr-defined]
        page.close()


PLAYERS = ("reyes", "tovan", "kell", "mbeki", "sorel")
NOT_A_TASK_OF_ONES_OWN = ("/pass", "/assist", "/ready", "/override", "/direct")


def _attempt_a_task(page: Page) -> str:
    """Attempt the first Task of the card the host lets this officer attempt with its
    default choices, through its roll, RESOLVE and damage; the Task's key."""
    buttons = page.locator(".entry.task button:enabled")
    keys = [buttons.nth(i).get_attribute("data-key") or "" for i in range(buttons.count())]
    for key in keys:
        if key.endswith(NOT_A_TASK_OF_ONES_OWN):
            continue
        page.locator(f"[data-key='{key}']").click()
        go = page.locator("[data-key='go']")
        expect(go).to_be_visible()
        if go.is_disabled():
            page.locator("[data-key='cancel']").click()
            continue
        go.click()
        resolve, apply, done = (
            page.locator(f"[data-key='{k}']") for k in ("resolve", "apply", "done")
        )
        refused = page.locator("#toast.shown")
        expect(resolve.or_(done).or_(refused)).to_be_visible()
        if go.is_visible():  # refused (a combination the host turned down): try another
            page.locator("[data-key='cancel']").click()
            continue
        if resolve.is_visible():
            resolve.click()
            expect(apply.or_(done)).to_be_visible()
            if apply.is_visible():
                apply.click()
        done.click()
        return key.removeprefix("entry-")
    raise AssertionError(f"no Task could be attempted among {keys}")


def test_five_pages_play_the_demo_battles_round(browser: Browser, tmp_path: Path) -> None:
    """Every station is driven from its own page; the NPC autopilot is the GM."""
    _, _, url = _host(tmp_path, "--seed", "3")
    pages = {}
    attempted: list[str] = []
    for who in PLAYERS:
        pages[who] = _page(browser, PHONE)
        pages[who].goto(url)
        _take(pages[who], f"char:{who}")
    for who in PLAYERS:
        page = pages[who]
        start = page.locator("[data-key='entry-start_turn']")
        expect(start).to_be_enabled(timeout=60_000)  # the NPCs' Turns come in between
        start.click()
        expect(page.locator("[data-key='entry-end_turn']")).to_be_enabled()
        if who == "reyes":  # another's Turn: said once above the whole station
            helm = pages["tovan"].locator("section.station.helm")
            expect(helm.locator("h2 + .reason.shared")).to_have_text(re.compile("Turn, not yours"))
            expect(helm.locator(".reason")).to_have_count(1)
        attempted.append(_attempt_a_task(page))
        end = page.locator("[data-key='entry-end_turn']")
        expect(end).to_be_enabled()
        end.click()
        expect(end).to_be_disabled()
    assert {key.split("/")[0] for key in attempted} == {
        "command",
        "helm",
        "tactical",
        "operations",
        "science",
    }
    # Every officer had a Turn: the autopilot plays the NPCs out and a new Round begins.
    for page in pages.values():
        expect(page.locator("[data-stat='round']")).to_have_text("2", timeout=60_000)
        assert page.errors == []  # type: ignore[attr-defined]
        page.close()


MARKUP = "<img src=x onerror=alert(1)>Kell<b>"


def test_names_holding_markup_show_as_text(browser: Browser, tmp_path: Path) -> None:
    """The page puts names in as text, never as HTML."""
    encounter = demo_encounter()
    kell = encounter.characters["kell"].model_copy(update={"name": MARKUP})
    encounter = encounter.model_copy(
        update={
            "name": "<script>alert(2)</script>Ambush",
            "characters": {**encounter.characters, "kell": kell},
        }
    )
    battle = tmp_path / "markup.json"
    save_battle(battle, Session(encounter))
    _, _, url = _host(tmp_path, str(battle))
    page = _page(browser, PHONE)
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.goto(url)
    expect(page.locator("#title")).to_have_text("<SCRIPT>ALERT(2)</SCRIPT>AMBUSH")
    _take(page, "char:kell")
    expect(page.locator(".officer .name")).to_have_text(MARKUP)
    assert page.locator("main img, main script").count() == 0
    # (the name's <b> made no element: every bold word on the page has its words)
    assert page.evaluate("[...document.querySelectorAll('main b')].every((b) => b.textContent)")
    assert dialogs == [] and page.errors == []  # type: ignore[attr-defined]
    page.close()


GIVEN_OR_GM = """() => {
  const end = document.querySelector("[data-key='conflict-end']");
  const why = document.querySelector("#why-conflict-end");
  return end && !document.querySelector("[data-key='conflict-apply']")
    && (!end.disabled || (why && why.textContent.includes("decide whether to Avoid")));
}"""
"""END TURN may be pressed, or waits for the GM's answer to an NPC's Avoid Injury."""


def test_a_phone_plays_its_officers_turn_on_foot_from_the_conflict_card(
    browser: Browser, tmp_path: Path, shots: Path
) -> None:
    """Issue 26's away team on a phone: while a personal conflict runs with the officer in
    it, the page shows their Conflict card. START TURN, a Minor Action that needs nothing
    (Aim), the Attack's form from the host (its target, weapon and Lethal choices, the
    itemised Difficulty and odds), ROLL, RESOLVE and the damage, END TURN."""
    from bridge.engine import demo_boarding

    battle = tmp_path / "boarding.bridge"
    save_battle(battle, Session(demo_boarding()))
    _, _, url = _host(tmp_path, str(battle))
    page = _page(browser, PHONE)
    page.goto(url)
    page.locator("[data-seat='char:kell']").click()
    card = page.locator(".conflict-card")
    expect(card).to_be_visible()  # it comes up: the fight runs
    turn = page.locator("[data-stat='conflict-turn']")
    expect(page.locator(".officer .name")).to_have_text("Lt. Cmdr. Kell")
    expect(page.locator("[data-stat='stress']")).to_contain_text("Stress 18/18")
    _large_targets(page)
    _every_size(page, shots, "web-conflict-card")
    page.locator("[data-key='conflict-start']").click()
    expect(turn).to_have_text("YOUR TURN: A MINOR ACTION AND A TASK")
    expect(page.locator("[data-key='conflict-start']")).to_be_disabled()
    page.locator("[data-key='entry-aim']").click()  # needs nothing: done at once
    expect(turn).to_have_text("YOUR TURN: A TASK LEFT")  # (the heading kept its start)
    expect(page.locator("#why-conflict-start")).to_have_text(
        "Your Turn is under way: END TURN ends it."  # (it named the officer, as another)
    )
    expect(page.locator(".officer.conflict")).to_contain_text("Aiming")
    expect(page.locator("[data-key='entry-aim']")).to_be_disabled()
    page.locator("[data-key='entry-attack']").click()
    target = page.locator("select[name='target']")
    expect(target).to_be_visible()
    # one form for both cards: the rules a tap away, the card's words, every field from
    # the entry itself (the host is asked only the odds)
    expect(page.locator(".rules-text")).to_be_hidden()
    expect(page.locator("[data-key='rules-text']")).to_be_visible()
    expect(page.locator("input[name='weakness']")).not_to_be_checked()
    expect(page.locator(".field.flag", has=page.locator("input[name='weakness']"))).to_contain_text(
        "ignores the creature's Invulnerable"  # "Its Specific Weakness" explained
    )
    _choose(page, "target", "klingon-warrior")
    expect(page.locator(".preview h3")).to_contain_text("DIFFICULTY")
    expect(page.locator(".preview .odds")).to_contain_text("to succeed")
    go = page.locator("[data-key='go']")
    expect(go).to_be_enabled()
    _large_targets(page)
    _every_size(page, shots, "web-conflict-attack")
    go.click()
    expect(card).to_be_visible()  # back on the card, the roll waiting for the officer
    resolve = page.locator("[data-key='conflict-resolve']")
    expect(resolve).to_be_visible()
    spends = page.locator(".waiting .spends")
    if page.locator(".waiting-text").get_attribute("data-outcome") == "failure":
        expect(spends).to_have_count(0)  # nothing to spend on a miss
    else:  # a hit: its Momentum spends, priced by the card's back
        expect(spends).to_contain_text("Bonus Damage (1 Momentum each)")
        expect(spends).to_contain_text("Disarm (2 Momentum)")
        spends.locator("input[name='bonus_damage']").fill("1")
    resolve.click()
    apply = page.locator("[data-key='conflict-apply']")
    expect(page.locator("[data-key='conflict-resolve']")).to_have_count(0)
    if apply.count():  # a hit holds its damage dice until they land
        apply.click()
        expect(apply).to_have_count(0)
    end = page.locator("[data-key='conflict-end']")
    # (the host's dice are not seeded here: a hit may leave the Klingon's Avoid Injury to
    # the GM, and the card then says so in END TURN's place)
    page.wait_for_function(GIVEN_OR_GM, timeout=WAIT)
    if end.is_enabled():
        end.click()
        expect(turn).not_to_have_text("YOUR TURN: A MINOR ACTION AND A TASK")
    else:
        expect(page.locator("#why-conflict-end")).to_contain_text("decide whether to Avoid")
    expect(page.locator("[data-key='entry-attack']")).to_be_disabled()
    page.locator("[data-key='ship-card']").click()  # the ship's card is a tap away
    expect(page.locator("[data-key='conflict-card']")).to_be_visible()
    page.locator("[data-key='conflict-card']").click()
    expect(card).to_be_visible()
    assert page.errors == []  # type: ignore[attr-defined]
    page.close()


def test_on_foot_a_task_without_a_roll_is_done_and_a_typed_note_is_sent(
    browser: Browser, tmp_path: Path
) -> None:
    """Seed 001 Conflict card on phones: Pass has no roll and asks nothing (a tap does it,
    as a station's Task that asks nothing); Create Advantage takes the Advantage's name as
    typed words: ROLL waits for them (the host's odds say why), and goes with them when
    tapped straight after typing."""
    from bridge.engine import demo_boarding

    mbeki, tovan = _page(browser, PHONE), _page(browser, PHONE)
    for page, seat in ((mbeki, "char:mbeki"), (tovan, "char:tovan")):
        # (a fight of its own each: after one officer's Turn the NPCs are to act)
        home = tmp_path / seat.split(":")[1]
        home.mkdir()
        battle = home / "boarding.bridge"
        save_battle(battle, Session(demo_boarding()))
        _, journal, url = _host(home, str(battle))
        page.goto(url)
        page.locator(f"[data-seat='{seat}']").click()
        expect(page.locator(".conflict-card")).to_be_visible()
    mbeki.locator("[data-key='conflict-start']").click()
    expect(mbeki.locator("[data-stat='conflict-actor']")).to_have_text("Yours")
    mbeki.locator("[data-key='entry-pass']").click()  # nothing to ask: done at once
    expect(mbeki.locator("[data-key='entry-pass']")).to_be_disabled()  # its Task is done
    expect(mbeki.locator(".log")).to_contain_text("passes")
    tovan.locator("[data-key='conflict-start']").click()
    tovan.locator("[data-key='entry-create_advantage']").click()
    note = tovan.locator("input[name='note']")
    expect(note).to_be_visible()
    roll = tovan.locator("[data-key='go']")
    expect(roll).to_be_disabled()  # the Advantage needs a name
    expect(tovan.locator("[data-missing]")).to_contain_text("Name the Advantage")
    note.fill("Covering fire")
    roll.click()  # at once: the words typed go in the Command
    resolve = tovan.locator("[data-key='conflict-resolve']")
    expect(resolve).to_be_visible()
    expect(tovan.locator(".waiting-text")).to_contain_text("Create Advantage")
    resolve.click()
    expect(resolve).to_have_count(0)
    sent = [line for line in journal.read_text().splitlines() if '"conflict_task"' in line]
    assert len(sent) == 1 and '"note":"Covering fire"' in sent[0], sent  # (Tovan's journal)
    for page in (mbeki, tovan):
        assert page.errors == []  # type: ignore[attr-defined]
        page.close()


def test_on_foot_the_officer_answers_avoid_injury_from_the_phone(
    browser: Browser, tmp_path: Path, shots: Path
) -> None:
    """Seed 003 Avoid Injury is the injured officer's own decision: the phone offers its
    Momentum, the Threat a player may add instead (the card's back), a Complication, or
    taking the Injury; paying Threat adds it to the pool and the fight goes on."""
    from bridge.engine import (
        ApplyDamage,
        ConflictTask,
        EndTurn,
        ResolveTask,
        StartTurn,
        demo_boarding,
    )
    from bridge.rules.dice import GivenDice

    session = Session(demo_boarding())
    session.apply(StartTurn(by="kell", actor="kell", where="conflict"))
    session.apply(ConflictTask(by="kell", action="pass"))
    session.apply(EndTurn(by="kell", where="conflict"))
    session.apply(
        StartTurn(actor="klingon-warrior", where="conflict")
    )  # the GM's Klingon hits Kell
    session.apply(ConflictTask(action="attack", target="kell"), GivenDice(d20=(1, 1, 10, 10)))
    session.apply(ResolveTask(hold_damage=True, where="conflict"), GivenDice(d6=(2,) * 10))
    session.apply(ApplyDamage(where="conflict"), GivenDice(d6=(2,) * 10))
    conflict = session.state.conflict
    assert conflict is not None and conflict.decisions[0].figure == "kell"
    threat = session.state.threat.value
    battle = tmp_path / "hit.bridge"
    save_battle(battle, session)
    _, _, url = _host(tmp_path, str(battle))
    page = _page(browser, PHONE)
    page.goto(url)
    page.locator("[data-seat='char:kell']").click()
    waiting = page.locator(".waiting")
    expect(waiting).to_contain_text("must first decide whether to Avoid the Injury")
    # the decision's answers are the host's, each a button with its Command
    answers = page.locator(".waiting .answers button")
    assert answers.all_inner_texts() == [
        "AVOID: 2 MOMENTUM",
        "AVOID: +2 THREAT",
        "AVOID: A COMPLICATION",
        "TAKE THE INJURY",
    ]
    expect(answers.first).to_be_enabled()  # 2 in the pool
    # (the Klingon's Turn: its name whole in the TURN box, where it read "Klingon …")
    expect(page.locator("[data-stat='conflict-actor']")).to_have_text("Klingon Warrior")
    _every_size(page, shots, "web-conflict-decision")
    page.get_by_role("button", name="AVOID: +2 THREAT").click()
    expect(waiting).to_have_count(0)
    expect(page.locator("[data-stat='threat']")).to_have_text(str(threat + 2))
    expect(page.locator("[data-stat='stress']")).not_to_contain_text("Injury")
    assert page.errors == []  # type: ignore[attr-defined]
    page.close()


def test_on_foot_a_hit_spends_aims_rerolls_damage_and_spends_a_turns_momentum_from_the_phone(
    browser: Browser, tmp_path: Path, shots: Path
) -> None:
    """Seed 001 COMBAT MOMENTUM (PERSONAL) and seed 003 AIM on a phone, all from the
    host's controls: an Extra Minor Action (its number, or paid with Threat), the hit's
    spends with the Secondary Target chosen among the figures within Reach of the target,
    Aim's re-roll offered, and Re-Roll Damage on the damage dice before they land."""
    from bridge.engine import ConflictMinor, ConflictTask, SetValue, StartTurn, demo_boarding
    from bridge.rules.dice import GivenDice

    session = Session(demo_boarding())
    session.apply(SetValue(path="momentum.value", value=4))  # enough for every spend below
    session.apply(SetValue(path="conflict.figures.klingon-bekk-3.injury", value="lethal"))
    session.apply(StartTurn(by="kell", actor="kell", where="conflict"))
    session.apply(ConflictMinor(by="kell", action="aim"))
    attack = ConflictTask(by="kell", action="attack", target="klingon-bekk-1")
    session.apply(attack, GivenDice(d20=(1, 1)))  # a hit: 2 Momentum
    page, journal = _boarding(browser, tmp_path, session, "char:kell")
    expect(page.locator(".conflict-card")).to_be_visible()
    expect(page.locator(".waiting .die.d20")).to_have_count(2)  # the roll, drawn as dice
    room = page.locator(".zones-list li[data-zone='Transporter Room 3']")
    expect(room).to_contain_text("Klingon Warrior")  # where everyone stands
    expect(page.locator(".zones-list li.here")).to_contain_text("Deck 6 Corridor (you)")
    # a figure who is down says so (it looked like everyone else)
    expect(page.locator(".zones-list [data-figure='klingon-bekk-3']")).to_have_text(
        "▼ Klingon Bekk 3 (down)"
    )
    expect(page.locator(".zones-list [data-figure='klingon-bekk-2']")).to_have_text(
        "▼ Klingon Bekk 2"
    )
    page.locator("[data-key='conflict-more']").click()
    page.locator("[data-key='entry-back-extra_minor']").click()
    expect(page.locator("input[name='amount']")).to_have_value("1")
    expect(page.locator("input[name='with_threat']")).to_be_visible()
    page.locator("[data-key='go']").click()
    expect(page.locator(".conflict-card")).to_be_visible()  # back on the Conflict card
    spends = page.locator(".waiting .spends")
    expect(spends).to_contain_text("Secondary Target (2 Momentum)")
    second = spends.locator("select[name='secondary_target']")
    assert second.locator("option").all_text_contents() == [
        "—",
        "Klingon Warrior",
        "Klingon Bekk 2",
    ]  # (Bekk 3 is down)
    second.select_option(label="Klingon Bekk 2")
    spends.locator("input[name='bonus_damage']").fill("1")
    expect(page.locator("[data-spending]")).to_have_attribute("data-spending", "3")
    page.reload()  # a reload (or a locked phone) keeps the spends chosen for this roll
    expect(spends.locator("input[name='bonus_damage']")).to_have_value("1")
    expect(second).to_have_value('"klingon-bekk-2"')
    expect(page.locator("[data-spending]")).to_have_attribute("data-spending", "3")
    expect(page.locator("[data-key='aim']")).to_contain_text("Aim: re-roll")  # offered
    _large_targets(page)
    _every_size(page, shots, "web-conflict-spends")
    page.locator("[data-key='conflict-resolve']").click()
    expect(page.locator("[data-key='conflict-apply']")).to_have_text("APPLY DAMAGE")
    page.locator(".waiting [data-key='reroll-0']").click()
    apply = page.locator("[data-key='conflict-apply']")
    expect(apply).to_have_text("RE-ROLL AND APPLY")
    _every_size(page, shots, "web-conflict-damage")
    apply.click()
    expect(apply).to_have_count(0)
    # The outcome at the top of the card, at once: the dice, the verdict, the damage dice
    # as they landed (re-rolled), what changed; the full report a tap away.
    told = page.locator(".last-outcome [data-outcome-card]")
    expect(told.locator(".outcome")).to_have_attribute("data-outcome", "success", timeout=1000)
    expect(told.locator(".die.d20")).to_have_count(2)
    expect(told.locator(".challenge-dice:not(.small) .die").first).to_be_visible()
    expect(told.locator("[data-changes]")).to_contain_text("Klingon Bekk 1")
    expect(told.locator("[data-changes]")).to_contain_text("Momentum")
    _every_size(page, shots, "web-conflict-outcome")
    page.locator("[data-key='conflict-full-report']").click()
    expect(told.locator(".report")).to_contain_text("hits Klingon Bekk 1")
    page.locator("[data-key='outcome-done']").click()
    expect(told).to_have_count(0)
    lines = [json.loads(line) for line in journal.read_text().splitlines()[1:]]  # (its head)
    commands = [e["entry"]["command"] for e in lines if e.get("op") == "apply"]
    spend = next(c for c in commands if c.get("type") == "spend" and c.get("where") == "conflict")
    assert (spend["spend"], spend["amount"]) == ("extra_minor", 1)
    resolve = next(
        c for c in commands if c.get("type") == "resolve" and c.get("where") == "conflict"
    )
    assert resolve["spends"]["secondary_target"] == "klingon-bekk-2"
    assert resolve["spends"]["bonus_damage"] == 1 and resolve["hold_damage"] is True
    landed = next(
        c for c in commands if c.get("type") == "apply_damage" and c.get("where") == "conflict"
    )
    assert landed["reroll"] == [0]
    assert page.errors == []  # type: ignore[attr-defined]
    page.close()


def test_a_silent_link_is_noticed_and_the_page_comes_back_when_it_flows_again(
    browser: Browser, tmp_path: Path
) -> None:
    """A dead Wi-Fi link closes nothing: the page showed SEATED for as long as the host
    was silent. It now asks for a pong every few seconds, takes a host silent for 12 s
    for a lost link (its overlay says so) and joins again when messages flow."""
    _, _, url = _host(tmp_path)
    page = _page(browser, PHONE)
    silent = [False]

    def relay(ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()
        ws.on_message(lambda m: None if silent[0] else server.send(m))
        server.on_message(lambda m: None if silent[0] else ws.send(m))

    page.route_web_socket(re.compile(r"^wss?://"), relay)
    page.goto(url)
    page.locator("[data-seat='char:kell']").click()
    expect(page.locator(".officer .name")).to_have_text("Lt. Cmdr. Kell")
    silent[0] = True  # the link goes dead: nothing either way, nothing closed
    expect(page.locator("#overlay")).to_be_visible(timeout=20_000)
    expect(page.locator("#overlay-text")).to_contain_text("lost")
    silent[0] = False
    expect(page.locator("#overlay")).to_be_hidden(timeout=30_000)
    expect(page.locator(".officer .name")).to_have_text("Lt. Cmdr. Kell")  # its seat again
    assert page.errors == []  # type: ignore[attr-defined]
    page.close()


def test_a_second_tap_of_roll_on_foot_does_not_resolve_the_roll_unseen(
    browser: Browser, tmp_path: Path
) -> None:
    """A quick second tap of ROLL landed on RESOLVE where it came up, and the roll was
    resolved with no spends: RESOLVE takes taps only once it has been up a moment."""
    from bridge.engine import StartTurn, demo_boarding

    session = Session(demo_boarding())
    session.apply(StartTurn(by="kell", actor="kell", where="conflict"))
    page, journal = _boarding(browser, tmp_path, session, "char:kell")
    page.locator("[data-key='entry-attack']").click()
    _choose(page, "target", "klingon-warrior")
    go = page.locator("[data-key='go']")
    expect(go).to_be_enabled()
    go.click()
    resolve = page.locator("[data-key='conflict-resolve']")
    expect(resolve).to_be_attached()
    expect(resolve).to_be_disabled()  # just up: a second tap does nothing
    resolve.dispatch_event("click")
    expect(resolve).to_be_enabled()  # a moment later it takes taps
    assert '"resolve"' not in journal.read_text()
    resolve.click()
    expect(resolve).to_have_count(0)
    assert '"resolve"' in journal.read_text()
    page.close()


def test_the_viewscreen_shows_the_fight_on_foot_as_the_crew_may_see_it(
    browser: Browser, tmp_path: Path, shots: Path
) -> None:
    """The TV's viewscreen showed the ship zones and "No roll yet." all through a boarding
    action: it shows the fight on foot, each zone with its figures, an officer's Stress
    and an unrevealed NPC's hidden ([house rule], as the desktop's viewscreen)."""
    from bridge.engine import demo_boarding

    screen, _journal = _boarding(browser, tmp_path, Session(demo_boarding()), "viewscreen", TABLET)
    expect(screen.locator(".battle-name")).to_be_visible()
    fight = screen.locator(".on-foot")
    expect(fight).to_contain_text("ON FOOT: BOARDERS ON DECK 6")
    expect(fight.locator(".zone")).to_have_count(3)
    kell = fight.locator("[data-figure='kell']")
    expect(kell).to_contain_text("Stress 18/18 · Unhurt")
    expect(fight.locator("[data-figure='klingon-warrior']")).to_contain_text("Stress hidden")
    corridor = fight.locator(".zone[data-zone='Deck 6 Corridor']")
    expect(corridor).to_contain_text("Lt. Cmdr. Kell")
    _shot(screen, shots / "web-viewscreen-conflict-tablet.png")
    _every_size(screen, shots, "web-viewscreen-conflict")
    assert screen.errors == []  # type: ignore[attr-defined]
    screen.close()


def test_a_torpedos_threat_is_said_before_the_roll(browser: Browser, tmp_path: Path) -> None:
    """RULES-NOTES: a torpedo attack adds 1 Threat, hit or miss. The phone said nothing
    of it before the roll (the desktop's dialog did): the host's preview lists what the
    attempt costs."""
    _, _, url = _host(tmp_path, "--seed", "1")
    page = _page(browser, PHONE)
    page.goto(url)
    _take(page, "char:kell")
    page.locator("[data-key='entry-start_turn']").click()
    page.locator("[data-key='entry-tactical/fire_weapon']").click()
    page.locator("select[name='target']").select_option(label="IKS Qoj (Medium)")
    page.locator("select[name='weapon']").select_option(value='"Photon Torpedoes"')
    costs = page.locator(".preview [data-costs]")
    expect(costs).to_contain_text("Paid on the roll, hit or miss: +1 Threat")
    assert page.errors == []  # type: ignore[attr-defined]
    page.close()


def test_on_foot_a_target_a_new_weapon_cannot_reach_is_let_go(
    browser: Browser, tmp_path: Path
) -> None:
    """Seed 003: a melee attack needs Reach. With Unarmed Strike chosen after a far
    target, the target field showed "—" while the page still sent (and named) the far
    target, its reason said twice: the far target is let go, and the form asks again."""
    from bridge.engine import StartTurn, demo_boarding

    session = Session(demo_boarding())
    session.apply(StartTurn(by="kell", actor="kell", where="conflict"))
    page, _journal = _boarding(browser, tmp_path, session, "char:kell")
    page.locator("[data-key='entry-attack']").click()
    target = page.locator("select[name='target']")
    _choose(page, "target", "klingon-warrior")
    expect(page.locator(".preview .odds")).to_contain_text("to succeed")
    far = target.locator("option").count()
    _choose(page, "weapon", "Unarmed Strike")
    expect(target).to_have_value("")  # out of Reach: let go, not kept unseen
    expect(target.locator("option")).to_have_count(1)  # (none within Reach: "—" alone)
    expect(page.locator("[data-key='go']")).to_be_disabled()
    expect(page.locator("[data-missing]")).to_have_text("Choose: Target")
    _choose(page, "weapon", "Phaser Type-3 (phaser rifle)")  # the far targets are back
    expect(target.locator("option")).to_have_count(far)
    expect(target).not_to_have_value("")  # (a target is needed: the first, as at first)
    reasons = page.locator(".reason").all_text_contents()
    assert len(reasons) == len(set(reasons)), reasons  # each said once
    assert page.errors == []  # type: ignore[attr-defined]
    page.close()


def test_a_wrong_join_code_stays_to_be_mended_and_the_card_names_its_stations(
    browser: Browser, tmp_path: Path
) -> None:
    """A wrong code cleared the field; the card said "tactical" where the printed card
    says Security and Tactical."""
    _, _, url = _host(tmp_path)
    page = _page(browser, PHONE)
    page.goto(url.split("?")[0] + "?code=PLAY4")  # a wrong code
    code = page.locator("input[name='code']")
    expect(code).to_have_value("PLAY4")
    expect(page.locator("[role='alert'], .reason").first).to_be_visible()
    code.fill(CODE)
    code.press("Enter")
    expect(page.locator("[data-seat='char:kell']")).to_contain_text("Security and Tactical")
    page.locator("[data-seat='char:kell']").click()
    expect(page.locator(".officer .dim")).to_contain_text("Security and Tactical")
    assert page.errors == []  # type: ignore[attr-defined]
    page.close()


def test_a_first_join_by_qr_code_asks_the_players_name_for_the_gm(
    browser: Browser, tmp_path: Path
) -> None:
    """Every phone that came by the QR code joined as "Phone": the GM's list could not
    tell them apart. A first join asks the name, the code already filled in; a phone
    that gave it joins at once next time."""
    _, journal, url = _host(tmp_path)
    page = _page(browser, PHONE, named=False)
    page.goto(url)
    expect(page.locator("input[name='code']")).to_have_value(CODE)
    name = page.locator("input[name='name']")
    expect(name).to_be_focused()
    expect(page.locator("[data-seat='char:kell']")).to_have_count(0)  # not joined yet
    name.fill("Sam")
    name.press("Enter")
    page.locator("[data-seat='char:kell']").click()
    expect(page.locator(".officer .name")).to_have_text("Lt. Cmdr. Kell")
    page.reload()  # the name is kept: the address joins at once
    expect(page.locator(".officer .name")).to_have_text("Lt. Cmdr. Kell")
    expect(page.locator("input[name='name']")).to_have_count(0)
    log = (tmp_path / "logs" / "host.log").read_text(encoding="utf-8")
    assert re.search(r"client \d+ \(Sam, 127\.0\.0\.1\) joined", log), log[-2000:]
    assert "(Phone, " not in log
    assert journal.exists()
    assert page.errors == []  # type: ignore[attr-defined]
    assert page.console_errors == []  # type: ignore[attr-defined]  # (no /favicon.ico 404)
    page.close()


CONTRAST = """(node) => {
  const rgb = (text) => text.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const lum = ([r, g, b]) => {
    const f = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  let back = node;
  const clear = (n) => getComputedStyle(n).backgroundColor === "rgba(0, 0, 0, 0)";
  while (back && clear(back)) back = back.parentElement;
  const a = lum(rgb(getComputedStyle(node).color));
  const b = lum(rgb(getComputedStyle(back).backgroundColor));
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}"""
"""The WCAG contrast ratio of a node's text against the background it is drawn on."""


def test_a_taken_seat_says_so_and_its_stations_stay_readable(
    browser: Browser, tmp_path: Path
) -> None:
    """The stations of a taken seat were dark grey on dark grey."""
    _, _, url = _host(tmp_path)
    first, second = _page(browser, PHONE), _page(browser, PHONE)
    first.goto(url)
    _take(first, "char:kell")
    expect(first.locator(".officer .name")).to_have_text("Lt. Cmdr. Kell")
    second.goto(url)
    seat = second.locator("[data-seat='char:kell']")
    expect(seat).to_be_disabled()
    expect(second.locator(".reason", has_text="Taken by another player")).to_be_visible()
    for part in (seat.locator(".dim"), second.locator("[data-seat='char:tovan'] .dim")):
        assert part.evaluate(CONTRAST) >= 4.5, part.text_content()
    assert first.errors == [] and second.errors == []  # type: ignore[attr-defined]
    first.close()
    second.close()


def test_the_conflict_card_comes_up_over_a_ship_tasks_form_and_its_back_forms_show_the_fight(
    browser: Browser,
) -> None:
    """A phone left on a ship Task's form stayed there when the GM started a boarding
    action; a form of the Conflict card's back showed the ship battle's Round and Turn."""
    from bridge.engine import StartTurn
    from bridge.engine.demo_boarding import boarding_command

    with _gm_host(Session(demo_encounter())) as (url, gm):
        page = _page(browser, PHONE)
        page.goto(url)
        _take(page, "char:kell")
        gm(StartTurn(by="gm", actor="kell"))
        fire = page.locator("[data-key='entry-tactical/fire_weapon']")
        expect(fire).to_be_enabled()
        fire.click()
        expect(page.locator("body[data-screen='action']")).to_have_count(1)
        gm(boarding_command())
        expect(page.locator(".conflict-card")).to_be_visible()
        expect(page.locator("body[data-screen='conflict']")).to_have_count(1)
        gm(StartTurn(by="kell", actor="kell", where="conflict"))
        expect(page.locator("[data-stat='conflict-actor']")).to_have_text("Yours")
        page.locator("[data-key='conflict-more']").click()
        page.locator("[data-key='entry-back-extra_minor']").click()
        expect(page.locator("body[data-screen='action']")).to_have_count(1)
        expect(page.locator("[data-stat='conflict-actor']")).to_have_text("Yours")
        expect(page.locator("[data-stat='conflict-round']")).to_have_text("1")
        expect(page.locator("[data-stat='round']")).to_have_count(0)  # not the ship's
        assert page.errors == []  # type: ignore[attr-defined]
        page.close()


def test_a_resolve_sent_as_the_link_died_shows_its_report_when_the_link_is_back(
    browser: Browser, tmp_path: Path
) -> None:
    """RESOLVE tapped as the Wi-Fi died reached the host, but its answer never came: back
    on a new link the page sat on the Task's form, "Working out the odds…" for ever,
    with ROLL greyed. Now the report of the roll resolved meanwhile comes up."""
    _, journal, url = _host(tmp_path, "--seed", "1")
    page = _page(browser, PHONE)
    deaf = [False]  # the host's answers are lost; the page's taps still go out

    def relay(ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()
        ws.on_message(server.send)
        server.on_message(lambda m: None if deaf[0] else ws.send(m))

    page.route_web_socket(re.compile(r"^wss?://"), relay)
    page.goto(url)
    _take(page, "char:kell")
    page.locator("[data-key='entry-start_turn']").click()
    entry = page.locator("[data-key='entry-tactical/modulate_shields']")
    expect(entry).to_be_enabled()
    entry.click()
    expect(page.locator(".preview .odds")).to_contain_text("% to succeed")
    page.locator("[data-key='go']").click()  # ROLL
    resolve = page.locator("[data-key='resolve']")
    expect(resolve).to_be_enabled()
    deaf[0] = True
    resolve.click()
    for _ in range(100):  # the RESOLVE reaches the host (bounded: 10 s)
        if '"resolve"' in journal.read_text():
            break
        page.wait_for_timeout(100)
    assert '"resolve"' in journal.read_text()
    expect(page.locator("#overlay")).to_be_visible(timeout=20_000)  # the link is lost
    deaf[0] = False
    expect(page.locator("#overlay")).to_be_hidden(timeout=30_000)
    expect(page.locator("[data-outcome-card]")).to_be_visible()  # its outcome, not a dead form
    expect(page.locator(".task-name")).to_have_text("Modulate Shields")
    page.locator("[data-key='full-report']").click()
    expect(page.locator(".report")).to_contain_text("Modulate Shields")
    page.locator("[data-key='done']").click()
    expect(page.locator(".officer .name")).to_have_text("Lt. Cmdr. Kell")
    assert page.errors == []  # type: ignore[attr-defined]
    page.close()


def test_on_foot_a_phone_buys_dice_and_rolls_the_determination_die(
    browser: Browser, tmp_path: Path
) -> None:
    """A GM's play-through: a Conflict card attack could not buy dice, spend Determination
    or claim a Focus (seed 001 RULES SUMMARY, RULES-NOTES: bought dice, the Determination
    die first). The form asks all three; the preview names their costs."""
    from bridge.engine import SetValue, StartTurn, demo_boarding

    session = Session(demo_boarding())
    session.apply(SetValue(path="momentum.value", value=3))
    session.apply(StartTurn(by="kell", actor="kell", where="conflict"))
    page, journal = _boarding(browser, tmp_path, session, "char:kell")
    page.locator("[data-key='entry-attack']").click()
    _choose(page, "target", "klingon-warrior")
    value = session.state.characters["kell"].values[0].text
    _choose(page, "bought", "determination", row=0)  # the Determination die first
    _choose(page, "bought", "momentum", row=1)  # then a die bought with Momentum
    _choose(page, "value", value)
    preview = page.locator(".preview")
    expect(preview).to_contain_text("1 Determination")
    expect(preview).to_contain_text("Momentum")
    focus = page.locator("select[name='focus_name']")
    expect(focus.locator("option").first).to_have_text("No Focus")
    focus.select_option(index=1)
    go = page.locator("[data-key='go']")
    expect(go).to_be_enabled()
    go.click()
    expect(page.locator(".waiting .die.d20")).to_have_count(4)  # 2 + Determination + 1
    text = journal.read_text()
    assert '"bought":["determination","momentum"]' in text.replace(" ", "")
    assert page.errors == []  # type: ignore[attr-defined]
    page.close()


def test_both_phones_of_a_shared_seat_see_the_roll_and_its_report_under_its_name(
    browser: Browser,
) -> None:
    """A shared seat: one phone on another Task's form followed the other's roll, but its
    report was headed with its own form's Task; the phone that rolled dropped back to a
    stale form ("A Task has already been attempted") instead of the report."""
    from bridge.engine import StartTurn

    session = Session(demo_encounter())
    with _gm_host(session) as (url, gm):
        first, second = _page(browser, PHONE), _page(browser, PHONE)
        for page in (first, second):
            page.goto(url)
        _take(first, "char:kell")
        expect(first.locator(".officer .name")).to_have_text("Lt. Cmdr. Kell")
        gm(lambda host: host.set_shared("char:kell", True))
        _take(second, "char:kell")
        expect(second.locator(".officer .name")).to_have_text("Lt. Cmdr. Kell")
        gm(StartTurn(by="gm", actor="kell"))
        first.locator("[data-key='entry-tactical/fire_weapon']").click()  # another form
        entry = second.locator("[data-key='entry-tactical/modulate_shields']")
        expect(entry).to_be_enabled()
        entry.click()
        expect(second.locator(".preview .odds")).to_contain_text("% to succeed")
        second.locator("[data-key='go']").click()  # the second phone rolls
        resolve = first.locator("[data-key='resolve']")
        expect(resolve).to_be_enabled()  # the first follows to the roll
        expect(first.locator(".task-name")).to_have_text("Modulate Shields")
        resolve.click()  # and resolves it
        for page in (first, second):
            expect(page.locator("[data-outcome-card]")).to_be_visible()
            expect(page.locator(".task-name")).to_have_text("Modulate Shields")
        assert first.errors == [] and second.errors == []  # type: ignore[attr-defined]
        first.close()
        second.close()


TOAST_LINES = """() => { const t = document.getElementById('toast'); const s = getComputedStyle(t);
  return [(t.clientHeight - parseFloat(s.paddingTop) - parseFloat(s.paddingBottom))
          / parseFloat(s.lineHeight), t.scrollHeight - t.clientHeight]; }"""
"""The lines a message shows, and how many pixels of it are cut."""


def test_a_message_covers_neither_the_title_nor_the_name_and_a_tap_shows_it_whole(
    browser: Browser, tmp_path: Path
) -> None:
    """A phone's message covered the title and the officer's name for seconds, its fourth
    line under its border and the rest only in a tooltip a phone cannot show. It sits at
    the foot of the screen (above the bar of buttons there), three lines at most (two in
    landscape); a tap on a cut one shows all of it, a tap on a whole one sends it away."""
    _, _, url = _host(tmp_path)
    page = _page(browser, PHONE)
    page.goto(url)
    _take(page, "char:kell")
    name = page.locator(".officer .name")
    expect(name).to_have_text("Lt. Cmdr. Kell")
    words = "The attack on IKS Qoj: 9 damage before Resistance. " * 8
    say = "(text) => import('/dom.js').then((m) => m.toast(text))"
    page.evaluate(say, words)
    box = page.locator("#toast")
    expect(box).to_have_class(re.compile("shown"))
    lines, cut = page.evaluate(TOAST_LINES)
    assert lines <= 3.05 and cut > 0, (lines, cut)
    told, top = box.bounding_box(), name.bounding_box()
    assert told is not None and top is not None
    assert told["y"] >= top["y"] + top["height"], (told, top)  # the name stays in sight
    box.click()  # a tap on the cut message: all of it
    expect(box).to_have_class(re.compile("whole"))
    lines, cut = page.evaluate(TOAST_LINES)
    assert cut <= 0 and lines > 3, (lines, cut)
    whole = box.bounding_box()
    assert whole is not None and whole["y"] >= 0 and whole["y"] + whole["height"] <= 844
    page.wait_for_timeout(5500)  # (a message read whole stays until it is sent away)
    expect(box).to_have_class(re.compile("shown"))
    box.click()
    expect(box).not_to_have_class(re.compile("shown"))
    page.set_viewport_size({"width": 844, "height": 390})  # landscape: two lines
    page.evaluate(say, words)
    expect(box).to_have_class(re.compile("shown"))
    height = page.evaluate("() => document.getElementById('toast').getBoundingClientRect().height")
    assert height < 390 * 0.2, height
    box.click()
    expect(box).to_have_class(re.compile("whole"))
    assert page.evaluate(TOAST_LINES)[1] <= 0
    box.click()
    # Over a Task's form it sits above the bar at the foot: ROLL is never under it.
    page.set_viewport_size(PHONE)
    page.locator("[data-key='entry-start_turn']").click()
    page.locator("[data-key='entry-tactical/fire_weapon']").click()
    bar = page.locator(".foot-bar")
    expect(bar).to_be_visible()
    page.evaluate(say, "Short.")
    expect(box).to_have_class(re.compile("shown"))
    told, foot = box.bounding_box(), bar.bounding_box()
    assert told is not None and foot is not None
    assert told["y"] + told["height"] <= foot["y"] + 1, (told, foot)
    assert page.errors == []  # type: ignore[attr-defined]
    page.close()


def test_a_phone_only_player_follows_the_ship_battle_and_the_fight_on_foot(
    browser: Browser, shots: Path
) -> None:
    """A phone showed no shields, Power or breaches, no zones and nothing of the contacts:
    its player had to look at the TV. The card now has the battle beside it as the crew
    may see it: the players' ship, each zone with its range and the ships in it (a contact
    as its silhouette, a scanned ship with its numbers), and it follows the GM's moves;
    on foot, each zone's figures with their Stress and Injury and who is down."""
    from bridge.engine import SetValue, StartTurn
    from bridge.engine.demo_boarding import boarding_command

    encounter = demo_encounter().model_copy(update={"scanned": ("vortak",)})
    with _gm_host(Session(encounter)) as (url, gm):
        page = _page(browser, PHONE)
        page.goto(url)
        _take(page, "char:kell")
        picture = page.locator(".picture")
        own = picture.locator(".own-ship")
        expect(own.locator("[data-meter='shields'] .value")).to_have_text("13/13")
        expect(own.locator("[data-meter='power'] .value")).to_have_text("10/10")
        expect(own.locator("[data-stat='own-ship']")).to_have_text("Resistance 6 · 0 breaches")
        zones = picture.locator(".zone-row .zone-name")
        assert zones.all_inner_texts() == [
            "PLANETARY ORBIT · MEDIUM · EMPTY",
            "OPEN SPACE · CLOSE",
            "ASTEROID FIELD · MEDIUM",
            "NEBULA EDGE · LONG",
        ]
        qoj = picture.locator(".tile[data-ship='qoj']")  # a contact: its silhouette only
        expect(qoj).to_contain_text("Contact · B'rel-class Bird-of-Prey · Scale 3")
        expect(qoj).to_contain_text("Shields up · 0 breaches · Nominal")
        expect(qoj).not_to_contain_text("Power")
        vortak = picture.locator(".tile[data-ship='vortak']")  # scanned: its numbers
        expect(vortak).to_contain_text(re.compile(r"Shields \d+/\d+ · Power \d+/\d+"))
        crew = page.locator("summary[data-key='crew']")
        expect(crew).to_have_text("THE CREW'S TURNS: 0 OF 5 ACTED")

        # The GM's moves show as they come: a hit on the ship, a contact's breaches, a Turn.
        gm(SetValue(path="ships.resolute.shields", value=5))
        gm(SetValue(path="ships.resolute.damage.engines.breaches", value=3))
        gm(SetValue(path="ships.qoj.damage.weapons.breaches", value=2))
        gm(StartTurn(by="gm", actor="kell"))
        expect(own.locator("[data-meter='shields'] .value")).to_have_text("5/13")
        expect(own.locator(".hurt")).to_contain_text("Engines: 3 breaches, Damaged")
        expect(qoj).to_contain_text("Shields up · 2 breaches")
        expect(crew).to_have_text("THE CREW'S TURNS: LT. CMDR. KELL ACTING, 0 OF 5 ACTED")
        _every_size(page, shots, "web-card-picture")

        # On foot: the card comes up with where everyone stands, their Stress and Injury.
        gm(boarding_command())
        standing = page.locator(".standing")
        expect(standing).to_be_visible()
        kell = standing.locator("[data-figure-row='kell']")
        expect(kell).to_contain_text("Lt. Cmdr. Kell")
        expect(kell.locator(".how")).to_have_text("Stress 18/18 · Unhurt")
        warrior = standing.locator("[data-figure-row='klingon-warrior'] .how")
        expect(warrior).to_have_text("Stress hidden · Unhurt")  # not revealed: hidden
        gm(SetValue(path="conflict.figures.klingon-bekk-1.injury", value="lethal"))
        down = standing.locator("[data-figure-row='klingon-bekk-1']")
        expect(down).to_have_class(re.compile("down"))
        expect(down.locator("[data-figure='klingon-bekk-1']")).to_have_text(
            "▼ Klingon Bekk 1 (down)"
        )
        expect(down.locator(".how")).to_contain_text("Lethal Injury")
        assert page.errors == []  # type: ignore[attr-defined]
        page.close()


def test_the_odds_and_roll_stay_in_reach_as_the_fields_change_and_the_rules_wait_a_tap(
    browser: Browser, tmp_path: Path
) -> None:
    """On a Task's screen the odds sat under about ten fields: a player scrolled to see
    them before ROLL. They now sit with ROLL at the foot of the screen, and follow the
    fields; on foot the Attack's nine lines of rules wait behind a tap."""
    from bridge.engine import StartTurn, demo_boarding

    _, _, url = _host(tmp_path, "--seed", "1")
    page = _page(browser, {"width": 360, "height": 740})
    page.goto(url)
    _take(page, "char:kell")
    page.locator("[data-key='entry-start_turn']").click()
    page.locator("[data-key='entry-tactical/fire_weapon']").click()
    odds = page.locator(".foot-bar [data-odds-line]")
    roll = page.locator(".foot-bar [data-key='go']")

    def in_reach() -> None:
        page.evaluate("window.scrollTo(0, 0)")  # the top of the form: its first fields
        for part in (odds, roll):
            box = part.bounding_box()
            assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 740, box

    expect(odds).to_contain_text("% to succeed")
    expect(odds).to_contain_text("DIFFICULTY 2")
    in_reach()
    before = odds.inner_text()
    page.locator("select[name='target']").select_option(label="IKS Qoj (Medium)")
    page.locator("select[name='weapon']").select_option(value='"Photon Torpedoes"')
    expect(odds).not_to_have_text(before)  # the odds follow the fields
    expect(odds).to_contain_text("% to succeed")
    in_reach()
    expect(roll).to_be_enabled()
    page.close()

    session = Session(demo_boarding())
    session.apply(StartTurn(by="kell", actor="kell", where="conflict"))
    foot, _journal = _boarding(browser, tmp_path, session, "char:kell")
    foot.locator("[data-key='entry-attack']").click()
    rules = foot.locator(".rules-text")
    expect(rules).to_be_hidden()  # the fields first
    expect(foot.locator("select[name='target']")).to_be_visible()
    foot.locator("[data-key='rules-text']").click()
    expect(rules).to_contain_text("Attack an enemy")
    assert foot.errors == []  # type: ignore[attr-defined]
    foot.close()


def test_the_first_load_is_small_for_an_old_phone(browser: Browser, tmp_path: Path) -> None:
    """The first load was 140 KiB: the page, its modules, its style and the two fonts now
    come gzipped (the browser says it takes gzip), well under 100 KB on the wire."""
    _, _, url = _host(tmp_path)
    page = _page(browser, PHONE)
    loaded: list[tuple[str, int, str]] = []

    def finished(request: Request) -> None:
        response = request.response()
        if response is None or request.resource_type == "websocket":
            return
        sizes = request.sizes()
        encoding = response.headers.get("content-encoding", "")
        loaded.append((request.url, sizes["responseBodySize"], encoding))

    page.on("requestfinished", finished)
    page.goto(url)
    _take(page, "char:kell")
    expect(page.locator(".officer .name")).to_have_text("Lt. Cmdr. Kell")
    page.wait_for_load_state("networkidle")
    names = {u.rsplit("/", 1)[1].split("?")[0] for u, _, _ in loaded}
    assert {"", "app.js", "station.css", "Antonio-Regular.ttf", "favicon.svg"} <= names, names
    assert all(encoding == "gzip" for _, _, encoding in loaded), loaded
    total = sum(size for _, size, _ in loaded)
    assert 20_000 < total < 100_000, (total, loaded)
    assert page.errors == []  # type: ignore[attr-defined]
    page.close()


def test_one_form_fills_a_conflict_entry_from_the_entry_alone(
    browser: Browser, tmp_path: Path
) -> None:
    """Protocol 5: a Conflict card entry is filled as a station's is, from its params:
    a choice offered only with another field's value (a figure to end beside, in the zone
    chosen) comes and goes with it, and the page asks the host nothing while the form is
    filled (an Attack only its odds), then sends the Command."""
    from bridge.engine import StartTurn, demo_boarding

    session = Session(demo_boarding())
    session.apply(StartTurn(by="kell", actor="kell", where="conflict"))
    battle = tmp_path / "boarding.bridge"
    save_battle(battle, session)
    _, journal, url = _host(tmp_path, str(battle))
    page = _page(browser, PHONE)
    sent: list[str] = []

    def relay(ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()

        def out(message: str | bytes) -> None:
            sent.append(json.loads(message)["type"])
            server.send(message)

        ws.on_message(out)
        server.on_message(ws.send)

    page.route_web_socket(re.compile(r"^wss?://"), relay)
    page.goto(url)
    page.locator("[data-seat='char:kell']").click()
    expect(page.locator(".conflict-card")).to_be_visible()
    page.locator("[data-key='entry-attack']").click()  # a rolled Task: its odds are asked
    _choose(page, "target", "klingon-bekk-1")
    _choose(page, "weapon", "Unarmed Strike")
    _choose(page, "weapon", "Phaser Type-3 (phaser rifle)")
    _choose(page, "target", "klingon-bekk-2")  # (not the first choices' odds, the entry's)
    expect(page.locator(".preview:not(.stale) .odds")).to_contain_text("to succeed")
    page.locator("[data-key='cancel']").click()
    asked = [t for t in sent if t not in ("ping", "hello", "claim")]
    assert asked and set(asked) == {"preview"}, asked  # nothing but the odds
    sent.clear()
    page.locator("[data-key='entry-movement']").click()
    beside = page.locator("select[name='beside']")
    _choose(page, "zone", "Transporter Room 3")
    expect(beside.locator("option", has_text="Klingon Warrior")).to_have_count(1)
    expect(beside.locator("option", has_text="Capt. Elena Reyes")).to_have_count(0)
    _choose(page, "beside", "klingon-warrior")
    _choose(page, "zone", "Main Engineering")  # its figures now: the Klingon is let go
    expect(beside.locator("option", has_text="Klingon Warrior")).to_have_count(0)
    expect(beside.locator("option", has_text="Lt. Sorel")).to_have_count(1)
    expect(beside).to_have_value("null")  # "No one"
    _choose(page, "beside", "sorel")
    assert [t for t in sent if t not in ("ping",)] == []  # the form asked the host nothing
    page.locator("[data-key='go']").click()
    expect(page.locator(".conflict-card")).to_be_visible()
    expect(page.locator(".log")).to_contain_text("Main Engineering")
    lines = [json.loads(line) for line in journal.read_text().splitlines()[1:]]
    moved = [e["entry"]["command"] for e in lines if e.get("op") == "apply"][-1]
    assert (moved["type"], moved["action"], moved["zone"], moved["beside"]) == (
        "conflict_minor",
        "movement",
        "Main Engineering",
        "sorel",
    )
    assert page.errors == []  # type: ignore[attr-defined]
    page.close()
