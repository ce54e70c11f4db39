// A roll waiting for its officer, the same in both battles: its dice and verdict, the
// re-rolls it allows (a Moment of Inspiration, Aim), the Momentum spends RESOLVE may make
// (the host's SpendInfo list, as fields of the one form), what they cost, RESOLVE; then
// an attack's damage dice, to re-roll (Re-Roll Damage) and APPLY. A button that has just
// come up takes no tap for a moment: a quick second tap of ROLL does not resolve the roll
// unseen.

import { challengeDice, d20s } from "./dice.js";
import { el } from "./dom.js";
import { commandOf, fields, footBar, settle } from "./forms.js";
import { verdict } from "./outcome.js";

/** How long a button that has just come up waits before it takes a tap. */
export const ARMED_MS = 600;

/** The spends a success allows, as fields of the one form (a choice's legal values are
 * the host's). */
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

/** A re-roll of the roll's dice (`info`: the host's control, Aim or a Moment of
 * Inspiration), when it may be used: its fields (the dice, or the Value cited) and its
 * button, a tap away. */
function reroll(info, key, text, values, send, rerender) {
  if (!info || info.reason != null) return null;
  settle(info.params, values);
  return el(
    "details",
    { class: "more", open: info.params.some((p) => p.kind === "dice" && values[p.name]?.length) },
    el("summary", { dataset: { key } }, info.name),
    fields(info.params, values, rerender, key),
    el("button", { type: "button", dataset: { key: `${key}-go` }, onclick: () => send(commandOf(info.command, info.params, values)) }, text),
  );
}

/** An attack's damage dice, waiting to land: tap dice to re-roll them first (Re-Roll
 * Damage, the host's `apply_damage` control), then APPLY (`key`), once `armed`.
 * `values.reroll` holds the dice picked. */
function damageDice(held, apply, values, send, rerender, key, armed) {
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

/** RESOLVE and the spends it may make (none on a miss): their fields, then the
 * re-rolls, why RESOLVE waits if it does, and RESOLVE with what the spends cost. */
function resolveSection(resolve, spends, values, note, between, send, rerender, key, prefix, armed) {
  const params = spendParams(spends);
  settle(params, values);
  const cost = spendsCost(spends, values);
  return [
    params.length ? el("section", { class: "form spends" }, el("h3", {}, "MOMENTUM SPENDS"), fields(params, values, rerender, prefix)) : null,
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

/** The roll `pending` (a ship's `state.pending` or the conflict's) waiting for its
 * officer, from the host's `controls` (the ship's or the Conflict card's): its dice, its
 * verdict, then RESOLVE with its spends and re-rolls, or its damage dice and APPLY.
 * `values` holds what is chosen for it (kept by the page across reloads); `note` says what
 * there is to pay with; `keys` names RESOLVE's and APPLY's buttons and the spends' fields.
 * `rerender` redraws the screen. */
export function rollWaiting(pending, controls, values, note, send, rerender, keys) {
  // A second tap of ROLL lands where RESOLVE (then APPLY DAMAGE) comes up: a button that
  // has just come up does not take a tap yet, so the spends are not skipped.
  const stage = pending.damage ? "damage" : "roll";
  if (values.stage !== stage) {
    values.stage = stage;
    values.stageAt = Date.now();
  }
  const armed = Date.now() - values.stageAt >= ARMED_MS;
  if (!armed) setTimeout(rerender, ARMED_MS - (Date.now() - values.stageAt) + 20); // (then it takes taps)
  const result = pending.result;
  const parts = [result?.dice?.length ? d20s(result.dice) : null, result ? verdict(result) : null];
  if (pending.damage) {
    parts.push(damageDice(pending.damage, controls.apply_damage, values, send, rerender, keys.apply, armed));
    return parts;
  }
  const resolve = controls.resolve;
  const between = [reroll(controls.aim, "aim", "RE-ROLL THE DICE CHOSEN", values, send, rerender), reroll(controls.inspiration, "inspire", "RE-ROLL MY DICE", values, send, rerender)];
  parts.push(resolveSection(resolve, result?.success ? resolve.spends : [], values, note, between, send, rerender, keys.resolve, keys.spends, armed));
  return parts;
}
