// The action screen, the same for every card: an entry's fields (the one form: a
// station's Task or Minor Action, a Conflict card entry, a control of the Turn), the
// itemised Difficulty and the exact odds (the host's `task_preview`, for both cards), ROLL
// with the odds at the foot of the screen; the ship's roll waiting for RESOLVE (spends.js),
// and the outcome (outcome.js).

import { el } from "./dom.js";
import { commandOf, defaults, fields, footBar, missing, settle } from "./forms.js";
import { outcome } from "./outcome.js";
import { rollWaiting } from "./spends.js";

const percent = (p) => `${(p * 100).toFixed(1)}%`;

/** Where an action's entry is in the seat's `available`: the station card's entries,
 * the Turn's controls, the Conflict card's entries or its controls. */
const SOURCES = {
  actions: (available, key) => available.actions?.[key],
  controls: (available, key) => available.controls?.[key],
  conflict: (available, key) => {
    const card = available.conflict;
    return card ? [...card.minors, ...card.tasks].find((e) => e.key === key) : undefined;
  },
  "conflict-controls": (available, key) => available.conflict?.controls?.[key],
};

/** What the person fills for one action, kept while the host's answers change. */
export class ActionForm {
  constructor(source, key, info) {
    this.source = source;
    this.key = key;
    this.values = defaults(info.params);
    this.preview = info.preview ?? null; // (a Conflict card Task's, for its first choices)
    this.previewFor = this.preview ? JSON.stringify(commandOf(info.command, info.params, this.values)) : null;
    this.previewTimer = null;
    this.spends = {};
  }

  /** The entry as the host says it is now (null: no longer on the card). */
  info(available) {
    return SOURCES[this.source](available, this.key) ?? null;
  }

  /** Whether the action is the personal conflict's (its card comes back after it). */
  get onFoot() {
    return this.source.startsWith("conflict");
  }
}

/** The odds in one line, for the bar kept at the foot of the screen with ROLL: the
 * Difficulty and the chance to succeed, or what keeps the roll from being made. */
export function oddsLine(preview, needs = null, stale = false) {
  let words;
  const why = needs ?? preview?.reason ?? null;
  if (why) words = el("span", { class: "reason", dataset: { missing: "" } }, why);
  else if (!preview) words = el("span", { class: "dim" }, "Working out the odds…");
  else {
    const o = preview.odds ?? preview.attack?.task ?? null;
    words = [`DIFFICULTY ${preview.difficulty}`, o ? [" · ", el("b", {}, percent(o.p_success)), " to succeed"] : null];
  }
  return el("p", { class: `odds-line ${stale ? "stale" : ""}`, dataset: { oddsLine: "" }, "aria-live": "polite" }, words);
}

/** An attack on foot, in words from the host's numbers: the chance to hit (and, in
 * melee, to be hit back), then the host's notes (the damage as a range). */
function attackLines(attack) {
  if (!attack) return [];
  const lines = [`Hit ${percent(attack.p_hit)}`];
  if (attack.p_countered > 0) lines.push(`Hit back by the target ${percent(attack.p_countered)}`);
  return [...lines, ...(attack.notes ?? [])];
}

/** The host's `task_preview`: the Difficulty and its items, the odds, who rolls and with
 * what, the complication range, what the attempt costs, and for an attack on foot its
 * chance to hit and its damage. */
function previewBlock(preview, stale = false) {
  const box = (...children) => el("section", { class: `preview ${stale ? "stale" : ""}`, "aria-live": "polite" }, children);
  if (!preview) return box(el("p", { class: "dim" }, "Working out the odds…"));
  if (preview.reason) return box(el("p", { class: "reason" }, preview.reason));
  const o = preview.odds;
  const base = preview.items[0]?.[0];
  return box(
    el("h3", {}, `DIFFICULTY ${preview.difficulty}`),
    el("ul", { class: "items" }, preview.items.map(([what, amount]) => el("li", {}, el("span", {}, what), el("b", {}, amount >= 0 && what !== base ? `+${amount}` : amount)))),
    o
      ? el(
          "p",
          { class: "odds", dataset: { odds: o.p_success } },
          el("b", {}, percent(o.p_success)),
          " to succeed · ",
          `${o.expected_momentum.toFixed(2)} Momentum expected · `,
          `${percent(o.p_complication)} a Complication`,
        )
      : null,
    el("p", { class: "dim" }, `${preview.roll}; ${preview.dice} d20${preview.assists.length ? `, assisted by ${preview.assists.join(", ")}` : ""}.`),
    preview.complication_why.length ? el("p", { class: "dim" }, `Complication range ${preview.complication_range}: ${preview.complication_why.join("; ")}`) : null,
    // what the attempt costs, hit or miss, in the host's words (a torpedo's Threat too)
    preview.costs?.length ? el("p", { class: "costs", dataset: { costs: "" } }, `Paid on the roll, hit or miss: ${preview.costs.join("; ")}.`) : null,
    [...attackLines(preview.attack), ...(preview.notes ?? [])].length
      ? el("ul", { class: "lines" }, [...attackLines(preview.attack), ...(preview.notes ?? [])].map((line) => el("li", {}, line)))
      : null,
  );
}

/** The form of an action before it is sent: its card words (a Conflict card entry's
 * roll and Difficulty; its rules a tap away), its fields, its odds, and ROLL (or ATTEMPT,
 * DO IT) with the odds at the foot of the screen. */
export function setupScreen(form, info, hooks) {
  const params = info.params ?? [];
  // (the host's choices may have changed since the last look: the values follow them)
  if (settle(params, form.values) && info.rolled) hooks.askPreview();
  const groups = params.some((p) => p.group === "roll")
    ? [
        ["THE TASK", params.filter((p) => p.group !== "roll")],
        ["THE ROLL", params.filter((p) => p.group === "roll")],
      ]
    : [["", params]];
  const changed = () => {
    if (info.rolled) hooks.askPreview();
    hooks.rerender();
  };
  const needs = info.reason ?? missing(params, form.values);
  const rolled = info.rolled && info.reason == null;
  const command = commandOf(info.command, params, form.values);
  // The odds are those of the values shown, or being worked out again: a refusal of
  // values since changed does not hold ROLL back (the host judges the Command itself).
  const current = form.preview != null && form.previewFor === JSON.stringify(command);
  const preview = current ? form.preview : form.preview?.reason ? null : form.preview;
  const card = info.roll ? `${info.roll} · Difficulty ${info.difficulty}` : "";
  return [
    el("h2", { class: "task-name" }, info.name),
    card ? el("p", { class: "dim" }, card) : null,
    // the card's rules for the entry, a tap away: the fields come first
    info.text ? el("details", { class: "rules" }, el("summary", { dataset: { key: "rules-text" } }, "THE RULES"), el("p", { class: "rules-text" }, info.text)) : null,
    info.reason ? el("p", { class: "reason" }, info.reason) : null,
    groups.map(([title, shown]) => (shown.length ? el("section", { class: "form" }, title ? el("h3", {}, title) : null, fields(shown, form.values, changed)) : null)),
    // (an entry that cannot be used has no odds to work out: its reason is said above)
    rolled ? previewBlock(preview, !current) : null,
    footBar(
      rolled || needs ? oddsLine(rolled ? preview : null, info.reason == null ? needs : null, !current) : null,
      el("button", { type: "button", class: "secondary", dataset: { key: "cancel" }, onclick: hooks.cancel }, "BACK"),
      el(
        "button",
        // (a preview the host refused, a pool too small for the dice bought, is not rolled)
        {
          type: "button",
          class: "primary",
          dataset: { key: "go" },
          disabled: needs != null || (rolled && current && form.preview.reason != null),
          onclick: () => hooks.send(command),
        },
        info.rolled ? "ROLL" : info.kind === "task" ? "ATTEMPT" : "DO IT",
      ),
    ),
  ];
}

/** The ship's roll waiting for its spends, or its damage dice waiting to land. */
export function pendingScreen(form, pending, available, state, hooks) {
  const title = available.actions[`${pending.station}/${pending.action}`]?.name ?? pending.action;
  const note = `the pool holds ${state.momentum.value}, this roll made ${pending.result.momentum}`;
  const keys = { resolve: "resolve", apply: "apply", spends: "spend" };
  return [el("h2", { class: "task-name" }, title), rollWaiting(pending, available.controls, form.spends, note, hooks.send, hooks.rerender, keys)];
}

/** What the Task did, its outcome first (`report`: the page's, see outcome.js), then
 * the way back to the card. */
export function reportScreen(report, hooks) {
  return [
    el("h2", { class: "task-name" }, report.title),
    outcome(report),
    footBar(null, el("button", { type: "button", class: "primary", dataset: { key: "done" }, onclick: hooks.done }, "BACK TO THE CARD")),
  ];
}
