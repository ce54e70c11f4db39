// The web station: joins the GM's battle with the code in the page's address, shows the
// seats, then the seat's card, Task screen or viewscreen, and the officer's Conflict card
// while a personal conflict runs with them in it. Everything shown comes from the host;
// this file only decides which screen is up.

import { cardBack, cardFront, conflictLink, pools } from "./card.js";
import { conflictCard, conflictPools } from "./conflict.js";
import { el, replace, toast } from "./dom.js";
import { Link, forgetSeat } from "./link.js";
import { snapshot } from "./outcome.js";
import { commandOf } from "./forms.js";
import { ActionForm, pendingScreen, reportScreen, setupScreen } from "./task.js";
import { viewscreen } from "./viewscreen.js";

const main = document.getElementById("main");
const title = document.getElementById("title");
const status = document.getElementById("status");
const overlay = document.getElementById("overlay");
const overlayText = document.getElementById("overlay-text");

const params = new URLSearchParams(location.search);
const SPENDS_KEY = "bridge.conflict-spends";
const SHIP_SPENDS_KEY = "bridge.ship-spends";

const ui = {
  link: null,
  screen: "card", // card | back | action | report | conflict
  form: null, // the action being filled (any card's: task.js)
  conflictSpends: { roll: null, values: {} }, // the Momentum spends chosen for the roll waiting
  shipSpends: { roll: null, values: {} }, // the same for a ship Task's roll
  inConflict: false, // the officer was in a running personal conflict at the last redraw
  report: null, // the outcome of the ship Task just resolved (see outcome.js)
  footRoll: null, // the roll on foot being resolved: its dice, its name, the battle before
  lastOutcome: null, // the outcome of the officer's last roll on foot, until put away
  back: null,
  backAsked: false, // the card's back has been asked for and its answer is awaited
  problem: null,
  busy: null, // the command waiting for the host's answer
  next: null, // a command tapped while another was waiting: sent after its answer
  pressed: false, // a finger or button is down on the screen: redrawing waits for it
};

/** Set `node`'s words, its attribute or its data field only when they change: setting
 * the same words again makes the browser lay the page out again for nothing. */
function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}
function setScreenName(name) {
  if (document.body.dataset.screen !== name) document.body.dataset.screen = name;
}
function setHidden(node, hidden) {
  if (node.hidden !== hidden) node.hidden = hidden;
}

function wsUrl() {
  return `ws://${location.host}/`;
}

function setScreen(screen) {
  ui.screen = screen;
  render();
  main.focus({ preventScroll: true });
  window.scrollTo(0, 0);
}

// -- joining -----------------------------------------------------------------------
function joinForm(message, tried = "") {
  // (a code refused stays in the field, to be mended rather than typed again)
  const input = el("input", { type: "text", name: "code", autocomplete: "off", autocapitalize: "characters", maxlength: 64, dataset: { key: "code" }, "aria-label": "Join code", value: tried });
  const name = el("input", { type: "text", name: "name", maxlength: 60, dataset: { key: "name" }, "aria-label": "Your name", value: localStorage.getItem("bridge.name") || "" });
  const submit = (event) => {
    event.preventDefault();
    const code = input.value.trim();
    if (!code) return;
    localStorage.setItem("bridge.name", name.value.trim());
    const url = new URL(location.href);
    url.searchParams.set("code", code);
    history.replaceState(null, "", url);
    start(code);
  };
  return [
    el("h2", {}, "JOIN THE BATTLE"),
    message ? el("p", { class: "reason", role: "alert" }, message) : null,
    el(
      "form",
      { class: "form", onsubmit: submit },
      el("label", { class: "field" }, el("span", {}, "Join code (on the GM's screen)"), input),
      el("label", { class: "field" }, el("span", {}, "Your name (for the GM)"), name),
      el("button", { type: "submit", class: "primary", dataset: { key: "join" } }, "JOIN"),
    ),
  ];
}

function seatList() {
  const seats = ui.link.welcome.seats;
  return [
    el("h2", {}, "TAKE A SEAT"),
    ui.problem ? el("p", { class: "reason", role: "alert" }, ui.problem) : null,
    el(
      "ul",
      { class: "seats" },
      seats.map((s) => {
        const taken = s.claimed && !s.shared && s.character != null;
        return el(
          "li",
          {},
          el(
            "button",
            {
              type: "button",
              class: s.character ? "seat" : "seat viewscreen",
              dataset: { key: `seat-${s.id}`, seat: s.id },
              disabled: taken,
              onclick: () => {
                ui.problem = null;
                ui.link.claim(s.id);
              },
            },
            el("span", { class: "seat-label" }, s.label),
            el("span", { class: "dim" }, s.stations.length ? (s.station_names ?? s.stations).join(", ") : "watches the battle"),
          ),
          taken ? el("p", { class: "reason" }, "Taken by another player. If it is yours on a phone that was lost or closed, the GM frees it (the host panel, or free at bridge host's terminal).") : null,
        );
      }),
    ),
  ];
}

// -- acting ------------------------------------------------------------------------
function myPending() {
  const { state, available } = ui.link;
  const pending = state.pending ?? null;
  return pending && available.character && pending.actor === available.character ? pending : null;
}

/** Send a command to the host. A tap while another command waits for its answer is not
 * lost: the last one is sent after that answer (the same command twice is one tap). */
async function send(command) {
  if (ui.busy) {
    if (JSON.stringify(command) !== JSON.stringify(ui.busy)) ui.next = command;
    return;
  }
  ui.busy = command;
  const from = ui.link.logLength;
  const form = ui.form;
  if (form && form.reportFrom === undefined && (command.type === "resolve" || command.type === "task")) form.reportFrom = from;
  const answer = await ui.link.command(command);
  ui.busy = null;
  settle(command, answer, form, from);
  const next = ui.next;
  ui.next = null;
  if (next) send(next);
}

/** Show what the host's answer to `command` means for this screen. */
function settle(command, answer, form, from) {
  if (answer.type === "refused") {
    if (form && command.type === "task") form.reportFrom = undefined; // (no roll to report)
    toast(answer.reason);
    render();
    return;
  }
  const since = form?.reportFrom ?? from;
  const entries = ui.link.log.slice(Math.max(since - ui.link.logStart, 0)).filter((e) => e.by === ui.link.available.character);
  const finished = !myPending();
  if (command.where === "conflict" && ui.footRoll && !ui.link.state.conflict?.pending) {
    // the roll on foot is over: its outcome at the top of the card, at once
    endFootRoll();
    render();
    return;
  }
  // A form opened while the answer was on its way (a Task chosen just after START TURN)
  // is not the one the command came from: it stays open.
  const fromThisForm = ui.form === form;
  if (ui.screen === "action" && finished && fromThisForm && (command.type === "resolve" || command.type === "apply_damage" || command.type === "task")) {
    ui.report = shipReport(form, entries);
    ui.form = null;
    setScreen("report");
    return;
  }
  if (finished && ui.screen === "action" && fromThisForm) {
    const back = ui.form?.onFoot ? "conflict" : "card";
    ui.form = null;
    setScreen(back);
  } else {
    render();
  }
  if (finished && entries.length && command.type !== "start_turn") toast(entries.at(-1).lines.join(" "));
}

/** The outcome of the ship Task `form` rolled, told by the log's `entries` since: the
 * roll as it was rolled and its damage dice as they landed (the state's `last_roll`),
 * and what changed on the battle since the form was opened. */
function shipReport(form, entries) {
  const link = ui.link;
  const last = link.state.last_roll;
  const roll = last && last.actor === link.available.character ? last : null;
  return {
    title: form?.title ?? document.querySelector(".task-name")?.textContent ?? "",
    entries,
    result: roll?.result ?? null,
    damage: roll?.damage?.roll?.dice ?? null,
    before: form?.before ?? null,
    after: snapshot(link),
  };
}

/** A roll on foot of the officer's is waiting: what it is and the battle before it,
 * kept to tell its outcome once it is resolved. */
function followFootRoll() {
  const link = ui.link;
  const card = link.available.conflict;
  const pending = link.state.conflict?.pending ?? null;
  if (!card || !pending || pending.actor !== card.figure.id) return;
  const key = JSON.stringify([pending.actor, pending.action, pending.result?.dice]);
  if (ui.footRoll?.key === key) return;
  const entry = [...card.tasks, ...card.minors].find((e) => e.key === pending.action);
  const kept = ui.footRoll?.actor === pending.actor && ui.footRoll?.action === pending.action ? ui.footRoll : null;
  ui.footRoll = {
    key,
    actor: pending.actor,
    action: pending.action,
    title: entry?.name ?? pending.action.replaceAll("_", " "),
    result: pending.result,
    // (a re-roll of the same roll keeps the battle as it was before the roll)
    before: kept?.before ?? (ui.form?.onFoot ? ui.form.before : null) ?? snapshot(link),
    from: kept?.from ?? Math.max(link.logLength - 1, link.logStart),
  };
}

/** The roll on foot is resolved: its outcome is kept to show at the top of the card. */
function endFootRoll() {
  const link = ui.link;
  const roll = ui.footRoll;
  ui.footRoll = null;
  const entries = link.log.slice(Math.max(roll.from - link.logStart, 0)).filter((e) => e.by === link.available.character);
  ui.lastOutcome = { title: roll.title, result: roll.result, damage: null, entries, before: roll.before, after: snapshot(link) };
}

/** A Task's form open and no roll of ours waiting any more (a new link, or the other
 * phone of a shared seat resolved it): a roll resolved meanwhile shows its report; a form
 * no longer on the card goes; any other asks its odds again. */
function followEndedRoll(link) {
  const form = ui.form;
  const mine = (e) => e.by === link.available.character;
  const since = form.reportFrom ?? link.logLength;
  const entries = link.log.slice(Math.max(since - link.logStart, 0)).filter(mine);
  if (entries.some((e) => e.action === "resolve" || e.action === "apply_damage")) {
    ui.report = shipReport(form, entries);
    ui.form = null;
    ui.screen = "report";
  } else if (!form.info(link.available)) {
    ui.screen = form.onFoot ? "conflict" : "card";
    ui.form = null;
  } else {
    form.preview = null;
    askPreview();
  }
}

/** Use an entry of any card (`source`, see task.js's ActionForm): one that needs nothing
 * and is not rolled is sent at once; the others open the form of their fields. */
function useEntry(source, key, info) {
  if (info.reason != null) return;
  if ((info.params ?? []).length === 0 && !info.rolled) {
    send({ ...info.command });
    return;
  }
  ui.form = new ActionForm(source, key, info);
  ui.form.before = snapshot(ui.link);
  if (info.rolled) askPreview();
  setScreen("action");
}

/** Ask the host the odds of the form's action with the values chosen now (the one
 * question a form asks: its choices are all in the entry already). */
function askPreview() {
  const form = ui.form;
  clearTimeout(form.previewTimer);
  form.previewTimer = setTimeout(async () => {
    if (ui.form !== form) return; // (the form was closed meanwhile)
    const info = form.info(ui.link.available);
    if (!info || info.reason != null) return;
    const command = commandOf(info.command, info.params, form.values);
    const answer = await ui.link.preview(command);
    if (ui.form !== form) return;
    form.preview = answer.type === "task_preview" ? answer : { reason: answer.reason };
    form.previewFor = JSON.stringify(command);
    render();
  }, 120);
}

// -- drawing -----------------------------------------------------------------------
// A redraw replaces the screen's buttons. One that came while a finger was down would
// take the button from under it and the tap would be lost, so it waits for the finger.
main.addEventListener("pointerdown", () => {
  ui.pressed = true;
});
function letGo() {
  if (!ui.pressed) return;
  ui.pressed = false;
  if (!("owed" in document.body.dataset)) return;
  delete document.body.dataset.owed; // (a redraw waited for the press to end)
  setTimeout(render, 0); // after the tap's click
}
window.addEventListener("pointerup", letGo, true);
window.addEventListener("pointercancel", letGo, true);
window.addEventListener("blur", letGo);

/** The spends chosen for the roll `roll` before a reload, if that roll still waits
 * (kept in this tab's session storage: a reload or a locked phone loses none). */
function keptSpends(roll, key = SPENDS_KEY) {
  try {
    const kept = JSON.parse(sessionStorage.getItem(key) ?? "null");
    return kept && kept.roll === roll && roll !== null ? kept.values : {};
  } catch {
    return {};
  }
}

function keepSpends(held = ui.conflictSpends, key = SPENDS_KEY) {
  try {
    const { roll, values } = held;
    const chosen = Object.fromEntries(Object.entries(values).filter(([k]) => k !== "stage" && k !== "stageAt"));
    sessionStorage.setItem(key, JSON.stringify({ roll, values: chosen }));
  } catch {
    // (storage full or refused: the spends are only not kept)
  }
}

/** The spends chosen for a ship Task's roll waiting: kept in the tab's session storage
 * with the roll they are for, so a reload or a locked phone keeps them. */
function shipSpends(pending) {
  const roll = JSON.stringify([pending.actor, pending.action, pending.result?.dice]);
  if (ui.shipSpends.roll !== roll) ui.shipSpends = { roll, values: keptSpends(roll, SHIP_SPENDS_KEY) };
  return ui.shipSpends.values;
}

/** Show `children` on the screen, folded into what it shows (dom.js), and say which
 * revision of the battle it shows (`data-revision`: the tests and the bench wait on it). */
function show(...children) {
  replace(main, ...children);
  if (ui.link?.state && document.body.dataset.revision !== String(ui.link.revision)) document.body.dataset.revision = ui.link.revision;
}

function render() {
  if (ui.conflictSpends.roll !== null) keepSpends();
  if (ui.shipSpends.roll !== null) keepSpends(ui.shipSpends, SHIP_SPENDS_KEY);
  const link = ui.link;
  if (!link || !link.welcome) return;
  if (ui.pressed) {
    document.body.dataset.owed = "";
    return;
  }
  setText(title, link.welcome.battle.toUpperCase());
  if (!link.seat || !link.state) {
    setScreenName("seats");
    show(seatList());
    return;
  }
  if (link.available.character == null) {
    setScreenName("viewscreen");
    show(viewscreen(link));
    return;
  }
  const card = link.available.conflict ?? null;
  const pending = myPending();
  // The Conflict card comes up as the fight starts, over the ship's card, its back or a
  // ship Task's form not yet rolled (the ship battle waits or goes on beside it).
  const onShip = ui.screen === "card" || ui.screen === "back" || (ui.screen === "action" && !pending && !ui.form?.onFoot);
  if (card && !ui.inConflict && onShip) {
    ui.form = null;
    ui.screen = "conflict";
  }
  if (!card && (ui.screen === "conflict" || ui.form?.onFoot)) {
    if (ui.form?.onFoot) ui.form = null;
    ui.screen = "card";
  }
  ui.inConflict = Boolean(card);
  if (pending && ui.screen !== "action") {
    if (!ui.form) {
      ui.form = new ActionForm("actions", `${pending.station}/${pending.action}`, { params: [] });
      ui.form.before = snapshot(link);
    }
    ui.screen = "action";
  }
  followFootRoll();
  if (ui.footRoll && !link.state.conflict?.pending && !ui.busy) endFootRoll(); // (resolved by the other phone of a shared seat, or on a new link)
  setScreenName(ui.screen);
  const hooks = {
    send,
    askPreview,
    useEntry,
    answer: (info) => info.reason == null && send({ ...info.command }),
    rerender: render,
    shipCard: () => setScreen("card"),
    conflictSpends: () => {
      const pending = link.state.conflict?.pending ?? null;
      const roll = pending ? JSON.stringify([pending.actor, pending.action, pending.result?.dice]) : null;
      if (ui.conflictSpends.roll !== roll) ui.conflictSpends = { roll, values: keptSpends(roll) };
      return ui.conflictSpends.values;
    },
    cancel: () => {
      const back = ui.form?.onFoot ? "conflict" : "card";
      ui.form = null;
      setScreen(back);
    },
    done: () => {
      ui.report = null;
      setScreen("card");
    },
    lastOutcome: () => ui.lastOutcome,
    dismissOutcome: () => {
      ui.lastOutcome = null;
      render();
    },
  };
  if (ui.screen === "report" && ui.report) {
    show(pools(link.state, link.available.character), reportScreen(ui.report, hooks));
    return;
  }
  if (ui.screen === "action" && ui.form) {
    if (pending) {
      // The roll this page shows (its own, or a shared seat's other phone's): its report
      // is told from its own log entry on, under its own name.
      ui.form.reportFrom ??= link.logLength - 1;
      ui.form.title = link.available.actions[`${pending.station}/${pending.action}`]?.name ?? pending.action;
      ui.form.spends = shipSpends(pending);
    }
    const body = pending
      ? pendingScreen(ui.form, pending, link.available, link.state, hooks)
      : setupScreen(ui.form, ui.form.info(link.available) ?? { name: "", reason: "This action is no longer on the card.", params: [], command: {}, kind: "task", rolled: false }, hooks);
    // a form of the Conflict card's back shows the fight's Round and Turn, as its card
    const top = ui.form.onFoot && card ? conflictPools(link.state, link.available.character, card) : pools(link.state, link.available.character);
    show(top, body);
    return;
  }
  if (ui.screen === "back") {
    if (!ui.back) {
      if (!ui.backAsked) {
        ui.backAsked = true; // (once: every redraw meanwhile waits for the same answer)
        fetch("/card-back.json")
          .then((r) => r.json())
          .then((data) => {
            ui.back = data;
            render();
          })
          .catch(() => {
            toast("The card's back could not be fetched: try again once the link is back.");
            if (ui.screen === "back") setScreen("card");
          })
          .finally(() => {
            ui.backAsked = false;
          });
      }
      const front = el("button", { type: "button", class: "back-button", dataset: { key: "card-front" }, onclick: () => setScreen("card") }, "CARD FRONT");
      show(el("p", { class: "dim" }, "Turning the card over…"), front);
      return;
    }
    show(cardBack(ui.back, link.seat.stations, () => setScreen("card")));
    return;
  }
  if (ui.screen === "conflict" && card) {
    show(conflictCard(link, card, hooks));
    return;
  }
  ui.screen = "card";
  show(card ? conflictLink(() => setScreen("conflict")) : null, cardFront(link, useEntry, () => setScreen("back")));
}

// -- the link ----------------------------------------------------------------------
function start(code) {
  if (ui.link) ui.link.stop();
  const link = new Link(wsUrl(), code, localStorage.getItem("bridge.name") || "Phone");
  ui.link = link;
  setText(status, "connecting");
  link.addEventListener("welcome", () => {
    setHidden(overlay, true);
    setText(status, "joined");
    render();
  });
  link.addEventListener("seats", () => {
    if (!link.seat) render();
  });
  link.addEventListener("changed", (event) => {
    setHidden(overlay, true);
    setText(status, link.seat?.character ? "seated" : "watching");
    // A roll that ended while this page looked on (resolved on a new link after the old
    // one died, or by the other phone of a shared seat) shows its report.
    const ended = ui.screen === "action" && ui.form && !myPending() && !ui.busy;
    if (ended && (event.detail.snapshot || ui.form.reportFrom !== undefined)) followEndedRoll(link);
    render();
  });
  link.addEventListener("seat_refused", (event) => {
    ui.problem = event.detail.message;
    render();
  });
  link.addEventListener("lost", () => {
    setText(status, "reconnecting");
    overlayText.textContent = "The link to the GM's Bridge was lost. Trying again…";
    setHidden(overlay, false);
  });
  link.addEventListener("fatal", (event) => {
    const { code: why, message } = event.detail;
    setHidden(overlay, true);
    setText(status, "not joined");
    if (why === "code") {
      replace(main, joinForm(message, code));
    } else if (why === "removed") {
      link.seat = null;
      if (link.welcome) forgetSeat(link.welcome.battle_id);
      replace(main, el("h2", {}, "LEFT THE SEAT"), el("p", { class: "reason", role: "alert" }, message), el("button", { type: "button", class: "primary", dataset: { key: "rejoin" }, onclick: () => start(code) }, "JOIN AGAIN"));
    } else if (why === "slow_down") {
      overlayText.textContent = message;
      setHidden(overlay, false);
    } else {
      replace(main, el("h2", {}, "CANNOT JOIN"), el("p", { class: "reason", role: "alert" }, message));
    }
  });
  link.connect();
}

// A code in the address (the GM's QR code) joins at once, as the name given before;
// a first join asks the name first, so the GM's seat list tells the phones apart.
const code = params.get("code");
if (code && localStorage.getItem("bridge.name") !== null) start(code);
else {
  replace(main, joinForm(null, code ?? ""));
  if (code) main.querySelector("[data-key='name']")?.focus();
}
