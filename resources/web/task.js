// The Task screen: the parameters with their legal choices, the itemised Difficulty and
// the exact odds (the host's `preview`), ROLL, the dice drawn as dice, the Momentum
// spends, RESOLVE, the damage dice (Re-Roll Damage once they are seen) and the report.

import { challengeDice, d20s } from "./dice.js";
import { el } from "./dom.js";
import { commandOf, defaults, fields } from "./forms.js";
import { outcome, verdict } from "./outcome.js";

const percent = (p) => `${(p * 100).toFixed(1)}%`;

/** What the person fills for one action, kept while the host's answers change. */
export class ActionForm {
  constructor(scope, key, info) {
    this.scope = scope;
    this.key = key;
    this.values = defaults(info.params);
    this.preview = null;
    this.previewTimer = null;
    this.spends = {};
    this.reroll = [];
    this.inspiration = {};
  }

  info(available) {
    const holder = this.scope === "conflict-controls" ? available.conflict?.controls : available[this.scope];
    return holder?.[this.key] ?? null;
  }
}

function previewBlock(preview) {
  if (!preview) return el("section", { class: "preview", "aria-live": "polite" }, el("p", { class: "dim" }, "Working out the odds…"));
  if (preview.reason) return el("section", { class: "preview", "aria-live": "polite" }, el("p", { class: "reason" }, preview.reason));
  const o = preview.odds;
  return el(
    "section",
    { class: "preview", "aria-live": "polite" },
    el("h3", {}, `DIFFICULTY ${preview.difficulty}`),
    el("ul", { class: "items" }, preview.items.map(([what, amount]) => el("li", {}, el("span", {}, what), el("b", {}, amount >= 0 && what !== preview.items[0][0] ? `+${amount}` : amount)))),
    el(
      "p",
      { class: "odds", dataset: { odds: o.p_success } },
      el("b", {}, percent(o.p_success)),
      " to succeed · ",
      `${o.expected_momentum.toFixed(2)} Momentum expected · `,
      `${percent(o.p_complication)} a Complication`,
    ),
    el("p", { class: "dim" }, `${preview.who}; ${preview.dice} d20${preview.assists.length ? `, assisted by ${preview.assists.join(", ")}` : ""}.`),
    preview.complication_why.length ? el("p", { class: "dim" }, `Complication range ${preview.complication_range}: ${preview.complication_why.join("; ")}`) : null,
    // what the attempt costs, hit or miss, in the host's words (a torpedo's Threat too)
    preview.costs?.length
      ? el("p", { class: "costs", dataset: { costs: "" } }, `Paid on the roll, hit or miss: ${preview.costs.join("; ")}.`)
      : null,
  );
}

/** The odds in one line, for the bar kept at the foot of the screen with ROLL: the
 * Difficulty and the chance to succeed (or why it cannot be rolled, or that they are
 * being worked out). */
export function oddsLine(preview, missing = null) {
  let words;
  if (missing) words = el("span", { class: "reason", dataset: { missing: "" } }, missing);
  else if (!preview) words = el("span", { class: "dim" }, "Working out the odds…");
  else if (preview.reason) words = el("span", { class: "reason" }, preview.reason);
  else {
    const o = preview.odds ?? preview.attack?.task ?? null;
    words = [`DIFFICULTY ${preview.difficulty}`, o ? [" · ", el("b", {}, percent(o.p_success)), " to succeed"] : null];
  }
  return el("p", { class: "odds-line", dataset: { oddsLine: "" }, "aria-live": "polite" }, words);
}

/** The bar at the foot of the screen: the odds (when the action is rolled) over its
 * buttons, in reach whatever the fields above it. */
export function footBar(odds, ...buttons) {
  return el("div", { class: "foot-bar" }, odds, el("div", { class: "actions-row" }, buttons));
}

/** The form before a Task (or any action with fields) is sent. */
export function setupScreen(form, info, hooks) {
  const groups = info.params.some((p) => p.group === "roll")
    ? [
        ["THE TASK", info.params.filter((p) => p.group !== "roll")],
        ["THE ROLL", info.params.filter((p) => p.group === "roll")],
      ]
    : [["", info.params]];
  const changed = () => {
    if (info.rolled) hooks.askPreview();
    hooks.rerender();
  };
  return [
    el("h2", { class: "task-name" }, info.name),
    info.reason ? el("p", { class: "reason" }, info.reason) : null,
    groups.map(([title, params]) =>
      params.length ? el("section", { class: "form" }, title ? el("h3", {}, title) : null, fields(params, form.values, changed)) : null,
    ),
    // (an entry that cannot be used has no odds to work out: its reason is said above)
    info.rolled && info.reason == null ? previewBlock(form.preview) : null,
    footBar(
      info.rolled && info.reason == null ? oddsLine(form.preview) : null,
      el("button", { type: "button", class: "secondary", dataset: { key: "cancel" }, onclick: hooks.cancel }, "BACK"),
      el(
        "button",
        // (a preview the host refused, a pool too small for the dice bought, is not rolled)
        { type: "button", class: "primary", dataset: { key: "go" }, disabled: info.reason != null || form.preview?.reason != null, onclick: () => hooks.send(commandOf(info.command, info.params, form.values)) },
        info.rolled ? "ROLL" : info.kind === "task" ? "ATTEMPT" : "DO IT",
      ),
    ),
  ];
}

/** An attack's damage dice, waiting to land: tap dice to re-roll them first (Re-Roll
 * Damage, the host's `apply_damage` control), then APPLY (`key`), once `armed` (up long
 * enough to take a tap). `values.reroll` holds the dice picked. */
export function damageDice(held, apply, values, send, rerender, key, armed = true) {
  const param = apply.params.find((p) => p.name === "reroll");
  if (!Array.isArray(values.reroll)) values.reroll = [];
  const picked = values.reroll;
  const toggle = (i) => {
    values.reroll = picked.includes(i) ? picked.filter((v) => v !== i) : [...picked, i];
    rerender();
  };
  return [
    el("h3", {}, "DAMAGE DICE"),
    param ? el("p", { class: "dim" }, `${param.label}. Tap a die to pick it, again to keep it.`) : null,
    challengeDice(held.roll.dice, param ? param.label : "Damage dice", param ? { choices: param.choices, picked, toggle } : null),
    apply.reason ? el("p", { class: "reason" }, apply.reason) : null,
    footBar(
      null,
      el(
        "button",
        { type: "button", class: "primary", dataset: { key }, disabled: apply.reason != null || !armed, onclick: () => armed && send({ ...apply.command, reroll: [...picked].sort((a, b) => a - b) }) },
        picked.length ? "RE-ROLL AND APPLY" : "APPLY DAMAGE",
      ),
    ),
  ];
}

/** RESOLVE and the spends it may make (`spends`: none on a miss): their fields, what they
 * cost (`note`: what there is to pay with), then `between` (the re-rolls offered), why
 * RESOLVE waits if it does, and RESOLVE (`key`), once `armed` (up long enough to take a
 * tap). `values` holds the spends chosen; `prefix` keeps the fields' keys apart. */
export function resolveSection(resolve, spends, values, note, between, send, rerender, key, prefix, armed = true) {
  const params = spendParams(spends);
  for (const p of params) if (!(p.name in values)) values[p.name] = p.default;
  const cost = spendsCost(spends, values);
  return [
    params.length
      ? el(
          "section",
          { class: "form spends" },
          el("h3", {}, "MOMENTUM SPENDS"),
          fields(params, values, rerender, prefix),
        )
      : null,
    between,
    resolve.reason ? el("p", { class: "reason" }, resolve.reason) : null,
    footBar(
      // what the spends chosen cost, kept in sight with RESOLVE as the fields change
      params.length ? el("p", { class: "odds-line", dataset: { spending: cost } }, `Spending ${cost} Momentum (${note}).`) : null,
      el(
        "button",
        { type: "button", class: "primary", dataset: { key }, disabled: resolve.reason != null || !armed, onclick: () => armed && send({ ...resolve.command, spends: chosenSpends(spends, values) }) },
        resolve.name,
      ),
    ),
  ];
}

/** The spends a success allows, as fields (a choice's legal values are the host's). */
export function spendParams(spends) {
  return spends.map((s) => ({
    name: s.name,
    label: `${s.label} (${s.cost} Momentum${s.kind === "number" ? " each" : ""})`,
    kind: s.kind,
    minimum: 0,
    maximum: s.maximum,
    max_length: s.max_length,
    default: s.kind === "flag" ? false : s.kind === "number" ? 0 : s.kind === "choice" ? null : "",
    choices: s.choices ?? [],
    required: false,
    only_with: {},
    help: s.help ?? "",
  }));
}

/** What the spends chosen cost, in Momentum. */
export function spendsCost(spends, values) {
  return spends.reduce((sum, s) => {
    const v = values[s.name];
    const taken = v === true || (typeof v === "string" && v.trim());
    return sum + (typeof v === "number" ? v * s.cost : taken ? s.cost : 0);
  }, 0);
}

/** The chosen spends, as `resolve` takes them (none chosen are left out). */
export function chosenSpends(spends, values) {
  const out = {};
  for (const s of spends) {
    const v = values[s.name];
    if (v === true || (typeof v === "number" && v > 0) || (typeof v === "string" && v.trim())) out[s.name] = v;
  }
  return out;
}

/** The roll waiting for its spends, or its damage dice waiting to land. */
export function pendingScreen(form, pending, available, state, hooks) {
  const controls = available.controls;
  const title = available.actions[`${pending.station}/${pending.action}`]?.name ?? pending.action;
  const parts = [el("h2", { class: "task-name" }, title), d20s(pending.result.dice), verdict(pending.result)];
  const held = pending.damage ?? null;
  if (held) {
    parts.push(damageDice(held, controls.apply_damage, form, hooks.send, hooks.rerender, "apply"));
    return parts;
  }
  const resolve = controls.resolve;
  const spends = pending.result.success ? resolve.spends : [];
  const inspiration = controls.inspiration;
  let between = null;
  if (inspiration && inspiration.reason == null) {
    if (Object.keys(form.inspiration).length === 0) Object.assign(form.inspiration, defaults(inspiration.params));
    between = el(
      "details",
      { class: "more" },
      el("summary", { dataset: { key: "inspiration" } }, inspiration.name),
      fields(inspiration.params, form.inspiration, () => {}, "insp"),
      el("button", { type: "button", dataset: { key: "inspire" }, onclick: () => hooks.send(commandOf(inspiration.command, inspiration.params, form.inspiration)) }, "RE-ROLL MY DICE"),
    );
  }
  const note = `the pool holds ${state.momentum.value}, this roll made ${pending.result.momentum}`;
  parts.push(resolveSection(resolve, spends, form.spends, note, between, hooks.send, () => hooks.rerender(), "resolve", "spend"));
  return parts;
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
