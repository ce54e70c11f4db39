// The officer's Conflict card in a personal conflict (seed 001's sixth card): their
// figure, START TURN and END TURN, the Minor Actions and Tasks with the host's reasons,
// an entry's form (its needs and choices, the itemised Difficulty and odds, all the
// host's: `conflict_form`), and what waits for the officer: RESOLVE, the damage,
// Avoid Injury, a Knockdown. The page knows no rule and no field of a Command: the host
// fills the choices into the Command it sends back.

import { entryGroups, logList, stat } from "./card.js";
import { d20s } from "./dice.js";
import { el, part } from "./dom.js";
import { commandOf, defaults, fields, picker } from "./forms.js";
import { outcome } from "./outcome.js";
import { footPicture } from "./picture.js";
import { damageDice, footBar, oddsLine, resolveSection } from "./task.js";

const percent = (p) => `${(p * 100).toFixed(1)}%`;

/** Needs whose first choice is a safe start: the weapon in hand, Non-lethal, no weakness. */
const PREFILLED = new Set(["personal_weapon", "lethal", "weakness", "readied"]);

/** One entry's form: the values chosen so far and the host's last answer for them. */
export class ConflictEntryForm {
  constructor(entry) {
    this.key = entry.key;
    this.kind = entry.kind;
    this.name = entry.name;
    this.text = entry.text;
    this.rolled = entry.kind === "task" && Boolean(entry.roll); // Pass, Ready...: no roll
    this.line = this.rolled ? `${entry.roll} · Difficulty ${entry.difficulty}` : "";
    this.chosen = {};
    this.answer = null; // the host's `conflict_form`
    this.asked = 0;
    this.typed = false; // words typed since the host's last answer
  }

  /** The Command before any choice: the host fills in `chosen`. */
  blank() {
    return { type: this.kind === "task" ? "conflict_task" : "conflict_minor", action: this.key };
  }

  /** Take the host's answer; a need that must be chosen and has only one choice, or is
   * the weapon or Lethal or not (the weapon in hand, Non-lethal, first), takes its first
   * choice. A target, a patient, a zone or a Difficulty waits for the player. True when
   * that chose something: the host is asked again with it. */
  take(answer) {
    this.answer = answer;
    if (answer.reason) return false;
    // A choice the host no longer offers (a melee weapon leaves the far targets out) is
    // let go, and the host asked again without it: the form never shows one thing and
    // sends another.
    const gone = Object.keys(this.chosen).filter((n) => answer.choices[n] && !answer.choices[n].some((c) => String(c.value) === String(this.chosen[n])));
    for (const n of gone) delete this.chosen[n];
    if (gone.length) return true;
    const unset = answer.needs.filter((n) => !answer.optional.includes(n) && answer.choices[n]?.length && !this.chosen[n] && (answer.choices[n].length === 1 || PREFILLED.has(n)));
    for (const n of unset) this.chosen[n] = answer.choices[n][0].value;
    return unset.length > 0;
  }

  /** What keeps the form from being sent, in words; null when it may be. */
  missing() {
    const a = this.answer;
    if (!a) return "Asking the GM's Bridge…";
    if (a.reason) return a.reason;
    if (this.typed) return null; // the host is asked again as it is sent
    if (a.preview?.reason) return a.preview.reason;
    const unset = a.needs.filter((n) => !a.optional.includes(n) && a.choices[n] && !this.chosen[n]);
    if (unset.length) return `Choose: ${unset.map((n) => a.labels[n] ?? n).join(", ")}`;
    return null;
  }
}

/** The numbers at the top of the Conflict card: the personal conflict's Round and whose
 * Turn it is, Momentum, Threat, the officer's Determination. */
export function conflictPools(state, character, card) {
  const fight = state.conflict;
  const actor = fight?.turn?.actor ? fight.figures[fight.turn.actor]?.name ?? fight.turn.actor : "No one";
  const me = character ? state.characters[character] : null;
  return el(
    "section",
    { class: "pools", "aria-label": "The personal conflict" },
    stat("ROUND", fight?.turn?.round ?? "—", "conflict-round", "round"),
    stat("TURN", card.acting ? "Yours" : actor, "conflict-actor", "turn"),
    stat("MOMENTUM", `${state.momentum.value}/${state.momentum.cap}`, "momentum"),
    stat("THREAT", state.threat.value, "threat"),
    me ? stat("DETERMINATION", me.determination.value, "determination") : null,
  );
}

/** The figure's lines, the host's words: Stress and Injury, then where it stands, what
 * it carries, Avoid Injury and its marks. */
function figureLines(card) {
  const [where, ...rest] = card.status;
  return [
    el("p", { class: "stress", dataset: { stat: "stress" } }, `${card.stress_words} · ${card.injury_words}`),
    el("p", { dataset: { stat: "zone" } }, where),
    rest.map((line) => el("p", { class: "dim" }, line)),
  ];
}

/** A re-roll of the Task's dice (Aim, a Moment of Inspiration), when it may be used:
 * its fields (the dice, or the Value cited) and its button. */
function reroll(info, key, text, values, send, rerender) {
  if (!info || info.reason != null) return null;
  for (const p of info.params) if (!(p.name in values)) values[p.name] = defaults([p])[p.name];
  return el(
    "details",
    { class: "more", open: info.params.some((p) => p.kind === "dice" && values[p.name]?.length) },
    el("summary", { dataset: { key } }, info.name),
    fields(info.params, values, rerender, key),
    el("button", { type: "button", dataset: { key: `${key}-go` }, onclick: () => send(commandOf(info.command, info.params, values)) }, text),
  );
}

/** How long a button that has just come up waits before it takes a tap. */
const ARMED_MS = 600;

/** The controls of the card's back a Turn may use: the spends of a Turn, a second Task,
 * a readied Task's trigger (each opens its fields, or is done at once). */
const BACK_KEYS = ["extra_minor", "swift_task", "create_problem", "create_advantage", "obtain_information", "second_task", "trigger_ready"];

/** What waits for the officer: a decision, or the rolled Task to resolve, or its damage.
 * `spends` holds what is chosen for the roll waiting (spends, dice, a Value). */
function waiting(link, card, send, spends, rerender) {
  const controls = card.controls;
  // A second tap of ROLL lands where RESOLVE (then APPLY DAMAGE) comes up: a button that
  // has just come up does not take a tap yet, so the spends are not skipped.
  const stage = link.state.conflict?.pending?.damage ? "damage" : "roll";
  if (spends.stage !== stage) {
    spends.stage = stage;
    spends.stageAt = Date.now();
  }
  const armed = () => Date.now() - spends.stageAt >= ARMED_MS;
  if (!armed()) setTimeout(rerender, ARMED_MS - (Date.now() - spends.stageAt) + 20); // (then it takes taps)
  const decision = card.decision;
  const pending = link.state.conflict?.pending ?? null;
  const mine = pending && pending.actor === card.figure.id;
  if (!decision && !mine) return null;
  const button = (key, text, command, cls = "primary") => el("button", { type: "button", class: cls, dataset: { key }, onclick: () => send(command) }, text);
  const figure = card.figure.id;
  const outcome = !decision && pending?.result ? (pending.result.success ? "success" : "failure") : undefined;
  const parts = [el("h3", {}, "WAITING FOR YOU"), el("p", { class: "waiting-text", dataset: outcome ? { outcome } : {} }, decision ? decision.text : card.pending ?? "")];
  if (!decision && pending?.result?.dice?.length) parts.push(d20s(pending.result.dice)); // the roll, drawn as dice
  if (decision?.kind === "avoid_injury") {
    // Seed 003 Avoid Injury: pay its Momentum, or add that much Threat (the card's back:
    // a player may add Threat for Momentum), or take a Complication; or take the Injury.
    const short = link.state.momentum.value < decision.cost;
    const avoid = button("avoid-momentum", `AVOID: ${decision.cost} MOMENTUM`, { type: "avoid_injury", figure, pay: "momentum" });
    avoid.disabled = short;
    parts.push(
      el(
        "div",
        { class: "actions-row" },
        avoid,
        button("avoid-threat", `AVOID: +${decision.cost} THREAT`, { type: "avoid_injury", figure, pay: "threat" }, short ? "primary" : "secondary"),
        button("avoid-complication", "AVOID: A COMPLICATION", { type: "avoid_injury", figure, pay: "complication" }, "secondary"),
        button("take-it", "TAKE THE INJURY", { type: "avoid_injury", figure, pay: "none" }, "secondary"),
      ),
      short ? el("p", { class: "reason" }, `Not enough Momentum: ${decision.cost} needed, ${link.state.momentum.value} in the pool.`) : null,
    );
  } else if (decision?.kind === "resist_knockdown") {
    const resist = decision.cost ? `RESIST: +${decision.cost} THREAT` : "RESIST";
    parts.push(el("div", { class: "actions-row" }, button("resist", resist, { type: "resist_knockdown", figure, resist: true }), button("fall", "FALL PRONE", { type: "resist_knockdown", figure, resist: false }, "secondary")));
  } else if (decision) {
    parts.push(el("p", { class: "dim" }, "The GM answers this one."));
  } else if (pending.damage) {
    parts.push(damageDice(pending.damage, controls.apply_damage, spends, send, rerender, "conflict-apply", armed()));
  } else {
    const between = [
      reroll(controls.aim, "aim", "RE-ROLL THE DICE CHOSEN", spends, send, rerender),
      reroll(controls.inspiration, "inspire", "RE-ROLL MY DICE", spends, send, rerender),
    ];
    const note = `the pool holds ${link.state.momentum.value}`;
    parts.push(resolveSection(controls.resolve, controls.resolve.spends, spends, note, between, send, rerender, "conflict-resolve", "cspend", armed()));
  }
  return el("section", { class: "waiting", "aria-label": "Waiting for you" }, parts);
}

/** The outcome of the officer's last roll on foot, at the top of the card until it is
 * put away (`last`: the page's, see outcome.js). */
function lastOutcome(last, dismiss) {
  if (!last) return null;
  return el(
    "section",
    { class: "last-outcome", "aria-label": "Your last roll" },
    el("h3", {}, last.title.toUpperCase()),
    outcome({ ...last, key: "conflict-full-report" }),
    el("button", { type: "button", class: "secondary", dataset: { key: "outcome-done" }, onclick: dismiss }, "OK"),
  );
}

/** The Conflict card's front. `hooks.useConflict(entry)` opens or sends an entry. */
export function conflictCard(link, card, hooks) {
  const { state, available } = link;
  const character = available.character;
  const entry = (e) => [e.key, { name: e.name, kind: e.kind, reason: e.why_not, entry: e }];
  const use = (_key, info) => hooks.useConflict(info.entry);
  const figure = card.figure.id;
  const control = (key, text, reason, command) =>
    el(
      "div",
      { class: "entry big" },
      el("button", { type: "button", dataset: { key }, disabled: reason != null, "aria-describedby": reason != null ? `why-${key}` : undefined, onclick: () => hooks.send(command) }, text),
      reason != null ? el("p", { class: "reason", id: `why-${key}` }, reason) : null,
    );
  return [
    part("conflict-officer", [card.figure, card.acting, card.turn_left, card.turn, card.status, card.stress_words, card.injury_words], () =>
      el(
        "section",
        { class: "officer conflict" },
        el("h2", { class: "name" }, card.figure.name),
        el("p", { class: "turn-line", dataset: { stat: "conflict-turn" } }, (card.acting ? card.turn_left || "Your Turn" : `Turn: ${card.turn}`).toUpperCase()),
        figureLines(card),
      ),
    ),
    part("conflict-pools", [state.conflict?.turn, state.conflict?.figures, state.momentum, state.threat, state.characters, card.acting], () => conflictPools(state, character, card)),
    lastOutcome(hooks.lastOutcome(), hooks.dismissOutcome),
    waiting(link, card, hooks.send, hooks.conflictSpends(), hooks.rerender),
    part("conflict-standing", [state.conflict?.zones, state.conflict?.cover, state.conflict?.darkness, available.figures], () => footPicture(state.conflict, available.figures ?? [], figure)),
    part("conflict-turn-controls", [card.start_turn, card.end_turn, figure], () =>
      el(
        "section",
        { class: "turn-controls", "aria-label": "Your Turn" },
        control("conflict-start", "START TURN", card.start_turn, { type: "start_turn", where: "conflict", actor: figure }),
        control("conflict-end", "END TURN", card.end_turn, { type: "end_turn", where: "conflict" }),
      ),
    ),
    part("conflict-entries", [card.minors, card.tasks], () =>
      el(
        "section",
        { class: "station conflict-card", "aria-label": "Conflict card" },
        el("h2", { class: "station-name" }, "CONFLICT CARD"),
        entryGroups(
          "conflict",
          [
            ["MINOR ACTIONS", card.minors.map(entry)],
            ["TASKS", card.tasks.map(entry)],
          ],
          use,
        ),
      ),
    ),
    part("conflict-more", [card.controls], () =>
      el(
        "details",
        { class: "more" },
        el("summary", { dataset: { key: "conflict-more" } }, "MOMENTUM, DETERMINATION AND READY"),
        // (keyed apart from the card's entries: Create Advantage is a Task and a spend)
        entryGroups("cmore", [["", BACK_KEYS.filter((k) => card.controls[k]).map((k) => [`back-${k}`, card.controls[k]])]], (key, info) => hooks.useControl(key.slice("back-".length), info)),
      ),
    ),
    part("conflict-log", [link.log], () => logList(link.log, 5)),
    el("button", { type: "button", class: "back-button", dataset: { key: "ship-card" }, onclick: hooks.shipCard }, "THE SHIP'S CARD"),
  ];
}

function previewBlock(preview) {
  if (!preview) return null;
  if (preview.reason) return el("section", { class: "preview", "aria-live": "polite" }, el("p", { class: "reason" }, preview.reason));
  const odds = preview.attack ? preview.attack.task : preview.odds;
  return el(
    "section",
    { class: "preview", "aria-live": "polite" },
    el("h3", {}, `DIFFICULTY ${preview.difficulty}`),
    el("ul", { class: "items" }, preview.items.map(([what, amount]) => el("li", {}, el("span", {}, what), el("b", {}, amount)))),
    odds ? el("p", { class: "odds", dataset: { odds: odds.p_success } }, el("b", {}, percent(odds.p_success)), " to succeed") : null,
    preview.roll ? el("p", { class: "dim" }, preview.roll) : null,
    // the rest in the engine's words: the complication range, the costs, the exact odds
    // (a melee attack's chance of being hit back) and the damage
    el("ul", { class: "lines" }, (preview.lines ?? []).filter((line) => !line.startsWith("Difficulty ") && !line.startsWith("Roll: ")).map((line) => el("li", {}, line))),
  );
}

/** An entry's form: a field for each need the host names, its odds, and ROLL. */
export function conflictFormScreen(form, hooks) {
  const a = form.answer;
  const fields = (a?.needs ?? []).map((need) => {
    const key = `need-${need}`;
    const label = a.labels[need] ?? need;
    const choices = a.choices[need];
    const set = (value) => {
      if (value === "" || value == null) delete form.chosen[need];
      else form.chosen[need] = value;
      hooks.askConflictForm();
    };
    if (!choices) {
      const typed = (e) => {
        const words = e.target.value.trim();
        if (words) form.chosen[need] = words;
        else delete form.chosen[need];
        form.typed = true;
        hooks.askConflictFormSoon();
      };
      return el("label", { class: "field" }, el("span", {}, label), el("input", { type: "text", name: need, maxlength: 200, dataset: { key }, value: form.chosen[need] ?? "", oninput: typed }));
    }
    const blank = a.optional.includes(need) || !choices.length;
    const unset = blank || !form.chosen[need];
    const chosen = choices.find((c) => c.value === form.chosen[need]);
    return el(
      "label",
      { class: "field" },
      el("span", {}, label),
      picker(
        chosen ? chosen.label : unset ? "—" : choices[0]?.label ?? "—",
        el(
          "select",
          { name: need, dataset: { key }, onchange: (e) => set(e.target.value) },
          unset ? el("option", { value: "" }, "—") : null,
          choices.map((c) => el("option", { value: c.value, selected: c.value === form.chosen[need] }, c.label)),
        ),
      ),
    );
  });
  const missing = form.missing();
  return [
    el("h2", { class: "task-name" }, form.name),
    form.line ? el("p", { class: "dim" }, form.line) : null,
    // the card's rules for the entry, a tap away: the fields come first
    form.text
      ? el("details", { class: "rules" }, el("summary", { dataset: { key: "rules-text" } }, "THE RULES"), el("p", { class: "rules-text" }, form.text))
      : null,
    fields.length ? el("section", { class: "form" }, fields) : null,
    // (a preview refused for the reason the form gives is not said twice)
    form.rolled && !(missing && a?.preview?.reason === missing) ? previewBlock(a?.preview ?? null) : null,
    footBar(
      // the odds, or what keeps the form from being sent, in sight with ROLL
      form.rolled || missing ? oddsLine(form.rolled ? (a?.preview ?? null) : null, missing) : null,
      el("button", { type: "button", class: "secondary", dataset: { key: "cancel" }, onclick: hooks.cancelConflict }, "BACK"),
      el("button", { type: "button", class: "primary", dataset: { key: "go" }, disabled: missing != null, onclick: () => hooks.sendConflictForm() }, form.rolled ? "ROLL" : "DO IT"),
    ),
  ];
}
